"""The ``--engine`` argument: which program, which protocol, what name, which options.

Three spellings:

``CMD``
    a command line, protocol detected (``cazaux-engine --option Hash=16``);
    the path of an existing file is one word, spaces and all;
``uci:CMD`` / ``xboard:CMD``
    the same with the protocol stated (no detection delay);
``cmd=CMD [proto=uci|xboard|auto] [name=NAME] [dir=DIR] [tc=TC|st=S] [nodes=N] [depth=D]
[ponder] [option.NAME=VALUE ...]``
    key=value fields (shell quoting), as in Cute Chess; ``tc``, ``st``,
    ``nodes`` and ``depth`` are this engine's own limits (time odds), in
    place of ``--tc``, ``--st``, ``--nodes``, ``--depth``; ``ponder`` (or
    ``ponder=on``/``off``) lets the engine think on its opponent's time.

A spec whose first word is ``WORD=...`` (or ``ponder``) is in the
key=value form, and every word of it must be a field: an unknown or
misspelt one is refused, naming it and the valid ones, before any engine
is started (``restart=on`` is no field here; it is not taken for a
command that "cannot start").  Command splitting follows the system
(:mod:`.commandline`: Windows paths stay whole on Windows).

>>> s = parse_engine_spec("cmd='cazaux-engine --option Evaluation=material' name=mat option.Hash=16")
>>> s.argv, s.proto, s.name, s.options
(['cazaux-engine', '--option', 'Evaluation=material'], 'auto', 'mat', {'Hash': '16'})
>>> parse_engine_spec('uci:stockfish').proto
'uci'
>>> s = parse_engine_spec('cmd=sjaakii tc=10+0.1 depth=8 ponder')
>>> s.limits, s.ponder
({'tc': '10+0.1', 'depth': '8'}, True)
>>> parse_engine_spec('cmd=sjaakii nmae=x')
Traceback (most recent call last):
...
tournament.engine_spec.EngineSpecError: --engine 'cmd=sjaakii nmae=x': unknown field 'nmae' (did you mean name=?); the fields are cmd=, proto=, name=, dir=, tc=, st=, nodes=, depth=, ponder, option.NAME=VALUE
"""
from __future__ import annotations

import difflib
import os
import re
from dataclasses import dataclass, field

from .commandline import CommandLineError, split_command, split_fields
from .timecontrol import TimeControlError, parse_tc

PROTOCOLS = ('auto', 'uci', 'xboard')
_KEYS = ('cmd', 'proto', 'name', 'dir')
LIMIT_KEYS = ('tc', 'st', 'nodes', 'depth')     # per-engine limits, as cutechess-cli's
FLAGS = ('ponder',)                             # fields that may stand alone
PONDER_VALUES = {'on': True, 'off': False}
FIELDS_TEXT = ', '.join([f'{k}=' for k in _KEYS + LIMIT_KEYS] + list(FLAGS)
                        + ['option.NAME=VALUE'])
_FIELD_START = re.compile(r'^[A-Za-z_][\w.-]*=')


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
    ponder: bool | None = None          # None: not said (no pondering)

    def with_options(self, options: dict, limits: dict | None = None,
                     ponder: bool | None = None) -> 'EngineSpec':
        """A copy with ``options`` (and ``limits``, ``ponder``) added where this
        spec sets nothing itself; a ``tc`` or ``st`` of its own replaces both."""
        merged = dict(options)
        merged.update(self.options)
        lim = dict(limits or {})
        if 'tc' in self.limits or 'st' in self.limits:
            lim.pop('tc', None)
            lim.pop('st', None)
        lim.update(self.limits)
        return EngineSpec(list(self.argv), self.proto, self.name, merged, self.dir, self.text,
                          lim, self.ponder if self.ponder is not None else ponder)


def _key(token: str) -> str:
    return token.partition('=')[0]


def _is_field(token: str) -> bool:
    key = _key(token)
    if '=' not in token:
        return token in FLAGS
    return key in _KEYS or key in LIMIT_KEYS or key in FLAGS or key.startswith('option.')


