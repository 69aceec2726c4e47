#!/bin/bash
# Overload, the case skbprio exists for: skbprio under a rate-limited tbf on
# a veth pair between two namespaces. A low-priority flood (priority 1,
# 1000-byte datagrams, flat out) shares the link with a paced high-priority
# stream (priority 40, 200-byte datagrams, well under the rate). The
# different sizes make every push-out change skbprio's backlog, which is
# what the parent's accounting must follow.
#
#   overload.sh [SECONDS] [SMP_SENDERS]
SCENARIO=overload
. "$(dirname "$0")/lib.sh"

secs=${1:-10}
hi_rate=100
rate=2mbit

setup_veth_pair
TX tc qdisc add dev veth0 root handle 1: tbf rate $rate burst 3000 latency 200ms
TX tc qdisc add dev veth0 parent 1:1 handle 10: skbprio limit 64

samples=$E2E_OUT/overload-samples
rm -rf "$samples"
mkdir -p "$samples"
n=0
# Raw tc output only: parsing waits for the end (python is slow to start
# under TCG and would stretch the sampling interval).
sample() {
	n=$((n + 1))
	mkdir "$samples/$n"
	TX tc -s class show dev veth0 > "$samples/$n/classes.txt"
	TX tc -s -j qdisc show dev veth0 > "$samples/$n/qdiscs.json"
	echo "$1" > "$samples/$n/phase"
}

ip netns exec rx "$E2E_BIN/udpcount" -p 9000 -i 3 -t $((secs + 60)) > "$E2E_OUT/overload-received" &
counter=$!
sleep 1
TX "$E2E_BIN/udpsend" -d 10.9.0.2 -P 1 -s 1000 -t "$secs" > "$E2E_OUT/overload-sent-low" &
flood=$!
TX "$E2E_BIN/udpsend" -d 10.9.0.2 -P 40 -s 200 -r $hi_rate -t "$secs" > "$E2E_OUT/overload-sent-high" &
paced=$!
# A sample counts as "during" only if the flood outlived it.
end=$(( $(date +%s) + secs - 1 ))
while [ "$(date +%s)" -lt "$end" ]; do
	sample during
	kill -0 $flood 2>/dev/null || echo late > "$samples/$n/phase"
done
wait $flood $paced
sleep 2
sample after
wait $counter

sent_low=$(awk '{print $3}' "$E2E_OUT/overload-sent-low")
sent_high=$(awk '{print $3}' "$E2E_OUT/overload-sent-high")
recv_low=$(awk '$2 == 1 {print $3}' "$E2E_OUT/overload-received")
recv_high=$(awk '$2 == 40 {print $3}' "$E2E_OUT/overload-received")
recv_low=${recv_low:-0}
recv_high=${recv_high:-0}
log "priority 40: sent $sent_high, received $recv_high"
log "priority 1: sent $sent_low, received $recv_low"
frac() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", b ? a / b : 0 }'; }
hi_frac=$(frac "$recv_high" "$sent_high")
lo_frac=$(frac "$recv_low" "$sent_low")
echo "priority 40 delivered $hi_frac priority 1 delivered $lo_frac" > "$E2E_OUT/overload-fractions"
check "high priority: at least 99 % delivered ($hi_frac)" awk -v f="$hi_frac" 'BEGIN { exit !(f >= 0.99) }'
check "the flood is mostly dropped (delivered $lo_frac)" awk -v f="$lo_frac" 'BEGIN { exit !(f < 0.5) }'

# Accounting, from the samples: skbprio's own totals against the sum of its
# classes and against its parent tbf.
/usr/bin/python3 - "$samples" "$(dirname "$0")/tcclass" > "$E2E_OUT/overload-accounting" <<'PY'
import importlib.machinery, json, os, sys
tcclass = importlib.machinery.SourceFileLoader('tcclass', sys.argv[2]).load_module()
worst = {'during': {}, 'after': {}}
n = {'during': 0, 'after': 0, 'late': 0}
for d in sorted(os.listdir(sys.argv[1]), key=int):
    d = os.path.join(sys.argv[1], d)
    p = open(os.path.join(d, 'phase')).read().strip()
    n[p] += 1
    if p == 'late':
        continue
    q = {x['kind']: x for x in json.load(open(os.path.join(d, 'qdiscs.json')))}
    tbf, sk = q['tbf'], q['skbprio']
    cls = [c for c in tcclass.parse(open(os.path.join(d, 'classes.txt')).read())
           if c['handle'].startswith('10:')]
    v = {
        'qlen parent-child': abs(tbf['qlen'] - sk['qlen']),
        'backlog parent-child': abs(tbf['backlog'] - sk['backlog']),
        'qlen child-classes': abs(sk['qlen'] - sum(c['qlen'] for c in cls)),
        'child qlen': sk['qlen'], 'child backlog': sk['backlog'],
        'parent qlen': tbf['qlen'], 'parent backlog': tbf['backlog'],
    }
    for k, x in v.items():
        worst[p][k] = max(worst[p].get(k, 0), x)
    if p == 'after':
        worst[p]['child drops'] = sk['drops']
        # skbprio class 10:N is band N-1: 10:2 holds priority 1, 10:29 priority 40.
        byh = {c['handle']: c for c in cls}
        worst[p]['class 10:2 drops'] = byh['10:2']['drops']
        worst[p]['class 10:29 drops'] = byh['10:29']['drops']
print(json.dumps({'samples': n, 'worst': worst}))
PY
acct=$(cat "$E2E_OUT/overload-accounting")
log "accounting: $acct"
get() { json_get "d['worst']$1" <<< "$acct"; }
check "the queue stood full during the run (child qlen reached 64)" [ "$(get "['during']['child qlen']")" -ge 64 ]
check "push-outs happened (child drops $(get "['after']['child drops']"))" [ "$(get "['after']['child drops']")" -gt 0 ]
check "the flood's class 10:2 counts the drops ($(get "['after']['class 10:2 drops']"))" [ "$(get "['after']['class 10:2 drops']")" -gt 0 ]
check "the paced class 10:29 has no drops" [ "$(get "['after']['class 10:29 drops']")" = 0 ]
check "child qlen 0 after traffic" [ "$(get "['after']['child qlen']")" = 0 ]
check "child backlog 0 after traffic" [ "$(get "['after']['child backlog']")" = 0 ]
# A dump reads tbf and then skbprio while packets move, and the classes come
# from a second dump, so a sample may be a packet or two apart (and the
# skb tbf has peeked at is in skbprio's qlen but in no band); the unpatched drift is one 800-byte difference per
# push-out and grows without bound.
fixed "parent backlog follows the child during the run (within one packet; worst $(get "['during']['backlog parent-child']") B)" \
	[ "$(get "['during']['backlog parent-child']")" -le 1042 ]
check "parent qlen follows the child during the run (within one packet)" [ "$(get "['during']['qlen parent-child']")" -le 1 ]
fixed "parent backlog 0 after traffic (it is $(get "['after']['parent backlog']") B)" [ "$(get "['after']['parent backlog']")" = 0 ]
check "parent qlen 0 after traffic" [ "$(get "['after']['parent qlen']")" = 0 ]
fixed "per-class qlen adds up to the qdisc's qlen (worst gap $(get "['during']['qlen child-classes']"))" \
	[ "$(get "['during']['qlen child-classes']")" -le 2 ]

ip netns del tx
ip netns del rx
finish
