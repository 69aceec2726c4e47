#!/bin/bash
# Guest side of tools/mutate's module batch (runs in tools/vm, booted with
# kunit.enable=1): for each mutant, load its four modules (each suite runs
# when its module loads), unload them, and keep that mutant's kernel log
# in OUT/ID.log. OUT/current names the mutant being run and OUT/done lists
# the finished ones, so that the host can tell which mutant a crash or a
# hang belongs to and boot again for the rest.
#
#   guest.sh OUT KO_DIR ID...      (KO_DIR/ID/*.ko, built by tools/mutate)
set -uo pipefail
out=$1
kodir=$2
shift 2
load=(prio_fifo prio_fifo_kunit sch_skbprio sch_bprio)
dmesg -C
for id in "$@"; do
	echo "$id" > "$out/current"
	sync
	rc=0
	msgs=
	for m in "${load[@]}"; do
		insmod "$kodir/$id/$m.ko" || { msgs+="mutate: insmod $m failed"$'\n'; rc=1; }
	done
	for ((i = ${#load[@]} - 1; i >= 0; i--)); do
		m=${load[$i]}
		grep -q "^$m " /proc/modules || continue
		# A module that cannot go leaves the next mutant nowhere to load:
		# the rest need a fresh boot.
		rmmod "$m" || { msgs+="mutate: rmmod $m failed"$'\n'; rc=2; }
	done
	{ dmesg -c; printf '%s' "$msgs"; echo "mutate: modules status $rc"; } > "$out/$id.log"
	echo "$id" >> "$out/done"
	sync
	[ $rc -lt 2 ] || exit 3
	# An oops or a warning (taint D or W; KUnit's own N is fine) may have
	# left locks held or objects behind: the next mutant gets a fresh boot.
	(( $(cat /proc/sys/kernel/tainted) & (128 | 512) )) && exit 4
done
