#!/bin/sh
# deps.sh — installs the Debian packages Ludoteka needs and are missing.
#   scripts/deps.sh run    to build and play (the program, the page, the
#                          server)
#   scripts/deps.sh test   to build and run the whole test suite too
#                          (chromium for the browser tests, npm for their
#                          packages, PostgreSQL and HAProxy for the
#                          servers' tests, Open MPI for ludoteka arena
#                          over several processes and its test)
# As root it runs apt-get; otherwise sudo; without sudo it prints the
# command to run.
set -eu
mode=${1:-run}
pkgs="cmake make gcc libc6-dev pkg-config libncurses-dev emscripten brotli libwebsockets-dev libcjson-dev libsqlite3-dev libpq-dev libsodium-dev gettext"
# commands that another package may provide (node and npm from nodesource
# come as one package, nodejs): checked by name, installed from Debian only
# when missing
cmds="node:nodejs"
case "$mode" in
  run) ;;
  test)
    pkgs="$pkgs clang libclang-rt-14-dev libcmocka-dev chromium tmux postgresql haproxy"
    # MPI stays optional to build and run (cmake -DLT_MPI=AUTO finds it)
    pkgs="$pkgs openmpi-bin libopenmpi-dev"
    cmds="$cmds npm:npm"
    ;;
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
for c in $cmds; do
  command -v "${c%%:*}" >/dev/null 2>&1 || missing="$missing ${c#*:}"
done
# playwright-core, which drives chromium in the browser tests, needs
# Node.js 20 or later (Debian 12 has 18; nodesource has 20)
node_ok() {
  node -e 'process.exit(+process.versions.node.split(".")[0] < 20 ? 1 : 0)' 2>/dev/null
}
if [ "$mode" = test ] && [ -z "$missing" ] && ! node_ok; then
  echo "deps.sh: the browser tests need Node.js 20 or later; this is $(node --version)" >&2
  exit 1
fi
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
