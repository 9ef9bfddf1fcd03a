"""``--engine`` and ``--each``: every spec error is refused before any engine
starts, with a message that names what is wrong (verbatim here)."""
import shlex
import sys
from pathlib import Path

import pytest

from tournament.cli import main
from tournament.engine_spec import EngineSpecError, parse_engine_spec, parse_fields
from tournament.process import EngineProcess, EngineProcessError

FAKE = Path(__file__).parent.parent / 'fake_engines' / 'fake_engine.py'
FIELDS = ('the fields are cmd=, proto=, name=, dir=, tc=, st=, nodes=, depth=, ponder, '
          'option.NAME=VALUE')


@pytest.mark.parametrize('text, message', [
    ('cmd=x restart=on',
     "--engine 'cmd=x restart=on': unknown field 'restart' (an engine's own option is "
     f"option.restart=VALUE); {FIELDS}"),
    ('cmd=x nmae=foo', f"--engine 'cmd=x nmae=foo': unknown field 'nmae' (did you mean name=?); {FIELDS}"),
    ('cmd=x depht=3', f"--engine 'cmd=x depht=3': unknown field 'depht' (did you mean depth=?); {FIELDS}"),
    ('cmd=x pondr', f"--engine 'cmd=x pondr': unknown field 'pondr' (did you mean ponder?); {FIELDS}"),
    ('cmd=x optoin.Hash=1',
     f"--engine 'cmd=x optoin.Hash=1': unknown field 'optoin.Hash' (did you mean option.Hash=?); {FIELDS}"),
    ('restart=on cmd=x',
     "--engine 'restart=on cmd=x': unknown field 'restart' (an engine's own option is "
     f"option.restart=VALUE); {FIELDS}"),
    ('cmd=x name=a name=b', "--engine 'cmd=x name=a name=b': name= is given twice"),
    ('cmd=x name=', "--engine 'cmd=x name=': name= is empty"),
    ('cmd="" name=x', "--engine 'cmd=\"\" name=x': cmd= is empty"),
    ('name=x', "--engine 'name=x': the key=value form needs cmd=COMMAND"),
    ('cmd=x ponder=maybe', "--engine 'cmd=x ponder=maybe': ponder='maybe': write ponder alone, "
                           "ponder=on or ponder=off"),
    ('cmd=x proto=cecp', "--engine 'cmd=x proto=cecp': proto must be one of auto, uci, xboard"),
    ('cmd=x option.=1', "--engine 'cmd=x option.=1': option. needs a name (option.Hash=16)"),
    ('cmd=x nodes=0', "--engine 'cmd=x nodes=0': nodes='0' must be a whole number above 0"),
    ('cmd=x st=-1', "--engine 'cmd=x st=-1': st='-1' must be a number of seconds above 0"),
    ('cmd=x tc=10 st=1', "--engine 'cmd=x tc=10 st=1': give tc= or st=, not both"),
    ("cmd='x", "--engine \"cmd='x\": a quote is not closed"),
    ('x "y', "--engine 'x \"y': a quote is not closed"),
    ('uci:', "--engine 'uci:': uci: needs a command after it"),
    ('cmd=xboard:', "--engine 'cmd=xboard:': cmd=xboard: needs a command after it"),
    ('  ', 'empty --engine argument'),
])
def test_spec_errors(text, message):
    with pytest.raises(EngineSpecError) as e:
        parse_engine_spec(text)
    assert str(e.value) == message


def test_each_errors():
    with pytest.raises(EngineSpecError) as e:
        parse_fields('option.Hash=16 Threads=2')
    assert str(e.value) == ("--each 'option.Hash=16 Threads=2': unknown field 'Threads' (an "
                            f"engine's own option is option.Threads=VALUE); {FIELDS}")


def test_ponder_field():
    assert parse_engine_spec('cmd=x ponder').ponder is True
    assert parse_engine_spec('cmd=x ponder=off').ponder is False
    assert parse_engine_spec('cmd=x').ponder is None
    each = parse_fields('ponder')
    assert parse_engine_spec('cmd=x').with_options({}, {}, True).ponder is True
    assert parse_engine_spec('cmd=x ponder=off').with_options({}, {}, True).ponder is False
    assert each == {'ponder': 'on'}


def test_a_bad_spec_starts_nothing(tmp_path, capsys):
    """The first engine would write a file as it starts: a bad second spec stops
    the run before that (exit status 2), and names the field."""
    started = tmp_path / 'started'
    good = (f'uci:{shlex.quote(sys.executable)} {shlex.quote(str(FAKE))} '
            f'--spawn-child {shlex.quote(str(started))}')
    with pytest.raises(SystemExit) as e:
        main(['--variant', 'chess', '--engine', good, '--engine', 'cmd=fairymax restart=on',
              '--nodes', '1', '--pgn', str(tmp_path / 'x.pgn')])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.endswith("error: --engine 'cmd=fairymax restart=on': unknown field 'restart' "
                        f"(an engine's own option is option.restart=VALUE); {FIELDS}\n")
    assert not started.exists() and not (tmp_path / 'x.pgn').exists()


def test_a_missing_dir_is_named(tmp_path):
    with pytest.raises(EngineProcessError) as e:
        EngineProcess([sys.executable, '-c', 'pass'], cwd=str(tmp_path / 'nowhere'))
    assert str(e.value) == (f"cannot start '{sys.executable} -c pass': dir "
                            f"'{tmp_path / 'nowhere'}' is not a directory")
