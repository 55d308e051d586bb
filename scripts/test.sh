#!/usr/bin/env bash
# Set up (first time) and run every check: ruff, mypy (strict, on the whole package),
# the import-linter layering contracts, and the whole pytest suite, headless.
# PostgreSQL tests run when GIN_SCORER_TEST_PG_URL names a server (.ci/run starts one).
# Extra arguments go to pytest, e.g. scripts/test.sh tests/unit -x
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
scripts/bootstrap.sh test
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
bin=.venv/bin
echo "== ruff";          "$bin/ruff" check .
echo "== mypy";          "$bin/mypy" gin_scorer
echo "== import-linter"; "$bin/lint-imports"
echo "== pytest";        "$bin/python" -m pytest "$@"
