#!/bin/sh
# shellcheck disable=SC2016 # wait_for's conditions are single-quoted on purpose
# The daemon reading real sensor drivers, run inside the guest by
# scripts/kernel-test/suite once per libgpiod build (`run --binary
# sensors-daemon-check.sh --extra i2c-sensors.sh --extra .../gpioagg -- v1|v2`, the
# libgpiod API the daemon is built for): Debian's bmp280
# (IIO) and lm75 (hwmon) drivers bound to i2c-stub registers, and a gpio-sim line for a
# fan that a threshold on the BMP280's temperature drives. New raw registers must move
# the value the daemon shows as Bosch's compensation says and switch the line; an
# unbound device must make the input unavailable after its timeout and the threshold
# take its fallback; bound again, the value and the line must come back. Prints TAP.
set -eu
api=${1:?usage: sensors-daemon-check.sh v1|v2}

# shellcheck source=tap.sh # ok, not_ok, wait_for; "run" puts it in /bin
. /bin/tap.sh
# shellcheck source=i2c-sensors.sh # BMP, LM, the registers, compensate, iio, hwmon
. /bin/i2c-sensors.sh
log() { echo "# log:"; sed 's/^/#   /' /tmp/gpioagg.log; }
# A check that fails with the daemon gone ends the run: every later one would wait out
# its 10 s for nothing.
check() {   # description, condition
    wait_for "$2" && { ok "$1"; return; }
    not_ok "$1"; log
    kill -0 "$daemon" 2>/dev/null || { echo "# the daemon exited"; echo "1..$n"; exit 1; }
}
bail() { not_ok "$1"; echo "# dmesg:"; dmesg | tail -n 8 | sed 's/^/#   /'; echo "1..$n"; exit 1; }
uptime_cs() { read -r up _ < /proc/uptime; echo "${up%.*}${up#*.}"; }   # centiseconds
start=$(uptime_cs)

load_modules || bail "modprobe loads i2c-stub, i2c-dev, bmp280-i2c and lm75"
find_stub || bail "no adapter named 'SMBus stub...' with a /dev/i2c-N"

# The fan's line: one gpio-sim chip with the label the config asks for.
D=/sys/kernel/config/gpio-sim/board
mkdir $D $D/bank0 $D/bank0/line0
echo 4 > $D/bank0/num_lines
echo sensor-board > $D/bank0/label
echo FAN > $D/bank0/line0/name
echo 1 > $D/live
L=/sys/devices/platform/$(cat $D/dev_name)/$(cat $D/bank0/chip_name)
fan() { cat "$L/sim_gpio0/value"; }

# The datasheet's example (25.08 °C) and 25 °C on the LM75 (the stub's word 0x0019 is
# the chip's big-endian 0x1900).
write_bmp280
set_raw 519888 415148
set_word $LM 0x00 0x0019
echo bmp280 $BMP > "$A/new_device"
echo lm75 $LM > "$A/new_device"
wait_for '[ -n "$(iio bmp280)" ] && [ -n "$(hwmon lm75)" ]' ||
    bail "new_device binds bmp280 ($BMP) and lm75 ($LM)"
ok "the drivers are bound: $(iio bmp280 | sed 's,.*/,,') named bmp280, $(hwmon lm75 | sed 's,.*/,,') named lm75"

# A fan that runs while the air is 30 °C or warmer, and while its temperature is not
# known: fallback on, so that an unbound sensor shows on the line.
cat > /tmp/sensors.yaml <<'YAML'
chips:
  board: { label: sensor-board }
inputs:
  air:  { iio: bmp280, channel: temp, interval: 1s, timeout: 3s }
  case: { hwmon: lm75, channel: temp1, interval: 1s, timeout: 3s }
signals:
  warm: { threshold: air, above: 30, hysteresis: 1, fallback: on }
outputs:
  fan: { chip: board, line: FAN, follows: warm }
YAML
if out=$(/bin/gpioagg check --config /tmp/sensors.yaml 2>&1); then
    ok "gpioagg check accepts the config: $(echo "$out" | head -n1)"
else
    not_ok "gpioagg check refuses the config"; echo "$out" | sed 's/^/#   /'
fi

