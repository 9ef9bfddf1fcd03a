"""search: evaluation, transposition table, time management and the searcher.

Imports only ``cazaux_engine``; the protocol layer drives it through
:class:`Searcher` (blocking) or :class:`SearchThread` (background).
"""
import cazaux_engine  # noqa: F401  (first: it decides compiled or interpreted modules)

from .searcher import Searcher
from .thread import SearchThread
from .types import Limits, SearchInfo, SearchResult

__all__ = ['Limits', 'SearchInfo', 'SearchResult', 'SearchThread', 'Searcher']
