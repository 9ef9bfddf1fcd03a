"""packaging/quickstart.py, the set-up path of every platform: the parts that
differ by platform, checked here with the platform given as an argument
(the whole script runs on Linux as ``./packaging/quickstart.sh``, and in the
release workflow on Windows and macOS)."""
from __future__ import annotations

import doctest
import os
import sys

from tests.conftest import packaging_module

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
quickstart = packaging_module('quickstart')


def test_venv_interpreter_per_platform():
    assert quickstart.venv_python('V', windows=True) == os.path.join('V', 'Scripts', 'python.exe')
    assert quickstart.venv_python('V', windows=False) == os.path.join('V', 'bin', 'python')


def test_windows_compiler_probe_compiles_against_python_h():
    # the probe setuptools' compiler runs on Windows (MSVC there) works with
    # this machine's compiler, and names the Build Tools when it fails
    assert quickstart.probe_compiler(sys.executable) is None
    assert quickstart.missing_for_the_core(sys.executable, system='win32') == []


def test_windows_without_a_compiler_names_the_build_tools(monkeypatch):
    monkeypatch.setenv('CC', os.path.join(ROOT, 'no-such-compiler'))
    assert quickstart.probe_compiler(sys.executable) is not None
    assert quickstart.missing_for_the_core(sys.executable, system='win32') == [
        'a C compiler: the Microsoft C++ Build Tools, workload "Desktop development with C++" '
        '(free, from Microsoft)']


def test_macos_without_command_line_tools(monkeypatch):
    monkeypatch.setattr(quickstart.shutil, 'which', lambda name, *a, **k: None)
    assert quickstart.missing_for_the_core(sys.executable, system='darwin') == [
        "a C compiler: Xcode's command line tools (xcode-select --install)"]


def test_linux_without_a_compiler(monkeypatch):
    monkeypatch.setattr(quickstart.shutil, 'which', lambda name, *a, **k: None)
    assert quickstart.missing_for_the_core(sys.executable, system='linux') == [
        'a C compiler (gcc; Debian/Ubuntu: apt-get install gcc; Fedora: dnf install gcc)']


def test_debian_packages_examples():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    for test in finder.find(quickstart.debian_packages, globs=vars(quickstart)):
        runner.run(test)
    assert runner.summarize(verbose=False) == (0, 2)


def test_old_python_is_refused(monkeypatch, capsys):
    monkeypatch.setattr(quickstart.sys, 'version_info', (3, 10, 9))
    assert quickstart.main(['--venv-only']) == 1
    assert capsys.readouterr().err.startswith('error: Python 3.11 or newer is needed')
