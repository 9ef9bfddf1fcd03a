"""Import hygiene of the five rooms: no cycle, no private name, one direction.

The imports of every module of ``cazaux_engine``, ``search``, ``protocol``,
``tournament`` and ``tuning`` are read from the source (``ast``; imports
inside functions count, and so do the ``cimport`` lines of the ``.pxd``
files and the ``cython.cimports.X`` imports of the compiled modules, which
are imports of ``X``).  A package's ``__init__`` is a module of its own
(``from search import Limits`` is an import of ``search``); importing a
submodule is not counted as importing its package's ``__init__`` too.

The rules:

* no import cycle between modules (a strongly connected component of more
  than one module, or a module importing itself);
* no private name (``_x``, not ``__x__``) imported from another module;
* imports go one way, down the rooms: ``cazaux_engine`` (the rules) <-
  ``search`` <- ``protocol``; ``tournament`` and ``tuning`` are clients of
  the rules and the search.  The exceptions are named one by one in
  :data:`EXCEPTIONS`.

The checker is tried on a small made-up tree too, so that it is known to
find what it looks for.
"""
from __future__ import annotations

import ast
import pathlib
import re

from cazaux_engine.compiled import HOT_MODULES

ROOT = pathlib.Path(__file__).resolve().parents[2]
ROOMS = ('cazaux_engine', 'search', 'protocol', 'tournament', 'tuning')

# Which rooms a room may import (its own always).
MAY_IMPORT = {
    'cazaux_engine': set(),
    'search': {'cazaux_engine'},
    'protocol': {'cazaux_engine', 'search'},
    'tournament': {'cazaux_engine', 'search'},
    'tuning': {'cazaux_engine', 'search'},
}
# Imports across the rooms' order, each with its reason.
EXCEPTIONS = {
    # `python -m cazaux_engine` starts the whole program, whose entry is the command line
    ('cazaux_engine.__main__', 'protocol.cli'),
    # the command line dispatches the subcommands `match`, `tune` and `book`
    ('protocol.cli', 'tournament.cli'),
    ('protocol.cli', 'tuning.cli'),
    ('protocol.cli', 'tuning.book'),
    # a GUI-side client spells moves and variants as the engine side does
    ('tournament.movetext', 'protocol.xboard_moves'),
    ('tournament.xboard_client', 'protocol.xboard_variants'),
    # the tuner reads the games the tournament runner wrote
    ('tuning.cli', 'tournament.pgn'),
}


# -- reading the imports --------------------------------------------------------------------

def module_files(root: pathlib.Path, rooms=ROOMS, compiled=HOT_MODULES) -> dict[str, list[pathlib.Path]]:
    """Module name -> its source files under ``root``.

    A ``.pxd`` beside a compiled module (``compiled``) is its C header, part
    of that module.  A ``.pxd`` beside a module that is never compiled
    (``layout.pxd``, ``moves.pxd``: inline C twins of a Python module) is a
    module of its own, ``NAME (pxd)``: the compiled modules cimport it, the
    interpreted ones import the ``.py``, and neither includes the other.
    """
    out: dict[str, list[pathlib.Path]] = {}
    for room in rooms:
        for path in sorted((root / room).rglob('*')):
            if path.suffix not in ('.py', '.pxd') or '__pycache__' in path.parts:
                continue
            parts = path.relative_to(root).with_suffix('').parts
            if parts[-1] == '__init__':
                parts = parts[:-1]
            name = '.'.join(parts)
            if path.suffix == '.pxd' and name not in compiled:
                name += ' (pxd)'
            out.setdefault(name, []).append(path)
    return out


def is_package(name: str, files: dict[str, list[pathlib.Path]]) -> bool:
    return any(p.name == '__init__.py' for p in files.get(name, []))


CIMPORT_FROM = re.compile(r'^[ \t]*from[ \t]+([\w.]+)[ \t]+cimport[ \t]+(?:\(([^)]*)\)|([^#\n]*))',
                          re.M)
CIMPORT = re.compile(r'^[ \t]*cimport[ \t]+([\w.]+)', re.M)


