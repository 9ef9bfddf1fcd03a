"""Every tunable number of the evaluation and the search, in one place.

Values are centipawns unless said otherwise.  Nothing here names a variant:
the evaluation derives its tables from each variant's data (see
:mod:`search.eval`) and these weights scale the derived terms.  To try a
change, edit a value here (or set the attribute at run time before the first
search of a variant: tables are cached per variant and ``material_only``
flag, see :func:`search.eval.clear_cache`) and compare with the self-play
script ``benchmarks/strength/selfplay.py``.
"""
from __future__ import annotations

# -- evaluation -----------------------------------------------------------------
# Centralisation: bonus per target square a piece has on an empty board
# from this square, above the piece's average over the board; capped.
MOBILITY_MG = 3
MOBILITY_EG = 2
MOBILITY_CAP = 40

# Pawn-like pieces and other promoters: bonus = gain * ADVANCE_x / (d + 1)**2
# where d is the number of moves to the last rank on an empty board (double
# steps included) and gain the best promotion minus the piece's own value.
ADVANCE_MG = 0.25
ADVANCE_EG = 0.60
# A promoter's bonus never exceeds this fraction of its gain.
ADVANCE_CAP = 0.35
# Passed pawn-like piece (no enemy pawn-like piece ahead on its own or a
# neighbouring file): gain * PASSED_x / (d + 1)**1.5, d and gain as above.
PASSED_MG = 0.12
PASSED_EG = 0.30
# Passed pawn-like pieces and the Kings (end game): per passed piece, its
# end-game passed bonus x PASSER_KING_EG / 100 per step (Chebyshev, each
# distance capped at PASSER_KING_STEPS) the enemy King stands further than
# the own King from the square in front of it.  0: the term is off.
PASSER_KING_EG = 0
PASSER_KING_STEPS = 5
# Blocked passed pieces: each file's most advanced passed pawn-like piece
# loses this percent of its passed bonus while the square in front of it
# holds a piece (either side's).  0 and 0: the term is off.
PASSER_BLOCKED_MG = 0
PASSER_BLOCKED_EG = 0
# Bonus per file step toward the centre for pawn-like pieces (middle game).
PAWN_CENTRE_MG = 4
# Pawn structure of the pawn-like pieces: penalty per such piece beyond the
# first of its colour on a file (doubled), and per such piece with none of
# its colour on a neighbouring file (isolated).  0: the term is off.
DOUBLED_MG = 0
DOUBLED_EG = 0
ISOLATED_MG = 0
ISOLATED_EG = 0
# Phalanx: a bonus per pawn-like piece with one of its colour beside it (on a
# neighbouring file of the same rank).  0 and 0: the term is off.
PHALANX_MG = 0
PHALANX_EG = 0

# King: middle game, penalty per rank away from the own first rank (capped
# at KING_RANK_CAP ranks) and bonus per file away from the centre file; end
# game, penalty per step (Chebyshev) away from the board's centre.
KING_RANK_MG = 20
KING_RANK_CAP = 4
KING_FILE_MG = 4
KING_CENTRE_EG = 10

# King shelter: bonus per own piece next to the King, scaled by the game
# phase (full in the middle game, none in the end game).
KING_SHELTER = 8

# King attack (middle game, scaled by the phase like the shelter): for each
# King, the squares of its zone (its square and the squares next to it) that
# the enemy's pieces (not Kings, not pawn-like pieces) reach from where they
# stand on an empty board, summed over those pieces; the penalty is
# KING_ATTACK x that sum x ATTACKERS_PERCENT[number of such pieces] / 100
# (a lone attacker counts little).  0: the term is off (and its tables are
# not built).
KING_ATTACK = 0
# King attack now: the same count, with the squares the enemy's slides reach
# from where they stand on this board (to the first piece in the way, that
# square included) in place of their empty-board reach; the other moves
# (leaps, hops, bent moves) count as above.  The penalty is KING_ATTACK_NOW
# x that sum x ATTACKERS_PERCENT[number of such pieces] / 100 cp at the full
# middle game, scaled by the phase.  0: the term is off (computed not at all).
KING_ATTACK_NOW = 0
ATTACKERS_PERCENT = (0, 25, 50, 75, 88, 94, 97, 99)

