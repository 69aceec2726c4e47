# Shared settings for the project's tools; sourced, not run.
# shellcheck shell=bash
set -euo pipefail

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
TREE=$BUILD/linux
TARBALL=${TARBALL:-/usr/src/linux-source-6.12.tar.xz}
# The oldest stable tree Debian ships a kernel of (Debian 12's 6.1): the
# net fixes must apply and work there too (tools/stable).
STABLE_TREE=$BUILD/linux-6.1
STABLE_TARBALL=${STABLE_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
JOBS=${JOBS:-$(nproc)}
GIT_ID=(-c user.name=skbprio-tools -c user.email=tools@skbprio.invalid)
PRISTINE_DATE="2000-01-01T00:00:00+0000"

# Every compiler call goes through ccache (Debian's /usr/lib/ccache links,
# for gcc and clang alike), as netdev's build bots do. Paths under TOP are
# hashed relative to it, so a fresh clone elsewhere hits the same cache.
# CCACHE=0 turns it off.
if [ "${CCACHE:-1}" = 1 ] && [ -d /usr/lib/ccache ]; then
	case ":$PATH:" in *:/usr/lib/ccache:*) ;; *) PATH=/usr/lib/ccache:$PATH ;; esac
	export PATH
	export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/ccache}
	export CCACHE_BASEDIR=$TOP CCACHE_NOHASHDIR=1
	export CCACHE_SLOPPINESS=time_macros,include_file_mtime,include_file_ctime
	export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-20G}
fi

# What in a console log means the kernel went wrong, whatever the tests
# said: warnings, oopses, sanitizer reports, list corruption, lockdep, and
# an address of the 5-level direct map (0xff11...), which only a guest
# with LA57 has: tools/vm turns it off (see there), and a report naming
# such an address is the false KASAN report that LA57 causes at boot.
SPLAT_RE='(^|[^0-9A-Fa-f])(0x)?ff11[0-9a-f]{12}([^0-9A-Fa-f]|$)|WARNING:|BUG:|Oops|Kernel panic|list_(add|del) corruption|UBSAN:|KASAN:|kmemleak: (Kernel memory leak detector disabled|Cannot|Out of memory|[0-9]+ new suspected)|possible recursive locking|circular locking|suspicious RCU usage|inconsistent lock state'

# splats FILE: the lines of a console log that match SPLAT_RE, less those
# that match SPLAT_EXCLUDE if it is set (tools/kcsan sets it to KCSAN's
# reports, which tools/kcsan-reports judges). True if any line is left.
splats() {
	grep -nE "$SPLAT_RE" "$1" |
		if [ -n "${SPLAT_EXCLUDE:-}" ]; then grep -vE "$SPLAT_EXCLUDE"; else cat; fi
}

say() { printf '%s: %s\n' "${0##*/}" "$*" >&2; }
die() { say "$*"; exit 1; }

# The two series, in the order they apply: fixes for net on the original
# code, then the refactor for net-next on top. Each is a folder of
# patches/ with a "series" file and a cover letter.
SERIES=(net net-next)

# Patch paths (relative to patches/) of one series, or of all in order.
series_patches() {
	local s
	for s in "${@:-${SERIES[@]}}"; do
		[ -f "$TOP/patches/$s/series" ] || continue
		grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$TOP/patches/$s/series" |
			sed "s|^|$s/|"
	done
}

# A hash of both series: unchanged patches mean an unchanged tree.
series_hash() {
	(cd "$TOP/patches" && cat $(for s in "${SERIES[@]}"; do echo "$s/series"; done) \
		$(series_patches) 2>/dev/null) | sha256sum | cut -d' ' -f1
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

# copy_build SRC DST: DST becomes a copy of the configured and built
# folder SRC (timestamps kept), so that a build in DST with a few options
# more (coverage, modules, mutants) recompiles only what those options
# touch, instead of the whole kernel.
copy_build() {
	[ -f "$1/.config" ] || die "no build in $1: run tools/kunit all first"
	rm -rf "$2"
	mkdir -p "$(dirname "$2")"
	cp -a "$1" "$2"
}
