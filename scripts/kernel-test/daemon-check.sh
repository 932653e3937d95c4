#!/bin/sh
# shellcheck disable=SC2016 # wait_for's conditions are single-quoted on purpose
# The daemon end to end on the real kernel, run inside the guest by
# scripts/kernel-test/suite (`run --binary daemon-check.sh --extra .../gpioagg
# --extra config/gpioagg.yaml`):
# a gpio-sim chip labelled like a Raspberry Pi 4's, the example config's three
# switches (active-low, pull-up) and its LED; the LED must be lit only while all
# three switches are closed, and go to its safe level on SIGTERM. Prints TAP.
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
for offset in 5 17 22 27; do
    mkdir $D/bank0/line$offset
    echo GPIO$offset > $D/bank0/line$offset/name
done
echo 1 > $D/live
L=/sys/devices/platform/$(cat $D/dev_name)/$(cat $D/bank0/chip_name)

close() { echo pull-down > "$L/sim_gpio$1/pull"; }   # a switch to ground
open() { echo pull-up > "$L/sim_gpio$1/pull"; }
led() { cat "$L/sim_gpio5/value"; }

# The example config as the repository ships it (the suite passes config/gpioagg.yaml
# along as an extra file, so it lands in /bin).
cp /bin/gpioagg.yaml /tmp/gpioagg.yaml

/bin/gpioagg run --config /tmp/gpioagg.yaml --control /tmp/gpioagg.sock > /tmp/gpioagg.log 2>&1 &
daemon=$!
# "ready", not the socket: the socket opens before the lines are requested, and a pull
# set before the request would be undone by it (gpio-sim takes a requested bias as its
# pull), so the switches must not move until the daemon holds the lines.
check "the daemon requests the LED and drives it to its initial level (off)" \
    '[ -S /tmp/gpioagg.sock ] && grep -qx ready /tmp/gpioagg.log && [ "$(led)" = 0 ]'

close 17
close 27
sleep 0.3
[ "$(led)" = 0 ] && ok "two of three switches closed: the LED stays off" \
    || not_ok "two of three switches closed: the LED stays off"
close 22
check "all three closed: the LED lights" '[ "$(led)" = 1 ]'
open 27
check "switch2 opens: the LED goes off" '[ "$(led)" = 0 ]'
close 27
check "switch2 closes again: the LED lights" '[ "$(led)" = 1 ]'

status=$(/bin/gpioagg status --control /tmp/gpioagg.sock --json || true)
case $status in
    *'"all_on": true'*'"ready_led": true'*) ok "gpioagg status reports all_on and ready_led on" ;;
    *) not_ok "gpioagg status reports all_on and ready_led on"; echo "# status: $status" ;;
esac

# Reload (SIGHUP) with a second output: the LED's request is handed over as it is,
# the new output is driven; then an invalid file: refused, the LED stays lit.
echo '  lamp: { chip: main, line: 6, follows: switch1 }' >> /tmp/gpioagg.yaml
kill -HUP $daemon
check "reload: a new output follows switch1 (closed)" '[ "$(cat $L/sim_gpio6/value)" = 1 ]'
[ "$(led)" = 1 ] && ok "reload: the LED stays lit" || not_ok "reload: the LED stays lit"
echo '  broken: {' >> /tmp/gpioagg.yaml
kill -HUP $daemon
check "an invalid config on reload is refused and logged with its line" \
    'grep -q "reload refused" /tmp/gpioagg.log && grep -q "^/tmp/gpioagg.yaml:[0-9]*:[0-9]*: error" /tmp/gpioagg.log'
kill -0 $daemon 2>/dev/null && [ "$(led)" = 1 ] && [ "$(cat $L/sim_gpio6/value)" = 1 ] \
    && ok "after the refused reload the daemon runs on, outputs as they were" \
    || not_ok "after the refused reload the daemon runs on, outputs as they were"

sim=$(/bin/gpioagg sim toggle switch1 --control /tmp/gpioagg.sock 2>&1) && code=0 || code=$?
case $code:$sim in
    1:*'is not simulating its inputs'*) ok "gpioagg sim is refused: the inputs are real lines" ;;
    *) not_ok "gpioagg sim is refused: the inputs are real lines"; echo "# exit $code: $sim" ;;
esac

kill -TERM $daemon
code=0
wait $daemon || code=$?
[ $code = 0 ] && ok "SIGTERM: the daemon exits 0" || not_ok "SIGTERM: the daemon exits 0 (exit $code)"
# gpio-sim shows a released line at its pull (down by default): the safe level was
# written before release, which the log shows.
grep -qx "stopped (SIGTERM)" /tmp/gpioagg.log && ok "the log ends with the reason it stopped" \
    || not_ok "the log ends with the reason it stopped"
grep -qx "output ready_led off (safe state)" /tmp/gpioagg.log && ok "the LED was driven to its safe level" \
    || { not_ok "the LED was driven to its safe level"; sed 's/^/#   /' /tmp/gpioagg.log; }
[ "$(led)" = 0 ] && ok "the LED is off after the daemon exits" || not_ok "the LED is off after the daemon exits"

# A click gesture on the kernel's event timestamps: the daemon is stopped (SIGSTOP)
# while the button is pressed for 300 ms, so it reads press and release together, late.
# Timed by when it read them, the press would last no time and be too short (min 100ms);
# timed by the kernel's timestamps it is a click, and the lamp's toggle flips.
cat > /tmp/click.yaml <<'YAML'
chips:
  main: { label: pinctrl-bcm2711 }
inputs:
  button: { chip: main, line: GPIO17, active: low, bias: pull-up }
signals:
  click: { click: button, min: 100ms, max: 2s, gap: 500ms }
  light: { toggle: click }
outputs:
  lamp: { chip: main, line: GPIO5, follows: light }
YAML
open 17
/bin/gpioagg run --config /tmp/click.yaml --control /tmp/click.sock > /tmp/gpioagg.log 2>&1 &
daemon=$!
# Ready, not only listening: the socket opens before the lines are requested.
check "a click config starts, the lamp off" \
    '[ -S /tmp/click.sock ] && grep -qx ready /tmp/gpioagg.log && [ "$(led)" = 0 ]'
kill -STOP $daemon
close 17
sleep 0.3
open 17
kill -CONT $daemon
check "a 300 ms press read late is a click by the kernel's timestamps: the lamp toggles on" '[ "$(led)" = 1 ]'
grep -qx "signal click activated" /tmp/gpioagg.log && ok "the log says the click activated" \
    || { not_ok "the log says the click activated"; sed 's/^/#   /' /tmp/gpioagg.log; }
close 17
sleep 2.5
open 17
sleep 1.5
[ "$(led)" = 1 ] && ok "a press held past max (2s) is no click: the lamp stays on" \
    || not_ok "a press held past max (2s) is no click: the lamp stays on"
[ "$(grep -c "signal click activated" /tmp/gpioagg.log)" = 1 ] && ok "one activation in all" \
    || { not_ok "one activation in all"; sed 's/^/#   /' /tmp/gpioagg.log; }
kill -TERM $daemon
wait $daemon || true

echo "1..$n"
exit $failed
