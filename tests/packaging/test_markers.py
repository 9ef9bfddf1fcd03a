"""The markers that let a machine without the Linux-only clients deselect
exactly the tests that need them (the release workflow on Windows and macOS
runs ``-m "not xboard and not cutechess and not peers"``).

conftest.py gives the markers by fixture (``real_xboard``, ``cutechess_cli``,
``fairymax``) and test_match_peers.py by module; here a collection of the
whole suite must put every test of the client files, and nothing else,
under them.
"""
from __future__ import annotations

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LINUX_CLIENTS = 'xboard or cutechess or peers'


# One collection of the whole suite with ``-m``: the tests it selects are
# printed, and those it deselects (pytest's own hook) printed apart.
COLLECT = '''
import sys, pytest
class Deselected:
    def pytest_deselected(self, items):
        for item in items:
            print('deselected', item.nodeid)
sys.exit(pytest.main(sys.argv[1:], plugins=[Deselected()]))
'''


def collected(marker_expression: str) -> tuple[dict[str, int], dict[str, int]]:
    """Test file -> number of tests that ``-m marker_expression`` selects,
    and the same for the tests it leaves out."""
    p = subprocess.run([sys.executable, '-c', COLLECT, '--collect-only', '-q', '-p',
                        'no:cacheprovider', '-m', marker_expression, 'tests'],
                       cwd=ROOT, capture_output=True, text=True, stdin=subprocess.DEVNULL,
                       timeout=300)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
    files: tuple[dict[str, int], dict[str, int]] = ({}, {})
    for line in p.stdout.splitlines():
        if '::' in line:
            left_out = line.startswith('deselected ')
            name = line.removeprefix('deselected ').split('::')[0]
            files[left_out][name] = files[left_out].get(name, 0) + 1
    return files


def test_linux_client_tests_are_marked_and_nothing_else():
    marked, rest = collected(LINUX_CLIENTS)
    assert sorted(marked) == ['tests/clients/test_binary_xboard.py',
                              'tests/clients/test_cutechess.py',
                              'tests/clients/test_xboard_gui.py',
                              'tests/clients/test_xboard_gui_ponder.py',
                              'tests/clients/test_xboard_gui_variant_file.py',
                              'tests/clients/test_xboard_sweep.py',
                              'tests/tournament/test_match_peers.py']
    # no file is split between the two: its tests all need the client, or none does
    assert not set(marked) & set(rest)
    assert 'tests/clients/test_uci_python_chess.py' in rest
    assert 'tests/packaging/test_binary.py' in rest
