"""The release workflow (.github/workflows/release.yml) is valid and says what
the docs say it does.

actionlint checks the workflow (syntax, expressions, runner labels, the
inputs of the actions it uses, and with shellcheck its shell steps);
packaging/test.sh installs both (the ``lint`` extra and Debian's
shellcheck), and a missing one fails these tests.  The rest reads the file
as text: the four targets of the build matrix and the names of their
archives, the one job that may write to the repository, and the project's
scripts each job runs.  What the workflow does on the real runners is
shown only by its runs on GitHub.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

import pytest

from tests.conftest import packaging_module

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORKFLOW = os.path.join(ROOT, '.github', 'workflows', 'release.yml')
TARGETS = [('windows', 'x64'), ('macos', 'arm64'), ('macos', 'x86_64'), ('linux', 'x86_64')]


def release_module():
    return packaging_module('release')


@pytest.fixture(scope='module')
def actionlint() -> str:
    scripts = os.path.dirname(sys.executable)
    exe = shutil.which('actionlint', path=os.pathsep.join([scripts, os.environ.get('PATH', '')]))
    if not exe:
        pytest.fail('actionlint is needed: pip install -e ".[lint]" (packaging/test.sh does it)')
    if not shutil.which('shellcheck'):
        pytest.fail('shellcheck is needed for actionlint to check the shell steps: '
                    'apt-get install shellcheck (packaging/test.sh does it)')
    return exe


def lint(actionlint: str, path: str, cwd: str) -> subprocess.CompletedProcess:
    return subprocess.run([actionlint, '-no-color', path], cwd=cwd, capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=120)


def workflow_text() -> str:
    with open(WORKFLOW, encoding='utf-8') as f:
        return f.read()


def test_actionlint_passes(actionlint):
    p = lint(actionlint, os.path.join('.github', 'workflows', 'release.yml'), ROOT)
    assert (p.returncode, p.stdout, p.stderr) == (0, '', '')


def test_actionlint_would_catch_a_mistake(actionlint, tmp_path):
    # the same workflow with a misspelt permission and an unknown matrix key
    broken = workflow_text().replace('contents: write', 'contents: wirte') \
                            .replace('${{ matrix.venv }}', '${{ matrix.venvv }}', 1)
    folder = tmp_path / '.github' / 'workflows'
    folder.mkdir(parents=True)
    (folder / 'release.yml').write_text(broken, encoding='utf-8')
    p = lint(actionlint, os.path.join('.github', 'workflows', 'release.yml'), str(tmp_path))
    assert p.returncode == 1
    assert '"wirte"' in p.stdout and 'venvv' in p.stdout


def test_the_matrix_builds_the_four_targets():
    text = workflow_text()
    pairs = re.findall(r'^\s+- os: (\w+)\n\s+arch: (\w+)$', text, re.M)
    assert pairs == TARGETS
    assert re.findall(r'^\s+runner: (\S+)$', text, re.M) == \
        ['windows-2022', 'macos-15', 'macos-15-intel', 'ubuntu-24.04']
    assert 'container: almalinux:8' in text            # glibc 2.28
    assert "--expect-arch '${{ matrix.arch }}'" in text
    assert "--max 2.28" in text


def test_archive_names_are_those_of_the_header():
    release = release_module()
    machines = {('windows', 'x64'): ('win32', 'AMD64'), ('macos', 'arm64'): ('darwin', 'arm64'),
                ('macos', 'x86_64'): ('darwin', 'x86_64'), ('linux', 'x86_64'): ('linux', 'x86_64')}
    version = release.version()
    names = [release.release_name(*machines[t]) for t in TARGETS]
    assert names == [f'cazaux-engine-{version}-{os_}-{arch}' for os_, arch in TARGETS]
    header = workflow_text().split('\nname:')[0]
    for os_, arch in TARGETS:
        ext = 'zip' if os_ == 'windows' else 'tar.gz'
        assert f'cazaux-engine-VERSION-{os_}-{arch}.{ext}' in header


def test_only_the_release_job_may_write():
    text = workflow_text()
    assert text.count('contents: write') == 1
    top, jobs = text.split('\njobs:\n')
    assert 'permissions:\n  contents: read\n' in top
    release_job = jobs.split('\n  release:\n')[1]
    assert "if: startsWith(github.ref, 'refs/tags/v')" in release_job
    assert 'contents: write' in release_job
    assert 'packaging/release.py check-tag "$GITHUB_REF_NAME"' in release_job
    assert 'packaging/release.py sums release' in release_job


def test_each_build_runs_the_projects_scripts():
    build_job = workflow_text().split('\n  build:\n')[1].split('\n  linux-today:\n')[0]
    for call in ("packaging/quickstart.py --strict --test",
                 'packaging/smoke.py "${{ matrix.binary }}"',
                 "packaging/release.py archive '${{ matrix.binary }}'",
                 'codesign --verify --strict'):
        assert call in build_job, call


def test_what_windows_leaves_out_exists():
    # pytest ignores a --deselect that names nothing: each must name a real test
    text = workflow_text()
    deselected = re.findall(r'--deselect (\S+?)\)?$', text, re.M)
    assert len(deselected) == 2
    for node in deselected:
        path, name = node.split('::')
        with open(os.path.join(ROOT, path), encoding='utf-8') as f:
            assert f'\ndef {name}(' in f.read(), node
    assert re.findall(r'--ignore=(\S+)', text) == ['tests/packaging/test_workflow.py']
