"""The ``cazaux-engine`` command: protocol loop and subcommands.

Without a subcommand the engine speaks an engine protocol on standard input
and output, chosen by the first command it reads (``xboard``/``protover`` for
XBoard/WinBoard, ``uci`` for UCI).
"""
from __future__ import annotations

import os
import sys

from cazaux_engine import __version__, engine_name
from cazaux_engine.compiled import refusal

HELP = f"""cazaux-engine {__version__}: a chess-variant engine for Jean-Louis Cazaux's
games (zanzibar-s, zanzibar-s-promo, zanzibar-xl, maasai, pemba), Oblong
Chess 44 and orthodox chess.

usage:
  cazaux-engine [--option NAME=VALUE ...]
                                speak XBoard (CECP v2) or UCI on stdin/stdout;
                                the protocol is chosen by the first command
                                ("xboard"/"protover" or "uci"); --option presets
                                an engine option (e.g. --option Hash=128)
  cazaux-engine perft VARIANT [FEN|startpos] DEPTH [--divide]
                                count legal move tree leaves
  cazaux-engine bench [--depth N]
                                fixed-depth searches of fixed positions of every
                                variant; prints total nodes and nodes/second
  cazaux-engine eval VARIANT [FEN|startpos]
                                the static evaluation of a position, term by
                                term for both sides, in centipawns
  cazaux-engine match ...       engine-vs-engine tournaments (see match --help)
  cazaux-engine tune ...        tune the evaluation by games (see tune --help)
  cazaux-engine book ...        build, learn, show and check opening books (see
                                book --help; docs/book.md)
  --variants FILE               (with the engine, perft, bench, eval, match, tune
                                and book; may be repeated) add the variants of a
                                variant file (JSON, see docs/variants.md); bench
                                also searches their start positions.  In the
                                engine it acts as --option VariantPath=FILE does
  cazaux-engine --help | --version
                                --version also says whether the search core is
                                compiled (C, via Cython) or interpreted

Variants: chess, zanzibar-s, zanzibar-s-promo, zanzibar-xl, maasai, pemba, oblong44,
and those of variant files (the repository's variants/ has shako.json and
metamachy.json).

Environment: CAZAUX_ENGINE_TUNED=off plays without the tuned evaluation data
(search/tuned.json), CAZAUX_ENGINE_TUNED=FILE with the data of FILE.
CAZAUX_ENGINE_PARAMS="NAME=VALUE,..." replaces numbers of search/params.py
(experiments; see docs/strength.md).
CAZAUX_ENGINE_PURE=1 runs the interpreted Python core even where
the compiled one is installed (same moves and node counts, far slower); the
standalone binary has only the compiled core.  Without a compiled core (no C
compiler at the install) the engine starts only with CAZAUX_ENGINE_PURE=1; a
compiled core older than its source is an error until it is rebuilt
(python setup.py build_ext --inplace, or pip install -e .).
"""


def take_variant_files(argv: list[str]) -> tuple[list[str], list[str] | None]:
    """``argv`` without its ``--variants FILE`` pairs, and the FILEs in order
    (None when a ``--variants`` has no FILE)."""
    rest, files = [], []
    i = 0
    while i < len(argv):
        if argv[i] == '--variants':
            if i + 1 >= len(argv):
                return argv, None
            files.append(argv[i + 1])
            i += 2
        elif argv[i].startswith('--variants='):
            files.append(argv[i].partition('=')[2])
            i += 1
        else:
            rest.append(argv[i])
            i += 1
    return rest, files


def eval_main(argv: list[str], registry) -> int:
    """``cazaux-engine eval VARIANT [FEN|startpos]``."""
    if not argv or argv[0] in ('-h', '--help'):
        print('usage: cazaux-engine eval VARIANT [FEN|startpos]\n'
              'the static evaluation of the position, term by term for both sides')
        return 0 if argv else 2
    from cazaux_engine import FenError, start_position
    from cazaux_engine.variants import VariantError
    from search.explain import explain_text
    fen = ' '.join(argv[1:]).strip()
    try:
        v = registry.get(argv[0])
        pos = start_position(v, fen) if fen and fen != 'startpos' else start_position(v)
    except (VariantError, FenError, ValueError) as e:
        print(f'error: {e}', file=sys.stderr)
        return 2
    print('\n'.join(explain_text(pos)))
    return 0


def main(argv: list[str] | None = None) -> int:
    """The ``cazaux-engine`` command; its exit status.

    A reader that stops early (``cazaux-engine tune show | head``) ends
    the command quietly with status 141, as a program stopped by SIGPIPE
    ends, instead of a traceback: what was left to print goes nowhere."""
    try:
        code = dispatch(argv)
        sys.stdout.flush()          # here, not at exit, where a closed pipe could not be caught
        return code
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())   # so that the flush at exit writes nowhere
        return 141


def dispatch(argv: list[str] | None = None) -> int:
    """What :func:`main` does, a broken pipe aside."""
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in ('-h', '--help', 'help'):
        print(HELP)
        return 0
    if argv and argv[0] in ('-V', '--version'):
        print(engine_name())
        return 0
    why_not = refusal()         # no compiled core, and CAZAUX_ENGINE_PURE does not ask for the interpreted one
    if why_not:
        print(f'error: {why_not}', file=sys.stderr)
        return 2
    from search import params
    params.override_from_environment()      # first: no search module has copied a number yet
    from search import tuned
    if tuned.error():
        print(f'error: tuned data: {tuned.error()}', file=sys.stderr)
        return 2
    from cazaux_engine.registry import Registry
    from cazaux_engine.variants import VariantError
    registry = Registry()
    if not argv or argv[0] in ('perft', 'bench', 'match', 'eval', 'book', 'tune', '--option',
                               '--variants'):
        argv, files = take_variant_files(argv)
        if files is None:
            print('error: --variants needs a FILE', file=sys.stderr)
            return 2
        for f in files:
            try:
                registry.load_file(f)
            except VariantError as e:
                print(f'error: --variants: {e}', file=sys.stderr)
                return 2
    if argv and argv[0] == 'perft':
        from cazaux_engine.perft import main as perft_main
        return perft_main(argv[1:], registry)
    if argv and argv[0] == 'bench':
        from search.bench import main as bench_main
        return bench_main(argv[1:], registry)
    if argv and argv[0] == 'match':
        from tournament.cli import main as match_main
        return match_main(argv[1:], registry)
    if argv and argv[0] == 'eval':
        return eval_main(argv[1:], registry)
    if argv and argv[0] == 'book':
        from tuning.book import main as book_main
        return book_main(argv[1:], registry)
    if argv and argv[0] == 'tune':
        from tuning.cli import main as tune_main
        return tune_main(argv[1:], registry)
    from protocol.options import OptionError, Options
    options = Options(registry)
    rest = list(argv)
    while rest and rest[0] == '--option' and len(rest) >= 2:
        name, eq, value = rest[1].partition('=')
        try:
            options.set(name, value if eq else None)
        except OptionError as e:
            print(f'error: --option {rest[1]}: {e}', file=sys.stderr)
            return 2
        rest = rest[2:]
    if rest:
        print(f'error: unknown command or argument {rest[0]!r} (try --help)', file=sys.stderr)
        return 2
    for stream in (sys.stdin, sys.stdout):
        try:       # a stray non-text byte from a GUI must never stop the engine
            stream.reconfigure(errors='replace')
        except (AttributeError, ValueError):
            pass
    from protocol.loop import run as serve
    return serve(sys.stdin, sys.stdout, options)


if __name__ == '__main__':
    sys.exit(main())
