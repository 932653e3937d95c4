#!/bin/sh
# shellcheck disable=SC2016 # wait_for's conditions are single-quoted on purpose
# Real sensor drivers on fake registers, run inside the guest by scripts/kernel-test/suite
# (`run --binary sensors-check.sh --extra i2c-sensors.sh`): i2c-stub makes an SMBus
# adapter whose registers are memory, busybox's i2cset fills them, and Debian's own
# bmp280 (IIO) and lm75 (hwmon) drivers are bound to it with new_device. The values the
# kernel shows must follow the registers as the drivers' formulas say (the BMP280's are
# Bosch's compensation code, computed again in shell arithmetic, 64-bit in busybox, by
# i2c-sensors.sh). Prints TAP.
set -eu

# shellcheck source=tap.sh # ok, not_ok, wait_for; "run" puts it in /bin
. /bin/tap.sh
# shellcheck source=i2c-sensors.sh # BMP, LM, the registers, compensate, iio, hwmon
. /bin/i2c-sensors.sh
# The kernel log says why a probe or a read failed.
not_ok_dmesg() { not_ok "$1"; echo "# dmesg:"; dmesg | tail -n 8 | sed 's/^/#   /'; }
uptime_cs() { read -r up _ < /proc/uptime; echo "${up%.*}${up#*.}"; }   # centiseconds

start=$(uptime_cs)
if load_modules; then
    ok "modprobe loads i2c-stub (chip_addr=$BMP,$LM), i2c-dev, bmp280-i2c and lm75 with their dependencies"
else
    not_ok_dmesg "modprobe loads i2c-stub, i2c-dev, bmp280-i2c and lm75"
    echo "1..$n"; exit 1
fi
echo "# loaded: $(cut -d' ' -f1 /proc/modules | grep -v -e configfs -e gpio_sim | sort | tr '\n' ' ')"

# The stub's adapter by its name, not by its number.
if find_stub; then
    ok "the stub's adapter is i2c-$bus ('$(cat /sys/bus/i2c/devices/i2c-"$bus"/name)') with /dev/i2c-$bus"
else
    not_ok "no adapter named 'SMBus stub...' with a /dev/i2c-N"
    echo "1..$n"; exit 1
fi

# --- BMP280 ----------------------------------------------------------------------------
write_bmp280
set_raw 519888 415148
[ "$(get_byte $BMP 0xd0)" = 0x58 ] && [ "$(get_byte $BMP 0x89)" = 0x6b ] &&
    [ "$(get_byte $BMP 0x9f)" = 0x17 ] && [ "$(get_byte $BMP 0xfa)" = 0x7e ] &&
    ok "the BMP280's id, calibration (0x88-0x9f, block write) and raw registers read back" ||
    not_ok "the BMP280's registers do not read back as written"

echo bmp280 $BMP > "$A/new_device"
if wait_for '[ -n "$(iio bmp280)" ]'; then
    I=$(iio bmp280)
    ok "new_device 'bmp280 $BMP' binds the driver: IIO device ${I##*/} named bmp280"
else
    not_ok_dmesg "new_device 'bmp280 $BMP' gives no IIO device named bmp280"
fi
echo "# ${I##*/}: $(cd "$I" && ls | grep -e '^in_' | tr '\n' ' ')"

check_bmp() {   # adc_T, adc_P, what
    compensate "$1" "$2"
    got_t=$(cat "$I/in_temp_input" 2>&1) || true
    got_p=$(cat "$I/in_pressure_input" 2>&1) || true
    if [ "$got_t" = "$want_t" ] && [ "$got_p" = "$want_p" ]; then
        ok "$3: in_temp_input $got_t (m°C), in_pressure_input $got_p (kPa)"
    else
        not_ok_dmesg "$3: in_temp_input '$got_t' (want $want_t), in_pressure_input '$got_p' (want $want_p)"
    fi
}
check_bmp 519888 415148 "the datasheet's example reads 25.08 °C and 100.653 kPa"
set_raw 545000 380000
check_bmp 545000 380000 "new raw registers move the values as the compensation says"
set_raw 500000 450000
check_bmp 500000 450000 "and again, read at once (the raw registers are not cached)"
# The calibration is read once, when the driver binds: a new T1 changes nothing until
# the device is bound again (below).
set_byte $BMP 0x88 $(((T1 + 96) & 0xff))
check_bmp 500000 450000 "a calibration register written after the bind is not read again"

