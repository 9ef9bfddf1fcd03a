"""The ``--engine`` argument: which program, which protocol, what name, which options.

Three spellings:

``CMD``
    a command line, protocol detected (``cazaux-engine --option Hash=16``);
``uci:CMD`` / ``xboard:CMD``
    the same with the protocol stated (no detection delay);
``cmd=CMD [proto=uci|xboard|auto] [name=NAME] [dir=DIR] [tc=TC|st=S] [nodes=N] [depth=D]
[option.NAME=VALUE ...]``
    key=value fields (shell quoting), as in Cute Chess; ``tc``, ``st``,
    ``nodes`` and ``depth`` are this engine's own limits (time odds), in
    place of ``--tc``, ``--st``, ``--nodes``, ``--depth``.

>>> s = parse_engine_spec("cmd='cazaux-engine --option Evaluation=material' name=mat option.Hash=16")
>>> s.argv, s.proto, s.name, s.options
(['cazaux-engine', '--option', 'Evaluation=material'], 'auto', 'mat', {'Hash': '16'})
>>> parse_engine_spec('uci:stockfish').proto
'uci'
>>> parse_engine_spec('cmd=sjaakii tc=10+0.1 depth=8').limits
{'tc': '10+0.1', 'depth': '8'}
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field

from .commandline import CommandLineError, split_command, split_fields
from .timecontrol import TimeControlError, parse_tc

PROTOCOLS = ('auto', 'uci', 'xboard')
_KEYS = ('cmd', 'proto', 'name', 'dir')
LIMIT_KEYS = ('tc', 'st', 'nodes', 'depth')     # per-engine limits, as cutechess-cli's


class EngineSpecError(ValueError):
    """A malformed ``--engine`` argument; the message is for the user."""


@dataclass
class EngineSpec:
    argv: list[str]
    proto: str = 'auto'
    name: str | None = None             # None: chosen by assign_names
    options: dict = field(default_factory=dict)
    dir: str | None = None
    text: str = ''                      # the argument as given
    limits: dict = field(default_factory=dict)      # tc=, st=, nodes=, depth= as given

    def with_options(self, options: dict, limits: dict | None = None) -> 'EngineSpec':
        """A copy with ``options`` (and ``limits``) added where this spec sets
        nothing itself; a ``tc`` or ``st`` of its own replaces both."""
        merged = dict(options)
        merged.update(self.options)
        lim = dict(limits or {})
        if 'tc' in self.limits or 'st' in self.limits:
            lim.pop('tc', None)
            lim.pop('st', None)
        lim.update(self.limits)
        return EngineSpec(list(self.argv), self.proto, self.name, merged, self.dir, self.text,
                          lim)


def _is_field(token: str) -> bool:
    key = token.partition('=')[0]
    return '=' in token and (key in _KEYS or key in LIMIT_KEYS or key.startswith('option.'))


def parse_fields(text: str, what: str = '--each') -> dict:
    """``key=value`` fields of ``text`` (``--each``): ``{'option.Hash': '16', ...}``.

    ``what`` names the argument in error messages.
    """
    try:
        tokens = split_fields(text)
    except CommandLineError as e:
        raise EngineSpecError(f'{what} {text!r}: {e}') from None
    out = {}
    for t in tokens:
        if not _is_field(t):
            raise EngineSpecError(f'{what} {text!r}: {t!r} is not one of cmd=, proto=, name=, dir=, '
                                  'tc=, st=, nodes=, depth=, option.NAME=VALUE')
        key, _, value = t.partition('=')
        if key == 'proto' and value not in PROTOCOLS:
            raise EngineSpecError(f'{what} {text!r}: proto must be one of {", ".join(PROTOCOLS)}')
        if key == 'option.':
            raise EngineSpecError(f'{what} {text!r}: option. needs a name (option.Hash=16)')
        if key in LIMIT_KEYS:
            _check_limit(key, value, f'{what} {text!r}')
        out[key] = value
    if 'tc' in out and 'st' in out:
        raise EngineSpecError(f'{what} {text!r}: give tc= or st=, not both')
    return out


def _check_limit(key: str, value: str, where: str) -> None:
    try:
        if key == 'tc':
            parse_tc(value)
        elif key == 'st':
            if not float(value) > 0:
                raise ValueError
        elif int(value) < 1:
            raise ValueError
    except TimeControlError as e:
        raise EngineSpecError(f'{where}: {e}') from None
    except ValueError:
        need = 'a number of seconds above 0' if key == 'st' else 'a whole number above 0'
        raise EngineSpecError(f'{where}: {key}={value!r} must be {need}') from None


def limit_fields(fields: dict) -> dict:
    """The ``tc``/``st``/``nodes``/``depth`` fields of ``fields``."""
    return {k: v for k, v in fields.items() if k in LIMIT_KEYS}


def parse_engine_spec(text: str) -> EngineSpec:
    """The engine described by one ``--engine`` argument."""
    stripped = text.strip()
    if not stripped:
        raise EngineSpecError('empty --engine argument')
    if os.path.isfile(stripped):
        # a program's path, spaces and all ("C:\\Program Files\\x\\x.exe")
        return EngineSpec([stripped], 'auto', None, {}, None, text)
    try:
        tokens = split_fields(stripped)
    except CommandLineError as e:
        raise EngineSpecError(f'--engine {text!r}: {e}') from None
    if tokens and all(_is_field(t) for t in tokens):
        fields = parse_fields(stripped, '--engine')
        if 'cmd' not in fields:
            raise EngineSpecError(f'--engine {text!r}: key=value form needs cmd=COMMAND')
        spec = parse_engine_spec(fields['cmd'])
        proto = fields.get('proto', spec.proto)
        options = {k[len('option.'):]: v for k, v in fields.items() if k.startswith('option.')}
        return EngineSpec(spec.argv, proto, fields.get('name') or None, options,
                          fields.get('dir'), text, limit_fields(fields))
    proto = 'auto'
    head, colon, rest = stripped.partition(':')
    if colon and head in PROTOCOLS and rest.strip():
        proto, stripped = head, rest.strip()
    if os.path.isfile(stripped):
        return EngineSpec([stripped], proto, None, {}, None, text)
    try:
        argv = split_command(stripped)
    except CommandLineError as e:
        raise EngineSpecError(f'--engine {text!r}: {e}') from None
    return EngineSpec(argv, proto, None, {}, None, text)


def assign_names(specs: list[EngineSpec], reported: list[str | None]) -> list[str]:
    """Names for the engines of a tournament, all different.

    A name given with ``name=`` is kept.  Otherwise the engine's own name
    (UCI ``id name``, XBoard ``myname``) is used, or the program's file
    name; engines that would share a name are told apart by their
    arguments and options, and as a last resort by a number.

    >>> a = parse_engine_spec('cazaux-engine')
    >>> b = parse_engine_spec('cazaux-engine --option Evaluation=material')
    >>> assign_names([a, b], ['cazaux 0.1', 'cazaux 0.1'])
    ['cazaux 0.1', 'cazaux 0.1 (--option Evaluation=material)']
    """
    names = []
    for s, r in zip(specs, reported):
        names.append(s.name or (r or '').strip() or os.path.basename(s.argv[0]))
    for i, s in enumerate(specs):
        if s.name or names.count(names[i]) == 1:
            continue
        extra = ' '.join(s.argv[1:] + [f'{k}={v}' for k, v in s.options.items()])
        if extra:
            names[i] = f'{names[i]} ({extra})'
    before = list(names)
    seen: dict[str, int] = {}
    for i, n in enumerate(before):
        if before.count(n) > 1:
            seen[n] = seen.get(n, 0) + 1
            names[i] = f'{n} #{seen[n]}'
    return names
