"""Property-based protocol fuzzing (hypothesis): random interleavings of legal
moves and hostile commands, sent to an in-process UCI session and XBoard
session, never crash the session and never change its position except
through legal moves.

Beside each session the test keeps a model: a Position of the rules core
that takes only the legal moves (and the take-backs the protocol offers).
Every hostile command gets its exact reply, and after every command the
session's position, its moves and (UCI ``d``, ``go perft 1``) what it
reports of them must equal the model's.  Hostile commands: garbage and
unicode lines, bad FENs, bad option values, illegal moves, commands out of
order, numbers of thousands of digits.

The runs are derandomized (the same examples every time) and bounded;
searches are depth 1, and the engine's own XBoard moves come from a depth-1
search on a long clock, so that an example plays the same way every time.
"""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

from cazaux_engine import get_variant, move_text, parse_fen, parse_move, to_fen
from cazaux_engine.variants import VARIANT_NAMES
from protocol import xboard_moves as xm
from protocol.options import OptionError, Options
from protocol.uci import UciSession
from protocol.uci_text import clean
from protocol.xboard import COMMANDS, XBoard
from protocol.xboard_variants import rank_base
from tests.lines import Lines
from cazaux_engine.movegen import legal_moves

HUGE = '9' * 5000            # more digits than int() takes by default
SEVEN = ('chess', 'pemba', 'zanzibar-s', 'zanzibar-s-promo', 'zanzibar-xl', 'maasai',
         'oblong44')

FUZZ = settings(derandomize=True, database=None, deadline=None, max_examples=40,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                       HealthCheck.data_too_large])

# text of any kind a line can hold (no line breaks), unicode included
any_text = st.text(st.characters(blacklist_categories=('Cs',), blacklist_characters='\n\r'),
                   max_size=40)
# one command-line token: no whitespace of any kind
token = st.text(st.characters(blacklist_categories=('Cs',)).filter(lambda c: not c.isspace()),
                min_size=1, max_size=30)
hostile_token = st.one_of(token, st.sampled_from([
    HUGE, '-' + HUGE, 'a1a99', 'z9z9', 'e2e4q', 'a0a1', '0000', '@@@@', 'e5d5,d5d6', 'e3e5,',
    'a1a1', 'O-O-O-O', 'é2é4', '\u2603', 'ｅ２ｅ４', 'e2e' + HUGE]))


def small_options() -> Options:
    """Options with a 1 MB table: a session per example must be cheap."""
    o = Options()
    o.set('Hash', '1')
    return o


def rejects(check, *args) -> bool:
    """Whether ``check(*args)`` refuses its input (raises)."""
    try:
        check(*args)
    except Exception:
        return True
    return False


# Option values that must be refused: (name, value) with the option's own
# checks deciding (a value that happens to be valid is left out).
BAD_VALUES = ['0', '-1', '-5', '65', '5001', '10081', HUGE, '-' + HUGE, '1e9', '0x10', 'lots',
              'maybe', 'none', '', '\u00bd', '\u0661', 'ＭＡＴＥＲＩＡＬ', 'no-such-file.json']
OPTION_NAMES = ['Hash', 'Threads', 'MultiPV', 'Move Overhead', 'Setup', 'Ponder',
                'Evaluation', 'UCI_Variant', 'VariantPath', 'UCI_AnalyseMode', 'Skill Level',
                'UCI_LimitStrength', 'UCI_Elo', 'OwnBook', 'Book File']


def bad_option(protocol: str):
    def refused(pair):
        name, value = pair
        try:
            o = Options.find(name, protocol)
        except OptionError:
            return True
        if o.kind == 'button':
            return False
        return rejects(Options().set, o.name, value)
    names = st.one_of(st.sampled_from(OPTION_NAMES), token)
    values = st.one_of(st.sampled_from(BAD_VALUES), token)
    return st.tuples(names, values).filter(refused)


def bad_fen(variant):
    """Text that is not a FEN of ``variant``, as UCI and XBoard read one."""
    def refused(text):
        return (text.split() and 'moves' not in text.split()
                and rejects(parse_fen, variant, ' '.join(text.split()))
                and rejects(lambda t: parse_fen(variant, xm.fen_from_xboard(variant, t)),
                            text.strip()))
    good = variant.start.split()
    mangled = st.sampled_from([
        'x' * 300, '8/8/8/8/8/8/8/8 w - - 0 1', ' '.join(good[:1] + ['x'] + good[2:]),
        ' '.join(good[:4] + [HUGE, '1']), good[0] + 'K w - - 0 1',
        good[0].replace('/', '//', 1) + ' w', good[0].swapcase() + ' b - - 0 1',
        ' '.join([good[0][::-1]] + good[1:]), '\u265a\u2654 w - - 0 1'])
    return st.one_of(mangled, any_text).filter(refused)


