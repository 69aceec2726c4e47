# Shared settings for the project's tools; sourced, not run.
# shellcheck shell=bash
set -euo pipefail

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
TREE=$BUILD/linux
TARBALL=${TARBALL:-/usr/src/linux-source-6.12.tar.xz}
JOBS=${JOBS:-$(nproc)}
GIT_ID=(-c user.name=skbprio-tools -c user.email=tools@skbprio.invalid)

# What in a console log means the kernel went wrong, whatever the tests
# said: warnings, oopses, sanitizer reports, list corruption, lockdep.
SPLAT_RE='WARNING:|BUG:|Oops|Kernel panic|list_(add|del) corruption|UBSAN:|KASAN:|kmemleak:|possible recursive locking|circular locking|suspicious RCU usage|inconsistent lock state'

say() { printf '%s: %s\n' "${0##*/}" "$*" >&2; }
die() { say "$*"; exit 1; }

# Patch file names in series order.
series_patches() {
	[ -f "$TOP/patches/series" ] || return 0
	grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$TOP/patches/series"
}

# A hash of the whole series: unchanged patches mean an unchanged tree.
series_hash() {
	(cd "$TOP/patches" && cat series $(series_patches) 2>/dev/null) | sha256sum | cut -d' ' -f1
}

kernel_version() {
	make -s -C "$TREE" kernelversion 2>/dev/null
}

# The --kunitconfig arguments for kunit/NAME.kunitconfig: the file itself and
# the kconfig/ fragments its "# fragments:" line names (relative to TOP);
# KUNIT_FRAGMENTS=0 leaves the fragments out.
kunitconfig_args() {
	local cfg=$TOP/kunit/$1.kunitconfig f
	[ -f "$cfg" ] || die "no $cfg"
	echo "--kunitconfig=$cfg"
	[ "${KUNIT_FRAGMENTS:-1}" = 1 ] || return 0
	for f in $(sed -n 's/^# fragments: *//p' "$cfg"); do
		[ -f "$TOP/$f" ] || die "$cfg names $f, which does not exist"
		echo "--kunitconfig=$TOP/$f"
	done
}
