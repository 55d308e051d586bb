#!/usr/bin/env bash
# Set up (first time) and run every check: ruff (lint and format), mypy (strict, on the whole
# package), the import-linter layering contracts, and the whole pytest suite, headless; this is
# what CI (.ci/run) runs. Python and Qt warnings fail a test (pyproject.toml says which are
# ignored, and why).
# PostgreSQL tests run when GIN_SCORER_TEST_PG_URL names a server (.ci/run starts one).
# Extra arguments go to pytest, e.g. the quick loop, without the minute-long bundle build:
#   scripts/test.sh -m "not bundle"        or        scripts/test.sh tests/core -x
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
scripts/bootstrap.sh test
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
bin=.venv/bin
echo "== ruff";          "$bin/ruff" check .
echo "== ruff format";   "$bin/ruff" format --check .
echo "== mypy";          "$bin/mypy" gin_scorer
echo "== import-linter"; "$bin/lint-imports"
echo "== pytest";        "$bin/python" -m pytest "$@"
