"""A small engine for the tournament runner's tests.

It speaks UCI or XBoard (chosen by the first command, like the real
engine), plays a random legal move chosen by the rules core (reproducible:
the choice depends only on ``--seed`` and the position), and can
misbehave on its N-th move of every game::

    fake_engine.py [--proto auto|uci|xboard] [--name NAME] [--seed S]
                   [--misbehave KIND:N] [--sleep SECONDS] [--variants a,b]
                   [--score CP] [--ep2leg] [--san] [--castle-text O-O|0-0]
                   [--prefer-castle] [--variant-file]

KIND is one of

``illegal``   a well-formed move that is not legal
``garbage``   junk lines, then junk as its move
``noise``     junk lines (bad UTF-8, a huge line), then a legal move
``crash``     exit at once with status 3
``hang``      never answer again (not even ``quit``)
``slow``      sleep ``--sleep`` seconds, then move
``claim``     XBoard: claim a win that is not there
``resign``    resign
``refuse``    XBoard: answer the opponent's N-th move with ``Illegal move``
``exit-start`` exit before the handshake (N ignored)
``kill-parent`` kill the process that started it (a cluster's worker) with
              SIGKILL, then wait for the end of its input and exit

``--once FILE``: misbehave only if FILE does not exist yet, creating it (one
engine of many misbehaves, once).

``--ep2leg`` writes en-passant captures as XBoard two-leg moves (``e5d5,d5d6``);
``--san`` writes its moves in SAN (XBoard: and declares ``feature san=1``, so
that it is sent SAN too); ``--castle-text O-O`` writes castling as ``O-O``/
``O-O-O`` (``0-0``: with zeros), as Sjaak II does, and ``--prefer-castle``
castles whenever it can; ``--variant-file`` makes
an engine that plays only chess until it is given a variant file (UCI:
``setoption name VariantPath value FILE``, after which only a new ``uci``
shows the longer list, as Fairy-Stockfish does; XBoard: ``option
VariantFile=FILE``, answered by its features again, as Sjaak II does);
``--v1`` makes an XBoard engine without ping and without the usermove prefix.
``--spawn-child FILE`` starts a child process that sleeps (an engine's
helper, or the engine behind a launcher) and writes its pid to FILE.
``--ponder`` (UCI): declares the Ponder option, answers ``bestmove X ponder
Y`` (Y: the move it would choose for its opponent, so two fakes with one
seed always guess right), and on ``go ponder`` waits for ``ponderhit``
(then moves) or ``stop`` (then answers the pondered position).
With ``--proto xboard`` the engine answers ``uci`` with an error, as an
XBoard-only engine does.
"""
from __future__ import annotations

import argparse
import random
import re
import sys
import time

from cazaux_engine import (VARIANT_NAMES, get_variant, move_text, parse_fen, parse_move,
                           to_fen)
from cazaux_engine.moves import EP, move_flag, move_from, move_to
from cazaux_engine.san import castle_side, parse_san, san
from cazaux_engine.movegen import legal_moves


_MOVE = re.compile(r'^[a-p]\d+[a-p]\d+')


def out(line: str) -> None:
    sys.stdout.write(line + '\n')
    sys.stdout.flush()


