"""The piece library: every piece these variants use, defined once.

Each entry gives the FEN letter, the Betza string of its moves (see
:mod:`cazaux_engine.betza`) and its value in centipawns (the inventor's
"more realistic" estimates, docs/rules.md; variants override some).

Pawn-like double steps, en passant, the King's jump and castling are variant
rules (see :mod:`cazaux_engine.variants`), so the Betza strings here are the
moves every variant shares.
"""
from __future__ import annotations

PIECES: dict[str, dict] = {
    'king':       {'letter': 'K', 'betza': 'K', 'value': 0},
    'queen':      {'letter': 'Q', 'betza': 'Q', 'value': 850},
    'rook':       {'letter': 'R', 'betza': 'R', 'value': 500},
    'bishop':     {'letter': 'B', 'betza': 'B', 'value': 350},
    'knight':     {'letter': 'N', 'betza': 'N', 'value': 250},
    'pawn':       {'letter': 'P', 'betza': 'fmWfcF', 'value': 100},
    'eagle':      {'letter': 'G', 'betza': 'FyafsF', 'value': 800},
    'rhinoceros': {'letter': 'U', 'betza': 'WyafsW', 'value': 600},
    'lion':       {'letter': 'L', 'betza': 'KNAD', 'value': 750},
    'buffalo':    {'letter': 'F', 'betza': 'NCZ', 'value': 700},
    'sorceress':  {'letter': 'S', 'betza': 'mQcpQ', 'value': 650},
    'duchess':    {'letter': 'D', 'betza': 'KADGH', 'value': 750},
    'prince':     {'letter': 'I', 'betza': 'K', 'value': 350},
    'camel':      {'letter': 'M', 'betza': 'C', 'value': 200},
    'giraffe':    {'letter': 'Z', 'betza': 'Z', 'value': 200},
    'cannon':     {'letter': 'C', 'betza': 'mRcpR', 'value': 400},
    'crocodile':  {'letter': 'V', 'betza': 'mBcpB', 'value': 300},
    'elephant':   {'letter': 'E', 'betza': 'FA', 'value': 250},
    'machine':    {'letter': 'W', 'betza': 'WD', 'value': 300},
    'maasai':     {'letter': 'A', 'betza': 'fmWfcF', 'value': 120},
    # shatranj pieces (Oblong Chess 44)
    'ferz':       {'letter': 'F', 'betza': 'F', 'value': 150},
    'alfil':      {'letter': 'E', 'betza': 'A', 'value': 125},
    'dabbaba':    {'letter': 'D', 'betza': 'D', 'value': 150},
}
