#!/bin/bash
# The prio_fifo sample qdisc (samples/prio_fifo, kind "bprio") under tbf:
# four senders of mixed sizes at four priorities overload it; on a frozen
# link, and after, the parent's qlen and backlog must equal the child's
# (tbf holds no packets of its own), and the top band must get through.
# Samples under load only count how often the two agree: a dump reads one
# qdisc at a time without the qdisc lock (tc_fill_qdisc() passes a NULL
# lock to gnet_stats_start_copy_compat(), net/sched/sch_api.c), so packets
# move between the two reads.
# tc adds the unknown kind without options: its byte limit is the
# default, txqueuelen x (MTU + link header), here 20 x 1514.
#
#   bprio.sh [SECONDS]
SCENARIO=bprio
. "$(dirname "$0")/lib.sh"

secs=${1:-${E2E_BPRIO_SECONDS:-10}}
if [ "$E2E_KERNEL" = unpatched ]; then
	log "skipped: the unpatched kernel has no prio_fifo sample"
	exit 0
fi
setup_veth_pair
TX ip link set veth0 txqueuelen 20
TX tc qdisc add dev veth0 root handle 1: tbf rate 2mbit burst 3000 latency 200ms
check "tc adds bprio under tbf" TX tc qdisc add dev veth0 parent 1:1 handle 10: bprio

ip netns exec rx "$E2E_BIN/udpcount" -p 9000 -i 3 -t $((secs + 60)) > "$E2E_OUT/bprio-received" &
counter=$!
sleep 1
pids=()
for spec in "0 1400" "3 700" "7 200" "15 90"; do
	read -r prio size <<< "$spec"
	TX "$E2E_BIN/udpsend" -d 10.9.0.2 -P "$prio" -s "$size" -t "$secs" \
		> "$E2E_OUT/bprio-sent-$prio" &
	pids+=($!)
done
# tc's JSON output breaks on a kind it has no parser for: read the text.
# qstat: "KIND bytes packets drops backlog qlen" per qdisc.
qstat() {
	TX tc -s qdisc show dev veth0 | awk '
		$1 == "qdisc" { kind = $2 }
		$1 == "Sent" { bytes[kind] = $2; pkts[kind] = $4; d = $7; sub(",", "", d); drops[kind] = d }
		$1 == "backlog" { b = $2; sub("b", "", b); p = $3; sub("p", "", p)
			print kind, bytes[kind], pkts[kind], drops[kind], b, p }'
}
q=
get() {
	local col
	case $2 in bytes) col=2 ;; packets) col=3 ;; drops) col=4 ;; backlog) col=5 ;; qlen) col=6 ;; esac
	awk -v k="$1" -v c="$col" '$1 == k { print $c }' <<< "$q"
}
samples=0
agree=0
end=$(( $(date +%s) + secs ))
while [ "$(date +%s)" -lt "$end" ]; do
	# One dump, so that parent and child are read at the same instant.
	q=$(qstat)
	samples=$((samples + 1))
	[ "$(get tbf qlen)" = "$(get bprio qlen)" ] &&
		[ "$(get tbf backlog)" = "$(get bprio backlog)" ] && agree=$((agree + 1))
	[ "$(get bprio backlog)" -le $((20 * 1514)) ] || fail "bprio backlog $(get bprio backlog) over its limit"
	sleep 0.5
done
log "parent and child agreed in $agree of $samples samples under load (not exact: see the top)"
# The frozen link: tbf at 8 bit/s sends its bucket and then nothing while
# a sender fills bprio up; two dumps a second apart must be alike, and
# there the parent must equal the child exactly.
tbf_rate 8bit
TX "$E2E_BIN/udpsend" -d 10.9.0.2 -p 9001 -P 3 -s 700 -t 2 > /dev/null
sleep 1
q1=$(qstat)
sleep 1
q=$(qstat)
check "frozen link: two samples alike" [ "$q1" = "$q" ]
check "frozen link: bprio holds packets ($(get bprio qlen))" [ "$(get bprio qlen)" -gt 0 ]
check "frozen link: parent qlen equals the child's" [ "$(get tbf qlen)" = "$(get bprio qlen)" ]
check "frozen link: parent backlog equals the child's" [ "$(get tbf backlog)" = "$(get bprio backlog)" ]
wait "${pids[@]}"
tbf_thaw 2mbit
q=$(qstat)
check "bprio dropped packets under overload ($(get bprio drops))" [ "$(get bprio drops)" -gt 0 ]
check "parent drops equal the child's" [ "$(get tbf drops)" = "$(get bprio drops)" ]
sleep 3
wait $counter
q=$(qstat)
check_drained tbf bprio
top=$(awk '$1 == "received" && $2 == 15 {print $3}' "$E2E_OUT/bprio-received")
low=$(awk '$1 == "received" && $2 == 0 {print $3}' "$E2E_OUT/bprio-received")
log "received: priority 15 ${top:-0}, priority 0 ${low:-0}"
check "the top band got through (${top:-0} datagrams)" [ "${top:-0}" -gt 0 ]

ip netns del tx
ip netns del rx
finish
