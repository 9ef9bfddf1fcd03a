#!/bin/sh
# Command 2 of the README, and what CI runs (.ci/run): the whole test suite
# on a fresh machine, without standard input.  It installs everything the
# tests need and FAILS (never skips) when something cannot be installed:
#
# * Debian packages, with apt-get (as root or with password-less sudo; only
#   the missing ones, after `apt-get update`): xboard and xvfb (the real
#   XBoard, headless), gcc (and python3.X-dev for Debian's Python) for the
#   compiled core, clang and llvm (its llvm-profdata) for the test of the
#   profile-guided build with Clang, sjaakii and fairymax (peer engines), and qtbase5-dev
#   libqt5svg5-dev cmake g++ make to build cutechess-cli;
# * cutechess-cli 1.3.1, built once per machine from the peers' source
#   ($CAZAUX_ENGINE_PEERS, default ../shared/peers beside the repository) by
#   its build.sh into $PEERS_DIR (default ~/.cache/peers), kept there;
# * shellcheck (Debian), with which actionlint also checks the workflow's
#   shell steps;
# * .venv with the package (compiled core included: it must build), pytest,
#   hypothesis, python-chess, PyInstaller, numpy and scipy (tune),
#   actionlint (lint) and Dask distributed (cluster);
#
# then runs pytest, which also builds the binary once and tests it.
# Arguments go to pytest, e.g. ./packaging/test.sh -k binary
set -eu
cd "$(dirname "$0")/.."
ROOT=$(pwd)

PEERS_SRC=${CAZAUX_ENGINE_PEERS:-$ROOT/../shared/peers}
PEERS_DIR=${PEERS_DIR:-$HOME/.cache/peers}
export CAZAUX_ENGINE_PEERS="$PEERS_SRC" PEERS_DIR

echo "== Debian packages (xboard, xvfb, compilers, peers, Qt 5 for cutechess-cli, shellcheck)"
sh packaging/apt.sh --strict xboard xvfb gcc clang llvm sjaakii fairymax \
    qtbase5-dev libqt5svg5-dev cmake g++ make shellcheck

echo "== cutechess-cli in $PEERS_DIR"
if [ ! -x "$PEERS_DIR/cutechess-cli" ]; then
    if [ ! -f "$PEERS_SRC/build.sh" ]; then
        echo "error: cutechess-cli is not built and the peers' source is not at $PEERS_SRC" \
             "(set CAZAUX_ENGINE_PEERS to the peers folder)" >&2
        exit 1
    fi
    sh "$PEERS_SRC/build.sh" cutechess </dev/null
fi
version=$("$PEERS_DIR/cutechess-cli" --version </dev/null) \
    || { echo "error: $PEERS_DIR/cutechess-cli does not run" >&2; exit 1; }
echo "$version" | head -n 1

echo "== setting up .venv (package with its compiled core, pytest, hypothesis, python-chess, PyInstaller, numpy and scipy for the tuner, actionlint, Dask distributed for match --cluster)"
sh packaging/venv.sh --strict test,build,tune,lint,cluster
.venv/bin/cazaux-engine --version </dev/null

echo "== pytest"
exec .venv/bin/python -m pytest -q --durations=10 "$@" </dev/null
