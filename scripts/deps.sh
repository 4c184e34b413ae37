#!/bin/sh
# Install the Debian packages hourglass needs to build and test, when they
# are missing and we are root (stress-ng, rt-tests and iperf3: the loads of
# --load, which the smoke tests run; python3-html5lib and chromium: the
# report's page parsed and drawn; python3-tap and python3-junitparser: the
# KTAP and JUnit results read). Prints what it does; never fails the build
# when it cannot install (the compiler will say what is missing).
# With --tools also what make check SANITIZE=1, make fuzz, make lint and
# make smoke VALGRIND=1 need (CI runs them all), and prometheus when
# promtool is missing: the smoke tests check the OpenMetrics of --prom,
# export --format prom and tail --prom with it (and skip that without it).
# With --arch <arch> (arm64, riscv64) what make ARCH=<arch> and make
# check-arch ARCH=<arch> need: the cross compiler, qemu-user and the
# libraries of that architecture (dpkg --add-architecture, then <lib>:<arch>).
# usage: scripts/deps.sh [--tools] [--arch <arch>]
set -u
need=""
pkgs="build-essential pkg-config check libnuma-dev libjson-c-dev zlib1g-dev python3-jsonschema procps
	libtracefs-dev libtraceevent-dev libgsl-dev stress-ng rt-tests iperf3
	python3-html5lib python3-tap python3-junitparser chromium"
tools=""
arch=""
while [ $# -gt 0 ]; do
	case $1 in
	--tools) tools=1 ;;
	--arch) arch=${2:-}; shift ;;
	*) echo "deps: unknown option $1 (usage: scripts/deps.sh [--tools] [--arch <arch>])" >&2
	   exit 2 ;;
	esac
	shift
done
[ -n "$tools" ] &&
	pkgs="$pkgs clang-14 libfuzzer-14-dev libclang-rt-14-dev cppcheck clang-tidy valgrind"
[ -n "$tools" ] && ! command -v promtool >/dev/null 2>&1 && pkgs="$pkgs prometheus"

# --- another architecture -----------------------------------------------------
# ARCH_LIBS: the -dev packages of every library the build links or the tests
# use, installed as <pkg>:<arch>; a library the native build gets from
# pkg-config belongs here too. GSL: its runtime libraries alone, beside the
# host's libgsl-dev (Debian 12's libgsl-dev is not installable for two
# architectures at once; the Makefile links the two by soname).
ARCH_LIBS="libc6-dev libnuma-dev libjson-c-dev zlib1g-dev check libsubunit-dev libtracefs-dev
	libtraceevent-dev libgsl27 libgslcblas0"
if [ -n "$arch" ]; then
	case $arch in
	arm64) triplet=aarch64-linux-gnu ;;
	riscv64) triplet=riscv64-linux-gnu ;;
	*) echo "deps: --arch $arch: not one we cross-build for (arm64, riscv64)" >&2; exit 2 ;;
	esac
	pkgs="$pkgs gcc-$triplet binutils-$triplet"
	# Debian 12 has no :riscv64 libraries (an official architecture from 13
	# on): the compiler alone, for make compile-arch
	[ "$arch" = riscv64 ] && ! apt-cache show libnuma-dev:riscv64 >/dev/null 2>&1 && arch_libs=no
	if [ "${arch_libs:-yes}" = yes ]; then
		pkgs="$pkgs qemu-user-static"
		for lib in $ARCH_LIBS; do
			pkgs="$pkgs $lib:$arch"
		done
	fi
	if [ "${arch_libs:-yes}" = yes ] && ! dpkg --print-foreign-architectures | grep -qx "$arch"; then
		if [ "$(id -u)" != 0 ]; then
			echo "deps: the $arch architecture is not enabled (run as root, or: sudo" \
			     "dpkg --add-architecture $arch && sudo apt-get update)" >&2
			exit 0
		fi
		echo "deps: dpkg --add-architecture $arch"
		dpkg --add-architecture "$arch" && apt-get update -q >/dev/null 2>&1
	fi
fi
# --- end of another architecture ---------------------------------------------
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