def raw_imports(name: str, path: pathlib.Path, package: bool) -> list[tuple[str, str | None, int, bool]]:
    """(module, imported name or None, line, cimport?) of each import in one
    file; relative imports resolved, ``cython.cimports.`` taken off."""
    text = path.read_text(encoding='utf-8')
    found: list[tuple[str, str | None, int]] = []
    if path.suffix == '.pxd':
        for m in CIMPORT_FROM.finditer(text):
            line = text.count('\n', 0, m.start()) + 1
            for item in (m.group(2) or m.group(3)).split(','):
                if item.strip():
                    found.append(('cython.cimports.' + m.group(1), item.split()[0], line))
        for m in CIMPORT.finditer(text):
            found.append(('cython.cimports.' + m.group(1), None, text.count('\n', 0, m.start()) + 1))
    else:
        base = name.split('.') if package else name.split('.')[:-1]
        for node in ast.walk(ast.parse(text, str(path))):
            if isinstance(node, ast.Import):
                found += [(a.name, None, node.lineno) for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    up = base[:len(base) - node.level + 1]
                    module = '.'.join(up + ([node.module] if node.module else []))
                else:
                    module = node.module
                found += [(module, a.name, node.lineno) for a in node.names]
    out = []
    for module, item, line in found:
        c = module.startswith('cython.cimports.')
        out.append((module[len('cython.cimports.'):] if c else module, item, line, c))
    return out


def import_graph(root: pathlib.Path, rooms=ROOMS, compiled=HOT_MODULES):
    """(graph, uses): graph[module] = the set of modules of the rooms it
    imports; uses = (importer, module, name or None, where) per import."""
    files = module_files(root, rooms, compiled)
    graph: dict[str, set[str]] = {name: set() for name in files}
    uses = []
    for name, paths in files.items():
        for path in paths:
            for module, item, line, cimport in raw_imports(name, path, is_package(name, files)):
                if module.partition('.')[0] not in rooms:
                    continue
                where = f'{path.relative_to(root)}:{line}'
                if item and f'{module}.{item}' in files:      # from package import submodule
                    module, item = f'{module}.{item}', None
                if cimport and f'{module} (pxd)' in files:
                    module += ' (pxd)'
                if module not in files:
                    raise AssertionError(f'{where}: import of {module}, not a module of the rooms')
                graph[name].add(module)
                uses.append((name, module, item, where))
    return graph, uses


# -- the three rules ---------------------------------------------------------------------------

def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles: strongly connected components (Tarjan) of more than
    one module, and modules that import themselves; each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in graph.get(v, ()):
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def private_imports(uses) -> list[str]:
    return sorted(f'{where}: {importer} imports {item} from {module}'
                  for importer, module, item, where in uses
                  if item and item.startswith('_') and not item.endswith('__')
                  and module != importer)


def against_the_rooms(uses, may_import=MAY_IMPORT, exceptions=EXCEPTIONS) -> list[str]:
    bad = set()
    for importer, module, _, where in uses:
        room, target_room = importer.partition('.')[0], module.partition('.')[0]
        if room == target_room or target_room in may_import[room]:
            continue
        if (importer, module) not in exceptions:
            bad.add(f'{where}: {importer} imports {module}')
    return sorted(bad)


# -- this repository ---------------------------------------------------------------------------

GRAPH, USES = import_graph(ROOT)


def test_every_room_has_modules_and_the_cimports_are_read():
    assert {name.partition('.')[0] for name in GRAPH} == set(ROOMS)
    assert 'search.tt' in GRAPH['search.alphabeta']          # a cimport of alphabeta.pxd
    assert 'cazaux_engine.rules' in GRAPH['cazaux_engine.layout (pxd)']
    assert 'cazaux_engine.layout (pxd)' in GRAPH['cazaux_engine.movegen']
    assert 'cazaux_engine.layout' in GRAPH['cazaux_engine.rules']


def test_no_import_cycle():
    assert cycles(GRAPH) == []


def test_no_private_name_imported_from_another_module():
    assert private_imports(USES) == []


def test_imports_go_down_the_rooms():
    assert against_the_rooms(USES) == []


def test_every_exception_is_still_needed():
    used = {(importer, module) for importer, module, _, _ in USES}
    assert sorted(EXCEPTIONS - used) == []


# -- the checker finds what it looks for ------------------------------------------------

def test_cycles_of_a_made_up_graph():
    graph = {'a': {'b'}, 'b': {'c'}, 'c': {'a', 'd'}, 'd': set(), 'e': {'e'}, 'f': {'d'}}
    assert cycles(graph) == [['a', 'b', 'c'], ['e']]
    assert cycles({'a': {'b'}, 'b': set()}) == []


def test_checker_on_a_made_up_tree(tmp_path):
    files = {
        'cazaux_engine/__init__.py': 'from .board import Board\n',
        'cazaux_engine/board.py': 'from cazaux_engine.moves import _helper\nfrom . import layout\n',
        'cazaux_engine/layout.py': 'X = 1\n',
        'cazaux_engine/layout.pxd': 'from cazaux_engine.board cimport (\n    Board,\n    _square)\n',
        'cazaux_engine/moves.py': 'def f():\n    from . import board\n    import search\n',
        'search/__init__.py': '',
        'search/eval.py': 'from cython.cimports.cazaux_engine.layout import get\n'
                          'import cazaux_engine\n',
        'search/eval.pxd': 'cimport cython\nfrom search.tt cimport _entry, lookup\n',
        'search/tt.py': 'from search import eval\n',
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    rooms = ('cazaux_engine', 'search')
    graph, uses = import_graph(tmp_path, rooms, {'cazaux_engine.board', 'search.eval'})
    assert graph == {
        'cazaux_engine': {'cazaux_engine.board'},
        'cazaux_engine.board': {'cazaux_engine.moves', 'cazaux_engine.layout'},
        'cazaux_engine.layout': set(),
        'cazaux_engine.layout (pxd)': {'cazaux_engine.board'},
        'cazaux_engine.moves': {'cazaux_engine.board', 'search'},
        'search': set(),
        'search.eval': {'cazaux_engine', 'cazaux_engine.layout (pxd)', 'search.tt'},
        'search.tt': {'search.eval'},
    }
    assert cycles(graph) == [['cazaux_engine.board', 'cazaux_engine.moves'],
                             ['search.eval', 'search.tt']]
    assert private_imports(uses) == [
        'cazaux_engine/board.py:1: cazaux_engine.board imports _helper from cazaux_engine.moves',
        'cazaux_engine/layout.pxd:1: cazaux_engine.layout (pxd) imports _square from '
        'cazaux_engine.board',
        'search/eval.pxd:2: search.eval imports _entry from search.tt']
    may = {'cazaux_engine': set(), 'search': {'cazaux_engine'}}
    assert against_the_rooms(uses, may, set()) == [
        'cazaux_engine/moves.py:3: cazaux_engine.moves imports search']
    assert against_the_rooms(uses, may, {('cazaux_engine.moves', 'search')}) == []
    # compiled, layout.py and layout.pxd are one module: board -> layout -> board
    graph, _ = import_graph(tmp_path, rooms, {'cazaux_engine.board', 'cazaux_engine.layout'})
    assert cycles(graph) == [['cazaux_engine.board', 'cazaux_engine.layout', 'cazaux_engine.moves']]
