# Helpers for the guest-side scenarios; sourced. Runs inside tools/vm.
# shellcheck shell=bash
set -euo pipefail

E2E_BIN=${E2E_BIN:?}		# where tools/e2e/run put the C tools
E2E_OUT=${E2E_OUT:?}		# writable results folder (shared with the host)
E2E_KERNEL=${E2E_KERNEL:-patched}	# patched | unpatched
failures=0

log() { printf '%s: %s\n' "${SCENARIO:-e2e}" "$*"; }
fail() { log "FAIL: $*"; failures=$((failures + 1)); }
pass() { log "ok: $*"; }

# check DESCRIPTION CMD...: a check that must hold on every kernel.
check() {
	local what=$1
	shift
	if "$@"; then pass "$what"; else fail "$what"; fi
}

# fixed DESCRIPTION CMD...: a check the series makes hold. On the patched
# kernel it must hold; on the unpatched kernel it must not, or the check
# does not tell the two apart.
fixed() {
	local what=$1
	shift
	if "$@"; then
		if [ "$E2E_KERNEL" = patched ]; then
			pass "$what"
		else
			fail "$what: holds on the unpatched kernel too, so it tests nothing"
		fi
	else
		if [ "$E2E_KERNEL" = patched ]; then
			fail "$what"
		else
			log "bug seen (expected on the unpatched kernel): $what"
		fi
	fi
}

# jq-like access without jq: json_get 'expression on d' < json
json_get() {
	/usr/bin/python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"
}

finish() {
	if [ "$failures" -eq 0 ]; then
		log "all checks passed"
	else
		log "$failures check(s) failed"
	fi
	[ "$failures" -eq 0 ]
}
