#!/usr/bin/env bash
# Set up (idempotently) and run every check: ruff, mypy, then the test suite.
# Usage: ./scripts/test.sh [extra pytest args]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/setup.sh test

echo "== ruff" >&2
"$VENV/bin/ruff" check src exporters examples tests benchmarks
echo "== mypy" >&2
"$VENV/bin/mypy"
echo "== pytest" >&2
"$VENV/bin/python" -m pytest "$@"
