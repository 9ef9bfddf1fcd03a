"""The install guide and the README say what the scripts do: the release
files they name are the ones packaging/release.py makes for this version,
and the set-up options they show are packaging/quickstart.py's."""
from __future__ import annotations

import os
import re
import subprocess
import sys

from tests.conftest import packaging_module

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


load = packaging_module


def read(path: str) -> str:
    with open(os.path.join(ROOT, path), encoding='utf-8') as f:
        return f.read()


def test_release_files_named_in_the_guide_are_this_versions():
    release = load('release')
    named = set(re.findall(r'cazaux-engine-\d[\w.]*-(?:windows|macos|linux)-\w+', read(
        'docs/install.md')))
    made = {release.release_name(*p) for p in [('win32', 'AMD64'), ('darwin', 'arm64'),
                                                ('darwin', 'x86_64'), ('linux', 'x86_64')]}
    assert named == made


def test_quickstart_options_shown_exist():
    text = read('README.md') + read('docs/install.md')
    commands = re.findall(r'quickstart\.(?:py|sh)([^`\n#]*)', text)
    options = {o for c in commands for o in re.findall(r'--[a-z-]+', c)}
    assert options == {'--help', '--test', '--variant', '--plies', '--movetime'}
    help_text = subprocess.run([sys.executable, os.path.join(ROOT, 'packaging', 'quickstart.py'),
                                '--help'], capture_output=True, text=True, timeout=60).stdout
    demo_help = subprocess.run([sys.executable, os.path.join(ROOT, 'packaging', 'demo.py'),
                                '--help'], capture_output=True, text=True, timeout=60).stdout
    for option in options:
        assert option in help_text or option in demo_help, option
    for option in ('--strict', '--no-demo', '--extras'):            # named in the README
        assert f'`{option}`' in read('README.md') and option in help_text


def test_winboard_lines_give_the_engine_folder():
    # every WinBoard command of a .exe names the engine's folder with -fd (the
    # braces example, a full path with arguments, is the one exception)
    for path in ('docs/install.md', 'docs/xboard.md', 'README.md'):
        text = ' '.join(read(path).split())
        commands = re.findall(r'-fcp ("[^"]*\.exe[^"]*"|[^\s{]\S*\.exe)`? ?(-fd)?', text)
        assert commands, path
        assert [c for c, fd in commands if not fd] == [], path
