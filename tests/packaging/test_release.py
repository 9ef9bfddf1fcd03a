"""packaging/release.py: the names, archives and checksums of the release files,
and its checks (the tag, the architecture, the newest glibc needed).

The Windows and macOS branches are checked here by giving the platform's
names (``sys.platform``, ``platform.machine()``) as arguments.
"""
from __future__ import annotations

import os
import shutil
import sys
import tarfile
import zipfile

import pytest

from cazaux_engine import __version__

from tests.conftest import packaging_module

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
release = packaging_module('release')


@pytest.mark.parametrize('system, machine, name', [
    ('win32', 'AMD64', 'windows-x64'),
    ('darwin', 'arm64', 'macos-arm64'),
    ('darwin', 'x86_64', 'macos-x86_64'),
    ('linux', 'x86_64', 'linux-x86_64'),
    ('linux', 'aarch64', 'linux-arm64'),
])
def test_release_names(system, machine, name):
    assert release.release_name(system, machine) == f'cazaux-engine-{__version__}-{name}'


@pytest.mark.parametrize('system, machine', [('freebsd14', 'amd64'), ('linux', 'riscv64')])
def test_no_release_for_other_platforms(system, machine):
    with pytest.raises(SystemExit):
        release.release_name(system, machine)


def test_version_is_the_packages():
    assert release.version() == __version__


def test_onedir_build_is_zipped_in_a_named_folder_with_the_variant_files(tmp_path):
    folder = tmp_path / 'dist' / 'cazaux-engine-onedir'
    (folder / '_internal' / 'lib').mkdir(parents=True)
    (folder / 'cazaux-engine.exe').write_bytes(b'MZ')
    (folder / '_internal' / 'python311.dll').write_bytes(b'dll')
    (folder / '_internal' / 'lib' / 'x.pyd').write_bytes(b'pyd')
    path = release.archive(str(folder / 'cazaux-engine.exe'), str(tmp_path / 'out'),
                           'win32', 'AMD64')
    name = f'cazaux-engine-{__version__}-windows-x64'
    assert path == str(tmp_path / 'out' / f'{name}.zip')
    with zipfile.ZipFile(path) as z:
        assert sorted(z.namelist()) == [f'{name}/_internal/lib/x.pyd',
                                        f'{name}/_internal/python311.dll',
                                        f'{name}/cazaux-engine.exe',
                                        f'{name}/variants/metamachy.json',
                                        f'{name}/variants/shako.json']
        assert z.read(f'{name}/cazaux-engine.exe') == b'MZ'


def test_onefile_binary_is_tarred_executable_with_the_variant_files(tmp_path):
    binary = tmp_path / 'cazaux-engine'
    binary.write_bytes(b'\x7fELF...')
    binary.chmod(0o644)                 # the archive makes it executable whatever it was
    path = release.archive(str(binary), str(tmp_path / 'out'), 'darwin', 'arm64')
    name = f'cazaux-engine-{__version__}-macos-arm64'
    assert path == str(tmp_path / 'out' / f'{name}.tar.gz')
    with tarfile.open(path) as t:
        members = t.getmembers()
        assert [(m.name, m.mode, m.uid, m.uname) for m in members] == \
            [(f'{name}/cazaux-engine', 0o755, 0, ''),
             (f'{name}/variants/metamachy.json', 0o644, 0, ''),
             (f'{name}/variants/shako.json', 0o644, 0, '')]
        assert t.extractfile(members[0]).read() == b'\x7fELF...'


def test_sha256sums(tmp_path):
    (tmp_path / 'b.zip').write_bytes(b'abc')
    (tmp_path / 'a.tar.gz').write_bytes(b'')
    (tmp_path / 'sub').mkdir()                  # folders are not listed
    text = release.write_sums(str(tmp_path))
    assert text == ('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  a.tar.gz\n'
                    'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  b.zip\n')
    assert (tmp_path / 'SHA256SUMS').read_bytes() == text.encode()
    assert release.write_sums(str(tmp_path)) == text         # SHA256SUMS does not list itself


def test_check_tag(capsys):
    assert release.main(['check-tag', f'v{__version__}']) == 0
    assert release.main(['check-tag', f'v{__version__}.1']) == 1
    assert release.main(['check-tag', __version__]) == 1
    assert capsys.readouterr().err.count('error: the tag') == 2


def test_expect_arch_stops_on_another_machine(tmp_path, capsys):
    binary = tmp_path / 'cazaux-engine'
    binary.write_bytes(b'x')
    other = 'arm64' if release.arch_name() != 'arm64' else 'x86_64'
    assert release.main(['archive', str(binary), '--out', str(tmp_path / 'out'),
                         '--expect-arch', other]) == 1
    assert not (tmp_path / 'out').exists()
    assert release.main(['archive', str(binary), '--out', str(tmp_path / 'out'),
                         '--expect-arch', release.arch_name()]) == 0
    assert os.listdir(tmp_path / 'out') == [release.release_name() + '.tar.gz']
    capsys.readouterr()


def test_newest_glibc_of_objdump_text():
    text = ('0000000000000000      DF *UND*  0000000000000000 (GLIBC_2.2.5) memcpy\n'
            '0000000000000000      DF *UND*  0000000000000000 (GLIBC_2.28) fcntl64\n'
            '0000000000000000      DF *UND*  0000000000000000 (GLIBC_2.3.4) __chk_fail\n'
            '0000000000000000  w   D  *UND*  0000000000000000  __gmon_start__\n')
    assert release.newest_glibc(text) == (2, 28)
    assert release.newest_glibc('') is None


@pytest.mark.skipif(not sys.platform.startswith('linux'), reason='glibc: Linux binaries only')
def test_glibc_limit_on_a_compiled_module(tmp_path, capsys):
    # a hot module's extension needs some glibc 2.x: above 2.0, below 99
    from search import eval as ev
    shutil.copy(ev.__file__, tmp_path)
    assert release.main(['glibc', str(tmp_path), '--max', '99.0']) == 0
    assert release.main(['glibc', str(tmp_path), '--max', '2.0']) == 1
    out = capsys.readouterr()
    assert out.out.startswith('newest glibc needed: 2.') and 'error: needs glibc 2.' in out.err
