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

# Namespaces tx and rx joined by veth0 (10.9.0.1, in tx) and veth1
# (10.9.0.2, in rx), IPv6 off so that only the test's packets are queued.
setup_veth_pair() {
	local ns
	ip netns add tx
	ip netns add rx
	ip link add veth0 netns tx type veth peer name veth1 netns rx
	for ns in tx rx; do
		ip netns exec $ns sysctl -q -w net.ipv6.conf.all.disable_ipv6=1
		ip -n $ns link set lo up
	done
	ip -n tx addr add 10.9.0.1/24 dev veth0
	ip -n rx addr add 10.9.0.2/24 dev veth1
	ip -n tx link set veth0 up
	ip -n rx link set veth1 up
	# Static neighbours: an ARP request is a priority-0 packet and would
	# lose its place in the queue to a flood.
	ip -n tx neigh add 10.9.0.2 lladdr "$(ip -n rx -j link show veth1 | json_get "d[0]['address']")" dev veth0 nud permanent
	ip -n rx neigh add 10.9.0.1 lladdr "$(ip -n tx -j link show veth0 | json_get "d[0]['address']")" dev veth1 nud permanent
}

TX() { ip netns exec tx "$@"; }

# check_drained PARENT CHILD: after the traffic both qdiscs are empty and
# the parent sent exactly what the child did. Reads the counters with the
# caller's "get KIND FIELD" (FIELD: qlen, backlog, packets, bytes).
check_drained() {
	local parent=$1 child=$2 k
	for k in "$parent" "$child"; do
		check "$k qlen 0 after traffic" [ "$(get "$k" qlen)" = 0 ]
		check "$k backlog 0 after traffic" [ "$(get "$k" backlog)" = 0 ]
	done
	check "parent and child sent the same packets ($(get "$parent" packets))" \
		[ "$(get "$parent" packets)" = "$(get "$child" packets)" ]
	check "parent and child sent the same bytes" \
		[ "$(get "$parent" bytes)" = "$(get "$child" bytes)" ]
}

# tbf_rate RATE: the root tbf of veth0 (in tx) at another rate, burst
# 3000 B. "8bit" freezes the link: tbf sends its bucket, then nothing.
tbf_rate() {
	TX tc qdisc change dev veth0 root handle 1: tbf rate "$1" burst 3000 latency 200ms
}

# tbf_thaw RATE: back from a frozen link. tbf's watchdog is set for the
# old rate: one packet (to a port nobody counts) makes it look at the new
# one.
tbf_thaw() {
	tbf_rate "$1"
	TX "$E2E_BIN/udpsend" -d 10.9.0.2 -p 9001 -P 1 -s 100 -r 5 -t 1 > /dev/null
}

finish() {
	if [ "$failures" -eq 0 ]; then
		log "all checks passed"
	else
		log "$failures check(s) failed"
	fi
	[ "$failures" -eq 0 ]
}
