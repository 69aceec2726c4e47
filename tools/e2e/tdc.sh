#!/bin/bash
# The upstream tc-testing suite from the kernel tree, inside the guest: the
# skbprio cases must all pass; then the qdiscs category, file by file, with
# its failures listed for tools/e2e/run to compare between the two kernels.
#
#   tdc.sh TC_TESTING_DIR
#
# E2E_TDC_QDISCS names the qdiscs files to run (default: the qdiscs skbprio
# is used with or that share its code paths; "all" for the whole category,
# 329 cases, about 17 minutes per kernel under TCG).
SCENARIO=tdc
. "$(dirname "$0")/lib.sh"

src=${1:?tc-testing folder}
# tdc writes next to itself: give it a writable copy. It loads the plugins
# a test case requires (nsPlugin) from plugin-lib/ by itself.
rm -rf /tmp/tdc
cp -a "$src" /tmp/tdc
cd /tmp/tdc

summarize() {
	local tap=$1 name=$2 ok notok skip
	ok=$(grep -cE '^ok [0-9]+ ' "$tap" || true)
	skip=$(grep -cE '^ok [0-9]+ .*# skipped' "$tap" || true)
	notok=$(grep -cE '^not ok [0-9]+ ' "$tap" || true)
	grep -E '^not ok [0-9]+ ' "$tap" | awk '{print $4}' | sort > "$E2E_OUT/tdc-$name.failed" || true
	echo "$name: $((ok - skip)) passed, $notok failed, $skip skipped" | tee "$E2E_OUT/tdc-$name.counts"
}

run_tdc() {
	local name=$1
	shift
	local start=$SECONDS
	/usr/bin/python3 ./tdc.py "$@" --outfile "$E2E_OUT/tdc-$name.tap" > "$E2E_OUT/tdc-$name.out" 2>&1 || true
	[ -f "$E2E_OUT/tdc-$name.tap" ] || { fail "tdc $name: no results (see tdc-$name.out)"; tail -n 20 "$E2E_OUT/tdc-$name.out"; return; }
	log "$(summarize "$E2E_OUT/tdc-$name.tap" "$name") in $((SECONDS - start)) s"
}

run_tdc skbprio -f tc-tests/qdiscs/skbprio.json
check "tdc skbprio cases: 4 run, all pass" grep -q '^skbprio: 4 passed, 0 failed, 0 skipped$' "$E2E_OUT/tdc-skbprio.counts"
# One tdc run per file: tdc aborts the whole run when a setup command
# fails, and one file's missing feature must not hide the other files.
: > "$E2E_OUT/tdc-qdiscs.failed.all"
: > "$E2E_OUT/tdc-qdiscs.tap"
aborted=()
start=$SECONDS
sel=${E2E_TDC_QDISCS:-fifo prio tbf sfb pfifo_fast}
if [ "$sel" = all ]; then
	files=(tc-tests/qdiscs/*.json)
else
	files=()
	for q in $sel; do files+=("tc-tests/qdiscs/$q.json"); done
fi
for f in "${files[@]}"; do
	name=qdiscs-$(basename "$f" .json)
	rm -f "$E2E_OUT/tdc-$name.tap"
	/usr/bin/python3 ./tdc.py -f "$f" --outfile "$E2E_OUT/tdc-$name.tap" > "$E2E_OUT/tdc-$name.out" 2>&1 || true
	if [ -f "$E2E_OUT/tdc-$name.tap" ]; then
		cat "$E2E_OUT/tdc-$name.tap" >> "$E2E_OUT/tdc-qdiscs.tap"
		log "$(summarize "$E2E_OUT/tdc-$name.tap" "$name")"
	else
		aborted+=("$(basename "$f" .json)")
		log "$name: tdc aborted (see tdc-$name.out): $(grep -m1 'Error message' -A1 "$E2E_OUT/tdc-$name.out" | tail -n 1)"
	fi
done
summarize "$E2E_OUT/tdc-qdiscs.tap" qdiscs > /dev/null
echo "${#aborted[@]} files aborted: ${aborted[*]}" >> "$E2E_OUT/tdc-qdiscs.counts"
log "qdiscs category: $(paste -sd ';' "$E2E_OUT/tdc-qdiscs.counts") in $((SECONDS - start)) s"
check "tdc qdiscs category ran" grep -q passed "$E2E_OUT/tdc-qdiscs.counts"
finish
