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

# The cases upstream has hold on both kernels; the cases the series adds
# (the net fixes' class qlen 3f1c and parent backlog 5e2d, net-next's
# trim on a lowered limit b7a3) must pass with the series and fail
# without it.
upstream_ids=(283e c086 6733 2958)
fix_ids=(3f1c 5e2d b7a3)
tdc_passed() {	# ID: the case ran and passed (not skipped)
	grep -E "^ok [0-9]+ $1( |$)" "$E2E_OUT/tdc-skbprio.tap" | grep -qv '# skipped'
}
run_tdc skbprio -f tc-tests/qdiscs/skbprio.json
n=$(( ${#upstream_ids[@]} + ${#fix_ids[@]} ))
check "tdc skbprio cases: none skipped" grep -qE "^skbprio: [0-9]+ passed, [0-9]+ failed, 0 skipped$" "$E2E_OUT/tdc-skbprio.counts"
check "tdc skbprio cases: $n run" test "$(grep -cE '^(not )?ok [0-9]+ ' "$E2E_OUT/tdc-skbprio.tap")" -eq "$n"
for id in "${upstream_ids[@]}"; do
	check "tdc $id passes" tdc_passed "$id"
done
for id in "${fix_ids[@]}"; do
	fixed "tdc $id passes" tdc_passed "$id"
done
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
