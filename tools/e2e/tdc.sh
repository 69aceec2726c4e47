#!/bin/bash
# The upstream tc-testing suite from the kernel tree, inside the guest: the
# skbprio cases must all pass; the whole qdiscs category is run and its
# failures listed, for tools/e2e/run to compare between the two kernels.
#
#   tdc.sh TC_TESTING_DIR
SCENARIO=tdc
. "$(dirname "$0")/lib.sh"

src=${1:?tc-testing folder}
# tdc writes next to itself and loads plugins from ./plugins: give it a
# writable copy with the namespace plugin linked in.
rm -rf /tmp/tdc
cp -a "$src" /tmp/tdc
cd /tmp/tdc
ln -sf ../plugin-lib/nsPlugin.py plugins/nsPlugin.py

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
run_tdc qdiscs -D tc-tests/qdiscs ${TDC_JOBS:+-J "$TDC_JOBS"}
check "tdc qdiscs category ran" test -s "$E2E_OUT/tdc-qdiscs.counts"
finish