# Mobility now: per move a piece's slides have from where it stands (to an
# empty square, or onto the first enemy piece where the slide may capture)
# minus the moves they have from there on an empty board (so at most 0 but
# for capture-only slides); not Kings nor pawn-like pieces, not leaps, hops,
# lame or bent moves.  With MOBILITY_NOW_x equal to MOBILITY_x the two terms
# add up to about MOBILITY_x x (slide moves now - the piece's average reach
# on an empty board).
# 0 and 0: the term is off (computed not at all).  Set per variant in
# search/tuned.json where games proved it (chess: 3 and 4, docs/strength.md).
MOBILITY_NOW_MG = 0
MOBILITY_NOW_EG = 0

# Threats: a penalty per pair of an enemy piece that captures by leaps only
# (pawn-like pieces, Knights, Camels, ...: not the King, not pieces that
# slide, hop or bend, whose captures depend on the other pieces) and a piece
# (not the King) worth more than it on a square it could capture on.
# 0 and 0: the term is off (computed not at all).  Set per variant in
# search/tuned.json where games proved it (every built-in variant but chess
# and Pemba: 30 and 20; chess 38 and 40, Pemba 37 and 22, their fits;
# docs/strength.md).
THREAT_MG = 0
THREAT_EG = 0

# Colour pairs: a bonus per kind of colour-bound piece (one whose moves never
# change the colour of its square: Bishop, Ferz, Elephant, ...) a side has
# on squares of both colours (the Bishop pair of chess).  0 and 0: the term
# is off (computed not at all).
PAIR_MG = 0
PAIR_EG = 0

# Open files: a bonus per file rider (a piece that slides the whole length
# of a file and reaches no diagonal square: Rook, Cannon, ...; not the
# Queen) standing on a file with none of its own pawn-like pieces, twice
# that when the enemy has none there either.  0 and 0: the term is off
# (computed not at all).
OPEN_FILE_MG = 0
OPEN_FILE_EG = 0

# Trading down, for the bare-King rule (a side left with its King alone
# loses, Oblong 44): the side with more units (pieces other than the King,
# pawns among them) gets TRADE_DOWN x (its units - the other's) / (the
# other's units + 1), rounded toward 0.  Each even trade raises it, so the
# side ahead trades toward a bare King and the side behind avoids trades.
# 0: the term is off (computed not at all).  Set per variant in
# search/tuned.json where games prove it.
TRADE_DOWN = 0

# The 50-move rule: the evaluation is scaled by (FIFTY_SCALE - the plies
# since the last capture or pawn-like move) / FIFTY_SCALE, rounded toward
# 0 (and is 0 from that count on), so that the side ahead resets the count
# and the side behind runs it down.  0: off.  Set per variant in
# search/tuned.json where games prove it.
FIFTY_SCALE = 0

# Hunting the last unit, for the bare-King rule: when one side has a
# single unit (piece other than the King) left and the other has two or
# more, taking that unit wins.  The side ahead gets HUNT_KING per step its
# King stands closer to that unit than the board's longest distance
# (max(files, ranks) - 1, in King steps) and HUNT_GUARD per step the other
# King stands away from it.  0: off (computed not at all).  Set per variant
# in search/tuned.json where games prove it.
HUNT_KING = 0
HUNT_GUARD = 0

# Side to move.
TEMPO = 12

# One side has a bare King: bonus for the other side, plus per step the bare
# King stands away from the centre and per step the Kings are closer.
BARE_KING = 300
BARE_EDGE = 20
BARE_CLOSE = 10

# -- search ---------------------------------------------------------------------
MATE = 100_000
MATE_BOUND = MATE - 1000         # |score| above this is a mate score
INF = 1_000_000
MAX_PLY = 100

ASPIRATION = 15                  # first half-width of the aspiration window
ASPIRATION_MIN_DEPTH = 4

NULL_MIN_DEPTH = 3
NULL_REDUCTION = 3               # R = NULL_REDUCTION + depth // 6
NULL_MIN_MATERIAL = 400          # side to move's non-pawn material needed
NULL_EVAL_DIVISOR = 0            # R += min((eval - beta) // this, 3); 0: off
NULL_ZUGZWANG = 0                # 1: the null move also where having no move loses (stalemate =
                                 # ... loss, bare King), a fail-high then verified by a search of the
                                 # ... same reduced depth without it; 0: no null move there

