#!/bin/sh
# Install the Debian packages given as arguments that are not installed yet:
# `apt-get update`, then `apt-get install` of the missing ones only (as root,
# or with password-less sudo).  Nothing is fetched when all are there.
#   sh packaging/apt.sh [--strict] PACKAGE...
# Without --strict, a machine where they cannot be installed (no apt-get, no
# root) gets a warning and exit 0; with --strict (CI: packaging/test.sh) it is
# an error.
set -eu
strict=""
if [ "${1:-}" = "--strict" ]; then strict=1; shift; fi

missing=""
for p in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done
[ -n "$missing" ] || exit 0

fail() {
    if [ -n "$strict" ]; then
        echo "error: $1" >&2
        exit 1
    fi
    echo "warning: $1" >&2
    exit 0
}

command -v apt-get >/dev/null 2>&1 && command -v dpkg-query >/dev/null 2>&1 \
    || fail "no apt-get (not Debian/Ubuntu) to install:$missing"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    sudo -n true </dev/null 2>/dev/null || fail "not root and no password-less sudo to install:$missing"
    SUDO="sudo -n"
fi
export DEBIAN_FRONTEND=noninteractive
echo "== apt-get install$missing"
$SUDO apt-get update -qq </dev/null || fail "apt-get update failed"
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq $missing </dev/null \
    || fail "apt-get install$missing failed"