SOCK=/tmp/gpioagg.sock
# An input's value in `gpioagg status --json` (a number at the default precision, or
# null); the inputs' object comes first, before the units' map names the inputs again.
value() {
    /bin/gpioagg status --control $SOCK --json 2>/dev/null |
        sed -n 's/.*"inputs": {\([^}]*\)}.*/\1/p' | tr ',' '\n' | sed -n "s/^ *\"$1\": //p"
}
# m°C as status shows °C at two places, trailing zeros dropped: 25080 is 25.08, 25000 25.
celsius() {
    set -- "$(printf '%d.%02d' $(($1 / 1000)) $(($1 % 1000 / 10)))"
    set -- "${1%0}"; set -- "${1%0}"; echo "${1%.}"
}

/bin/gpioagg run --config /tmp/sensors.yaml --control $SOCK > /tmp/gpioagg.log 2>&1 &
daemon=$!
compensate 519888 415148
air=$(celsius "$want_t")
# The suite runs this check once per libgpiod build: the start line says which one runs.
if wait_for 'head -n1 /tmp/gpioagg.log | grep -q "; libgpiod .* (API $api)"'; then
    ok "the daemon runs on libgpiod's API $api: $(head -n1 /tmp/gpioagg.log | sed 's/.*; //')"
else
    not_ok "the daemon runs on libgpiod's API $api"; log
fi
check "the daemon reads both: status shows air $air °C (bmp280, as compensated) and case 25 °C (lm75), the fan off" \
    'grep -qx ready /tmp/gpioagg.log && [ "$(value air)" = "$air" ] && [ "$(value case)" = 25 ] && [ "$(fan)" = 0 ]'

set_raw 550000 415148
compensate 550000 415148
air=$(celsius "$want_t")
check "new raw registers: air moves to $air °C, past 30 °C, and the fan line switches on" \
    '[ "$(value air)" = "$air" ] && [ "$(fan)" = 1 ]'

set_raw 519888 415148
set_word $LM 0x00 0x001c   # 28 °C
compensate 519888 415148
air=$(celsius "$want_t")
check "back to $air °C, below 29 °C (30 minus the hysteresis): the fan line switches off; case moves to 28 °C" \
    '[ "$(value air)" = "$air" ] && [ "$(fan)" = 0 ] && [ "$(value case)" = 28 ]'

# What the log says from here on: at start, before the first read, warm was at its
# fallback too.
mark=$(wc -l < /tmp/gpioagg.log)
since() { tail -n +$((mark + 1)) /tmp/gpioagg.log | grep "$1"; }
echo $BMP > "$A/delete_device"
unbound=$(uptime_cs)
# The last good read was at most an interval ago: one second on, the timeout (3s) has
# not passed, and the value stays.
sleep 1
[ "$(value air)" = "$air" ] && [ "$(fan)" = 0 ] &&
    ok "one second after delete_device, within the timeout, air keeps its last value" ||
    { not_ok "one second after delete_device, air is '$(value air)', the fan $(fan)"; log; }
check "after the timeout air is unavailable (null), the fan line takes the fallback (on), case reads on" \
    '[ "$(value air)" = null ] && [ "$(fan)" = 1 ] && [ "$(value case)" = 28 ]'
echo "# unavailable $(( ($(uptime_cs) - unbound) * 10 )) ms after delete_device (polled every 100 ms)"

echo bmp280 $BMP > "$A/new_device"
check "new_device: air reads $air °C again and the fan line switches off" \
    '[ "$(value air)" = "$air" ] && [ "$(fan)" = 0 ]'
# Every failed read in between was the same failure: one line says so, and one that it
# is read again.
once() {   # pattern, what
    if [ "$(since "$1" | wc -l)" = 1 ]; then ok "$2: $(since "$1")"; else not_ok "$2"; log; fi
}
once '^input air unavailable: ' "the log says once that air is unavailable"
once '^input air read again ' "and once that it is read again"
once "^signal warm at its fallback (on): 'air' is unavailable" "and once that warm took its fallback"

kill -TERM $daemon
code=0
wait $daemon || code=$?
[ $code = 0 ] && ok "SIGTERM: the daemon exits 0" || { not_ok "SIGTERM: the daemon exits 0 (exit $code)"; log; }

echo "# the daemon's sensors check took $(( ($(uptime_cs) - start) * 10 )) ms in the guest"
# A counter on a gpio-sim line shares this guest: a boot costs more than its check. The
# suite passes it (and pulse.c's binary) along; run alone, this check ends here.
if [ -f /bin/counter-check.sh ]; then
    start=$(uptime_cs)
    # shellcheck source=counter-check.sh
    . /bin/counter-check.sh
    echo "# the counter's check took $(( ($(uptime_cs) - start) * 10 )) ms in the guest"
fi
echo "1..$n"
exit $failed
