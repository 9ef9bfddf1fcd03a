#!/bin/sh
# Command 1 of the README on Linux (and macOS): set everything up on a fresh
# machine and watch the engine play.  The work is done by
# packaging/quickstart.py, the same on Windows, macOS and Linux: it makes
# .venv with the package, its compiled core (C extensions built with Cython
# and the system's C compiler; on Debian/Ubuntu gcc and the Python headers
# are installed with apt-get when missing, elsewhere it says what is
# missing) and PyInstaller, builds the standalone binary dist/cazaux-engine
# (always with the compiled core: packaging/build.py refuses otherwise),
# then lets that binary play a short game of zanzibar-s against itself
# (about a minute), printing the board and the moves.  Arguments go to
# quickstart.py and through it to the demo, e.g.
#   ./packaging/quickstart.sh --variant pemba --plies 40 --movetime 500
# This script only picks the interpreter: $PYTHON if set, else the first of
# python3, python3.13, python3.12, python3.11 that is 3.11 or newer (else
# the one of an existing .venv).
set -eu
cd "$(dirname "$0")/.."

new_enough() {
    "$1" -c 'import sys; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1
}

PY=""
for c in ${PYTHON:-} python3 python3.13 python3.12 python3.11; do
    if command -v "$c" >/dev/null 2>&1 && new_enough "$c"; then PY=$c; break; fi
done
if [ -z "$PY" ] && new_enough .venv/bin/python; then PY=.venv/bin/python; fi
if [ -z "$PY" ]; then
    echo "error: Python 3.11 or newer is needed (set PYTHON=/path/to/python3.11)" >&2
    exit 1
fi
exec "$PY" packaging/quickstart.py "$@"
