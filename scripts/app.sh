#!/usr/bin/env bash
# Set up (first time) and open Gin Scorer. Extra arguments go to the gin-scorer command,
# e.g. scripts/app.sh --db /path/to/event.sqlite
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/bootstrap.sh" app
exec "$root/.venv/bin/gin-scorer" "$@"
