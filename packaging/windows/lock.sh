#!/usr/bin/env bash
# Re-pin the Windows bundle's wheels: requirements.in -> requirements.lock.
#
# Resolves the dependencies as they are on Windows x64 under CPython 3.13 (uv does that from
# Linux, environment markers included: colorama for click, tzdata for psycopg, no uvloop),
# downloads the wheels it chose, and writes each pin with the sha256 of the one file the build
# uses (win_amd64, abi3 or pure Python). Run it after changing requirements.in or to take newer
# releases, then build and run the Wine test (tests/packaging/test_windows_installer.py).
# Needs the network (PyPI); uv comes from PyPI into a throwaway virtualenv.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python="${PYTHON:-python3}"
py_version=3.13

"$python" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install -q uv
"$work/venv/bin/uv" pip compile "$here/requirements.in" --quiet --no-header --no-annotate \
  --python-platform x86_64-pc-windows-msvc --python-version "$py_version" \
  --only-binary :all: -o "$work/resolved.txt"
"$python" -m pip download -q --no-deps --only-binary :all: --platform win_amd64 \
  --python-version "$py_version" --implementation cp --abi "cp${py_version/./}" --abi abi3 \
  --abi none -r "$work/resolved.txt" -d "$work/wheels"

{
  echo "# The Windows bundle's wheels, pinned: written by packaging/windows/lock.sh from"
  echo "# requirements.in (win_amd64, CPython $py_version). build.sh downloads exactly these"
  echo "# files (pip --require-hashes) and unpacks them into the bundle's site-packages."
  for wheel in "$work"/wheels/*.whl; do
    name=$(basename "$wheel")
    project=${name%%-*}
    version=$(echo "$name" | cut -d- -f2)
    echo "${project//_/-}==$version \\"
    echo "    --hash=sha256:$(sha256sum "$wheel" | cut -d' ' -f1)"
    echo "    # $name"
  done
} >"$here/requirements.lock"
echo "lock: $(grep -c '^[a-z]' "$here/requirements.lock") wheels pinned in $here/requirements.lock"
