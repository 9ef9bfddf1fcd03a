"""Engine options, shared by the XBoard and UCI layers.

Each option is declared once here; the protocols print it in their own
syntax and set it through :meth:`Options.set`, which checks the value and
leaves the option unchanged (raising OptionError with a clear message) when
the value is bad.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from cazaux_engine.registry import Registry
from cazaux_engine.variants import VARIANT_NAMES, VariantError
from search.book import BookError, Books
from search.level import MAX_ELO, MAX_SKILL, MIN_ELO, Level, skill_of_elo

from .debuglog import DebugLog, DebugLogError


class OptionError(ValueError):
    """A bad option name or value; the message is meant for the user."""


@dataclass
class Option:
    name: str
    kind: str                  # 'spin', 'check', 'combo', 'button', 'string', 'file'
    default: object = None
    min: int | None = None
    max: int | None = None
    choices: tuple = ()
    protocols: tuple = ('uci', 'xboard')
    help: str = ''

    def parse(self, text: str):
        """The value ``text`` denotes; OptionError if it is not allowed."""
        text = text.strip()
        if self.kind == 'spin':
            digits = text[1:] if text[:1] in '+-' else text
            if not (digits.isascii() and digits.isdigit()):
                raise OptionError(f'{self.name}: {text[:40]!r} is not a whole number')
            if len(digits) > 18:
                raise OptionError(f'{self.name}: {text[:20]}... is out of range {self.min}..{self.max}')
            v = int(text)
            if not self.min <= v <= self.max:
                raise OptionError(f'{self.name}: {v} is out of range {self.min}..{self.max}')
            return v
        if self.kind == 'check':
            if text.lower() in ('true', '1', 'on'):
                return True
            if text.lower() in ('false', '0', 'off'):
                return False
            raise OptionError(f'{self.name}: {text!r} is not true or false')
        if self.kind == 'combo':
            for c in self.choices:
                if c.lower() == text.lower():
                    return c
            raise OptionError(f'{self.name}: {text!r} is not one of {", ".join(self.choices)}')
        return text


MAX_SETUP = 10080   # maasai has the most placements
MAX_THREADS = 64

OPTIONS: tuple[Option, ...] = (
    Option('UCI_Variant', 'combo', 'chess', choices=VARIANT_NAMES, protocols=('uci',),
           help='the variant to play (its choices grow when VariantPath loads a file)'),
    Option('VariantPath', 'file', '',
           help='a variant file (JSON, docs/variants.md) whose variants are added to the '
                'built-in ones'),
    Option('Hash', 'spin', 64, 1, 4096, help='transposition table size in MB'),
    Option('Clear Hash', 'button', help='forget the transposition table'),
    Option('Threads', 'spin', 1, 1, MAX_THREADS, protocols=('uci',),
           help='search threads (XBoard sets them with its cores command)'),
    Option('Ponder', 'check', False, protocols=('uci',), help='think on the opponent\'s time'),
    Option('MultiPV', 'spin', 1, 1, 64, help='number of best lines to report when analysing'),
    Option('Move Overhead', 'spin', 50, 0, 5000,
           help='milliseconds kept in reserve per move for GUI and pipe delays'),
    Option('Setup', 'spin', 0, -1, MAX_SETUP,
           help='start placement in the Cazaux games: 0 the default, 1..N a placement '
                'index (24 zanzibar-s, 288 zanzibar-xl, 10080 maasai), -1 a random one'),
    Option('UCI_AnalyseMode', 'check', False, protocols=('uci',),
           help='set by GUIs while analysing'),
    Option('Evaluation', 'combo', 'full', choices=('full', 'material'),
           help='full evaluation, or material only (a weaker version for testing)'),
    Option('Contempt', 'spin', 0, -200, 200,
           help='centipawns a draw is worth less to the engine than to its opponent '
                '(above 0 it plays on against a weaker one; below 0 it welcomes draws); '
                'not while analysing'),
    Option('Skill Level', 'spin', MAX_SKILL, 0, MAX_SKILL,
           help='playing strength: 0 (a beginner) to 20 (full strength); see docs/levels.md'),
    Option('UCI_LimitStrength', 'check', False,
           help='play at the strength of UCI_Elo instead of Skill Level'),
    Option('UCI_Elo', 'spin', 1500, MIN_ELO, MAX_ELO,
           help='the chess rating to play at with UCI_LimitStrength (calibrated in chess '
                'against Stockfish; the variants use the same settings)'),
    Option('OwnBook', 'check', True,
           help="play the moves of the engine's own opening book while it has some"),
    Option('Book File', 'file', '',
           help='a book file (docs/book.md) instead of the books shipped with the engine'),
    Option('Debug Log File', 'file', '',
           help='append every line in and out, with the time, to this file (empty: none)'),
    Option('XBoard Quirks', 'check', True, protocols=('xboard',),
           help="keep away from, and refuse, the steps XBoard 4.9 takes for e.p. captures "
                "(with legality testing on; off, right after a double step onto that file; "
                "docs/xboard.md); off in a GUI that is not XBoard (the match runner turns it off)"),
)


class Options:
    """Current option values, by name, and the variants they can name: the
    ``registry`` that option VariantPath loads files into."""

    def __init__(self, registry: Registry | None = None):
        self.registry = registry or Registry()
        self.values = {o.name: o.default for o in OPTIONS if o.kind != 'button'}
        self.books: Books | None = Books('', self.registry)   # None after a bad Book File
        self.log = DebugLog()

    def __getitem__(self, name: str):
        return self.values[name]

    @staticmethod
    def find(name: str, protocol: str | None = None) -> Option:
        """The declaration of the option called ``name`` (in any case); with
        ``protocol`` ('uci' or 'xboard'), only one that protocol offers."""
        for o in OPTIONS:
            if o.name.lower() == name.strip().lower() \
                    and (protocol is None or protocol in o.protocols):
                return o
        raise OptionError(f'no option named {name.strip()!r}')

    def option(self, name: str, protocol: str | None = None) -> Option:
        """The option called ``name`` as offered now: UCI_Variant's choices
        are the variants of :attr:`registry`, files included."""
        o = self.find(name, protocol)
        if o.name == 'UCI_Variant':
            o = replace(o, choices=tuple(self.registry.names()))
        return o

    def offered(self, protocol: str) -> list[Option]:
        """The options ``protocol`` offers, in declaration order, as offered now."""
        return [self.option(o.name) for o in OPTIONS if protocol in o.protocols]

    def configure(self, searcher) -> None:
        """Hand ``searcher`` (a search.Searcher) the values it reads from
        options Evaluation, Move Overhead, Threads, Contempt, the strength
        (Skill Level, UCI_LimitStrength, UCI_Elo) and OwnBook.  Hash is left to the
        caller: resizing may have to wait for the search to end, and may fail."""
        searcher.material_only = self['Evaluation'] == 'material'
        searcher.move_overhead = self['Move Overhead'] / 1000
        searcher.set_threads(self['Threads'])
        searcher.level = self.level()
        searcher.contempt = self['Contempt']
        searcher.book = self.books if self['OwnBook'] else None

    def level(self) -> Level:
        """The playing strength the options ask for: UCI_Elo with
        UCI_LimitStrength, else Skill Level."""
        if self['UCI_LimitStrength']:
            return Level(skill_of_elo(self['UCI_Elo']))
        return Level(self['Skill Level'])

    def resize_hash(self, searcher) -> str | None:
        """Give ``searcher`` the size of option Hash.  When memory runs out,
        the searcher keeps the table it had, contents and all (a failed
        resize leaves it untouched), the option is set back to its size, and
        the message for the user is returned (None when all went well)."""
        mb, old = self['Hash'], searcher.hash_mb
        if mb == old:
            return None
        try:
            searcher.set_hash(mb)
        except MemoryError:
            self.values['Hash'] = old
            return f'Hash: not enough memory for {mb} MB; keeping {old} MB'
        return None

    def set(self, name: str, text: str | None) -> Option:
        """Set option ``name`` from text; return the Option (for buttons: just it).

        Setting VariantPath loads its file into :attr:`registry` (an empty
        value loads nothing); a bad file raises OptionError and changes
        nothing.  Debug Log File opens its file (a path that cannot be
        written raises OptionError and changes nothing).  Book File reads
        its book; a missing or bad one raises OptionError, keeps the option's
        value, and the engine then plays without a book until Book File is
        set again."""
        o = self.option(name)
        if o.kind != 'button':
            if text is None:
                raise OptionError(f'{o.name}: a value is needed')
            value = o.parse(text)
            if value == '<empty>' and o.name in ('Book File', 'Debug Log File'):
                value = ''
            if o.name == 'VariantPath' and value not in ('', '<empty>'):
                try:
                    self.registry.load_file(value)
                except VariantError as e:
                    raise OptionError(f'VariantPath: {e}') from None
            if o.name == 'Debug Log File':
                try:
                    self.log.open(value)
                except DebugLogError as e:
                    raise OptionError(f'Debug Log File: {e}') from None
            if o.name == 'Book File':
                try:
                    self.books = Books(value, self.registry)
                except BookError as e:
                    self.books = None
                    raise OptionError(f'Book File: {e}; playing without a book') from None
            self.values[o.name] = value
        return o
