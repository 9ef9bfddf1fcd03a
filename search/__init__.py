"""search: evaluation, transposition table, time management and the searcher.

Imports only ``cazaux_engine``; every search is a :class:`SearchJob`, made
and run by a :class:`Searcher` (blocking: ``search``; background: ``start``).

Importing the package loads none of its modules: the names below are
imported on first use, so that the command line can change the numbers of
:mod:`search.params` (``CAZAUX_ENGINE_PARAMS``) before a module copies one.
"""
import cazaux_engine  # noqa: F401  (first: it decides compiled or interpreted modules)

__all__ = ['ANALYZE', 'Limits', 'MoveCosts', 'PONDER', 'SearchInfo', 'SearchJob', 'SearchResult', 'Searcher',
           'THINK']


def __getattr__(name: str):
    """``search.Searcher`` and the others of ``__all__``, imported when first asked for."""
    if name in ('Limits', 'SearchInfo', 'SearchResult'):
        from . import types as module
    elif name == 'Searcher':
        from . import searcher as module
    elif name in ('SearchJob', 'THINK', 'PONDER', 'ANALYZE'):
        from . import job as module
    elif name == 'MoveCosts':
        from . import timeman as module
    else:
        raise AttributeError(f'module {__name__!r} has no attribute {name!r}')
    value = globals()[name] = getattr(module, name)
    return value
