#!/bin/sh
# Make .venv (a virtual environment in the repository) with the package
# installed in editable mode and the extras given as $1 (e.g. "test,build"),
# its compiled core built by the system's C compiler (setup.py), every
# package at the version pinned in packaging/constraints.txt.
# Used by quickstart.sh and test.sh.  Needs Python 3.11 or newer: $PYTHON if
# set, else the first of python3, python3.13, python3.12, python3.11 that is
# new enough.  On Debian/Ubuntu it installs what is missing with apt-get (as
# root, or with password-less sudo): the venv module (python3.X-venv), a C
# compiler (gcc) and the Python headers (python3.X-dev, for Debian's Python).
# Without a compiler the package still installs, without its compiled core
# (the engine then starts only with CAZAUX_ENGINE_PURE=1, interpreted), and
# this script says so; with --strict (CI) that is an error.
#   sh packaging/venv.sh [--strict] [EXTRAS]
set -eu
cd "$(dirname "$0")/.."
strict=""
if [ "${1:-}" = "--strict" ]; then strict=--strict; shift; fi
extras=${1:-build}

new_enough() {
    "$1" -c 'import sys; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1
}

venv_ok() {
    [ -x .venv/bin/python ] && new_enough .venv/bin/python && .venv/bin/python -m pip --version >/dev/null 2>&1
}

if ! venv_ok; then
    PY=""
    for c in ${PYTHON:-} python3 python3.13 python3.12 python3.11; do
        if command -v "$c" >/dev/null 2>&1 && new_enough "$c"; then PY=$c; break; fi
    done
    if [ -z "$PY" ]; then
        echo "error: Python 3.11 or newer is needed (set PYTHON=/path/to/python3.11)" >&2
        exit 1
    fi
    rm -rf .venv
    if ! "$PY" -m venv .venv >/dev/null 2>&1; then
        rm -rf .venv
        # Debian/Ubuntu ship the venv module (ensurepip) separately
        if command -v apt-get >/dev/null 2>&1; then
            SUDO=""
            [ "$(id -u)" -eq 0 ] || SUDO="sudo -n"
            ver=$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
            echo "installing the Python venv module (apt-get install python$ver-venv)" >&2
            export DEBIAN_FRONTEND=noninteractive
            $SUDO apt-get update -qq </dev/null || true
            $SUDO apt-get install -y -qq "python$ver-venv" </dev/null \
                || $SUDO apt-get install -y -qq python3-venv </dev/null || true
        fi
        "$PY" -m venv .venv || {
            echo "error: '$PY -m venv' failed; install your Python's venv module" >&2
            exit 1
        }
    fi
fi

# The compiled core needs a C compiler and this Python's headers.
need=""
command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1 || need="gcc"
include=$(.venv/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
if [ ! -f "$include/Python.h" ]; then
    case $include in
        /usr/include/*) need="$need $(basename "$include")-dev";;   # Debian's python3.X-dev
        *) echo "warning: no Python headers in $include (install your Python's" \
                "development files): the core cannot be compiled" >&2;;
    esac
fi
if [ -n "$need" ]; then
    # shellcheck disable=SC2086
    sh packaging/apt.sh $strict $need
fi

# Pinned versions (packaging/constraints.txt), also for pip's isolated build
# environment of the compiled core, which reads PIP_CONSTRAINT.
PIP_CONSTRAINT="$(pwd)/packaging/constraints.txt"
export PIP_CONSTRAINT
.venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip </dev/null
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".[$extras]" </dev/null

# Say once which core got installed (pip hides the build's own output);
# compiled.py run as a script reads the build without importing the package.
if why=$(.venv/bin/python cazaux_engine/compiled.py </dev/null); then
    echo "== compiled core: built (C extensions via Cython; .venv/bin/cazaux-engine --version says so)"
else
    echo "== compiled core NOT built: $why" >&2
    echo "   The engine starts only with CAZAUX_ENGINE_PURE=1 (interpreted: same moves, far slower)." >&2
    [ -z "$strict" ] || { echo "error: the compiled core is required here" >&2; exit 1; }
fi
