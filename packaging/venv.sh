#!/bin/sh
# Make .venv (a virtual environment in the repository) with the package
# installed in editable mode and the extras given as $1 (e.g. "test,build"),
# its compiled core built by the system's C compiler (setup.py), every
# package at the version pinned in packaging/constraints.txt: the set-up
# step of packaging/quickstart.py (which see), run through quickstart.sh,
# which picks a Python 3.11 or newer ($PYTHON if set).  On Debian/Ubuntu it
# installs what is missing with apt-get (as root, or with password-less
# sudo): the venv module (python3.X-venv), a C compiler (gcc) and the Python
# headers (python3.X-dev, for Debian's Python).  Without a compiler the
# package still installs, runs interpreted, and this script says so; with
# --strict (CI) that is an error.  Used by test.sh.
#   sh packaging/venv.sh [--strict] [EXTRAS]
set -eu
cd "$(dirname "$0")/.."
strict=""
if [ "${1:-}" = "--strict" ]; then strict=--strict; shift; fi
exec sh packaging/quickstart.sh --venv-only $strict --extras "${1:-build}"
