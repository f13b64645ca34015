#!/bin/sh
# deps.sh — installs the Debian packages Ludoteka needs and are missing.
#   scripts/deps.sh run    to build and play
#   scripts/deps.sh test   to build and run the whole test suite too
# As root it runs apt-get; otherwise sudo; without sudo it prints the
# command to run.
set -eu
mode=${1:-run}
pkgs="cmake make gcc libc6-dev pkg-config libncurses-dev"
case "$mode" in
  run) ;;
  test) pkgs="$pkgs clang libclang-rt-14-dev libcmocka-dev tmux" ;;
  *) echo "usage: $0 run|test" >&2; exit 2 ;;
esac

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "deps.sh: not a Debian system; make sure these are installed: $pkgs" >&2
  exit 0
fi

missing=""
for p in $pkgs; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
    missing="$missing $p"
  fi
done
[ -z "$missing" ] && exit 0

echo "Ludoteka needs these Debian packages:$missing"
install="apt-get install -y --no-install-recommends$missing"
if [ "$(id -u)" -eq 0 ]; then
  apt-get update && $install
elif command -v sudo >/dev/null 2>&1; then
  sudo apt-get update && sudo $install
else
  echo "Run as root:  apt-get update && $install" >&2
  exit 1
fi
