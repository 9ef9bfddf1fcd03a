"""The ``>>>`` examples in the docstrings of the packages run and pass.

Each module's docstrings are read from its source (so the examples of the
compiled hot modules run too, against the compiled code) and run with the
module's globals, like ``pytest --doctest-modules`` would.
"""
from __future__ import annotations

import ast
import doctest
import importlib
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGES = ('cazaux_engine', 'search', 'protocol', 'tournament', 'tuning')


def modules_with_examples() -> list[str]:
    names = []
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob('*.py')):
            if '>>>' in path.read_text(encoding='utf-8'):
                rel = path.relative_to(ROOT).with_suffix('')
                parts = rel.parts[:-1] if rel.name == '__init__' else rel.parts
                names.append('.'.join(parts))
    return names


def docstrings(source: str) -> list[tuple[str, str, int]]:
    """(name, docstring, line) of the module and of every class and function."""
    tree = ast.parse(source)
    found = []
    for node in [tree] + [n for n in ast.walk(tree) if isinstance(
            n, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))]:
        doc = ast.get_docstring(node, clean=False)
        if doc and '>>>' in doc:
            found.append((getattr(node, 'name', '<module>'), doc,
                          node.body[0].lineno if hasattr(node, 'body') else 0))
    return found


MODULES = modules_with_examples()


def test_the_examples_are_found():
    # the modules that have examples today; a module that loses its last
    # example leaves this list on purpose, with this test updated
    assert len(MODULES) == 48
    assert 'cazaux_engine.gameend' in MODULES and 'search.tt' in MODULES
    assert 'tuning.book' in MODULES


@pytest.mark.parametrize('name', MODULES)
def test_examples_pass(name):
    module = importlib.import_module(name)
    path = ROOT / pathlib.Path(*name.split('.'))
    path = path / '__init__.py' if path.is_dir() else path.with_suffix('.py')
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tried = 0
    for where, doc, line in docstrings(path.read_text(encoding='utf-8')):
        test = parser.get_doctest(doc, dict(vars(module)), f'{name}.{where}', str(path), line)
        runner.run(test)
        tried += len(test.examples)
    result = runner.summarize(verbose=False)
    assert tried > 0
    assert result.failed == 0, f'{result.failed} of {tried} examples of {name} failed (see above)'
