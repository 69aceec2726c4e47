#!/usr/bin/env bash
# Guest side of tools/bench/pktgen: pktgen in queue_xmit mode through
# dev_queue_xmit() into a dummy device, whose root is a rate-limited tbf so
# that the child qdisc keeps a standing backlog. A clsact egress filter
# sets skb->priority from the UDP source port. One line per run:
#   RUN <kernel> <qdisc> <pattern> <usec> <sent> <errors>
#   pktgen-guest.sh KERNEL OUT SECONDS "QDISCS" "PATTERNS" ROTATE
set -euo pipefail
kernel=$1 out=$2 secs=$3 qdiscs=$4 patterns=$5 rotate=$6
dev=pg0
pg=/proc/net/pktgen
base=10000	# ports base..base+63 -> priority 0..63
alt=20000	# ports alt, alt+1 -> priority 0, 63
size=60

pgset() {	# FILE CMD: pktgen reports each command's outcome in FILE
	echo "$2" > "$1"
	grep -q '^Result: OK' "$1" || { echo "pktgen: '$2' refused: $(grep Result "$1")" >&2; exit 1; }
}

# The "xmit error" lines of every refused packet would cost console time.
echo 1 > /proc/sys/kernel/printk
ip link add $dev type dummy
ip link set $dev up
tc qdisc add dev $dev clsact
{
	for i in $(seq 0 63); do
		echo "filter add dev $dev egress protocol ip prio 1 flower ip_proto udp src_port $((base + i)) action skbedit priority $i"
	done
	echo "filter add dev $dev egress protocol ip prio 1 flower ip_proto udp src_port $alt action skbedit priority 0"
	echo "filter add dev $dev egress protocol ip prio 1 flower ip_proto udp src_port $((alt + 1)) action skbedit priority 63"
} | tc -batch -

pgset $pg/kpktgend_0 "rem_device_all"
pgset $pg/kpktgend_0 "add_device $dev"
for c in "xmit_mode queue_xmit" "count 0" "clone_skb 0" "delay 0" "pkt_size $size" \
	"dst 198.51.100.2" "dst_mac 02:00:00:00:00:02"; do
	pgset $pg/$dev "$c"
done

# qdisc: noqueue (no qdisc at all) or a child of tbf
set_qdisc() {
	tc qdisc del dev $dev root 2>/dev/null || true
	[ "$1" = noqueue ] && return 0
	tc qdisc add dev $dev root handle 1: tbf rate "$rate" burst 1600 limit 100000
	case $1 in
	skbprio) tc qdisc add dev $dev parent 1:1 handle 10: skbprio limit 64 ;;
	# tc knows no options for this kind; the default limit is 64.
	skbprio_orig) tc qdisc add dev $dev parent 1:1 handle 10: skbprio_orig ;;
	prio) tc qdisc add dev $dev parent 1:1 handle 10: prio ;;
	pfifo) tc qdisc add dev $dev parent 1:1 handle 10: pfifo limit 64 ;;
	pfifo_fast) tc qdisc add dev $dev parent 1:1 handle 10: pfifo_fast ;;
	esac
}

ports() {	# MIN MAX [!]UDPSRC_RND: source ports from MIN to MAX, in turn or at random
	pgset $pg/$dev "udp_src_min $1"
	pgset $pg/$dev "udp_src_max $2"
	pgset $pg/$dev "flag $3"
}

set_pattern() {
	case $1 in
	rr) ports $base $((base + 63)) '!UDPSRC_RND' ;;
	random) ports $base $((base + 63)) UDPSRC_RND ;;
	alt) ports $alt $((alt + 1)) '!UDPSRC_RND' ;;
	esac
}

# One timed run: start, stop after SECONDS, read the result.
run() {
	echo start > $pg/pgctrl &
	sleep "$secs"
	echo stop > $pg/pgctrl
	wait
	awk '/^Result: OK:/ { u = $3; sub(/\(.*/, "", u); s = $5 }
	     /pps .* errors: [0-9]+$/ { e = $NF }
	     END { print u, s, e }' $pg/$dev
}

# The tbf rate comes from the attempt rate without a qdisc, measured once
# (the first boot writes it, later boots of either kernel read it). An
# eighth of it keeps the child full all the time: most attempts meet a full
# queue, which is where skbprio looks up bands and pushes out.
if [ -s "$out/rate" ]; then
	rate=$(cat "$out/rate")
else
	set_qdisc noqueue
	set_pattern rr
	read -r usec sent errors <<< "$(run)"
	rate=$(( (sent + errors) * 1000000 / usec / 8 * size * 8 ))bit
	echo "$rate" > "$out/rate"
fi
echo "RATE $rate"

# Rotate the order from one boot to the next so that no configuration
# always runs first.
read -r -a qs <<< "$qdiscs"
n=${#qs[@]}
for p in $patterns; do
	set_pattern "$p"
	for i in $(seq 0 $((n - 1))); do
		q=${qs[$(( (i + rotate) % n ))]}
		set_qdisc "$q"
		read -r usec sent errors <<< "$(run)"
		echo "RUN $kernel $q $p $usec $sent $errors"
		tc -s qdisc show dev $dev | sed "s/^/  $q $p: /" >&2
	done
done
