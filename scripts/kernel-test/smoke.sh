#!/bin/sh
# shellcheck disable=SC2016 # wait_for's conditions are single-quoted on purpose
# Harness self-test, run inside the guest (busybox sh) by scripts/kernel-test/selftest:
# creates a gpio-sim chip through configfs and drives it with libgpiod v1's tools
# (gpiodetect, gpioinfo, gpiofind, gpioget, gpioset, gpiomon, passed in with --extra).
set -eu

fail() { echo "smoke: FAIL: $*"; exit 1; }

# Polls a condition, given as a string to eval, for up to 5 s: the tools run in the
# background and need a moment to request their lines.
wait_for() {
    tries=50
    until eval "$1"; do
        tries=$((tries - 1))
        [ $tries -gt 0 ] || fail "timed out waiting for: $1"
        sleep 0.1
    done
}

D=/sys/kernel/config/gpio-sim/smoke
mkdir $D $D/bank0
echo 8 > $D/bank0/num_lines
echo smoke-label > $D/bank0/label
mkdir $D/bank0/line3 $D/bank0/line6
echo SW1 > $D/bank0/line3/name
echo LED > $D/bank0/line6/name
echo 1 > $D/live
dev=$(cat $D/dev_name)
chip=$(cat $D/bank0/chip_name)
L=/sys/devices/platform/$dev/$chip
echo "smoke: $D is live as /dev/$chip, lines under $L"

gpiodetect
gpiodetect | grep -q "^$chip \[smoke-label\] (8 lines)" || fail "gpiodetect lacks the label"
[ "$(gpiofind SW1)" = "$chip 3" ] || fail "gpiofind SW1 gave '$(gpiofind SW1)'"

# The simulated pull is what a switch does to an input.
echo pull-up > "$L/sim_gpio3/pull"
[ "$(gpioget "$chip" 3)" = 1 ] || fail "line 3 reads 0 under pull-up"
echo pull-down > "$L/sim_gpio3/pull"
[ "$(gpioget "$chip" 3)" = 0 ] || fail "line 3 reads 1 under pull-down"
echo "smoke: pull-up and pull-down on SW1 read back as 1 and 0"

# A consumer's output shows in sysfs while requested, and reverts when released.
gpioset --mode=signal "$chip" 6=1 &
setter=$!
wait_for '[ "$(cat $L/sim_gpio6/value)" = 1 ]'
gpioinfo "$chip"
gpioinfo "$chip" | grep '"LED"' | grep -q '"gpioset" *output.*\[used\]' || fail "gpioinfo does not show LED as used"
if gpioget "$chip" 6 2>/tmp/busy; then fail "a second request of line 6 succeeded"; fi
echo "smoke: second request of LED: $(cat /tmp/busy)"
kill $setter
wait $setter || true
wait_for '[ "$(cat $L/sim_gpio6/value)" = 0 ]'
echo "smoke: LED drove sim_gpio6/value to 1 and reverted to 0 on release"

# A real edge interrupt: what clock do the timestamps use?
gpiomon --num-events=1 --rising-edge "$chip" 3 > /tmp/events &
monitor=$!
wait_for 'gpioinfo $chip | grep "\"SW1\"" | grep -q "\[used\]"'
echo pull-up > "$L/sim_gpio3/pull"
wait $monitor || fail "gpiomon failed"
read -r uptime _ < /proc/uptime
cat /tmp/events
grep -q 'RISING EDGE offset: 3' /tmp/events || fail "no rising edge on line 3"
stamp=$(sed -n 's/.*timestamp: \[ *\([0-9]*\)\..*/\1/p' /tmp/events)
uptime=${uptime%.*}
if [ "$stamp" -gt "$uptime" ] || [ $((uptime - stamp)) -gt 5 ]; then
    fail "event timestamp ${stamp}s is not on the monotonic clock (uptime ${uptime}s)"
fi
echo "smoke: event timestamp ${stamp}s matches uptime ${uptime}s: CLOCK_MONOTONIC"
echo "smoke: all checks passed"
