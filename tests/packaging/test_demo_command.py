"""packaging/demo.py splits its ``--engine`` command line as the platform does:
POSIX shell quoting, or on Windows the C runtime's rules, where a backslash
is a path separator (``shlex.split`` made ``C:\\engines\\x.exe`` into
``C:enginesx.exe``).  The Windows branch is checked here on any platform:
by hand, and against ``subprocess.list2cmdline``, Python's own quoting of an
argument list for Windows, which the split must undo exactly.
"""
from __future__ import annotations

import os
import pathlib
import subprocess

from hypothesis import given, strategies as st

from tests.conftest import packaging_module

ROOT = pathlib.Path(__file__).resolve().parents[2]
demo = packaging_module('demo')


class OsNamed:
    """The demo's ``os`` module as another platform would show it (only the
    demo's view is patched: pathlib and pytest keep the real ``os.name``)."""

    def __init__(self, name: str):
        self.name = name

    def __getattr__(self, attr):
        return getattr(os, attr)


def test_windows_path_stays_whole(monkeypatch):
    monkeypatch.setattr(demo, 'os', OsNamed('nt'))
    assert demo.split_command(r'C:\engines\x.exe --option Hash=16') == \
        ['C:\\engines\\x.exe', '--option', 'Hash=16']


def test_windows_path_with_spaces_in_double_quotes(monkeypatch):
    monkeypatch.setattr(demo, 'os', OsNamed('nt'))
    assert demo.split_command(r'"C:\Program Files\cazaux\cazaux-engine.exe" --option "Move '
                              r'Overhead=100"') == \
        ['C:\\Program Files\\cazaux\\cazaux-engine.exe', '--option', 'Move Overhead=100']


def test_windows_backslashes_before_quotes():
    assert demo.split_windows(r'a\\"b c" d\"e f\\\"g "" x\y\\') == \
        ['a\\b c', 'd"e', 'f\\"g', '', 'x\\y\\\\']


def test_posix_keeps_shell_quoting(monkeypatch):
    monkeypatch.setattr(demo, 'os', OsNamed('posix'))
    assert demo.split_command("'/opt/my engines/x' --option 'Move Overhead=100'") == \
        ['/opt/my engines/x', '--option', 'Move Overhead=100']
    assert demo.split_command(r'C:\engines\x.exe') == ['C:enginesx.exe']   # why Windows differs


@given(st.lists(st.text(alphabet='ab \\"\t:.-', max_size=8), min_size=1, max_size=5))
def test_windows_split_undoes_list2cmdline(args):
    assert demo.split_windows(subprocess.list2cmdline(args)) == args
