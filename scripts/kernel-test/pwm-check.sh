#!/bin/sh
# The PWM module on the kernel's own PWM sysfs interface, run inside the guest by
# scripts/kernel-test/suite (`run --binary pwm-check.sh --extra gpioagg-kernel-check
# --extra gpioagg`). pwm-sim (ours, pwm-sim.c) registers a real pwm_chip named like a
# Raspberry Pi 4's PWM0 and records what its driver is applied; `gpioagg-kernel-check
# pwm` sets a channel through the PWM module, one process per setting, and the record
# must match: period, duty cycle, polarity and enable as the driver received them.
# Prints TAP.
set -eu

# shellcheck source=tap.sh # ok, not_ok; "run" puts it in /bin
. /bin/tap.sh

DEVICE=fe20c000.pwm
APPLIED=/sys/devices/platform/$DEVICE/applied
REFUSE=/sys/module/pwm_sim/parameters/refuse_polarity
out=/tmp/pwm.out
err=/tmp/pwm.err

# The driver's record of one channel: "period duty_cycle polarity enabled".
applied() { awk -v c="$1" '$1 == c { print $2, $3, $4, $5 }' "$APPLIED"; }
# One setting through the PWM module, in its own process.
set_pwm() { gpioagg-kernel-check pwm /sys "$@" >"$out" 2>"$err"; }
show() { sed 's/^/#   /' "$out" "$err"; }
uptime_cs() { read -r up _ < /proc/uptime; echo "${up%.*}${up#*.}"; }   # centiseconds

start=$(uptime_cs)

if insmod /lib/modules/pwm-sim.ko device=$DEVICE npwm=2; then
    ok "pwm-sim loads as $DEVICE with 2 channels"
else
    not_ok "insmod pwm-sim.ko device=$DEVICE npwm=2"
    dmesg | tail -n 5 | sed 's/^/#   /'
    echo "1..$n"; exit 1
fi
chip=$(basename "$(ls -d /sys/class/pwm/pwmchip*)")
echo "# $chip -> $(readlink /sys/class/pwm/"$chip"/device)"

# --- found by its device name, exported, 25 kHz at 40 % inverted ------------------------
if set_pwm $DEVICE 0 25000 40 inverted &&
   grep -qx "controller $chip \[$DEVICE\] (2 channels)" "$out" &&
   grep -q '^channel 0 exported, running period 0 ns' "$out" &&
   grep -qx 'wrote period 40000, duty_cycle 16000, polarity inversed, enable 1' "$out"; then
    ok "$DEVICE found by its device name as $chip; channel 0 exported; period, duty cycle, polarity, enable written in that order"
else
    not_ok "setting channel 0 of $DEVICE to 25 kHz, 40 %, inverted"; show
fi
record=$(applied 0)
if [ "$record" = "40000 16000 inversed 1" ]; then
    ok "the driver received period 40000 ns, duty cycle 16000 ns, inversed, enabled"
else
    not_ok "the driver's record of channel 0 is '$record', not '40000 16000 inversed 1'"
fi

# --- the process is gone: the channel stays exported and running --------------------------
C=/sys/class/pwm/$chip/pwm0
if [ -d "$C" ] && [ "$(cat "$C/enable") $(cat "$C/duty_cycle")" = "1 16000" ]; then
    ok "after the process exits, pwm0 stays exported, enabled at its duty cycle"
else
    not_ok "pwm0 after the process exited: $(ls "$C" 2>&1 | tr '\n' ' ')"
fi

# --- a second process takes it over, by pwmchipN ------------------------------------------
if set_pwm "$chip" 0 25000 65 inverted &&
   grep -qx 'channel 0 taken over, running period 40000 ns, duty cycle 16000 ns, inversed, enabled' "$out" &&
   grep -qx 'wrote duty_cycle 26000' "$out" &&
   [ "$(applied 0)" = "40000 26000 inversed 1" ]; then
    ok "a second process finds $chip by number, takes over the running channel and moves the duty cycle alone (65 %)"
else
    not_ok "taking over channel 0 by $chip"; show; echo "#   applied: $(applied 0)"
fi

# --- a shorter period than the running duty cycle --------------------------------------------
if set_pwm $DEVICE 0 100000 50 inverted &&    # 10 µs, 5 µs: under the running 26 µs duty cycle
   grep -qx 'wrote duty_cycle 5000, period 10000' "$out" &&
   [ "$(applied 0)" = "10000 5000 inversed 1" ]; then
    ok "a period shorter than the running duty cycle: the duty cycle is written first, and the kernel takes both"
else
    not_ok "100 kHz at 50 % after 25 kHz at 65 %"; show; echo "#   applied: $(applied 0)"
fi

# --- a driver that refuses inversed: the duty cycle computed --------------------------------
echo 1 > $REFUSE
if set_pwm $DEVICE 1 1000 25 inverted &&
   grep -qx 'polarity refused: duty cycle computed' "$out" &&
   [ "$(applied 1)" = "1000000 750000 normal 1" ]; then
    ok "where the driver refuses inversed (EINVAL), 1 kHz at 25 % inverted runs as 75 % normal"
else
    not_ok "channel 1 inverted on a driver that refuses inversed"; show; echo "#   applied: $(applied 1)"
fi
echo 0 > $REFUSE

# --- errors worded for the person who fixes them -----------------------------------------------
if ! set_pwm 1f00098000.pwm 0 25000 40 normal &&
   grep -q "no PWM controller 1f00098000.pwm (present: $chip \[$DEVICE\] (2 channels)); on a Raspberry Pi 5 it appears with" "$err"; then
    ok "a missing controller: the ones present and what makes it appear"
else
    not_ok "the error for a missing 1f00098000.pwm"; show
fi
if ! set_pwm $DEVICE 2 25000 40 normal &&
   grep -q "has no channel 2: its channels are 0 to 1" "$err"; then
    ok "a channel the controller does not have is refused"
else
    not_ok "the error for channel 2 of 2"; show
fi

# --- gpioagg detect -----------------------------------------------------------------------------
if gpioagg detect >"$out" 2>"$err" &&
   grep -qx "  $chip \[$DEVICE\] (2 channels): 0 on GPIO12 (pin 32) or GPIO18 (pin 12), 1 on GPIO13 (pin 33) or GPIO19 (pin 35)" "$out" &&
   grep -qx '    pwm0  100000 Hz  50 %  inversed  enabled  (period 10000 ns, duty cycle 5000 ns)' "$out" &&
   grep -qx '    pwm1  1000 Hz  75 %  normal  enabled  (period 1000000 ns, duty cycle 750000 ns)' "$out"; then
    ok "gpioagg detect lists $chip by its device, the Pi 4's header pins, and both exported channels as they run"
else
    not_ok "gpioagg detect's PWM section"; show
fi
if gpioagg detect --json >"$out" 2>"$err" &&
   tr -d ' \n' < "$out" | grep -q "\"pwm\":\[{\"name\":\"$chip\",\"device\":\"$DEVICE\",\"channels\":2,\"exported\":\[{\"channel\":0,\"period\":10000,\"duty_cycle\":5000,\"polarity\":\"inversed\",\"enabled\":true,\"failure\":null},"; then
    ok "gpioagg detect --json has the controller and its channels under \"pwm\""
else
    not_ok "gpioagg detect --json's \"pwm\""; show
fi

echo "# pwm check took $(( ($(uptime_cs) - start) * 10 )) ms in the guest"
echo "1..$n"
exit $failed
