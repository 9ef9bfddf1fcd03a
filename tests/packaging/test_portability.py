"""The engine, the runner and the packaging scripts stay portable to Windows and macOS.

The code the binary runs (cazaux_engine, search, protocol, tournament,
tuning) and the Python scripts of packaging/ are read (not imported), and
every use of something that exists only on POSIX systems, or only on Linux,
is a finding unless a platform check guards it:

* importing a POSIX-only module (``resource``, ``fcntl``, ``termios``, ...),
  unless inside ``try: ... except ImportError``;
* a POSIX-only function or constant (``os.killpg``, ``os.setsid``,
  ``os.fork``, ``signal.SIGKILL``, ``signal.alarm``, ...);
* ``start_new_session=``, ``preexec_fn=`` or ``process_group=`` in a call
  with no Windows branch (a ``creationflags=`` beside it, or a value that
  tests the platform): on Windows they are ignored or refused, and the
  child is not in a group of its own that can be ended as a whole;
* a hard-coded ``.venv/bin`` (``.venv\\Scripts`` on Windows) or ``/dev/null``
  (``os.devnull``).

A guard is an ``if`` or a conditional expression whose test looks at
``os.name``, ``sys.platform``, ``platform.system()`` or asks ``hasattr``
(the code under it, in either branch, is the platform's own).  A ``try``
that catches AttributeError is not a guard: ``os.killpg`` falling back to
killing one process leaves an engine's children running on Windows.

Findings that are known and handled elsewhere are in ALLOWED, each with the
reason; an entry that no longer matches anything fails the test too, so the
list cannot outlive the code it excuses.
"""
from __future__ import annotations

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCANNED = ('cazaux_engine', 'search', 'protocol', 'tournament', 'tuning')
SCANNED_FILES = ('benchmarks/speed/startup.py',)      # and packaging/*.py

POSIX_MODULES = {'resource', 'fcntl', 'termios', 'tty', 'pty', 'pwd', 'grp', 'posix',
                 'syslog', 'crypt', 'nis', 'spwd', 'select', 'readline'}
POSIX_ATTRIBUTES = {
    'os': {'killpg', 'setsid', 'setpgrp', 'setpgid', 'getpgid', 'getpgrp', 'fork', 'forkpty',
           'getuid', 'geteuid', 'getgid', 'getegid', 'setuid', 'setgid', 'chown', 'lchown',
           'mkfifo', 'mknod', 'nice', 'getloadavg', 'WNOHANG', 'wait3', 'wait4', 'pipe2',
           'sysconf', 'statvfs', 'openpty', 'ttyname', 'sched_setaffinity', 'fchmod', 'fchown'},
    'signal': {'SIGKILL', 'SIGHUP', 'SIGQUIT', 'SIGALRM', 'SIGUSR1', 'SIGUSR2', 'SIGCHLD',
               'SIGPIPE', 'SIGSTOP', 'SIGCONT', 'SIGTSTP', 'SIGTTIN', 'SIGTTOU', 'SIGWINCH',
               'alarm', 'setitimer', 'getitimer', 'pause', 'siginterrupt', 'pthread_kill',
               'pthread_sigmask', 'sigwait', 'SIG_BLOCK'},
}
SESSION_KEYWORDS = {'start_new_session', 'preexec_fn', 'process_group'}
POSIX_STRINGS = ('.venv/bin', '/dev/null')
PLATFORM_NAMES = {('os', 'name'), ('sys', 'platform')}

# (file, enclosing function or '<module>', what) -> why it is allowed.
ALLOWED: dict = {}


PLATFORM_HELPERS = {'is_windows'}      # tournament/commandline.py: sys.platform == 'win32'


def is_platform_test(node: ast.AST) -> bool:
    """Does this expression look at the platform (os.name, sys.platform,
    platform.system(), hasattr(...), or the runner's is_windows())?"""
    for n in ast.walk(node):
        if isinstance(n, ast.Call):
            f = n.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, 'id', None)
            if name in PLATFORM_HELPERS:
                return True
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name):
            if (n.value.id, n.attr) in PLATFORM_NAMES or (n.value.id, n.attr) == ('platform',
                                                                                   'system'):
                return True
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == 'hasattr':
            return True
    return False


