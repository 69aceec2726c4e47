#!/bin/bash
# Control plane: the machine's iproute2 tc against skbprio on a dummy device,
# and wrongly sized options over raw netlink (nlqdisc).
SCENARIO=control
. "$(dirname "$0")/lib.sh"

ip link add d0 type dummy
sysctl -q -w net.ipv6.conf.d0.disable_ipv6=1
ip link set d0 up

limit_of() { tc -j qdisc show dev d0 | json_get "[q['options']['limit'] for q in d if q['kind'] == 'skbprio'][0]"; }
kind_of() { tc -j qdisc show dev d0 | json_get "d[0]['kind']"; }

tc qdisc add dev d0 root handle 1: skbprio
check "add: default limit 64 shown" [ "$(limit_of)" = 64 ]
check "tc qdisc show prints 'limit 64'" bash -c "tc qdisc show dev d0 | grep -q 'skbprio 1: root refcnt [0-9]* limit 64'"
tc qdisc change dev d0 root skbprio limit 10
check "change: limit 10" [ "$(limit_of)" = 10 ]
tc qdisc replace dev d0 root handle 1: skbprio limit 20
check "replace: limit 20" [ "$(limit_of)" = 20 ]
tc qdisc del dev d0 root
check "delete: root is no longer skbprio" [ "$(kind_of)" != skbprio ]
tc qdisc add dev d0 root handle 1: skbprio limit 7
check "add with limit 7" [ "$(limit_of)" = 7 ]
check "add on a device that has one: refused" bash -c "! tc qdisc add dev d0 root handle 1: skbprio 2>/dev/null"

classes=$("$(dirname "$0")/tcclass" d0)
check "64 classes" [ "$(json_get 'len(d)' <<< "$classes")" = 64 ]
check "classes 1:1 to 1:40 (hex ids)" [ "$(json_get "','.join(c['handle'] for c in d)" <<< "$classes")" = \
	"$(printf '1:%x,' $(seq 1 64) | sed 's/,$//')" ]
check "every class reports qlen, backlog and drops" [ "$(json_get "all({'qlen','backlog','drops'} <= set(c) for c in d)" <<< "$classes")" = True ]
check "tc -s qdisc show has the counters" bash -c "tc -s qdisc show dev d0 | grep -qE 'Sent [0-9]+ bytes [0-9]+ pkt \(dropped [0-9]+, overlimits [0-9]+ requeues [0-9]+\)'"

# Traffic through a dummy is dropped by the device, not queued, but it
# passes through skbprio's enqueue and dequeue.
ip addr add 10.8.0.1/24 dev d0
ip neigh add 10.8.0.2 lladdr 02:00:00:00:00:02 dev d0 nud permanent
"$E2E_BIN/udpsend" -d 10.8.0.2 -P 5 -s 100 -r 200 -t 1 > /dev/null
pkts=$(tc -s -j qdisc show dev d0 | json_get "d[0]['packets']")
check "traffic counted ($pkts packets)" [ "$pkts" -ge 200 ]

out=$("$E2E_BIN/nlqdisc" badsize d0) && rc=0 || rc=$?
echo "$out" | sed 's/^/control: nlqdisc: /'
check "wrongly sized TCA_OPTIONS: all refused with EINVAL, limit unchanged" [ "$rc" -eq 0 ]
check "limit still 7" [ "$(limit_of)" = 7 ]
fixed "each refusal says why (extack)" bash -c "[ \$(grep -c 'extack \"Expected 4 bytes of skbprio options, got' <<< '$out') -eq 13 ]"

ip link del d0
finish