# -- UCI ------------------------------------------------------------------------

def uci_garbage(text: str) -> bool:
    """A line none of whose words is a UCI command (UCI skips unknown leading words)."""
    return not any(w.isidentifier() and hasattr(UciSession, 'cmd_' + w) for w in text.split())


UCI_GO = ['go depth 1', 'go nodes ' + HUGE + ' depth 1', 'go depth 1 nodes 0',
          'go wtime ' + HUGE + ' btime -' + HUGE + ' depth 1', 'go movestogo -4 depth 1',
          'go depth 1 banana 7', 'go searchmoves zz99 \u2603 depth 1', 'go mate 0 depth 1',
          'go depth -5', 'go depth 1 winc x binc ' + HUGE]
UCI_QUIET = ['stop', 'ponderhit', 'debug off', 'register later', 'stop', 'debug maybe']


def uci_no_position(s: UciSession, out: Lines, texts: list[str]) -> None:
    """After a refused position: no move for any board, until the position
    of the model is sent again."""
    s.handle('go depth 1')
    got = out.take()
    assert len(got) == 2 and got[0].startswith('info string error: no position: ')
    assert got[1] == 'bestmove 0000'
    s.handle('position startpos moves ' + ' '.join(texts))
    assert out.take() == []


def uci_step(data, s: UciSession, out: Lines, model, texts: list[str], moves: list[int]):
    kind = data.draw(st.sampled_from(['move', 'move', 'move', 'back', 'illegal', 'badfen',
                                      'option', 'garbage', 'quiet', 'isready', 'newgame',
                                      'perft', 'go', 'd']))
    event(kind)
    legal = legal_moves(model)
    if kind == 'move' and legal:
        m = data.draw(st.sampled_from(legal))
        texts.append(move_text(model, m))
        model.push(m)
        moves.append(m)
        s.handle('position startpos moves ' + ' '.join(texts))
        assert out.take() == []
    elif kind == 'back':
        k = data.draw(st.integers(0, len(texts)))
        for _ in range(len(texts) - k):
            model.pop()
            moves.pop()
            texts.pop()
        s.handle('position startpos moves ' + ' '.join(texts))
        assert out.take() == []
    elif kind == 'illegal':
        bad = data.draw(hostile_token.filter(lambda t: rejects(parse_move, model, t)))
        tail = data.draw(st.sampled_from(['', ' e2e4', ' ' + HUGE]))
        s.handle(f'position startpos moves {" ".join(texts)} {bad}{tail}')
        n = len(texts) + 1
        got = out.take()
        assert len(got) == 1 and got[0].startswith(f'info string error: position: move {n} ')
        assert got[0].endswith('; no position until a valid one arrives')
        uci_no_position(s, out, texts)
    elif kind == 'badfen':
        fen = data.draw(bad_fen(model.rules.variant))
        tail = data.draw(st.sampled_from(['', ' moves e2e4', ' moves']))
        s.handle(f'position fen {fen}{tail}')
        got = out.take()
        assert len(got) == 1 and got[0].startswith('info string error: bad FEN ')
        assert got[0].endswith('; no position until a valid one arrives')
        uci_no_position(s, out, texts)
    elif kind == 'option':
        name, value = data.draw(bad_option('uci'))
        before = dict(s.options.values)
        s.handle(f'setoption name {name} value {value}')
        got = out.take()
        assert len(got) == 1 and got[0].startswith('info string error: ')
        assert s.options.values == before
    elif kind == 'garbage':
        line = data.draw(any_text.filter(uci_garbage))
        s.handle(line)
        assert out.take() == ([f'info string unknown command: {clean(line.strip())}']
                              if line.split() else [])
    elif kind == 'quiet':
        s.handle(data.draw(st.sampled_from(UCI_QUIET)))
        got = out.take()
        assert got in ([], ['info string debug: expected "debug on" or "debug off"'])
    elif kind == 'isready':
        s.handle('isready')
        assert out.take() == ['readyok']
    elif kind == 'newgame':                 # a new game: the start again (Setup 0)
        s.handle('ucinewgame')
        assert out.take() == []
        while moves:
            model.pop()
            moves.pop()
        texts.clear()
    elif kind == 'perft':
        s.handle('go perft 1')
        s.control.finish_perft()
        got = out.take()
        assert sorted(got[:-2]) == sorted(f'{move_text(model, m)}: 1' for m in legal)
        assert got[-2:] == ['', f'Nodes searched: {len(legal)}']
    elif kind == 'go':
        s.handle(data.draw(st.sampled_from(UCI_GO)))
        s.control.wait()
        got = out.take()
        best = [x for x in got if x.startswith('bestmove')]
        assert len(best) == 1
        word = best[0].split()[1]
        if legal:
            assert parse_move(model, word) in legal
        else:
            assert word == '(none)'
    elif kind == 'd':
        s.handle('d')
        assert out.take()[-1] == f'Fen: {to_fen(model)}'


