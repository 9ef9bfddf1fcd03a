"""Engine command lines, split into words as the system's own programs split them.

POSIX: shell words (:func:`shlex.split`): single and double quotes group,
a backslash escapes the next character.

Windows: a backslash is a path separator, not an escape.  A command is
split by the rules of the C runtime (``CommandLineToArgvW``, UCRT; the
``mslex`` package, installed with the engine on Windows): double quotes
group, backslashes are literal except before a double quote.  The
``key=value`` fields of an ``--engine`` are split with both kinds of quote
grouping and no escape at all, so that a command with spaces nests in a
field: ``cmd='"C:\\Program Files\\x\\x.exe" -xboard' name=x``.

>>> split_command('cazaux-engine --option "Evaluation=material"', windows=False)
['cazaux-engine', '--option', 'Evaluation=material']
>>> split_command(r'C:\\engines\\x.exe', windows=True)
['C:\\\\engines\\\\x.exe']
>>> split_command(r'"C:\\Program Files\\x\\x.exe" --opt "a b"', windows=True)
['C:\\\\Program Files\\\\x\\\\x.exe', '--opt', 'a b']
>>> split_fields(r"cmd='C:\\e\\x.exe -a' dir=C:\\e", windows=True)
['cmd=C:\\\\e\\\\x.exe -a', 'dir=C:\\\\e']
"""
from __future__ import annotations

import shlex
import sys


class CommandLineError(ValueError):
    """Text that cannot be split into words (an unclosed quote)."""


def is_windows() -> bool:
    """Whether engines are started the Windows way (tests patch ``sys.platform``)."""
    return sys.platform == 'win32'


def split_command(text: str, windows: bool | None = None) -> list[str]:
    """The words of an engine's command line."""
    if windows if windows is not None else is_windows():
        import mslex
        return mslex.split(text, like_cmd=False, ucrt=True)
    try:
        return shlex.split(text)
    except ValueError as e:
        raise CommandLineError(_why(e)) from None


def split_fields(text: str, windows: bool | None = None) -> list[str]:
    """The words of an ``--engine``'s ``key=value`` form (or of ``--each``)."""
    if not (windows if windows is not None else is_windows()):
        return split_command(text, False)
    lexer = shlex.shlex(text, posix=True)
    lexer.whitespace_split = True
    lexer.commenters = ''
    lexer.escape = ''           # C:\engines stays C:\engines
    try:
        return list(lexer)
    except ValueError as e:
        raise CommandLineError(_why(e)) from None


def _why(e: ValueError) -> str:
    text = str(e)
    if 'closing quotation' in text:
        return 'a quote is not closed'
    if 'escaped character' in text:
        return 'it ends with a backslash'
    return text
