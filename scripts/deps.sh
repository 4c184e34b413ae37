#!/bin/sh
# Install the Debian packages hourglass needs to build and test, when they
# are missing and we are root. Prints what it does; never fails the build
# when it cannot install (the compiler will say what is missing).
# With --tools also what make check SANITIZE=1, make fuzz, make lint and
# make smoke VALGRIND=1 need (CI runs them all).
# usage: scripts/deps.sh [--tools]
set -u
need=""
pkgs="build-essential pkg-config check libnuma-dev libjson-c-dev python3-jsonschema
	libtracefs-dev libtraceevent-dev"
[ "${1:-}" = --tools ] &&
	pkgs="$pkgs clang-14 libfuzzer-14-dev libclang-rt-14-dev cppcheck clang-tidy valgrind"
for pkg in $pkgs; do
	dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" ||
		need="$need $pkg"
done
[ -z "$need" ] && exit 0
if [ "$(id -u)" != 0 ]; then
	echo "deps: missing packages:$need (run as root, or: sudo apt-get install$need)" >&2
	exit 0
fi
echo "deps: installing$need"
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q $need >/dev/null 2>&1 || {
	apt-get update -q >/dev/null 2>&1
	apt-get install -y -q $need >/dev/null || { echo "deps: apt-get failed" >&2; exit 1; }
}
