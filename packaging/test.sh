#!/bin/sh
# Run the whole test suite on a fresh machine: install what the tests need
# (Debian's xboard and xvfb for the real-client tests, a virtual environment
# with the package and its test extras), then run pytest.  CI runs exactly this.
set -eu
cd "$(dirname "$0")/.."

need_apt=""
command -v xvfb-run >/dev/null 2>&1 || need_apt="$need_apt xvfb"
[ -x /usr/games/xboard ] || command -v xboard >/dev/null 2>&1 || need_apt="$need_apt xboard"
if [ -n "$need_apt" ]; then
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo -n"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq $need_apt </dev/null
fi

PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip </dev/null
.venv/bin/python -m pip install -q -e '.[test,build]' </dev/null
exec .venv/bin/python -m pytest -q "$@"
