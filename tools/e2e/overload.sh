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
frozen_secs=3
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
# The flood outlives the paced stream by $frozen_secs: that is when the
# link is frozen (below).
TX "$E2E_BIN/udpsend" -d 10.9.0.2 -P 1 -s 1000 -t $((secs + frozen_secs)) > "$E2E_OUT/overload-sent-low" &
flood=$!
TX "$E2E_BIN/udpsend" -d 10.9.0.2 -P 40 -s 200 -r $hi_rate -t "$secs" > "$E2E_OUT/overload-sent-high" &
paced=$!
# A sample counts as "during" only if the flood outlived it.
end=$(( $(date +%s) + secs - 1 ))
while [ "$(date +%s)" -lt "$end" ]; do
	sample during
	kill -0 $flood 2>/dev/null || echo late > "$samples/$n/phase"
done
# Samples taken while packets move are a few packets apart: a dump reads
# one qdisc or class at a time, each under the qdisc lock, and tbf sends
# between them. So the exact checks are made on a frozen link: tbf at
# 8 bit/s sends its fresh bucket of 3000 bytes and then nothing, while
# the flood fills skbprio up (then every new priority-1 packet is dropped;
# once the flood ends, nothing arrives). The paced stream has ended, so
# none of its packets is held back for long.
wait $paced
tbf_rate 8bit
sleep 1
sample frozen
sample frozen
wait $flood
tbf_thaw "$rate"
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
worst = {'during': {}, 'frozen': {}, 'after': {}}
n = {'during': 0, 'late': 0, 'frozen': 0, 'after': 0}
frozen = []
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
    if p == 'frozen':
        frozen.append([tbf['qlen'], tbf['backlog'], sk['qlen'], sk['backlog']] +
                      [(c['handle'], c['qlen'], c['backlog']) for c in cls])
    if p == 'after':
        worst[p]['child drops'] = sk['drops']
        # skbprio class 10:N is band N-1: 10:2 holds priority 1, 10:29 priority 40.
        byh = {c['handle']: c for c in cls}
        worst[p]['class 10:2 drops'] = byh['10:2']['drops']
        worst[p]['class 10:29 drops'] = byh['10:29']['drops']
worst['frozen']['still'] = int(len(frozen) == 2 and frozen[0] == frozen[1])
print(json.dumps({'samples': n, 'worst': worst}))
PY
acct=$(cat "$E2E_OUT/overload-accounting")
log "accounting: $acct"
# One python start for every figure (a start costs about a second under
# TCG): "phase/field<TAB>value" lines into an array that get() reads. A
# here-string, not "< <(...)": the guest's /dev has no /dev/fd.
declare -A acct_val=()
while IFS=$'\t' read -r k v; do acct_val[$k]=$v; done <<< "$(json_get "'\\n'.join(
    f'{p}/{k}\\t{v}' for p, x in d['worst'].items() for k, v in x.items())" <<< "$acct")"
# A figure that is missing reads "missing", which fails any comparison.
get() { echo "${acct_val[$1]-missing}"; }
# A sample of a moving queue may catch it one packet short of full; the
# frozen samples below are the exact check.
log "while the link moved, skbprio held up to ${acct_val[during/child qlen]:-0} packets"
check "push-outs happened (child drops $(get 'after/child drops'))" [ "$(get 'after/child drops')" -gt 0 ]
check "the flood's class 10:2 counts the drops ($(get 'after/class 10:2 drops'))" [ "$(get 'after/class 10:2 drops')" -gt 0 ]
check "the paced class 10:29 has no drops" [ "$(get 'after/class 10:29 drops')" = 0 ]
# The frozen samples, after 10 s of push-outs: exact. The unpatched drift
# is one 800-byte difference per push-out and grows without bound.
check "frozen link: two samples alike, nothing moved" [ "$(get 'frozen/still')" = 1 ]
check "frozen link: skbprio full (qlen $(get 'frozen/child qlen'))" [ "$(get 'frozen/child qlen')" -ge 64 ]
# The limit counts the skb tbf holds peeked, as it always has.
most=${acct_val[during/child qlen]:-0}
[ "$(get 'frozen/child qlen')" -le "$most" ] || most=$(get 'frozen/child qlen')
check "skbprio never held more than its limit of 64 (at most $most)" [ "$most" -le 64 ]
check "frozen link: parent qlen equals the child's" [ "$(get 'frozen/qlen parent-child')" = 0 ]
fixed "frozen link: parent backlog equals the child's (off by $(get 'frozen/backlog parent-child') B)" \
	[ "$(get 'frozen/backlog parent-child')" = 0 ]
# tbf holds one skb it has peeked at (qdisc_peek_dequeued()): it counts in
# skbprio's qlen, and it is in no band any more.
fixed "frozen link: per-class qlen adds up to the qdisc's qlen, but for tbf's peeked skb (gap $(get 'frozen/qlen child-classes'))" \
	[ "$(get 'frozen/qlen child-classes')" -le 1 ]
check "child qlen 0 after traffic" [ "$(get 'after/child qlen')" = 0 ]
check "child backlog 0 after traffic" [ "$(get 'after/child backlog')" = 0 ]
fixed "parent backlog 0 after traffic (it is $(get 'after/parent backlog') B)" [ "$(get 'after/parent backlog')" = 0 ]
check "parent qlen 0 after traffic" [ "$(get 'after/parent qlen')" = 0 ]

ip netns del tx
ip netns del rx
finish