class Fake:
    def __init__(self, args):
        self.args = args
        self.kind, _, n = (args.misbehave or ':').partition(':')
        self.at = int(n) if n else 0
        self.variant = get_variant('chess')
        self.pos = parse_fen(self.variant, self.variant.start)
        self.own_moves = 0
        self.user_moves = 0
        self.rank_base = 1

    def new(self, variant=None, fen=None):
        if variant:
            self.variant = get_variant(variant)
        self.pos = parse_fen(self.variant, fen or self.variant.start)
        self.own_moves = 0
        self.user_moves = 0

    def first_time(self) -> bool:
        """With --once FILE: whether FILE was still missing (it is created now)."""
        if not self.args.once:
            return True
        try:
            with open(self.args.once, 'x'):
                return True
        except FileExistsError:
            return False

    def choose(self) -> int:
        legal = legal_moves(self.pos)
        castles = sorted(m for m in legal if castle_side(self.pos, m))
        if self.args.prefer_castle and castles:
            return castles[0]
        texts = sorted((move_text(self.pos, m), m) for m in legal)
        rng = random.Random(f'{self.args.seed}:{to_fen(self.pos)}')
        return rng.choice(texts)[1]

    def illegal_text(self) -> str:
        legal = {move_text(self.pos, m, self.rank_base) for m in legal_moves(self.pos)}
        R = self.pos.rules
        for a in R.squares:
            for b in R.squares:
                t = R.square_name(a, self.rank_base) + R.square_name(b, self.rank_base)
                if a != b and t not in legal:
                    return t
        return 'a1a1'

    def bestmove_text(self) -> tuple[str, str | None]:
        """(what to answer, None) or ('', special) for a misbehaviour."""
        self.own_moves += 1
        if self.kind and self.own_moves == self.at and self.first_time():
            if self.kind == 'kill-parent':
                import os
                import signal
                os.kill(os.getppid(), signal.SIGKILL)
                for _ in sys.stdin:
                    pass
                sys.exit(0)
            if self.kind == 'crash':
                sys.stdout.flush()
                sys.exit(3)
            if self.kind == 'hang':
                for _ in sys.stdin:
                    pass
                time.sleep(3600)
            if self.kind == 'slow':
                time.sleep(self.args.sleep)
            if self.kind in ('noise', 'garbage'):
                sys.stdout.buffer.write(b'\xff\xfe garbage \x00\x01\n' + b'x' * 70000 + b'\n')
                sys.stdout.flush()
            if self.kind == 'garbage':
                return '', 'garbage'
            if self.kind == 'illegal':
                return self.illegal_text(), None
            if self.kind in ('claim', 'resign'):
                return '', self.kind
        m = self.choose()
        if self.args.ep2leg and move_flag(m) == EP:
            R = self.pos.rules
            victim = R.sq(R.file_of(move_to(m)), R.rank_of(move_from(m)))
            a = R.square_name(move_from(m), self.rank_base)
            v = R.square_name(victim, self.rank_base)
            b = R.square_name(move_to(m), self.rank_base)
            text = f'{a}{v},{v}{b}'
        elif self.args.castle_text and castle_side(self.pos, m):
            long = castle_side(self.pos, m) == 'long'
            text = self.args.castle_text + ('-' + self.args.castle_text[0]) * long
        elif self.args.san:
            text = san(self.pos, m, self.rank_base)
        else:
            text = move_text(self.pos, m, self.rank_base)
        self.pos.push(m)
        return text, None

    def play_user_move(self, text: str) -> None:
        text = text.strip()
        if ',' in text:     # two legs: from the first leg's start to the second's end
            a, b = text.split(',')
            text = re.match(r'[a-p]\d+', a).group() + re.sub(r'^[a-p]\d+', '', b)
        if self.args.san and not _MOVE.match(text):
            self.pos.push(parse_san(self.pos, text, self.rank_base))
            return
        self.pos.push(parse_move(self.pos, text, self.rank_base))


def run_uci(fake: Fake) -> None:
    loaded = not fake.args.variant_file

    def handshake():
        out(f'id name {fake.args.name}')
        out('id author the tests')
        out('option name UCI_Variant type combo default chess '
            + ' '.join(f'var {v}' for v in (fake.args.variants if loaded else ['chess'])))
        out('option name Hash type spin default 1 min 1 max 16')
        if fake.args.variant_file:
            out('option name VariantPath type string default <empty>')
        if fake.args.ponder:
            out('option name Ponder type check default false')
        out('uciok')

    handshake()
    pondering = False
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == 'uci':
            handshake()
        elif cmd == 'isready':
            out('readyok')
        elif cmd == 'setoption' and len(words) >= 5 and words[2] == 'VariantPath':
            loaded = True
        elif cmd == 'setoption' and len(words) >= 5 and words[2] == 'UCI_Variant':
            if not loaded and words[4] != 'chess':
                out(f'info string variant {words[4]} not known')
                continue
            fake.new(words[4])
        elif cmd == 'ucinewgame':
            fake.new()
        elif cmd == 'position':
            if words[1] == 'fen':
                i = words.index('moves') if 'moves' in words else len(words)
                fake.new(None, ' '.join(words[2:i]))
            else:
                i = words.index('moves') if 'moves' in words else len(words)
                fake.new()
            for t in words[i + 1:]:
                fake.play_user_move(t)
            fake.own_moves = len(words[i + 1:]) // 2 if 'moves' in words else 0
        elif cmd == 'go' and 'ponder' in words:
            pondering = True
            out(f'info depth 1 score cp {fake.args.score} nodes 1 string pondering')
        elif cmd in ('go', 'ponderhit') or (cmd == 'stop' and pondering):
            pondering = False
            text, special = fake.bestmove_text()
            if special == 'garbage':
                out('bestmove \x07zz99??')
            elif special == 'resign':
                out('bestmove 0000')
            else:
                out(f'info depth 1 score cp {fake.args.score} nodes 1 pv ' + text)
                guess = ''
                if fake.args.ponder and legal_moves(fake.pos):
                    guess = ' ponder ' + move_text(fake.pos, fake.choose())
                out(f'bestmove {text}{guess}')
        elif cmd == 'quit':
            return


