# shellcheck shell=sh
# A BMP280 and an LM75 on i2c-stub registers, for the check scripts that run in the
# guest (sensors-check.sh, sensors-daemon-check.sh): `run --extra` puts this file in the
# guest's /bin, and a check reads it with `. /bin/i2c-sensors.sh`. Busybox's own i2cset
# writes the registers: no i2c-tools and no program of ours are needed.
BMP=0x76
LM=0x48

load_modules() { modprobe i2c-stub chip_addr=$BMP,$LM && modprobe i2c-dev && modprobe bmp280-i2c && modprobe lm75; }

# Sets bus to the stub's adapter number and A to its sysfs folder, finding the adapter
# by its name, not by its number; fails when there is none.
find_stub() {
    bus=
    for adapter in /sys/bus/i2c/devices/i2c-*; do
        case $(cat "$adapter/name") in *'SMBus stub'*) bus=${adapter##*/i2c-} ;; esac
    done
    A=/sys/bus/i2c/devices/i2c-$bus
    [ -n "$bus" ] && [ -c /dev/i2c-"$bus" ]
}

# -f: the registers are written while a driver holds the address.
set_byte() { i2cset -f -y "$bus" "$1" "$2" "$3" b; }   # address, register, value
set_word() { i2cset -f -y "$bus" "$1" "$2" "$3" w; }
get_byte() { i2cget -f -y "$bus" "$1" "$2" b; }

# --- BMP280 ----------------------------------------------------------------------------
# The calibration and raw values of the worked example quoted from Bosch's BMP280
# datasheet: 25.08 °C, and about 100653 Pa (100653.25 Pa from the 64-bit integer code).
T1=27504 T2=26435 T3=-1000
P1=36477 P2=-10685 P3=3024 P4=2855 P5=140 P6=-7 P7=15500 P8=-14600 P9=6000

# The chip id, the calibration and STATUS; the raw values are set_raw's.
write_bmp280() {
    # 0x88..0x9f, each value little-endian, as the chip stores them.
    calibration=
    for value in $T1 $T2 $T3 $P1 $P2 $P3 $P4 $P5 $P6 $P7 $P8 $P9; do
        word=$((value & 0xffff))
        calibration="$calibration $((word & 0xff)) $((word >> 8))"
    done
    # shellcheck disable=SC2086 # one argument per byte
    i2cset -f -y "$bus" $BMP 0x88 $calibration i
    set_byte $BMP 0xd0 0x58   # chip id: BMP280 (a BME280 is 0x60)
    set_byte $BMP 0xf3 0x00   # STATUS: not measuring, no NVM copy
}

# Raw 20-bit readings: MSB, LSB, then XLSB's upper 4 bits.
set_raw() {   # adc_T, adc_P
    set_byte $BMP 0xfa $((($1 >> 12) & 0xff)); set_byte $BMP 0xfb $((($1 >> 4) & 0xff))
    set_byte $BMP 0xfc $((($1 & 0xf) << 4))
    set_byte $BMP 0xf7 $((($2 >> 12) & 0xff)); set_byte $BMP 0xf8 $((($2 >> 4) & 0xff))
    set_byte $BMP 0xf9 $((($2 & 0xf) << 4))
}

# Bosch's integer compensation, as drivers/iio/pressure/bmp280-core.c has it: sets
# want_t, the temperature in m°C (the driver's 0.01 °C times 10), and want_p, the
# pressure in kPa as IIO prints the driver's fraction (Pa in Q24.8 over 256000).
compensate() {   # adc_T, adc_P
    var1=$(( (((($1 >> 3) - (T1 << 1))) * T2) >> 11 ))
    var2=$(( ((((($1 >> 4) - T1) * (($1 >> 4) - T1)) >> 12) * T3) >> 14 ))
    t_fine=$((var1 + var2))
    want_t=$(( ((t_fine * 5 + 128) >> 8) * 10 ))
    var1=$((t_fine - 128000))
    var2=$((var1 * var1 * P6 + ((var1 * P5) << 17) + (P4 << 35)))
    var1=$((((var1 * var1 * P3) >> 8) + ((var1 * P2) << 12)))
    var1=$(((((1 << 47) + var1) * P1) >> 33))
    p=$((1048576 - $2))
    p=$(((((p << 31) - var2) * 3125) / var1))
    var1=$(((P9 * (p >> 13) * (p >> 13)) >> 25))
    var2=$(((P8 * p) >> 19))
    p=$((((p + var1 + var2) >> 8) + (P7 << 4)))
    tmp=$((p * 1000000000 / 256000))
    want_p=$(printf '%d.%09d' $((tmp / 1000000000)) $((tmp % 1000000000)))
    echo "# compensate $1 $2: t_fine $t_fine, p $p (Q24.8 Pa)"
}

# The device folders by the name the driver gives them, or nothing.
iio() {
    for device in /sys/bus/iio/devices/iio:device*; do
        [ "$(cat "$device/name" 2>/dev/null)" = "$1" ] && { echo "$device"; return; }
    done
}
hwmon() {
    for device in /sys/class/hwmon/hwmon*; do
        [ "$(cat "$device/name" 2>/dev/null)" = "$1" ] && { echo "$device"; return; }
    done
}
