#!/usr/bin/env bash
# Build the gin-scorer bundle (PyInstaller onedir) into packaging/dist/, check that it starts,
# print its size and build time, and pack it as packaging/dist/gin-scorer-VERSION-OS-ARCH.tar.gz.
#
# Python: .venv/bin/python when the checkout has one, else $PYTHON, else python3. It needs the
# project installed (pip install -e ".[test]" brings PyInstaller too).
# Usage: packaging/build.sh [--no-check] [extra PyInstaller options...]
#   --no-check   skip starting the built app (--version and an offscreen --smoke-test)
set -euo pipefail
packaging="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$packaging")"
cd "$root"

check=1
if [[ "${1:-}" == --no-check ]]; then check=0; shift; fi

if [[ -x .venv/bin/python ]]; then
  python=.venv/bin/python
elif [[ -x .venv/Scripts/python.exe ]]; then  # a Windows venv under Git Bash
  python=.venv/Scripts/python.exe
else
  python="${PYTHON:-python3}"
fi
if ! "$python" -c "import PyInstaller, gin_scorer" 2>/dev/null; then
  echo "build.sh: $python lacks PyInstaller or gin-scorer;" \
    "run: $python -m pip install -e '.[test]'" >&2
  exit 1
fi

version="$("$python" packaging/bundle_meta.py version)"
case "$(uname -s)" in
  Linux*) os=linux ;;
  Darwin*) os=macos ;;
  MINGW*|MSYS*|CYGWIN*) os=windows ;;
  *) os="$(uname -s | tr '[:upper:]' '[:lower:]')" ;;
esac
arch="$(uname -m)"
dist="$packaging/dist"
bundle="$dist/gin-scorer"
exe="$bundle/gin-scorer"
[[ "$os" == windows ]] && exe="$bundle/gin-scorer.exe"

pyinstaller_version="$("$python" -m PyInstaller --version 2>/dev/null | tail -n 1)"
echo "build.sh: gin-scorer $version for $os-$arch with PyInstaller $pyinstaller_version"
started=$(date +%s)
"$python" -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath "$dist" --workpath "$packaging/build" "$@" packaging/gin-scorer.spec
seconds=$(( $(date +%s) - started ))

if ((check)); then
  reported="$("$exe" --version)"
  if [[ "$reported" != "gin-scorer $version" ]]; then
    echo "build.sh: the bundle says '$reported', expected 'gin-scorer $version'" >&2
    exit 1
  fi
  # Open and close the main window without a screen, on a throwaway database.
  scratch="$(mktemp -d)"
  trap 'rm -rf "$scratch"' EXIT
  QT_QPA_PLATFORM=offscreen "$exe" --db "$scratch/smoke.sqlite" --smoke-test
  echo "build.sh: the bundle starts (--version, --smoke-test)"
fi

archive="$dist/gin-scorer-$version-$os-$arch.tar.gz"
if [[ "$os" == macos && -d "$dist/Gin Scorer.app" ]]; then
  tar -czf "$archive" -C "$dist" "Gin Scorer.app"
else
  tar -czf "$archive" -C "$dist" gin-scorer
fi

echo "build.sh: built in ${seconds} s"
echo "build.sh: bundle  $(du -sh "$bundle" | cut -f1)  $bundle"
echo "build.sh: archive $(du -sh "$archive" | cut -f1)  $archive"
case "$os" in
  linux) echo "build.sh: install with: $bundle/install.sh [--user | --prefix DIR]" ;;
  windows) echo "build.sh: installer: iscc packaging/windows/gin-scorer.iss" ;;
esac