def run_xboard(fake: Fake) -> None:
    force = False
    names = ['normal' if v == 'chess' else v for v in fake.args.variants]

    def features(loaded):
        known = names if loaded else ['normal']
        out('feature done=0')
        out(f'feature myname="{fake.args.name}" variants="{",".join(known)}" setboard=1 '
            f'usermove={0 if fake.args.v1 else 1} ping={0 if fake.args.v1 else 1} '
            f'sigint=0 sigterm=0 colors=0 san={1 if fake.args.san else 0} '
            f'name={1 if fake.args.name_feature else 0}')
        out('feature option="Hash -spin 1 1 16"')
        if fake.args.variant_file:
            out('feature option="VariantFile -file "')
        out('feature done=1')

    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == 'protover':
            features(not fake.args.variant_file)
        elif cmd == 'option' and line.split(None, 1)[1].startswith('VariantFile='):
            features(True)
        elif cmd == 'new':
            fake.new('chess')
            force = False
        elif cmd == 'variant':
            fake.new(words[1])
            fake.rank_base = 0 if fake.variant.ranks == 10 else 1
            out(f'setup ({"P" * 6}) 8x8+0_fairy {fake.variant.start}')
        elif cmd == 'setboard':
            fake.new(None, ' '.join(words[1:]))
        elif cmd == 'force':
            force = True
        elif cmd == 'ping':
            out(f'pong {words[1]}')
        elif cmd in ('usermove', 'go') or (fake.args.v1 and _MOVE.match(cmd)):
            if cmd != 'go':
                text = cmd if fake.args.v1 else words[1] if len(words) > 1 else ''
                if fake.args.v1 == (cmd == 'usermove'):
                    out(f'Error (unknown command): {line.strip()}')
                    continue
                fake.user_moves += 1
                if fake.kind == 'refuse' and fake.user_moves == fake.at:
                    out(f'Illegal move: {text}')
                    continue
                try:
                    fake.play_user_move(text)
                except Exception:
                    out(f'Illegal move: {text}')
                    continue
                if force:
                    continue
            force = False
            text, special = fake.bestmove_text()
            if special == 'garbage':
                out('move \x07zz99??')
            elif special == 'claim':
                out('1-0 {White mates}' if fake.pos.turn > 0 else '0-1 {Black mates}')
            elif special == 'resign':
                out('resign')
            else:
                out(f'1 {fake.args.score} 0 1 {text}')
                out(f'move {text}')
        elif cmd == 'quit':
            return


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument('--proto', default='auto', choices=('auto', 'uci', 'xboard'))
    ap.add_argument('--name', default='fake')
    ap.add_argument('--seed', default='0')
    ap.add_argument('--misbehave', default='')
    ap.add_argument('--sleep', type=float, default=2.0)
    ap.add_argument('--ep2leg', action='store_true')
    ap.add_argument('--score', type=int, default=7, help='the score it reports (centipawns)')
    ap.add_argument('--v1', action='store_true',
                    help='XBoard: no ping, moves without the usermove prefix')
    ap.add_argument('--variants', default=','.join(VARIANT_NAMES))
    ap.add_argument('--name-feature', action='store_true',
                    help='XBoard: declare feature name=1 (wants to know its opponent)')
    ap.add_argument('--san', action='store_true', help='moves in SAN (XBoard: feature san=1)')
    ap.add_argument('--castle-text', choices=('O-O', '0-0'),
                    help='castling written O-O/O-O-O or 0-0/0-0-0')
    ap.add_argument('--prefer-castle', action='store_true', help='castle whenever it can')
    ap.add_argument('--variant-file', action='store_true',
                    help='only chess until a variant file is given (VariantPath / VariantFile)')
    ap.add_argument('--once', metavar='FILE',
                    help='misbehave only if FILE does not exist yet (creating it)')
    ap.add_argument('--ponder', action='store_true',
                    help='UCI: bestmove X ponder Y, and go ponder / ponderhit')
    ap.add_argument('--spawn-child', metavar='FILE',
                    help='start a sleeping child process and write its pid to FILE')
    args = ap.parse_args()
    args.variants = args.variants.split(',')
    if args.spawn_child:
        import subprocess
        child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)'])
        with open(args.spawn_child + '.tmp', 'w') as f:
            f.write(str(child.pid))
        import os
        os.replace(args.spawn_child + '.tmp', args.spawn_child)
    fake = Fake(args)
    if fake.kind == 'exit-start':
        sys.exit(4)
    for line in sys.stdin:
        cmd = line.strip()
        if cmd == 'uci' and args.proto in ('auto', 'uci'):
            return run_uci(fake)
        if cmd == 'xboard' and args.proto in ('auto', 'xboard'):
            return run_xboard(fake)
        if cmd == 'quit':
            return
        out(f'Error (unknown command): {cmd}')


if __name__ == '__main__':
    main()
