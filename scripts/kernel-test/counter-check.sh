#!/bin/sh
# shellcheck disable=SC2016 # wait_for's conditions are single-quoted on purpose
# A counter on a gpio-sim line, in the guest: a burst of pulses at a rate the daemon
# keeps up with must be counted in full; faster bursts, until one loses edges, give the
# fastest rate counted without loss; and a burst while the daemon is stopped (SIGSTOP),
# which overflows the kernel's event buffer, must be counted in full with the loss
# logged and in status (libgpiod v2: the sequence numbers say how many edges went), or
# logged and in status as a loss of at least one with the total not raised (v1: only the
# full buffer shows it). `pulse` (pulse.c) pulls the line at a set rate.
# Prints TAP.
#
# sensors-daemon-check.sh reads it at its end (`. /bin/counter-check.sh`), so that it
# shares that guest's boot; it also runs alone:
#   gcc -O2 -static scripts/kernel-test/pulse.c -o DIR/pulse
#   scripts/kernel-test/run --libgpiod v1|v2 --binary counter-check.sh --extra .../gpioagg --extra DIR/pulse -- v1|v2
set -eu
standalone=false
if [ -z "${n:-}" ]; then
    standalone=true
    api=${1:?usage: counter-check.sh v1|v2}
    # shellcheck source=tap.sh # ok, not_ok, wait_for; "run" puts it in /bin
    . /bin/tap.sh
fi
counter_log() { echo "# log:"; sed 's/^/#   /' /tmp/counter.log; }
counter_check() {   # description, condition
    if wait_for "$2"; then ok "$1"; else not_ok "$1"; counter_log; fi
}
centiseconds() { read -r up _ < /proc/uptime; echo "${up%.*}${up#*.}"; }

D=/sys/kernel/config/gpio-sim/meters
mkdir $D $D/bank0 $D/bank0/line0
echo 2 > $D/bank0/num_lines
echo meter-board > $D/bank0/label
echo METER > $D/bank0/line0/name
echo 1 > $D/live
M=/sys/devices/platform/$(cat $D/dev_name)/$(cat $D/bank0/chip_name)/sim_gpio0/pull
# `pulse` (pulse.c, built static by the suite) keeps a rate; 0 is as fast as it writes.
pulses() { /bin/pulse "$M" "$1" "$2"; }   # count, pulses per second; prints the rate made

cat > /tmp/counter.yaml <<'YAML'
chips:
  meters: { label: meter-board }
inputs:
  meter: { chip: meters, line: METER }
signals:
  water: { count: meter, unit: L }
YAML
/bin/gpioagg run --config /tmp/counter.yaml --control /tmp/counter.sock > /tmp/counter.log 2>&1 &
counter_daemon=$!
status_json() { /bin/gpioagg status --control /tmp/counter.sock --json 2>/dev/null; }
water() { status_json | sed -n 's/.*"signals": {[^}]*"water": \([0-9.]*\).*/\1/p'; }
lost() {   # name: "losses edges pulses" from status, or nothing
    status_json | sed -n "s/.*\"lost\": {.*\"$1\": {\"losses\": \([0-9]*\), \"edges\": \([0-9]*\), \"pulses\": \([0-9]*\)}.*/\1 \2 \3/p"
}
counter_check "a counter on a gpio-sim line starts at 0 (libgpiod $api)" \
    'grep -qx ready /tmp/counter.log && [ "$(water)" = 0 ] && head -n1 /tmp/counter.log | grep -q "(API $api)"'

# A burst at a rate the daemon keeps up with: counted in full, nothing lost.
burst=100
pulses $burst 200 > /dev/null
counter_check "a burst of $burst pulses at 200 per second is counted as $burst" '[ "$(water)" = $burst ]'
if grep -q "input meter: the kernel dropped" /tmp/counter.log; then
    not_ok "the burst lost no edge"; counter_log
else
    ok "the burst lost no edge"
fi

# Faster and faster bursts of 200 until one loses edges: the highest rate counted
# without loss, as this guest runs (TCG emulation, not a Pi).
counted=$burst
fastest=none
for rate in 250 500 1000 2000 4000 8000 16000 0; do
    made=$(pulses 200 $rate)
    counted=$((counted + 200))
    wait_for '[ "$(water)" = $counted ] || grep -q "input meter: the kernel dropped" /tmp/counter.log' || true
    if grep -q "input meter: the kernel dropped" /tmp/counter.log; then
        echo "# 200 pulses at $made per second (asked $rate): edges lost"
        break
    fi
    echo "# 200 pulses at $made per second (asked $rate): counted without loss"
    # A faster rate asked can come out slower (the guest's CPU is emulated): keep the
    # highest rate made.
    if [ "$fastest" = none ] || [ "$made" -gt "$fastest" ]; then fastest=$made; fi
done
ok "the fastest burst counted without loss: $fastest pulses per second (this guest, libgpiod $api)"
if [ "$api" = v2 ]; then
    # The last burst, whether it lost edges or not, is counted in full.
    counter_check "every burst is counted in full: $counted" '[ "$(water)" = $counted ]'
fi
# The loss the last burst may have had is not this check's: start the next from the
# total now shown.
sleep 0.5
counted=$(water)
burst=${counted%.*}
mark=$(wc -l < /tmp/counter.log)
since_mark() { tail -n +$((mark + 1)) /tmp/counter.log; }
# shellcheck disable=SC2046 # three words
set -- $(lost water)
losses_before=${1:-0}

# The daemon stopped while 100 pulses (200 edges) come: far more than the kernel keeps
# (16 events per line).
kill -STOP $counter_daemon
pulses 100 0 > /dev/null
kill -CONT $counter_daemon
total=$((burst + 100))
if [ "$api" = v2 ]; then
    counter_check "a burst that overflows the kernel's buffer is counted in full: $total" '[ "$(water)" = $total ]'
    counter_check "the log names the dropped edges and the pulses added" \
        'since_mark | grep -q "^input meter: the kernel dropped [0-9]* edges (line sequence [0-9]* to [0-9]*); counter water adds [0-9]* pulses"'
    # shellcheck disable=SC2046 # three words
    set -- $(lost water)
    [ "${1:-0}" -gt "$losses_before" ] && [ "${3:-0}" -gt 0 ] && ok "status shows the loss: ${2:-?} edges, ${3:-?} pulses added" \
        || { not_ok "status shows the loss (got '$*')"; status_json; }
else
    counter_check "a burst that overflows the kernel's buffer is logged as a loss" \
        'since_mark | grep -q "^input meter: the kernel dropped at least one edge (its buffer was full); counter water cannot tell how many pulses"'
    sleep 0.5   # the rest of that read
    counted=$(water)
    [ "${counted%.*}" -lt $total ] && [ "${counted%.*}" -gt $burst ] \
        && ok "the total is what the kernel kept: $counted of $total, not raised" \
        || { not_ok "the total is what the kernel kept (got $counted of $total)"; counter_log; }
    # shellcheck disable=SC2046 # three words
    set -- $(lost water)
    [ "${1:-0}" -gt "$losses_before" ] && [ "${3:-1}" = 0 ] && ok "status shows the loss: ${1:-?} loss(es), no pulse added" \
        || { not_ok "status shows the loss (got '$*')"; status_json; }
fi
since_mark | grep "^input meter: " | sed 's/^/# /'

kill -TERM $counter_daemon
code=0
wait $counter_daemon || code=$?
[ $code = 0 ] && ok "the counter's daemon exits 0 on SIGTERM" || { not_ok "the counter's daemon exits 0 (exit $code)"; counter_log; }

if $standalone; then
    echo "1..$n"
    exit $failed
fi
