#!/usr/bin/env bash
# Installs Schemathesis (the contract suite's fuzzer, `npm run test:contract`) from PyPI into the
# tool cache, keyed by version, and prints the path of its `st` executable: a virtualenv, or, where
# Python has no venv module (Debian without python3-venv), a pip --target directory and a wrapper.
# The marker is written last: an install killed half-way is started over.
set -euo pipefail

SCHEMATHESIS_VERSION=4.32.5
CACHE="${TOCSIN_TOOL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tocsin}"
DIR="$CACHE/schemathesis-$SCHEMATHESIS_VERSION"
PYTHON="$(command -v python3 || command -v python)"

if [ ! -f "$DIR/.installed" ]; then
  rm -rf "$DIR"
  mkdir -p "$CACHE"
  if "$PYTHON" -m venv "$DIR" >&2 2>/dev/null; then
    "$DIR/bin/python" -m pip install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" >&2
  else
    rm -rf "$DIR"
    "$PYTHON" -m pip install --quiet --disable-pip-version-check --target "$DIR/lib" "schemathesis==$SCHEMATHESIS_VERSION" >&2
    mkdir -p "$DIR/bin"
    printf '#!/bin/sh\nPYTHONPATH="%s/lib${PYTHONPATH:+:$PYTHONPATH}" exec "%s" -m schemathesis.cli "$@"\n' "$DIR" "$PYTHON" > "$DIR/bin/st"
    chmod +x "$DIR/bin/st"
  fi
  touch "$DIR/.installed"
fi
printf '%s\n' "$DIR/bin/st"
