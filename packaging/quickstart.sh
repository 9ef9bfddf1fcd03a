#!/bin/sh
# Command 1 of the README: set everything up on a fresh machine and watch
# the engine play.  Makes .venv with the package, its compiled core (C
# extensions built with Cython and the system's C compiler; on Debian/Ubuntu
# gcc and the Python headers are installed with apt-get when missing) and
# PyInstaller, builds the standalone binary dist/cazaux-engine (always with
# the compiled core: packaging/build.py refuses otherwise), then lets that
# binary play a short game of zanzibar-s against itself (about half a
# minute), printing the board and the moves.  Arguments go to the demo, e.g.
#   ./packaging/quickstart.sh --variant pemba --plies 40 --movetime 500
set -eu
cd "$(dirname "$0")/.."
echo "== setting up .venv (Python package with its compiled core, PyInstaller)"
sh packaging/venv.sh build
echo "== building the standalone binary dist/cazaux-engine"
.venv/bin/python packaging/build.py
echo "== the binary plays itself"
exec .venv/bin/python packaging/demo.py "$@"
