"""search: evaluation, transposition table, time management and the searcher.

Imports only ``cazaux_engine``; every search is a :class:`SearchJob`, made
and run by a :class:`Searcher` (blocking: ``search``; background: ``start``).
"""
import cazaux_engine  # noqa: F401  (first: it decides compiled or interpreted modules)

from .job import ANALYZE, PONDER, THINK, SearchJob
from .searcher import Searcher
from .timeman import MoveCosts
from .types import Limits, SearchInfo, SearchResult

__all__ = ['ANALYZE', 'Limits', 'MoveCosts', 'PONDER', 'SearchInfo', 'SearchJob', 'SearchResult', 'Searcher',
           'THINK']