def catches_import_error(node: ast.Try) -> bool:
    for h in node.handlers:
        names = h.type.elts if isinstance(h.type, ast.Tuple) else [h.type]
        if any(isinstance(t, ast.Name) and t.id in ('ImportError', 'ModuleNotFoundError')
               for t in names):
            return True
    return False


class Scanner(ast.NodeVisitor):
    """Collect (enclosing function, what, line) of unguarded POSIX-only uses."""

    def __init__(self):
        self.scope: list[str] = []
        self.guarded = 0            # depth of platform checks around the current node
        self.import_guarded = 0     # depth of try/except ImportError around it
        self.found: list[tuple[str, str, int]] = []

    def add(self, what: str, node: ast.AST, import_ok: bool = False) -> None:
        if self.guarded or (import_ok and self.import_guarded):
            return
        self.found.append(('.'.join(self.scope) or '<module>', what, node.lineno))

    def visit_scope(self, node) -> None:
        self.scope.append(node.name)
        self.generic_visit(node)
        self.scope.pop()

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = visit_scope

    def visit_If(self, node: ast.If) -> None:
        self.visit(node.test)
        guard = is_platform_test(node.test)
        self.guarded += guard
        for child in node.body + node.orelse:
            self.visit(child)
        self.guarded -= guard

    def visit_IfExp(self, node: ast.IfExp) -> None:
        guard = is_platform_test(node.test)
        self.guarded += guard
        self.generic_visit(node)
        self.guarded -= guard

    def visit_Try(self, node: ast.Try) -> None:
        guard = catches_import_error(node)
        self.import_guarded += guard
        for child in node.body:
            self.visit(child)
        self.import_guarded -= guard
        for child in node.handlers + node.orelse + node.finalbody:
            self.visit(child)

    def visit_Import(self, node: ast.Import) -> None:
        for a in node.names:
            if a.name.partition('.')[0] in POSIX_MODULES:
                self.add(f'import {a.name}', node, import_ok=True)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level == 0 and node.module and node.module.partition('.')[0] in POSIX_MODULES:
            self.add(f'import {node.module}', node, import_ok=True)
        for module, names in POSIX_ATTRIBUTES.items():
            if node.level == 0 and node.module == module:
                for a in node.names:
                    if a.name in names:
                        self.add(f'{module}.{a.name}', node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if isinstance(node.value, ast.Name) and node.attr in POSIX_ATTRIBUTES.get(node.value.id, ()):
            self.add(f'{node.value.id}.{node.attr}', node)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        keywords = {k.arg: k.value for k in node.keywords if k.arg}
        for k in SESSION_KEYWORDS & keywords.keys():
            windows_branch = 'creationflags' in keywords or is_platform_test(keywords[k])
            if not windows_branch:
                self.add(f'{k}=', node)
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str):
            for s in POSIX_STRINGS:
                if s in node.value:
                    self.add(repr(s), node)


def findings(source: str) -> list[tuple[str, str, int]]:
    s = Scanner()
    s.visit(ast.parse(source))
    return s.found


def scanned_files() -> list[str]:
    files = [p for pkg in SCANNED for p in sorted((ROOT / pkg).rglob('*.py'))]
    files += sorted((ROOT / 'packaging').glob('*.py'))
    files += [ROOT / f for f in SCANNED_FILES]
    return [p.relative_to(ROOT).as_posix() for p in files]


def all_findings() -> dict[tuple[str, str, str], list[int]]:
    out: dict[tuple[str, str, str], list[int]] = {}
    for rel in scanned_files():
        for where, what, line in findings((ROOT / rel).read_text(encoding='utf-8')):
            out.setdefault((rel, where, what), []).append(line)
    return out


# -- the code of the repository ------------------------------------------------------

