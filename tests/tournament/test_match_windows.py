"""The runner on Windows, tested on Linux with the platform patched: engine
commands with Windows paths, quoting and spaces, and the end of a hung
engine's whole process tree where there is no ``os.killpg``."""
import os
import sys
import time
from pathlib import Path

import psutil
import pytest

from tournament import process
from tournament.engine_spec import EngineSpecError, parse_engine_spec
from tournament.process import EngineProcess

FAKE = Path(__file__).parent.parent / 'fake_engines' / 'fake_engine.py'


@pytest.fixture
def windows(monkeypatch):
    monkeypatch.setattr(sys, 'platform', 'win32')


@pytest.mark.parametrize('text, argv, proto', [
    (r'C:\engines\x.exe', [r'C:\engines\x.exe'], 'auto'),
    (r'xboard:C:\engines\fairymax.exe', [r'C:\engines\fairymax.exe'], 'xboard'),
    (r'"C:\Program Files\Engines\sf.exe" --threads 1',
     [r'C:\Program Files\Engines\sf.exe', '--threads', '1'], 'auto'),
    (r'uci:C:\e\x.exe --name "a b" --path C:\v\f.ini',
     [r'C:\e\x.exe', '--name', 'a b', '--path', r'C:\v\f.ini'], 'uci'),
    (r'C:\e\x.exe say\"hi\" "C:\dir with space\\"',
     [r'C:\e\x.exe', 'say"hi"', 'C:\\dir with space\\'], 'auto'),
])
def test_windows_commands(windows, text, argv, proto):
    s = parse_engine_spec(text)
    assert (s.argv, s.proto) == (argv, proto)


def test_windows_fields(windows):
    s = parse_engine_spec(r"""cmd='"C:\Program Files\x\x.exe" -xboard' name=x dir=C:\engines """
                          r'option.VariantPath=C:\v\f.ini proto=xboard')
    assert s.argv == [r'C:\Program Files\x\x.exe', '-xboard']
    assert (s.name, s.dir, s.proto) == ('x', r'C:\engines', 'xboard')
    assert s.options == {'VariantPath': r'C:\v\f.ini'}
    s = parse_engine_spec(r"""cmd='"C:\Program Files\x\x.exe"' name="my engine" """)
    assert (s.argv, s.name) == ([r'C:\Program Files\x\x.exe'], 'my engine')
    # cmd= is a command line: a path with spaces is quoted inside it (or exists)
    assert parse_engine_spec(r'cmd="C:\Program Files\x.exe"').argv == [r'C:\Program',
                                                                        r'Files\x.exe']
    with pytest.raises(EngineSpecError, match=r"--engine \"cmd='C:\\\\x.exe\": a quote is not closed"):
        parse_engine_spec(r"cmd='C:\x.exe")


def test_posix_commands_keep_shell_escapes():
    # the same text on POSIX: the backslash escapes (what issue 25 saw on Windows)
    assert parse_engine_spec(r'C:\engines\x.exe').argv == ['C:enginesx.exe']
    assert parse_engine_spec(r'cmd="a\ b" name=x').argv == ['a b']


@pytest.mark.parametrize('platform', ['linux', 'win32'])
def test_a_program_path_with_spaces_is_one_word(tmp_path, monkeypatch, platform):
    monkeypatch.setattr(sys, 'platform', platform)
    exe = tmp_path / 'my engines' / 'the engine'
    exe.parent.mkdir()
    exe.write_text('')
    assert parse_engine_spec(str(exe)).argv == [str(exe)]
    assert parse_engine_spec(f'uci:{exe}').argv == [str(exe)]
    assert parse_engine_spec(f'cmd="{exe}" name=x').argv == [str(exe)]


def test_windows_spawn_options(monkeypatch):
    assert process.spawn_options() == {'start_new_session': True}
    monkeypatch.setattr(sys, 'platform', 'win32')
    assert process.spawn_options() == {'creationflags': 0x200}     # CREATE_NEW_PROCESS_GROUP


def gone(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


def wait_for(path: Path) -> int:
    for _ in range(500):
        if path.exists():
            return int(path.read_text())
        time.sleep(0.02)
    raise AssertionError(f'{path} never written')


@pytest.mark.parametrize('killpg', [True, False])
def test_a_hung_engine_is_ended_with_its_children(tmp_path, monkeypatch, killpg):
    """Without os.killpg (Windows) the engine's descendants are found and killed;
    with it, the process group goes.  The fake engine hangs on its first move
    and has a child that sleeps for ten minutes."""
    if not killpg:
        monkeypatch.setattr(sys, 'platform', 'win32')
        monkeypatch.delattr(os, 'killpg')
        # Popen refuses creationflags off Windows: start it as on Linux, in the
        # runner's own process group, which only a tree walk can tell apart
        monkeypatch.setattr(process, 'spawn_options', lambda: {})
    pidfile = tmp_path / 'child.pid'
    p = EngineProcess([sys.executable, str(FAKE), '--proto', 'uci', '--misbehave', 'hang:1',
                       '--spawn-child', str(pidfile)], label='hung')
    child = wait_for(pidfile)
    p.send('uci')
    p.send('position startpos')
    p.send('go nodes 1')
    assert p.read(time.monotonic() + 0.5)[1] == 'id name fake'
    assert not gone(child) and p.alive()
    p.kill()
    assert p.proc.poll() is not None
    for _ in range(250):        # SIGKILL is delivered at once; the exit takes a moment
        if gone(child):
            break
        time.sleep(0.02)
    assert gone(child)
