#!/usr/bin/env bash
# Build the gin-scorer bundle (PyInstaller onedir) into packaging/dist/, check that it starts,
# print its size and build time, and pack it as packaging/dist/gin-scorer-VERSION-OS-ARCH.tar.gz.
#
# Python: $PYTHON when set, else .venv/bin/python when the checkout has one, else python3. It
# needs the project installed (pip install -e ".[test]" brings PyInstaller too).
# Usage: packaging/build.sh [--no-check] [--dist DIR] [extra PyInstaller options...]
#   --no-check   skip starting the built app (--version and an offscreen --smoke-test)
#   --dist DIR   build into DIR instead of packaging/dist (its work files go to DIR/.work)
set -euo pipefail
packaging="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$packaging")"
cd "$root"

check=1
dist="$packaging/dist"
work="$packaging/build"
while (($#)); do
  case "$1" in
    --no-check) check=0 ;;
    --dist) [[ $# -ge 2 ]] || { echo "build.sh: --dist needs a folder" >&2; exit 2; }
      mkdir -p "$2"; dist="$(cd "$2" && pwd)"; work="$dist/.work"; shift ;;
    *) break ;;  # the rest goes to PyInstaller
  esac
  shift
done

if [[ -n "${PYTHON:-}" ]]; then
  python="$PYTHON"
elif [[ -x .venv/bin/python ]]; then
  python=.venv/bin/python
elif [[ -x .venv/Scripts/python.exe ]]; then  # a Windows venv under Git Bash
  python=.venv/Scripts/python.exe
else
  python=python3
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
bundle="$dist/gin-scorer"
exe="$bundle/gin-scorer"
[[ "$os" == windows ]] && exe="$bundle/gin-scorer.exe"

pyinstaller_version="$("$python" -m PyInstaller --version 2>/dev/null | tail -n 1)"
echo "build.sh: gin-scorer $version for $os-$arch with PyInstaller $pyinstaller_version"
started=$(date +%s)
# A fresh work folder, so nothing of an earlier build leaks in (PyInstaller's cache of
# processed binaries is keyed by content and stays).
rm -rf "$work"
"$python" -m PyInstaller --noconfirm --log-level WARN \
  --distpath "$dist" --workpath "$work" "$@" packaging/gin-scorer.spec
seconds=$(( $(date +%s) - started ))

if ((check)); then
  reported="$("$exe" --version)"
  if [[ "$reported" != "gin-scorer $version" ]]; then
    echo "build.sh: the bundle says '$reported', expected 'gin-scorer $version'" >&2
    exit 1
  fi
  # Open and close the main window without a screen, on a throwaway database and a throwaway
  # home, so the build machine's own data folder, settings and backups stay untouched.
  scratch="$(mktemp -d)"
  trap 'rm -rf "$scratch"' EXIT
  HOME="$scratch" XDG_DATA_HOME="$scratch/data" XDG_CONFIG_HOME="$scratch/config" \
    GIN_SCORER_BACKUP_DIR="$scratch/backups" QT_QPA_PLATFORM=offscreen \
    "$exe" --db "$scratch/smoke.sqlite" --smoke-test
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
if [[ "$os" == linux ]] && command -v objdump >/dev/null 2>&1; then
  # The newest glibc any bundled library asks for: the oldest Linux the bundle runs on.
  glibc="$(find "$bundle" -type f \( -name '*.so*' -o -perm -u+x \) -exec objdump -T {} + \
    2>/dev/null | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -V | tail -n 1 || true)"
  if [[ -n "$glibc" ]]; then echo "build.sh: needs glibc $glibc or newer on the target machine"; fi
fi
case "$os" in
  linux) echo "build.sh: install with: $bundle/install.sh [--user | --prefix DIR]" ;;
  windows) echo "build.sh: installer: iscc packaging/windows/gin-scorer.iss" ;;
esac
