#!/bin/bash
# Hostile control input: a bounded random netlink fuzz of skbprio's
# TCA_OPTIONS (tools/e2e/nlqdisc.c: sizes 0 to 300, random bytes, nested,
# missing and overlong attributes, other kinds, change and replace). Every
# request must be answered and the limit must always be the one the last
# accepted request set. tools/vm fails the run on any splat.
#
#   fuzz.sh [REQUESTS] [SEED]
SCENARIO=fuzz
. "$(dirname "$0")/lib.sh"

n=${1:-${E2E_FUZZ_REQUESTS:-20000}}
seed=${2:-1}
ip link add d0 type dummy
sysctl -q -w net.ipv6.conf.d0.disable_ipv6=1
ip link set d0 up
tc qdisc add dev d0 root handle 1: skbprio limit 64
out=$("$E2E_BIN/nlqdisc" fuzz d0 "$n" "$seed") && rc=0 || rc=$?
echo "$out" | tail -n 20 | sed 's/^/fuzz: nlqdisc: /'
echo "$out" | tail -n 1 > "$E2E_OUT/fuzz-summary"
check "$n netlink requests (seed $seed): all answered, none wrongly taken, limit always right" [ "$rc" -eq 0 ]
check "the qdisc is still skbprio and answers" "$E2E_BIN/nlqdisc" limit d0
ip link del d0
finish
