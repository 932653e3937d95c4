#!/bin/sh
# shellcheck disable=SC2016 # wait_for's conditions are single-quoted on purpose
# The daemon's times of day on a real kernel whose clock may be set, run inside the guest
# by scripts/kernel-test/suite (`run --binary time-daemon-check.sh --extra .../gpioagg
# --extra .../wall-clock-check`): a lamp follows `between: ["12:00", "13:00"]` and a bell
# toggles at `at: "12:30"`. The guest's clock is set with `date -s` and marked
# synchronized with adjtimex (wall-clock-check --mark, as an NTP client does), which no
# test may do to the host's. Prints TAP.
set -eu

# shellcheck source=tap.sh # ok, not_ok, wait_for; "run" puts it in /bin
. /bin/tap.sh
check() {   # description, condition
    if wait_for "$2"; then ok "$1"; else not_ok "$1"; echo "# log:"; sed 's/^/#   /' /tmp/gpioagg.log; fi
}

D=/sys/kernel/config/gpio-sim/pi
mkdir $D $D/bank0
echo 58 > $D/bank0/num_lines
echo pinctrl-bcm2711 > $D/bank0/label
for offset in 5 6 17; do
    mkdir $D/bank0/line$offset
    echo GPIO$offset > $D/bank0/line$offset/name
done
echo 1 > $D/live
L=/sys/devices/platform/$(cat $D/dev_name)/$(cat $D/bank0/chip_name)
lamp() { cat "$L/sim_gpio5/value"; }
bell() { cat "$L/sim_gpio6/value"; }
fired() { grep -c '^signal ring fired .* late' /tmp/gpioagg.log || true; }

cat > /tmp/gpioagg.yaml <<'YAML'
clock: { timezone: UTC }
chips:
  main: { label: pinctrl-bcm2711 }
inputs:
  switch1: { chip: main, line: GPIO17, active: low, bias: pull-up }
signals:
  midday: { between: ["12:00", "13:00"] }
  ring: { at: "12:30" }
  rang: { toggle: ring }
outputs:
  lamp: { chip: main, line: GPIO5, follows: midday, safe: off }
  bell: { chip: main, line: GPIO6, follows: rang, safe: off }
YAML

# Setting the clock clears the kernel's synchronized state: the board boots as a Pi
# without a real-time clock does, with a time NTP has not confirmed.
date -s "2026-06-21 12:10:00" > /dev/null
/bin/gpioagg run --config /tmp/gpioagg.yaml --control /tmp/gpioagg.sock > /tmp/gpioagg.log 2>&1 &
daemon=$!
check "the daemon starts with the clock not synchronized and says so" \
    'grep -qx ready /tmp/gpioagg.log && grep -q "^the system clock is not synchronized yet" /tmp/gpioagg.log'
[ "$(lamp)" = 0 ] && ok "12:10, inside the window, but the lamp waits at its fallback (off)" \
    || not_ok "12:10, inside the window, but the lamp waits at its fallback (off)"

/bin/wall-clock-check --in-qemu-guest --mark synchronized > /dev/null
# The loop asks the kernel every 10 s while the clock is not synchronized.
tries=150
until grep -q "^the system clock is synchronized" /tmp/gpioagg.log || [ $tries -eq 0 ]; do
    sleep 0.1; tries=$((tries - 1))
done
[ $tries -gt 0 ] && ok "synchronization is noticed and logged" || not_ok "synchronization is noticed and logged"
check "the lamp follows the window once the clock is trusted" '[ "$(lamp)" = 1 ]'

date -s "2026-06-21 12:40:00" > /dev/null
check "a step forward past 12:30 fires at: once, late, and the log says by how much" \
    '[ "$(bell)" = 1 ] && [ "$(fired)" = 1 ] && grep -q "^signal ring fired 10m" /tmp/gpioagg.log'
[ "$(lamp)" = 1 ] && ok "12:40: the lamp stays on" || not_ok "12:40: the lamp stays on"

date -s "2026-06-21 12:29:58" > /dev/null
sleep 4
[ "$(bell)" = 1 ] && [ "$(fired)" = 1 ] && ok "a step back before 12:30: the same day's at: does not fire again" \
    || { not_ok "a step back before 12:30: the same day's at: does not fire again"; sed 's/^/#   /' /tmp/gpioagg.log; }

date -s "2026-06-21 13:00:05" > /dev/null
check "a step past 13:00 ends the window at once" '[ "$(lamp)" = 0 ]'

date -s "2026-06-22 12:29:59" > /dev/null
check "the next day's window" '[ "$(lamp)" = 1 ]'
check "the next day's 12:30 fires on time" '[ "$(bell)" = 0 ]'

kill -TERM $daemon
wait $daemon || true
[ "$(lamp)" = 0 ] && [ "$(bell)" = 0 ] && ok "SIGTERM: both outputs at their safe level" \
    || not_ok "SIGTERM: both outputs at their safe level"
echo "1..$n"
exit $failed
