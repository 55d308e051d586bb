#!/usr/bin/env bash
# Set up everything gin-scorer needs on this machine, idempotently:
#   system libraries (Debian/Ubuntu, when run as root or with sudo) and a virtualenv in .venv
#   with the project installed in editable mode.
# Usage: scripts/bootstrap.sh [app|test]   (test adds the test tools and their system packages)
set -euo pipefail
profile="${1:-app}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

# Qt 6 needs these even offscreen; a real window adds the xcb set. Fonts carry ♠♥♦♣.
app_packages=(libglib2.0-0 libegl1 libgl1 libfontconfig1 libxkbcommon0 libdbus-1-3
  libxkbcommon-x11-0 libx11-xcb1 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0
  libxcb-render-util0 libxcb-shape0 libxcb-xkb1 libxcb-randr0 libxcb-xfixes0 libxcb-sync1
  libxcb-shm0 libxcb-util1 fonts-dejavu-core xvfb xauth)
# Tests read PDFs back as pictures (poppler), run a PostgreSQL server, PyInstaller needs
# objdump (binutils) to bundle the app, the Linux desktop entry and AppStream metainfo are
# checked by their own validators, the room is tested in a real Chromium, and the QR codes on
# the table cards are read back (zbar).
# The room's browser tests drive Debian's Chromium through its own driver (no download), and
# check every page with axe-core and the Nu Html Checker (npm packages, below; Nu runs on Java).
# The Windows build (packaging/windows/build.sh) needs NSIS, osslsigncode and the mingw-w64
# cross compiler (its launchers); its test installs and runs it under 64-bit Wine (wine64
# runs x64 programs without wine32 or multiarch).
# The desk's rehearsal (tests/rehearsal) runs the real window on Xvfb under a window manager
# (openbox), which it waits for with xprop (x11-utils).
test_packages=(poppler-utils postgresql binutils desktop-file-utils appstream chromium
  chromium-driver zbar-tools default-jre-headless nsis osslsigncode gcc-mingw-w64-x86-64-win32
  wine wine64 openbox x11-utils)
# npm comes with Node.js from some sources and as its own package from Debian's.
[[ "$profile" == test ]] && ! command -v npm >/dev/null 2>&1 && test_packages+=(nodejs npm)

packages=("${app_packages[@]}")
[[ "$profile" == test ]] && packages+=("${test_packages[@]}")

if command -v apt-get >/dev/null 2>&1 && command -v dpkg-query >/dev/null 2>&1; then
  missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if ((${#missing[@]})); then
    sudo=""
    [[ $(id -u) -ne 0 ]] && sudo="sudo"
    echo "bootstrap: installing system packages: ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
else
  echo "bootstrap: not a Debian-like system; make sure Qt 6's runtime libraries are installed" >&2
fi

python="${PYTHON:-python3}"
if [[ ! -x .venv/bin/python ]]; then
  "$python" -m venv .venv
  .venv/bin/python -m pip install -q --upgrade pip
fi
extra=""
[[ "$profile" == test ]] && extra="[test]"
# Reinstall only when the project's metadata changed since the last install.
stamp=".venv/.installed-$profile"
if [[ ! -f "$stamp" || pyproject.toml -nt "$stamp" ]]; then
  .venv/bin/python -m pip install -q -e ".${extra}"
  touch "$stamp"
fi

# The page checkers the browser tests run (decision 0027): pinned by the lockfile, installed
# again only when it changed; no install script runs (vnu-jar's would fetch a Java runtime).
if [[ "$profile" == test ]] && command -v npm >/dev/null 2>&1; then
  checkers=tests/web/checkers
  if [[ ! -f "$checkers/node_modules/.installed" || "$checkers/package-lock.json" -nt "$checkers/node_modules/.installed" ]]; then
    (cd "$checkers" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null)
    touch "$checkers/node_modules/.installed"
  fi
fi
