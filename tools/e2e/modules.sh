#!/bin/bash
# Guest side of tools/modules: the suites run when their modules load, and
# "tc qdisc add ... skbprio" loads sch_skbprio.ko by its alias.
#   modules.sh MODULES_DIR    (the lib/modules of modules_install)
set -euo pipefail
failures=0
log() { echo "modules: $*"; }
check() {
	local what=$1
	shift
	if "$@"; then log "ok: $what"; else log "FAIL: $what"; failures=$((failures + 1)); fi
}
loaded() { grep -q "^$1 " /proc/modules; }
# KTAP: a module's suite ends with "ok N SUITE" on success.
suite_passed() {
	dmesg | grep -qE "^\[ *[0-9.]+\] *ok [0-9]+ $1\$" &&
		! dmesg | grep -qE "not ok [0-9]+ "
}

# The root file system is the host's, read-only, and may have no
# /lib/modules: point modprobe, the kernel's autoload helper included, at
# the installed tree with -d.
root=${1%/lib/modules}
modprobe=$(command -v modprobe) || { log "FAIL: no modprobe (install kmod)"; exit 1; }
[ -f "$1/$(uname -r)/modules.dep" ] ||
	{ log "FAIL: no $1/$(uname -r)/modules.dep (depmod did not run)"; ls -R "$1" | head -n 20; exit 1; }
cat > /tmp/modprobe <<END
#!/bin/sh
exec $modprobe -d $root "\$@"
END
chmod +x /tmp/modprobe
echo /tmp/modprobe > /proc/sys/kernel/modprobe
check "no qdisc module loaded at boot" bash -c '! grep -qE "^(sch_skbprio|prio_fifo) " /proc/modules'
check "modprobe prio_fifo_kunit" /tmp/modprobe prio_fifo_kunit
check "modprobe prio_fifo_kunit loads prio_fifo" loaded prio_fifo
check "the prio_fifo suite ran and passed" suite_passed prio_fifo
ip link add d0 type dummy
ip link set d0 up
check "tc qdisc add ... skbprio" tc qdisc add dev d0 root handle 1: skbprio limit 16
check "tc qdisc add ... skbprio autoloaded sch_skbprio" loaded sch_skbprio
check "the sch_skbprio suite ran and passed" suite_passed sch_skbprio
check "tc shows the qdisc" bash -c 'tc qdisc show dev d0 | grep -q "qdisc skbprio 1: root refcnt [0-9]* limit 16"'
tc qdisc del dev d0 root || true
check "tc qdisc add ... bprio (the sample, no options)" tc qdisc add dev d0 root handle 2: bprio
check "tc qdisc add ... bprio autoloaded sch_bprio" loaded sch_bprio
check "the sch_bprio suite ran and passed" suite_passed sch_bprio
tc qdisc del dev d0 root || true
ip link del d0
check "rmmod sch_bprio sch_skbprio prio_fifo_kunit prio_fifo" rmmod sch_bprio sch_skbprio prio_fifo_kunit prio_fifo
dmesg | grep -E '^\[ *[0-9.]+\] *(ok|not ok) [0-9]+ ' | sed 's/^/modules: ktap: /' || true
if [ $failures -eq 0 ]; then log "all checks passed"; else log "$failures check(s) failed"; fi
[ $failures -eq 0 ]
