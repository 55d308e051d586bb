#!/usr/bin/env bash
# Install (or remove) the gin-scorer bundle this script sits in, the freedesktop way:
#   PREFIX/lib/gin-scorer/        the bundle (the gin-scorer executable and _internal/)
#   PREFIX/bin/gin-scorer         a symlink to it
#   PREFIX/share/applications/    gin-scorer.desktop (Exec= names the installed executable)
#   PREFIX/share/metainfo/        io.github.ginscorer.GinScorer.metainfo.xml
#   PREFIX/share/icons/hicolor/   gin-scorer.png in 16..512 px and gin-scorer.svg (scalable)
#
# Usage: ./install.sh [--user | --prefix DIR] [--destdir DIR] [--uninstall]
#   default PREFIX: /usr/local as root, else ~/.local (same as --user).
#   --destdir DIR   stage into DIR (for distribution packages); PREFIX stays what it will be.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
name=gin-scorer

usage() { sed -n '2,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

prefix=""
destdir=""
action=install
while (($#)); do
  case "$1" in
    --user) prefix="$HOME/.local" ;;
    --prefix) [[ $# -ge 2 ]] || { echo "install.sh: --prefix needs a folder" >&2; exit 2; }
      prefix="$2"; shift ;;
    --destdir) [[ $# -ge 2 ]] || { echo "install.sh: --destdir needs a folder" >&2; exit 2; }
      destdir="$2"; shift ;;
    --uninstall) action=uninstall ;;
    -h|--help) usage; exit 0 ;;
    *) echo "install.sh: unknown option '$1' (try --help)" >&2; exit 2 ;;
  esac
  shift
done
if [[ -z "$prefix" ]]; then
  if [[ $(id -u) -eq 0 ]]; then prefix=/usr/local; else prefix="$HOME/.local"; fi
fi
case "$prefix" in
  /*) ;;
  *) echo "install.sh: the prefix must be an absolute path, not '$prefix'" >&2; exit 2 ;;
esac
prefix="${prefix%/}"
root="${destdir%/}$prefix"
lib="$root/lib/$name"
bin="$root/bin/$name"
share="$root/share"

# Every file under share/ in the bundle, as a path relative to share/.
shared_files() { (cd "$here/share" && find . -type f | sed 's|^\./||' | sort); }

refresh_caches() {
  [[ -n "$destdir" ]] && return 0  # a staged tree is refreshed by the package's own hooks
  if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$share/applications" || true
  fi
  if command -v gtk-update-icon-cache >/dev/null 2>&1; then
    gtk-update-icon-cache -q -t -f "$share/icons/hicolor" || true
  fi
}

if [[ "$action" == uninstall ]]; then
  if [[ -L "$bin" && "$(readlink "$bin")" == *"/lib/$name/$name" ]]; then rm -f "$bin"; fi
  rm -rf "$lib"
  while IFS= read -r file; do
    rm -f "$share/$file"
    # Folders left empty go too (rmdir never removes one that still holds something).
    dir="$(dirname "$share/$file")"
    while [[ "$dir" != "$share" && "$dir" == "$share"/* ]] && rmdir "$dir" 2>/dev/null; do
      dir="$(dirname "$dir")"
    done
  done < <(shared_files)
  refresh_caches
  echo "install.sh: removed gin-scorer from $root"
  exit 0
fi

[[ -x "$here/$name" && -d "$here/_internal" && -d "$here/share" ]] || {
  echo "install.sh: $here is not a gin-scorer bundle (run packaging/build.sh first)" >&2
  exit 1
}

mkdir -p "$root/lib" "$root/bin" "$share"
# Replace the whole bundle so no file of an older version stays behind.
rm -rf "$lib.new"
mkdir -p "$lib.new"
cp -a "$here/$name" "$here/_internal" "$lib.new/"
rm -rf "$lib"
mv "$lib.new" "$lib"
ln -sfn "../lib/$name/$name" "$bin"

while IFS= read -r file; do
  install -D -m 0644 "$here/share/$file" "$share/$file"
done < <(shared_files)
# The desktop session may not have PREFIX/bin on its PATH: name the executable exactly.
desktop="$share/applications/$name.desktop"
sed -i -e "s|^Exec=.*|Exec=\"$prefix/bin/$name\"|" -e "s|^TryExec=.*|TryExec=$prefix/bin/$name|" \
  "$desktop"
refresh_caches
echo "install.sh: installed gin-scorer in $root (run: $prefix/bin/$name)"