RFP_DEPTH = 2                    # reverse futility: eval - RFP_MARGIN*depth >= beta
RFP_MARGIN = 110
RFP_ZUGZWANG = 0                 # 1: reverse futility (and razoring) also where having no move
                                 # ... loses (stalemate = loss, bare King); the null move stays off there
RAZOR_DEPTH = 0                  # razoring: to this depth (0: off), a non-PV node whose eval +
RAZOR_MARGIN = 200               # ... RAZOR_MARGIN x depth < beta returns its quiescence score if below beta
FUTILITY_DEPTH = 3               # futility: eval + FUTILITY_MARGIN[depth] <= alpha
FUTILITY_MARGIN = (0, 150, 280, 420)
LMP_DEPTH = 3                    # late move pruning: quiet moves after LMP_COUNT[depth]
LMP_COUNT = (0, 6, 10, 16, 24, 34, 46)      # (x 1.5 when improving); LMP_DEPTH at most 6
HISTORY_PRUNE_DEPTH = 0          # history pruning: to this depth (0: off), a quiet move whose
HISTORY_PRUNE = 4000             # history is below -HISTORY_PRUNE x depth is left out

IMPROVING = 1                    # 0: no improving-ness in the pruning margins
HISTORY_OF_MOVE_PAIRS = 1        # 0: no countermove nor continuation history

LMR_MIN_DEPTH = 3
LMR_MIN_MOVES = 3                # moves searched before reductions start
LMR_DIVISOR = 2.2                # r = log(depth) * log(moves) / LMR_DIVISOR
LMR_NOT_IMPROVING = 0            # r += this at a non-PV node that is not improving; 0: off
LMR_HISTORY = 0                  # r -= the move's history (with continuations) / this; 0: off
LMR_REFUTATIONS = 1              # 1: a killer or the countermove is reduced one ply less; 0: off
LMR_TT_CAPTURE = 1               # 1: a late quiet move is reduced one ply more when the hash move is a capture
LMR_BAD_CAPTURES = 0             # 1: a late capture that loses by SEE is reduced as a quiet move; 0: off
LMR_CUT_NODE = 2                 # r += this at a node expected to fail high (a cut node); 0: off
BAD_CAPTURES_LAST = 0            # 1: captures that lose by SEE are tried after the quiet moves; 0: before them
HISTORY_BONUS_LINEAR = 400       # a cut-off's history bonus: this x depth (at most 4096); 0: 32 x depth^2
                                 # (these four together: SPRT in chess, docs/strength.md, thirtieth round)

CAPTURE_HISTORY = 2              # captures ordered also by their capture history / this; 0: off
                                 # (SPRT +22.3 +- 14.9 Elo in chess: docs/strength.md)
CORRECTION = 0                   # correction history: the static eval corrected by what
                                 # searches found for its pawn structure (1: on, 0: off)
CORRECTION_MAX = 1024            # an entry's bound (1/16 cp: +-64 cp)
CORRECTION_NONPAWN = 0           # with CORRECTION, two more tables: White's and Black's other
                                 # pieces (the King's included), the three entries summed (1: on)

IIR_DEPTH = 5                    # internal iterative reduction: a PV node from this depth ...
IIR_NON_PV_DEPTH = 4             # ... and a non-PV node from this one (0: never) without a
                                 # hash move is searched one ply shallower (SPRT +17.8 +- 12.7
                                 # Elo in chess: docs/strength.md)

SINGULAR_DEPTH = 0               # singular extension: from this depth (0: off), a hash move
                                 # whose stored lower bound no other move reaches within
SINGULAR_MARGIN = 2              # ... SINGULAR_MARGIN x depth (a search of the other moves at
                                 # half the depth) is searched one ply deeper (6 in chess by
                                 # its tuned data: SPRT +73.6 +- 28.3 Elo at 100,000 nodes a
                                 # move, docs/strength.md)

PROBCUT_DEPTH = 5                # ProbCut: from this depth (0: off), at a non-PV node a capture
PROBCUT_MARGIN = 200             # ... that wins at least beta + PROBCUT_MARGIN - eval by SEE and
                                 # whose score, searched 4 plies shallower, beats beta + margin
                                 # ends the node (SPRT +22.8 +- 15.2 Elo in chess: docs/strength.md)

