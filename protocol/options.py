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
)


class Options:
    """Current option values, by name, and the variants they can name: the
    ``registry`` that option VariantPath loads files into."""

    def __init__(self, registry: Registry | None = None):
        self.registry = registry or Registry()
        self.values = {o.name: o.default for o in OPTIONS if o.kind != 'button'}

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
        options Evaluation, Move Overhead and Threads.  Hash is left to the
        caller: resizing may have to wait for the search to end, and may fail."""
        searcher.material_only = self['Evaluation'] == 'material'
        searcher.move_overhead = self['Move Overhead'] / 1000
        searcher.set_threads(self['Threads'])

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
        nothing."""
        o = self.option(name)
        if o.kind != 'button':
            if text is None:
                raise OptionError(f'{o.name}: a value is needed')
            value = o.parse(text)
            if o.name == 'VariantPath' and value not in ('', '<empty>'):
                try:
                    self.registry.load_file(value)
                except VariantError as e:
                    raise OptionError(f'VariantPath: {e}') from None
            self.values[o.name] = value
        return o
