"""Tuning the evaluation by games (Texel's method); see docs/strength.md.

``openings``    random balanced openings for self-play (pure Python)
``extract``     quiet positions with game results from finished games (pure Python)
``parameters``  what is fitted: piece values and weights, steps and bounds (pure Python)
``texel``       the method: K, the loss, the linearised fit (numpy, scipy)
``fit``         the method applied to the engine's evaluation (numpy, scipy)

The engine is seen only through :mod:`search.static`; the fitted numbers
are written as data (``search/tuned.json``, :mod:`search.tuned`).
The command line is ``cazaux-engine tune`` (:mod:`tuning.cli`).
numpy and scipy are the optional ``tune`` extra: the engine never needs them.
"""