# 0x80000 is what the chip reports for a measurement it skipped: the driver refuses it,
# and the pressure, which needs the temperature, fails with it.
set_raw $((0x80000)) 450000
if got=$(cat "$I/in_temp_input" 2>&1); then
    not_ok "a skipped temperature (0x80000) read as '$got'"
elif ! echo "$got" | grep -q 'I/O error\|Input/output error'; then
    not_ok "a skipped temperature (0x80000) failed with '$got', not EIO"
elif cat "$I/in_pressure_input" >/dev/null 2>&1; then
    not_ok "a skipped temperature (0x80000) still gave a pressure"
else
    ok "a skipped temperature (0x80000) fails both reads with EIO: $(dmesg | grep skipped | tail -n1 | sed 's/^\[[^]]*\] //')"
fi
set_raw 500000 450000

# --- LM75 -----------------------------------------------------------------------------
# Register 0, a big-endian word on the chip: an SMBus word is sent low byte first, so
# the stub's word 0x0019 is the chip's 0x1900, 25.0 °C; "lm75" resolves 9 bits.
set_word $LM 0x00 0x0019
echo lm75 $LM > "$A/new_device"
if wait_for '[ -n "$(hwmon lm75)" ]'; then
    H=$(hwmon lm75)
    ok "new_device 'lm75 $LM' binds the driver: hwmon device ${H##*/} named lm75"
else
    not_ok_dmesg "new_device 'lm75 $LM' gives no hwmon device named lm75"
fi
check_lm() {   # stub word, expected m°C, what
    set_word $LM 0x00 "$1"
    got=$(cat "$H/temp1_input" 2>&1) || true
    [ "$got" = "$2" ] && ok "$3: word $1 reads temp1_input $got" ||
        not_ok_dmesg "$3: word $1 reads temp1_input '$got', want $2"
}
check_lm 0x0019 25000 "25 °C"
check_lm 0xc019 25500 "0x19c0 is 25.75 °C on the chip; 9 bits keep 25.5"
check_lm 0x80ff -500 "0xff80, a negative two's complement, is -0.5 °C"

# --- unbinding and binding again ------------------------------------------------------
echo $BMP > "$A/delete_device"
echo $LM > "$A/delete_device"
if wait_for '[ -z "$(iio bmp280)" ] && [ -z "$(hwmon lm75)" ] && [ ! -e "$I" ] && [ ! -e "$H" ]'; then
    ok "delete_device removes both: no IIO device bmp280, no hwmon device lm75"
else
    not_ok "delete_device left '$(iio bmp280)' '$(hwmon lm75)'"
fi
set_raw 519888 415148
T1=$((T1 + 96))
echo bmp280 $BMP > "$A/new_device"
echo lm75 $LM > "$A/new_device"
if wait_for '[ -n "$(iio bmp280)" ] && [ -n "$(hwmon lm75)" ]'; then
    I=$(iio bmp280)
    H=$(hwmon lm75)
    ok "new_device brings them back as ${I##*/} and ${H##*/}"
else
    not_ok_dmesg "new_device did not bring back bmp280 and lm75"
fi
check_bmp 519888 415148 "bmp280 bound again reads the registers, with the new T1 ($T1)"
check_lm 0x0019 25000 "lm75 bound again"

# A chip id the driver does not know: the probe fails, and no IIO device appears.
echo $BMP > "$A/delete_device"
set_byte $BMP 0xd0 0x55
echo bmp280 $BMP > "$A/new_device"
sleep 0.2
if [ -z "$(iio bmp280)" ]; then
    ok "a wrong chip id (0x55) makes the probe fail: $(dmesg | grep -i 'chip id' | tail -n1 | sed 's/^\[[^]]*\] //')"
else
    not_ok "bmp280 bound with chip id 0x55"
fi

echo "# sensors check took $(( ($(uptime_cs) - start) * 10 )) ms in the guest"
echo "1..$n"
exit $failed
