#!/bin/sh
# shellcheck disable=SC2016 # wait_for's conditions are single-quoted on purpose
# The daemon's PWM outputs on the real kernel, run inside the guest by
# scripts/kernel-test/suite (`run --binary pwm-daemon-check.sh --extra .../gpioagg`):
# pwm-sim (ours, pwm-sim.c) named like a Raspberry Pi 4's PWM0, a fan curve on a numeric
# command input set with `gpioagg set`, and the duty cycles pwm-sim's driver is applied
# (its `applied` record) at several temperatures; an active-low output that ramps, at
# the end of its ramp; the safe values after SIGTERM; and after SIGKILL the channel still
# running at its last duty cycle until `gpioagg safe` writes the safe value. Prints TAP.
set -eu

# shellcheck source=tap.sh # ok, not_ok, wait_for; "run" puts it in /bin
. /bin/tap.sh

DEVICE=fe20c000.pwm
APPLIED=/sys/devices/platform/$DEVICE/applied
SOCKET=/tmp/pwm.sock
LOG=/tmp/gpioagg.log

# The driver's record of one channel: "period duty_cycle polarity enabled", and how many
# times its apply was called.
applied() { awk -v c="$1" '$1 == c { print $2, $3, $4, $5 }' "$APPLIED"; }
applies() { awk -v c="$1" '$1 == c { print $6 }' "$APPLIED"; }
show() { echo "#   fan: $(applied 0), lamp: $(applied 1)"; sed 's/^/#   /' "$LOG"; }
check() {   # description, condition
    if wait_for "$2"; then ok "$1"; else not_ok "$1"; show; fi
}
set_cpu() { /bin/gpioagg set cpu "$1" --control $SOCKET > /tmp/set.out 2>&1 || cat /tmp/set.out; }

if insmod /lib/modules/pwm-sim.ko device=$DEVICE npwm=2; then
    ok "pwm-sim loads as $DEVICE with 2 channels"
else
    not_ok "insmod pwm-sim.ko device=$DEVICE npwm=2"
    dmesg | tail -n 5 | sed 's/^/#   /'
    echo "1..$n"; exit 1
fi

# A fan curve: 50 °C → 30 %, 70 °C → 100 %, clamped; the fan at 25 kHz (40000 ns). The
# lamp follows the same curve at 1 kHz, inverted, moving over 500 ms.
cat > /tmp/fan.yaml <<'YAML'
chips:
  pwm: { pwm: fe20c000.pwm }
inputs:
  cpu: { command: true, type: number, unit: °C, initial: 40, min: 0, max: 120 }
signals:
  fan_speed: { scale: cpu, from: [50, 70], to: [30, 100] }
outputs:
  fan: { chip: pwm, channel: 0, frequency: 25kHz, follows: fan_speed, initial: 100, safe: 100 }
  lamp: { chip: pwm, channel: 1, frequency: 1kHz, follows: fan_speed, ramp: 500ms, active: low, safe: 0 }
YAML

: > $LOG    # there before the first look at it, whenever the daemon starts writing
/bin/gpioagg run --config /tmp/fan.yaml --control $SOCKET > $LOG 2>&1 &
daemon=$!
check "the daemon starts, the start line lists the PWM outputs" \
    'grep -qx ready $LOG && grep -q "PWM: fan on fe20c000.pwm channel 0 (25 kHz), lamp on fe20c000.pwm channel 1 (1 kHz)" $LOG'
check "40 °C, under the curve: the fan at 30 % (duty cycle 12000 of 40000 ns, enabled)" \
    '[ "$(applied 0)" = "40000 12000 normal 1" ]'

for step in "45 12000 30" "55 19000 47.5" "60 26000 65" "75 40000 100"; do
    set -- $step
    set_cpu "$1"
    check "gpioagg set cpu $1: the fan at $3 % (duty cycle $2 of 40000 ns)" "[ \"\$(applied 0)\" = \"40000 $2 normal 1\" ]"
done
grep -q "^output fan 100.0 %" $LOG && ok "each change of the fan is logged: output fan 100.0 %" \
    || { not_ok "each change of the fan is logged: output fan 100.0 %"; show; }

