"""Which protocol an engine speaks, the client for it, and the probe that
checks, before a match starts, that an engine can play it.

Detection starts the engine, sends ``uci`` and waits (at most
``DETECT_SECONDS``) for ``uciok``.  A reply that only an XBoard engine
gives (``feature``, ``Error``, ``Illegal move``, ``tellusererror``) or
silence means XBoard.  The probe process is then ended; the client starts
a fresh one, so each protocol begins from a clean engine.
"""
from __future__ import annotations

from .client import Client, EngineError, EngineSetupError
from .engine_spec import EngineSpec
from .process import EngineProcess, EngineProcessError
from .uci_client import UCIClient
from .xboard_client import XBoardClient

DETECT_SECONDS = 10.0
_XBOARD_SIGNS = ('feature', 'Error', 'Illegal move', 'tellusererror', 'telluser')


def detect_protocol(spec: EngineSpec, timeout: float = DETECT_SECONDS, log=None) -> str:
    """``uci`` or ``xboard`` (EngineSetupError if the engine cannot be run)."""
    try:
        p = EngineProcess(spec.argv, spec.dir, log, ' '.join(spec.argv))
    except EngineProcessError as e:
        raise EngineSetupError(str(e)) from None
    try:
        try:
            t = p.send('uci')
        except EngineProcessError:
            raise EngineSetupError(f'engine exited at once ({p.exit_text()})') from None
        while True:
            item = p.read(t + timeout)
            if item is None:
                return 'xboard'
            line = item[1]
            if line is None:
                p.wait(1.0)
                raise EngineSetupError(f'engine exited during protocol detection ({p.exit_text()})')
            s = line.strip()
            if s == 'uciok':
                return 'uci'
            if s.startswith(_XBOARD_SIGNS):
                return 'xboard'
    finally:
        try:
            p.send('quit')
        except EngineProcessError:
            pass
        p.close(0.5)


def make_client(spec: EngineSpec, proto: str, name: str = '', timeout: float = 30.0,
                log=None) -> Client:
    cls = {'uci': UCIClient, 'xboard': XBoardClient}[proto]
    return cls(spec, name, timeout, log)



def probe(spec: EngineSpec, variant, tc, timeout: float, log) -> tuple[str | None, str]:
    """Resolve the protocol, check that the engine starts, plays the variant and
    takes its limits; return the name it gives itself and what it is sent of
    its limits (EngineError if it cannot play)."""
    if spec.proto == 'auto':
        spec.proto = detect_protocol(spec, log=log.io_hook)
    c = make_client(spec, spec.proto, ' '.join(spec.argv), timeout, log.io_hook)
    try:
        c.start(variant)
        c.check_limits(tc)
        return c.reported_name, c.limits_text(tc)
    finally:
        if c.process:
            if c.process.alive():
                c.quit()
            else:
                c.kill()


__all__ = ['EngineError', 'detect_protocol', 'make_client', 'probe']
