#!/usr/bin/env bash
# Set up (idempotently) and run the main job on the bundled digests:
# parse them, then export them into an Obsidian vault at ./vault and show the study queue.
# Usage: ./scripts/run.sh [VAULT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/setup.sh
vault="${1:-vault}"
mkdir -p "$vault"
"$VENV/bin/digest2notes" parse digests
"$VENV/bin/digest2notes" export --to obsidian --vault "$vault" digests
"$VENV/bin/digest2notes" queue --vault "$vault"
