#!/bin/bash
# In a tools/stable guest: for each variant, load its sch_skbprio.ko, run
# tc-testing's skbprio.json, unload it.
#
#   guest.sh TDC_DIR MODS_DIR OUT VARIANT...
tdc=${1:?} mods=${2:?} out=${3:?}
shift 3
rc=0
echo "stable: $(uname -r), $(tc -V)"
for v in "$@"; do
	ko=$mods/$v/sch_skbprio.ko
	if ! insmod "$ko"; then
		echo "stable: $v: insmod $ko failed"
		rc=1
		break
	fi
	# tdc writes next to itself: a writable copy for each run.
	rm -rf /tmp/tdc
	cp -a "$tdc" /tmp/tdc
	(cd /tmp/tdc && timeout 600 /usr/bin/python3 ./tdc.py -f tc-tests/qdiscs/skbprio.json \
		--outfile "$out/tdc-$v.tap") > "$out/tdc-$v.out" 2>&1
	echo "stable: $v: tdc exit $?, $(grep -cE '^ok ' "$out/tdc-$v.tap" 2>/dev/null) ok, $(grep -cE '^not ok ' "$out/tdc-$v.tap" 2>/dev/null) not ok"
	# The next variant must not find this one loaded.
	if ! rmmod sch_skbprio; then
		echo "stable: $v: rmmod sch_skbprio failed"
		rc=1
		break
	fi
done
exit $rc