# The lamp ramps from 65 % to 100 % over 500 ms: several applies, then 100 %, inverted
# (the kernel's inversed polarity: pwm-sim takes it).
check "the ramping lamp ends at 100 %, inversed (duty cycle 1000000 of 1000000 ns)" \
    '[ "$(applied 1)" = "1000000 1000000 inversed 1" ]'
before=$(applies 1)
set_cpu 60
sleep 0.2
middle=$(applied 1)
check "after the ramp back to 65 %: duty cycle 650000 ns, inversed" '[ "$(applied 1)" = "1000000 650000 inversed 1" ]'
after=$(applies 1)
if [ $((after - before)) -ge 3 ] && [ "$middle" != "1000000 650000 inversed 1" ]; then
    ok "the ramp went in steps: $((after - before)) applies, $middle 200 ms in"
else
    not_ok "the ramp went in steps: $((after - before)) applies, $middle 200 ms in"
fi

kill -TERM $daemon
code=0
wait $daemon || code=$?
[ $code = 0 ] && ok "SIGTERM: the daemon exits 0" || not_ok "SIGTERM: the daemon exits 0 (exit $code)"
[ "$(applied 0)" = "40000 40000 normal 1" ] && ok "SIGTERM: the fan at its safe 100 %" \
    || { not_ok "SIGTERM: the fan at its safe 100 %"; show; }
case $(applied 1) in
    "1000000 0 "*) ok "SIGTERM: the lamp at its safe 0 %" ;;
    *) not_ok "SIGTERM: the lamp at its safe 0 %"; show ;;
esac

# Started again, it takes the exported channels over; killed, nothing writes safe values.
: > $LOG    # there before the first look at it, whenever the daemon starts writing
/bin/gpioagg run --config /tmp/fan.yaml --control $SOCKET > $LOG 2>&1 &
daemon=$!
check "started again: ready, the fan back on its curve at 30 %" \
    'grep -qx ready $LOG && [ "$(applied 0)" = "40000 12000 normal 1" ]'
set_cpu 55
check "gpioagg set cpu 55: the fan at 47.5 %" '[ "$(applied 0)" = "40000 19000 normal 1" ]'
kill -KILL $daemon
wait $daemon 2>/dev/null || true
sleep 0.3
C=/sys/class/pwm/$(basename "$(ls -d /sys/class/pwm/pwmchip*)")/pwm0
if [ "$(applied 0)" = "40000 19000 normal 1" ] && [ "$(cat $C/enable) $(cat $C/duty_cycle)" = "1 19000" ]; then
    ok "SIGKILL: the channel stays exported, running at its last duty cycle (47.5 %)"
else
    not_ok "SIGKILL: the channel stays exported, running at its last duty cycle (47.5 %)"; show
fi

if /bin/gpioagg safe --config /tmp/fan.yaml > /tmp/safe.out 2>&1 &&
   grep -q "^fan: 100.0 % (safe) on channel 0 of pwmchip[0-9]* \[$DEVICE\]" /tmp/safe.out &&
   grep -q "^lamp: 0.0 % (safe) on channel 1 of " /tmp/safe.out; then
    ok "gpioagg safe writes each output's safe value and says so"
else
    not_ok "gpioagg safe writes each output's safe value and says so"; sed 's/^/#   /' /tmp/safe.out
fi
[ "$(applied 0)" = "40000 40000 normal 1" ] && ok "after gpioagg safe: the fan at its safe 100 %" \
    || { not_ok "after gpioagg safe: the fan at its safe 100 %"; show; }
case $(applied 1) in
    "1000000 0 "*) ok "after gpioagg safe: the lamp at its safe 0 %" ;;
    *) not_ok "after gpioagg safe: the lamp at its safe 0 %"; show ;;
esac
/bin/gpioagg safe --config /tmp/fan.yaml > /tmp/safe.out 2>&1 && grep -q "(it ran that already)" /tmp/safe.out \
    && ok "gpioagg safe again: nothing changes, it says so" \
    || { not_ok "gpioagg safe again: nothing changes, it says so"; sed 's/^/#   /' /tmp/safe.out; }

echo "1..$n"
exit $failed