def test_the_scan_reads_the_packages_and_the_scripts():
    files = scanned_files()
    assert 'tournament/process.py' in files and 'protocol/cli.py' in files
    assert 'packaging/build.py' in files and 'packaging/demo.py' in files
    assert 'benchmarks/speed/startup.py' in files
    assert not any(f.startswith(('tests/', '.venv/')) for f in files)


def test_no_unguarded_posix_only_code():
    found = all_findings()
    unexplained = {k: lines for k, lines in found.items() if k not in ALLOWED}
    assert unexplained == {}, '\n'.join(
        f'{f}:{lines[0]} in {where}: {what} (guard it with a platform check, or give the '
        f'platform its own branch)' for (f, where, what), lines in unexplained.items())


def test_every_allowed_entry_still_matches():
    # an entry whose code was fixed must go (e.g. at the merge of branch i26)
    found = all_findings()
    assert [k for k in ALLOWED if k not in found] == []


# -- the scanner itself ---------------------------------------------------------------

@pytest.mark.parametrize('source, expected', [
    ('import resource\n', [('<module>', 'import resource', 1)]),
    ('import fcntl, os\n', [('<module>', 'import fcntl', 1)]),
    ('from termios import tcgetattr\n', [('<module>', 'import termios', 1)]),
    ('try:\n    import resource\nexcept ImportError:\n    resource = None\n', []),
    ('try:\n    import resource\nexcept OSError:\n    pass\n', [('<module>', 'import resource', 2)]),
    ('import os, signal\ndef kill(p):\n    os.killpg(p, signal.SIGKILL)\n',
     [('kill', 'os.killpg', 3), ('kill', 'signal.SIGKILL', 3)]),
    ('import os, signal\ndef kill(p):\n    try:\n        os.killpg(p, signal.SIGKILL)\n'
     '    except AttributeError:\n        pass\n',
     [('kill', 'os.killpg', 4), ('kill', 'signal.SIGKILL', 4)]),
    ('import os, signal\ndef kill(p):\n    if os.name == "nt":\n        p.kill()\n    else:\n'
     '        os.killpg(p, signal.SIGKILL)\n', []),
    ('import sys, os\nif sys.platform != "win32":\n    os.setsid()\n', []),
    ('import os\nif hasattr(os, "killpg"):\n    os.killpg(1, 9)\n', []),
    ('import platform, os\nx = os.getuid() if platform.system() == "Linux" else 0\n', []),
    ('from os import fork\n', [('<module>', 'os.fork', 1)]),
    ('import subprocess\nclass E:\n    def __init__(self):\n'
     '        subprocess.Popen(["x"], start_new_session=True)\n',
     [('E.__init__', 'start_new_session=', 4)]),
    ('import subprocess, os\nsubprocess.Popen(["x"], start_new_session=os.name != "nt")\n', []),
    ('import subprocess\nsubprocess.Popen(["x"], start_new_session=POSIX, creationflags=FLAGS)\n',
     []),
    ('import subprocess\nsubprocess.run(["x"], preexec_fn=f)\n', [('<module>', 'preexec_fn=', 2)]),
    ('PY = ".venv/bin/python"\n', [('<module>', "'.venv/bin'", 1)]),
    ('open("/dev/null")\n', [('<module>', "'/dev/null'", 1)]),
    ('import os, signal\nos.kill(os.getpid(), signal.SIGTERM)\nopen(os.devnull)\n', []),
])
def test_scanner(source, expected):
    assert findings(source) == expected



def test_the_platform_helpers_look_at_the_platform():
    # a call of a PLATFORM_HELPERS function counts as a guard: each must be one
    import inspect

    from tournament import commandline
    for name in PLATFORM_HELPERS:
        body = ast.parse(inspect.getsource(getattr(commandline, name))).body[0]
        assert is_platform_test(ast.Module(body=body.body, type_ignores=[])), name
        assert "sys.platform == 'win32'" in inspect.getsource(getattr(commandline, name))
