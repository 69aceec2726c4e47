#!/bin/bash
# Allocation failures, every one in turn (kconfig/debug.config:
# FAILSLAB, FAIL_PAGE_ALLOC): for N = 1, 2, ... the Nth fault point of one
# RTM_NEWQDISC fails (/proc/thread-self/fail-nth, written by the thread
# that sends it), until the request runs with none left to fail. Three
# requests: add a root skbprio, replace it by one with options, and change
# the limit from 64 to 5 while packets are queued under tbf (the trim).
# After each N, tools/e2e/nlqdisc.c checks the errno (ENOMEM or ENOBUFS),
# that the tree is the old one or the new one, and that no packet is lost
# from the counters; tools/vm fails on any splat, and the leaks scenario
# after this one scans for what the error paths left behind.
SCENARIO=faults
. "$(dirname "$0")/lib.sh"

dbg=/sys/kernel/debug
for a in failslab fail_page_alloc; do
	# fail-nth picks the fault point; these only let GFP_KERNEL
	# allocations be chosen, and keep the console quiet.
	echo N > "$dbg/$a/ignore-gfp-wait"
	echo 0 > "$dbg/$a/verbose"
done
echo 0 > "$dbg/fail_page_alloc/min-order"

step() { # STEP DEVICE [DEST]
	local out rc=0
	out=$("$E2E_BIN/nlqdisc" failnth "$2" "$1" ${3:+"$3"}) || rc=$?
	echo "$out" > "$E2E_OUT/faults-$1.txt"
	echo "$out" | grep -E ' BAD$' | head -n 5 | sed 's/^/faults: /' || true
	echo "$out" | tail -n 1 | sed 's/^/faults: /'
	echo "$out" | tail -n 1 >> "$E2E_OUT/faults-summary"
	check "$1: every fault point fails cleanly, the tree is old or new, no packet lost" [ "$rc" -eq 0 ]
}

: > "$E2E_OUT/faults-summary"
for d in fa fr fc; do
	ip link add $d type dummy
	sysctl -q -w net.ipv6.conf.$d.disable_ipv6=1
	ip link set $d up
done
step add fa
step replace fr

ip addr add 10.77.0.1/24 dev fc
ip neigh add 10.77.0.2 lladdr 02:00:00:00:77:02 dev fc nud permanent
# One 1042-byte packet fits the bucket and leaves; the next waits in
# tbf's peek slot for hours at 8 bit/s; the rest stay in skbprio.
tc qdisc add dev fc root handle 1: tbf rate 8bit burst 1514 limit 100000
tc qdisc add dev fc parent 1:1 handle 2: skbprio limit 64
step change fc 10.77.0.2

for d in fa fr fc; do
	ip link del $d
done
finish
