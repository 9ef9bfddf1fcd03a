"""Text of the UCI layer: option declarations, info and bestmove lines,
command-line tokens to numbers.

Nothing here keeps state; :mod:`protocol.uci` owns the session.

>>> clean('bad\\x00 text \\udcff')
'bad? text ?'
>>> spin_value('99999999999999999999999', 0, 10**12)
1000000000000
"""
from __future__ import annotations

from cazaux_engine import Position, move_text
from cazaux_engine.variants import Variant
from search.types import SearchInfo

from .game import legal_line
from .options import Option
from .xboard_variants import parent_variant

MAX_ECHO = 80        # characters of a bad input echoed back in an info string


def clean(text: str, limit: int = MAX_ECHO) -> str:
    """``text`` made safe to echo: printable ASCII only, at most ``limit`` characters."""
    s = ''.join(c if ' ' <= c <= '~' else '?' for c in text)
    return s if len(s) <= limit else s[:limit] + '...'


def spin_value(token: str, lo: int, hi: int) -> int | None:
    """The whole number ``token`` clamped to lo..hi; None if it is not a number.

    GUIs send negative clock times when a player overstepped, and a hostile
    line may carry a number of thousands of digits: both are clamped.
    """
    t = token.strip()
    body = t[1:] if t[:1] in '+-' else t
    if not body.isdigit() or not body.isascii():
        return None
    if len(body) > 30:                      # beyond any range we clamp to
        return lo if t.startswith('-') else hi
    return max(lo, min(hi, int(t)))


def option_line(o: Option) -> str:
    """The ``option name ... type ...`` declaration of one engine option."""
    kind = 'string' if o.kind == 'file' else o.kind     # UCI has no file type
    parts = [f'option name {o.name} type {kind}']
    if o.kind == 'check':
        parts.append(f'default {"true" if o.default else "false"}')
    elif o.kind == 'spin':
        parts.append(f'default {o.default} min {o.min} max {o.max}')
    elif o.kind == 'combo':
        parts.append(f'default {o.default}')
        parts.extend(f'var {c}' for c in o.choices)
    elif kind == 'string':
        parts.append(f'default {o.default if o.default not in (None, "") else "<empty>"}')
    return ' '.join(parts)


def variant_line(v: Variant, start_fen: str) -> str:
    """The announcement of a selected variant, as Fairy-Stockfish writes it.

    UCI2WB reads ``files``, ``ranks``, ``pocket`` and ``template`` from it to
    set up the board in an XBoard GUI (``template`` is the XBoard parent
    variant, the same one the XBoard layer names in ``setup``), and
    ``startpos`` is the FEN that ``position startpos`` means from now on.
    """
    return (f'info string variant {v.name} files {v.files} ranks {v.ranks} pocket 0 '
            f'template {parent_variant(v)} startpos {start_fen}')


def info_line(pos: Position, info: SearchInfo) -> str:
    """One ``info depth ...`` progress line for a search of ``pos``."""
    if info.mate is not None:
        score = f'mate {info.mate}'
    else:
        score = f'cp {info.score}'
    if info.bound in ('lower', 'upper'):
        score += f' {info.bound}bound'
    t_ms = max(0, int(info.time * 1000))
    parts = [f'info depth {info.depth} seldepth {max(info.seldepth, info.depth)}',
             f'multipv {info.multipv} score {score}',
             f'nodes {info.nodes} nps {info.nps} hashfull {info.hashfull} time {t_ms}']
    pv = legal_line(pos, info.pv)
    if pv:
        parts.append('pv ' + ' '.join(move_text(pos, m) for m in pv))
    return ' '.join(parts)


def bestmove_line(pos: Position, best: int | None, ponder: int | None) -> str:
    """``bestmove X [ponder Y]``, or ``bestmove (none)`` without a legal move."""
    if best is None:
        return 'bestmove (none)'
    line = f'bestmove {move_text(pos, best)}'
    if ponder is not None:
        line += f' ponder {move_text(pos, ponder)}'
    return line
