#!/bin/bash
# SMP stress: senders on both CPUs at four priorities push through skbprio
# (under tbf, on veth between namespaces) while its limit flips between
# small and large values (every lowering trims the queue) and its classes
# are dumped in a loop. Bounded in time; afterwards the queue must be empty
# and parent and child must agree. tools/vm fails the run on any splat.
#
#   stress.sh [SECONDS]
SCENARIO=stress
. "$(dirname "$0")/lib.sh"

secs=${1:-${E2E_STRESS_SECONDS:-20}}
cpus=$(nproc)
check "an SMP guest ($cpus CPUs)" [ "$cpus" -ge 2 ]

setup_veth_pair
TX tc qdisc add dev veth0 root handle 1: tbf rate 5mbit burst 5000 latency 100ms
TX tc qdisc add dev veth0 parent 1:1 handle 10: skbprio limit 64

ip netns exec rx "$E2E_BIN/udpcount" -p 9000 -i 3 -t $((secs + 120)) > "$E2E_OUT/stress-received" &
counter=$!
sleep 1
pids=()
i=0
for spec in "1 1200 0" "20 600 0" "40 300 200" "63 100 0"; do
	read -r prio size rate <<< "$spec"
	TX taskset -c $((i % cpus)) "$E2E_BIN/udpsend" -d 10.9.0.2 -P "$prio" -s "$size" -r "$rate" -t "$secs" \
		> "$E2E_OUT/stress-sent-$prio" &
	pids+=($!)
	i=$((i + 1))
done
changes=0
dumps=0
end=$(( $(date +%s) + secs ))
# One tc process sends a whole batch of changes: under TCG (and KASAN) a
# process start costs more than the change itself. A small batch, though:
# the last one starts before the deadline and runs to its end.
for r in $(seq 10); do
	for l in 1 1000 8 64 2 500; do
		echo "qdisc change dev veth0 parent 1:1 handle 10: skbprio limit $l"
	done
done > /tmp/stress-flips.tc
flips=$(wc -l < /tmp/stress-flips.tc)
(
	n=0
	while [ "$(date +%s)" -lt "$end" ]; do
		TX tc -batch /tmp/stress-flips.tc || exit 1
		n=$((n + flips))
	done
	echo "$n" > "$E2E_OUT/stress-changes"
) &
changer=$!
for r in $(seq 20); do echo "class show dev veth0"; done > /tmp/stress-dumps.tc
(
	n=0
	while [ "$(date +%s)" -lt "$end" ]; do
		TX tc -s -batch /tmp/stress-dumps.tc > /dev/null || exit 1
		n=$((n + 20))
	done
	echo "$n" > "$E2E_OUT/stress-dumps"
) &
dumper=$!
wait "${pids[@]}"
check "limit changes all accepted" wait $changer
check "class dumps all answered" wait $dumper
changes=$(cat "$E2E_OUT/stress-changes" 2>/dev/null || echo 0)
dumps=$(cat "$E2E_OUT/stress-dumps" 2>/dev/null || echo 0)
sleep 3
wait $counter
sent=$(cat "$E2E_OUT"/stress-sent-* | awk '{s += $3} END {print s}')
received=$(awk '$1 == "received" {s += $3} END {print s + 0}' "$E2E_OUT/stress-received")
log "$secs s: $sent datagrams sent, $received received, $changes limit changes, $dumps class dumps"
echo "$secs s, $cpus CPUs: $sent sent, $received received, $changes limit changes, $dumps class dumps" > "$E2E_OUT/stress-summary"
check "limit changes happened ($changes)" [ "$changes" -gt 0 ]

# One python start for all the counters (a start costs seconds under
# TCG and KASAN): "KIND FIELD VALUE" lines that get() picks from.
q=$(TX tc -s -j qdisc show dev veth0 | json_get "'\\n'.join(f\"{x['kind']} {k} {x[k]}\"
    for x in d for k in ('qlen', 'backlog', 'packets', 'bytes') if k in x)")
get() { awk -v k="$1" -v f="$2" '$1 == k && $2 == f { print $3; n++ } END { if (!n) print "missing" }' <<< "$q"; }
check_drained tbf skbprio
cls=$(TX "$(dirname "$0")/tcclass" veth0)
check "every class empty" [ "$(json_get "sum(c.get('qlen', 0) + c.get('backlog', 0) for c in d)" <<< "$cls")" = 0 ]

ip netns del tx
ip netns del rx
finish
