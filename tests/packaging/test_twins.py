"""The C twins of the Python modules that are never compiled say the same.

``layout.pxd`` and ``moves.pxd`` define, as inline C for the compiled
modules, the accessors that ``layout.py`` and ``moves.py`` define for the
interpreted ones (their docstrings ask to keep each pair equal): the same
functions, with the same parameters and the same body: for most the one
returned expression, for a longer one its statements, a ``cdef TYPE name =``
declaration read as the assignment it is (and in ``moves`` the same
constants).
"""
from __future__ import annotations

import ast
import pathlib
import re
import textwrap

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
INLINE = re.compile(r'^cdef inline [\w ]+? (\w+)\(([^)]*)\) noexcept nogil:\n((?:    .*\n?)+)', re.M)
DECLARATION = re.compile(r'^(\s*)cdef [\w ]+? (\w+ =)', re.M)
ENUM_ITEM = re.compile(r'^    (\w+) = (.+)$', re.M)


def c_twin(path: pathlib.Path) -> dict[str, tuple[list[str], str]]:
    """name -> (parameter names, ast dump of the body) of a .pxd."""
    out = {}
    for name, params, body in INLINE.findall(path.read_text(encoding='utf-8')):
        names = [p.split()[-1] for p in params.split(',') if p.strip()]
        body = re.sub(r'<\w+>', '', body)                    # C casts: <int>(x) is int(x)
        body = DECLARATION.sub(r'\1\2', body)               # cdef int n = x: n = x
        out[name] = (names, dump(ast.parse(textwrap.dedent(body)).body))
    return out


def dump(body: list) -> str:
    """The statements of a body; a lone ``return x`` as the expression x."""
    if len(body) == 1 and isinstance(body[0], ast.Return):
        value = body[0].value
        if (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
                and value.func.id == 'int' and len(value.args) == 1):
            value = value.args[0]                           # int(x): a C int already
        return ast.dump(value)
    return ' '.join(ast.dump(statement) for statement in body)


def python_twin(path: pathlib.Path) -> dict[str, tuple[list[str], str]]:
    out = {}
    for node in ast.parse(path.read_text(encoding='utf-8')).body:
        if isinstance(node, ast.FunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                body = body[1:]                             # the docstring
            assert isinstance(body[-1], ast.Return), node.name
            out[node.name] = ([a.arg for a in node.args.args], dump(body))
    return out


@pytest.mark.parametrize('module', ['layout', 'moves'])
def test_the_pxd_defines_what_the_py_defines(module):
    c = c_twin(ROOT / 'cazaux_engine' / f'{module}.pxd')
    py = python_twin(ROOT / 'cazaux_engine' / f'{module}.py')
    assert sorted(c) == sorted(py)
    for name in py:
        assert c[name] == py[name], name


def test_the_move_constants_are_the_same():
    import cazaux_engine.moves as moves
    text = (ROOT / 'cazaux_engine' / 'moves.pxd').read_text(encoding='utf-8')
    constants = {name: eval(value, {}) for name, value in ENUM_ITEM.findall(text)}
    assert len(constants) == 15
    assert constants == {name: getattr(moves, name) for name in constants}