@pytest.mark.parametrize('variant', SEVEN)
@FUZZ
@given(data=st.data())
def test_uci_position_changes_only_by_legal_moves(variant, data):
    out = Lines()
    s = UciSession(out, small_options())
    s.searcher.set_seed(0)
    try:
        s.handle(f'setoption name UCI_Variant value {variant}')
        out.take()
        v = get_variant(variant)
        model = parse_fen(v, v.start)
        texts: list[str] = []
        moves: list[int] = []
        for _ in range(data.draw(st.integers(5, 30))):
            uci_step(data, s, out, model, texts, moves)
            assert to_fen(s.game.pos) == to_fen(model)
            assert s.game.moves == moves and s.game.variant.name == variant
    finally:
        s.handle('quit')


# -- XBoard ---------------------------------------------------------------------

def xboard_garbage(text: str) -> bool:
    """A line that is neither an XBoard command nor a bare move."""
    word, _, arg = text.strip().partition(' ')
    return word not in COMMANDS and not (xm.looks_like_move(word) and not arg.strip())


XB_PARAMS = ['level', 'level 40', 'level x y z', f'level 40 {HUGE} 0', 'level -1 -1 -1',
             'st', 'st -5', f'st {HUGE}', 'st \u2603', 'sd', 'sd abc', f'sd -{HUGE}', 'nps',
             f'nps {HUGE}', 'time', 'time x', f'time -{HUGE}', f'otim {HUGE}', 'otim 1.5',
             'memory lots', 'memory -1', 'cores many', 'cores \u0661']
XB_QUIET = ['draw', 'result 1-0 {hostile}', 'result *', 'easy', 'hard', 'post', 'nopost',
            'computer', 'random', 'accepted usermove', 'rejected san', '.', 'exit',
            'name \u2603 human', 'rating 2000 -' + HUGE, 'ics -', 'xboard', 'include all', '?']


