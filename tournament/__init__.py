"""Engine-vs-engine tournaments with the rules core as arbiter.

One concept per module:

``timecontrol``  time controls (``40/60+0.5``, ``st``, depth, nodes) and clocks
``engine_spec``  the ``--engine`` argument: command, protocol, name, options
``process``      an engine process: lines in, time-stamped lines out
``client``       what the arbiter asks of any engine, and the errors it raises
``xboard_client``, ``uci_client``  the two protocols, GUI side
``openings``     start positions: default, every setup, random, a file
``arbiter``      one game: moves checked, clocks kept, results decided
``adjudication`` ending hopeless or dead games by the engines' scores (opt-in)
``resume``       finding the games a PGN file already holds
``eventlog``     warnings, results and engine I/O for the log
``detect``       which protocol an engine speaks
``pgn``          writing and reading games
``elo``, ``sprt`` the statistics
``schedule``     round robin and gauntlet pairings
``runner``       workers, engine restarts, resuming, progress
``report``       the progress line and the final table

The command line is :mod:`tournament.cli`.
"""