def _unknown(token: str) -> str:
    """What is wrong with a word that is not a field, and the field it may have meant."""
    key = _key(token)
    if '.' in key:
        prefix, _, rest = key.partition('.')
        if difflib.get_close_matches(prefix, ['option'], n=1, cutoff=0.6):
            return f'unknown field {key!r} (did you mean option.{rest}=?)'
    close = difflib.get_close_matches(key, _KEYS + LIMIT_KEYS + FLAGS, n=1, cutoff=0.6)
    if close:
        return f'unknown field {key!r} (did you mean {close[0]}{"" if close[0] in FLAGS else "="}?)'
    if '=' not in token:
        return f'{token!r} is not a field'
    return f'unknown field {key!r} (an engine\'s own option is option.{key}=VALUE)'


def parse_fields(text: str, what: str = '--each') -> dict:
    """``key=value`` fields of ``text`` (``--each``): ``{'option.Hash': '16', ...}``;
    ``ponder`` is ``{'ponder': 'on'}``.  ``what`` names the argument in error messages.

    >>> parse_fields('option.Hash=16 ponder proto=uci')
    {'option.Hash': '16', 'ponder': 'on', 'proto': 'uci'}
    """
    where = f'{what} {text!r}'
    try:
        tokens = split_fields(text)
    except CommandLineError as e:
        raise EngineSpecError(f'{where}: {e}') from None
    out = {}
    for t in tokens:
        if not _is_field(t):
            raise EngineSpecError(f'{where}: {_unknown(t)}; the fields are {FIELDS_TEXT}')
        key, eq, value = t.partition('=')
        if key in out:
            raise EngineSpecError(f'{where}: {key}{"=" if eq else ""} is given twice')
        if key in FLAGS:
            if eq and value not in PONDER_VALUES:
                raise EngineSpecError(f'{where}: {key}={value!r}: write {key} alone, '
                                      f'{key}=on or {key}=off')
            value = value if eq else 'on'
        elif key == 'option.':
            raise EngineSpecError(f'{where}: option. needs a name (option.Hash=16)')
        elif not value and not key.startswith('option.'):
            raise EngineSpecError(f'{where}: {key}= is empty')
        elif key == 'proto' and value not in PROTOCOLS:
            raise EngineSpecError(f'{where}: proto must be one of {", ".join(PROTOCOLS)}')
        elif key in LIMIT_KEYS:
            _check_limit(key, value, where)
        out[key] = value
    if 'tc' in out and 'st' in out:
        raise EngineSpecError(f'{where}: give tc= or st=, not both')
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


def ponder_field(fields: dict) -> bool | None:
    """The ``ponder`` field of ``fields`` (None: not given)."""
    return PONDER_VALUES[fields['ponder']] if 'ponder' in fields else None


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
    if tokens and (_FIELD_START.match(tokens[0]) or tokens[0] in FLAGS):
        fields = parse_fields(stripped, '--engine')
        if 'cmd' not in fields:
            raise EngineSpecError(f'--engine {text!r}: the key=value form needs cmd=COMMAND')
        spec = _command(fields['cmd'], f'--engine {text!r}: cmd=')
        proto = fields.get('proto', spec.proto)
        options = {k[len('option.'):]: v for k, v in fields.items() if k.startswith('option.')}
        return EngineSpec(spec.argv, proto, fields.get('name'), options,
                          fields.get('dir'), text, limit_fields(fields), ponder_field(fields))
    spec = _command(stripped, f'--engine {text!r}: ')
    spec.text = text
    return spec


def _command(text: str, where: str) -> EngineSpec:
    """``CMD``, ``uci:CMD`` or ``xboard:CMD``."""
    proto = 'auto'
    head, colon, rest = text.partition(':')
    if colon and head in PROTOCOLS:
        if not rest.strip():
            raise EngineSpecError(f'{where}{head}: needs a command after it')
        proto, text = head, rest.strip()
    if os.path.isfile(text):
        return EngineSpec([text], proto, None, {}, None, text)
    try:
        argv = split_command(text)
    except CommandLineError as e:
        raise EngineSpecError(f'{where}{e}') from None
    if not argv:
        raise EngineSpecError(f'{where}no command')
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
