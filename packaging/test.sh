#!/bin/sh
# Command 2 of the README, and what CI runs (.ci/run): the whole test suite
# on a fresh machine, without standard input.  Installs what the tests need
# -- Debian's xboard and xvfb for the tests that drive a real XBoard (via
# apt-get, as root or with password-less sudo; they are skipped where that is
# impossible), and .venv with the package, pytest, python-chess and
# PyInstaller -- then runs pytest (which also builds the binary once).
# Arguments go to pytest, e.g. ./packaging/test.sh -k binary
set -eu
cd "$(dirname "$0")/.."

need_apt=""
command -v xvfb-run >/dev/null 2>&1 || need_apt="$need_apt xvfb"
[ -x /usr/games/xboard ] || command -v xboard >/dev/null 2>&1 || need_apt="$need_apt xboard"
if [ -n "$need_apt" ]; then
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo -n"
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "warning: no apt-get to install$need_apt; the real-XBoard tests will be skipped" >&2
    elif [ -n "$SUDO" ] && ! sudo -n true </dev/null 2>/dev/null; then
        echo "warning: not root and no password-less sudo to install$need_apt;" \
             "the real-XBoard tests will be skipped" >&2
    else
        export DEBIAN_FRONTEND=noninteractive
        echo "== apt-get install$need_apt"
        $SUDO apt-get update -qq </dev/null
        $SUDO apt-get install -y -qq $need_apt </dev/null
    fi
fi

echo "== setting up .venv (package, pytest, python-chess, PyInstaller)"
sh packaging/venv.sh test,build
echo "== pytest"
exec .venv/bin/python -m pytest -q --durations=10 "$@" </dev/null