def xboard_step(data, x: XBoard, out: Lines, model, moves: list[int], rb: int):
    kind = data.draw(st.sampled_from(['move', 'move', 'move', 'undo', 'illegal', 'badfen',
                                      'option', 'garbage', 'params', 'quiet', 'ping', 'hint',
                                      'bk', 'go']))
    event(kind)
    legal = legal_moves(model)
    if kind == 'move' and legal:
        m = data.draw(st.sampled_from(legal))
        text = xm.move_text(model, m, rb)
        x.handle(data.draw(st.sampled_from([f'usermove {text}', text])))
        got = out.take()
        if got:      # legal, but XBoard would take it for an e.p. capture: refused
            victim = xm.phantom_victim(model, m)
            assert victim is not None
            assert got == ['Illegal move (XBoard would take this step for an en-passant capture '
                           f'and remove the piece on {model.rules.square_name(victim, rb)}): '
                           f'{text}']
        else:
            model.push(m)
            moves.append(m)
    elif kind == 'undo':
        n = data.draw(st.sampled_from([1, 2]))
        cmd = 'undo' if n == 1 else 'remove'
        x.handle(cmd)
        if len(moves) >= n:
            assert out.take() == []
            for _ in range(n):
                model.pop()
                moves.pop()
        else:
            assert out.take() == [f'Error (command not legal now): {cmd}']
    elif kind == 'illegal':
        bad = data.draw(hostile_token.filter(lambda t: t != 'all'
                                             and rejects(xm.parse, model, t, rb)))
        form = data.draw(st.sampled_from(['usermove', 'bare', 'exclude']))
        if form == 'bare' and bad in COMMANDS:
            form = 'usermove'
        if form == 'exclude':
            x.handle(f'exclude {bad}')
            assert out.take() == [f'Illegal move: {bad}']
        elif form == 'usermove' or xm.looks_like_move(bad):
            x.handle(f'usermove {bad}' if form == 'usermove' else bad)
            got = out.take()
            assert len(got) == 1 and got[0].startswith('Illegal move (')
            assert got[0].endswith(f'): {bad}')
        else:
            x.handle(bad)
            assert out.take() == [f'Error (unknown command): {bad}']
    elif kind == 'badfen':
        fen = data.draw(bad_fen(model.rules.variant))
        x.handle(f'setboard {fen}')
        got = out.take()
        assert len(got) == 1 and got[0].startswith('tellusererror Illegal position: ')
        # no move for any board now; then XBoard's game again: new, variant, the moves
        x.handle('go')
        got = out.take()
        assert len(got) == 1 and got[0].startswith('Error (no position: ')
        assert got[0].endswith('): go')
        x.handle('new')
        if model.rules.variant.name != 'chess':
            x.handle(f'variant {model.rules.variant.name}')
        x.handle('force')
        out.take()
        replay = parse_fen(model.rules.variant, model.rules.variant.start)
        for m in moves:
            x.handle(f'usermove {xm.move_text(replay, m, rb)}')
            replay.push(m)
        assert out.take() == []
    elif kind == 'option':
        name, value = data.draw(bad_option('xboard'))
        before = dict(x.options.values)
        x.handle(f'option {name}={value}')
        got = out.take()
        assert len(got) == 1 and got[0].startswith('tellusererror ')
        assert x.options.values == before
    elif kind == 'garbage':
        line = data.draw(any_text.filter(xboard_garbage))
        x.handle(line)
        assert out.take() == ([f'Error (unknown command): {line.strip()}']
                              if line.strip() else [])
    elif kind == 'params':
        line = data.draw(st.sampled_from(XB_PARAMS))
        x.handle(line)
        got = out.take()
        assert got == [] or (len(got) == 1 and got[0].startswith('Error (')
                             and got[0].endswith(f'): {line}'))
    elif kind == 'quiet':
        x.handle(data.draw(st.sampled_from(XB_QUIET)))
        assert out.take() == []
    elif kind == 'ping':
        tag = data.draw(token)
        x.handle(f'ping {tag}')
        assert out.take() == [f'pong {tag}']
    elif kind == 'hint':
        x.handle('hint')
        got = out.take()
        assert len(got) == (1 if legal else 0)
        if got:
            assert got[0].startswith('Hint: ')
            assert xm.parse(model, got[0][6:], rb) in legal
    elif kind == 'bk':
        x.handle('bk')
        got = out.take()
        assert got[-1] == '' and len(got) >= 2
        if not got[0].startswith(' no '):       # ' no book moves ...', ' no opening book ...'
            for line in got[:-1]:            # ' MOVE SHARE% (score N)': a legal move
                assert xm.parse(model, line.split()[0], rb) in legal
    elif kind == 'go':               # the engine moves (depth 1, on a long clock), then force
        for line in ('easy', 'sd 1', 'level 0 1000 0', 'time 100000', 'otim 100000', 'go'):
            x.handle(line)
        x.control.wait()
        x.handle('force')
        played = [line.split()[1] for line in out.take() if line.startswith('move ')]
        assert len(played) <= 1 and (legal or not played)
        for text in played:
            m = xm.parse(model, text, rb)
            assert m in legal
            model.push(m)
            moves.append(m)


@pytest.mark.parametrize('variant', SEVEN)
@FUZZ
@given(data=st.data())
def test_xboard_position_changes_only_by_legal_moves(variant, data):
    out = Lines()
    x = XBoard(out, small_options())
    x.searcher.set_seed(0)         # book moves drawn alike in every run (hypothesis replays)
    try:
        x.handle('xboard')
        x.handle('new')
        if variant != 'chess':
            x.handle(f'variant {variant}')
        x.handle('force')
        out.take()
        v = get_variant(variant)
        model = parse_fen(v, v.start)
        moves: list[int] = []
        for _ in range(data.draw(st.integers(5, 30))):
            xboard_step(data, x, out, model, moves, rank_base(v))
            assert to_fen(x.game.pos) == to_fen(model)
            assert x.game.moves == moves and x.game.variant.name == variant
    finally:
        x.handle('quit')


def test_the_seven_variants_are_all_built_in():
    assert set(SEVEN) <= set(VARIANT_NAMES) and len(SEVEN) == 7