SEE_PRUNE_DEPTH = 8              # SEE pruning: to this depth (0: off), at a non-PV node, a move
SEE_QUIET_MARGIN = 15            # ... that does not give check is left out when its exchange loses
SEE_CAPTURE_MARGIN = 100         # ... more than this x depth squared (quiet) or x depth (capture)
                                 # (SPRT +74.5 +- 29.1 Elo in chess: docs/strength.md)

TT_EVAL = 0                      # 1: the pruning goes by the table's score instead of the static
                                 # eval where the entry's bound says the eval is too low or too high
CHECK_EXTENSION_SEE = 0          # 1: extend only checks that do not lose in the exchange (SEE >= 0)

DELTA_MARGIN = 150               # quiescence delta pruning
CHECK_EVERY = 32                 # nodes between clock/stop checks (power of 2)

# -- time -----------------------------------------------------------------------
MOVES_TO_GO = 28                 # assumed moves left when the clock does not say ...
MOVES_TO_GO_SUDDEN = 50          # ... without an increment (and the most ever planned for)
RESERVE = 0.1                    # seconds always left on the clock: never planned into ...
RESERVE_SHARE = 0.02             # ... or this share of the clock ...
RESERVE_MAX = 1.0                # ... up to this many seconds
SPEND_RATIO = 2.0                # a move spends about this x its soft limit: until the game has
SPEND_SAMPLES = 3                # ... measured this many moves (then their median, see
SPEND_RATIO_MAX = 3.0            # ... timeman.MoveCosts.spend_ratio), at most this
HARD_FACTOR = 3.0                # hard limit = HARD_FACTOR x the time a move should spend ...
HARD_SHARE = 0.3                 # ... but at most this share of the clock (0.5 with an increment)
LOW_CLOCK_MOVES = 10             # emergency below this many moves of increment + overhead
EMERGENCY_INC_USE = 0.5          # emergency: spend this share of the increment beyond the overhead
TM_LINE = 0                      # 1: no cliff at the emergency line (timeman.plan); 0: off
MIN_THINK = 0.005                # seconds: the least hard limit
STABLE_FACTOR = 0.6              # start no new iteration past this x soft limit
UNSTABLE_BONUS = 0.7             # soft limit x (1 + bonus) after a best-move change
TM_EFFORT = 0                    # soft limit x (1 + (TM_EFFORT_MID - effort) x this / 100), the
TM_EFFORT_MID = 0.65             # ... effort being the share of the last iteration's nodes that
                                 # ... its best move took (timeman.stretch); 0: off
TM_FALLING = 0                   # soft limit x (1 + drop / this), the drop being how far the score
                                 # ... fell from the last move's and from TM_DROP_BACK iterations back (cp); 0: off
TM_DROP_BACK = 4                 # iterations back for the drop: even, so that both scores end on the
                                 # ... same side's ply (the odd-even swing, about 20 cp from the chess start)
TM_STRETCH_MIN = 0.5             # the two together stretch the soft limit at least this much ...
TM_STRETCH_MAX = 1.6             # ... and at most this much


def override_from_environment() -> None:
    """``CAZAUX_ENGINE_PARAMS="NAME=VALUE,..."`` replaces numbers of this
    module: for experiments (one build plays both sides of a match with
    different settings, see docs/strength.md).  A name that is not a number
    here, or a value that is not a number, stops the program with a message.

    The ``cazaux-engine`` command calls this first (protocol/cli.py), before
    any other module of ``search`` is imported and could copy a number;
    importing this module changes nothing.
    """
    import os
    text = os.environ.get('CAZAUX_ENGINE_PARAMS', '').strip()
    if not text:
        return
    g = globals()
    for item in text.split(','):
        name, _, value = item.partition('=')
        name = name.strip()
        if not name.isupper() or not isinstance(g.get(name), (int, float)) \
                or isinstance(g.get(name), bool):
            raise SystemExit(f'CAZAUX_ENGINE_PARAMS: {name!r} is not a number of search/params.py')
        try:
            g[name] = type(g[name])(float(value)) if isinstance(g[name], float) else int(value)
        except ValueError:
            raise SystemExit(f'CAZAUX_ENGINE_PARAMS: {name}={value!r} is not a number') from None
