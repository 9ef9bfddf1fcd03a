"""Run a :class:`~search.searcher.Searcher` in a background thread.

The protocol layer keeps reading commands while the engine thinks:

    t = SearchThread(searcher)
    t.start(pos, limits, on_info=..., on_done=lambda result: ...)
    t.stop()      # ask the search to finish; on_done still runs once
    t.wait()      # block until it has finished
"""
from __future__ import annotations

import threading

from .types import SearchResult
from cazaux_engine.movegen import legal_moves


class SearchThread:
    def __init__(self, searcher):
        self.searcher = searcher
        self._thread: threading.Thread | None = None

    @property
    def busy(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def is_current(self) -> bool:
        """Is the caller the search thread itself (in ``on_done``)?"""
        return self._thread is threading.current_thread()

    def start(self, pos, limits, on_info=None, on_done=None) -> None:
        """Start searching a copy of ``pos``; a running search is stopped
        first.  Called from ``on_done`` (the search thread, whose search is
        over), it starts the next search at once."""
        if not self.is_current():
            self.stop()
            self.wait()
        pos = pos.copy()
        self.searcher._stop = False         # the thread's search keeps later stop()s
        self.searcher._ponderhit = False    # ... and ponderhit()s

        def run():
            try:
                result = self.searcher.search(pos, limits, on_info, reset_stop=False)
            except Exception:           # never let a search bug kill the engine
                import traceback
                traceback.print_exc()
                moves = legal_moves(pos)
                result = SearchResult(moves[0] if moves else None)
            if on_done:
                on_done(result)

        self._thread = threading.Thread(target=run, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        if self.busy:
            self.searcher.stop()

    def ponderhit(self, limits=None) -> None:
        if self.busy:
            self.searcher.ponderhit(limits)

    def wait(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)
