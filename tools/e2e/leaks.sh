#!/bin/bash
# Leaks (kmemleak, kconfig/debug.config): run last, after the other
# scenarios of the boot and the KUnit suites that ran at boot
# (tools/sanitizers boots with kunit.enable=1). Two scans, as
# Documentation/dev-tools/kmemleak.rst advises, after kmemleak's minimum
# object age of 5 s. A report whose backtrace has a function defined in
# net/sched/ or lib/prio_fifo*.c fails the run; the others are counted
# and listed (kmemleak.txt).
SCENARIO=leaks
. "$(dirname "$0")/lib.sh"

km=/sys/kernel/debug/kmemleak
objdir=${E2E_OBJDIR:?}
if ! [ -w "$km" ] || ! echo scan > "$km"; then
	fail "kmemleak is off (not built, or it disabled itself: see the console)"
	finish
	exit
fi
sleep 6
echo scan > "$km"
sleep 1
echo scan > "$km"
cat "$km" > "$E2E_OUT/kmemleak.txt"
nm --defined-only "$objdir"/net/sched/*.o "$objdir"/lib/prio_fifo*.o 2>/dev/null |
	awk 'NF == 3 && $2 ~ /[tTwW]/ { sub(/\..*/, "", $3); print $3 }' |
	sort -u > "$E2E_OUT/kmemleak-ours.syms"
check "the symbols of net/sched and lib/prio_fifo are known" \
	[ -s "$E2E_OUT/kmemleak-ours.syms" ]
summary=$(/usr/bin/python3 - "$E2E_OUT/kmemleak.txt" "$E2E_OUT/kmemleak-ours.syms" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
ours = set(open(sys.argv[2]).read().split())
reports = [r for r in re.split(r'^(?=unreferenced object )', text, flags=re.M) if r.strip()]
bad, other = [], []
for r in reports:
    funcs = re.findall(r'^    ([A-Za-z0-9_.]+)\+0x', r, flags=re.M)
    hit = [f.split('.')[0] for f in funcs if f.split('.')[0] in ours]
    (bad if hit else other).append((r, hit))
for r, hit in bad:
    print("ours: " + " <- ".join(hit) + " | " + r.splitlines()[0])
for r, _ in other:
    frames = re.findall(r'^    (\S+)', r, flags=re.M)
    print("other: " + r.splitlines()[0] + " | " + " <- ".join(frames[2:6]))
print(f"{len(reports)} reports: {len(bad)} from net/sched or prio_fifo, {len(other)} others")
PY
)
echo "$summary" | sed 's/^/leaks: /'
echo "$summary" | tail -n 1 > "$E2E_OUT/leaks-summary"
check "no leak from net/sched or prio_fifo ($(tail -n 1 "$E2E_OUT/leaks-summary"))" \
	grep -q ' 0 from net/sched' "$E2E_OUT/leaks-summary"
finish
