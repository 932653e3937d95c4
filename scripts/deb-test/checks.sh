#!/bin/bash
# shellcheck disable=SC2016 # wait_until's conditions are single-quoted on purpose
# The package under a real systemd, run inside the Debian guest by scripts/deb-test/run
# (the guest's gpioagg-test.service starts it once the system is up, with the second
# disk mounted at /mnt/test: this file, tap.sh, the package in pkg/ and a newer build
# of it in newer/). Prints TAP, which the host reads from the second serial port.
# The guest's unit starts it with sh (dash): this file needs bash.
[ -n "${BASH_VERSION:-}" ] || exec /bin/bash "$0" "$@"
set -u
export SYSTEMD_PAGER= SYSTEMD_COLORS=0 LC_ALL=C.UTF-8
T=/mnt/test

# TAP as scripts/kernel-test/tap.sh writes it, each step followed by its time.
n=0
failed=0
last=$(cut -d' ' -f1 /proc/uptime)
took() {
    local now; now=$(cut -d' ' -f1 /proc/uptime)
    echo "# $(awk -v a="$last" -v b="$now" 'BEGIN { printf "%.1f", b - a }') s"
    last=$now
}
ok() { n=$((n + 1)); echo "ok $n - $1"; took; }
not_ok() { n=$((n + 1)); failed=1; echo "not ok $n - $1"; took; }
echo "# the guest booted to the checks in $last s (since the kernel started)"

# Polls a condition every 0.2 s for up to SECONDS: systemd's watchdog and restart
# delays run in seconds, and a TCG guest is slow.
# (A deadline, not a count of tries: each try's systemctl takes a while in the guest.)
wait_until() {   # seconds, condition
    local deadline=$((SECONDS + $1))
    until eval "$2"; do
        [ $SECONDS -lt "$deadline" ] || return 1
        sleep 0.2
    done
}
step() {   # description, seconds, condition
    if wait_until "$2" "$3"; then ok "$1"; else not_ok "$1"; diagnose; fi
}
diagnose() {
    systemctl status --no-pager gpioagg 2>&1 | sed 's/^/#   /' | head -n 20
    journalctl -u gpioagg --no-pager -n 15 -o cat 2>&1 | sed 's/^/#   /'
}

# --- a gpio-sim chip labelled like a Raspberry Pi 4's ---------------------------------
D=/sys/kernel/config/gpio-sim/pi
mkdir $D $D/bank0
echo 58 > $D/bank0/num_lines
echo pinctrl-bcm2711 > $D/bank0/label
for offset in 5 6 17 22 27; do
    mkdir $D/bank0/line$offset
    echo GPIO$offset > $D/bank0/line$offset/name
done
echo 1 > $D/live
chip=$(cat $D/bank0/chip_name)
L=/sys/devices/platform/$(cat $D/dev_name)/$chip
udevadm settle
close() { echo pull-down > "$L/sim_gpio$1/pull"; }   # a switch to ground
open() { echo pull-up > "$L/sim_gpio$1/pull"; }
line() { cat "$L/sim_gpio$1/value"; }
main_pid() { systemctl show -p MainPID --value gpioagg; }
active() { [ "$(systemctl is-active gpioagg)" = active ]; }
restarts() { systemctl show -p NRestarts --value gpioagg; }
status_json() { timeout 5 gpioagg status --json 2>/dev/null; }
value_of() { status_json | jq -r --arg n "$1" '.. | objects | select(has($n)) | .[$n]' 2>/dev/null | head -n1; }
config=/etc/gpioagg/gpioagg.yaml

# --- install --------------------------------------------------------------------------
package=$(ls $T/pkg/gpioagg_*.deb)
if DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$package" > /tmp/apt.log 2>&1; then
    ok "apt install ./${package##*/} (offline: its dependencies are there)"
else
    not_ok "apt install ./${package##*/} (offline: its dependencies are there)"; sed 's/^/#   /' /tmp/apt.log
fi
id -nG gpioagg 2>/dev/null | grep -qw gpio && getent group gpio >/dev/null \
    && ok "install: the gpioagg user in the gpio group (sysusers)" \
    || not_ok "install: the gpioagg user in the gpio group (sysusers)"
[ "$(stat -c %G:%a /dev/$chip)" = gpio:660 ] \
    && ok "install: /dev/$chip is group gpio, mode 0660 (the udev rule, applied at install)" \
    || not_ok "install: /dev/$chip is group gpio, mode 0660 (got $(stat -c %G:%a /dev/$chip))"
dpkg-query -W -f='${Conffiles}\n' gpioagg | grep -q '^ /etc/gpioagg/gpioagg.yaml ' \
    && ok "install: /etc/gpioagg/gpioagg.yaml is a conffile" \
    || not_ok "install: /etc/gpioagg/gpioagg.yaml is a conffile"
systemd_version=$(systemctl --version | awk 'NR == 1 { print $2 }')
if [ "$systemd_version" -ge 253 ]; then want=present; else want=absent; fi
[ -e /etc/systemd/system/gpioagg.service.d/notify-reload.conf ] && have=present || have=absent
[ $have = $want ] && ok "install: the notify-reload drop-in is $want (systemd $systemd_version)" \
    || not_ok "install: the notify-reload drop-in is $have, should be $want (systemd $systemd_version)"
[ -f /usr/share/gpioagg/systemd/mqtt.conf ] && [ ! -e /etc/systemd/system/gpioagg.service.d/mqtt.conf ] \
    && ok "install: the MQTT drop-in is shipped, off" || not_ok "install: the MQTT drop-in is shipped, off"
[ "$(systemctl is-enabled gpioagg)" = disabled ] && ! active \
    && ok "install: the service is neither enabled nor started (the shipped config would drive lines)" \
    || not_ok "install: the service is neither enabled nor started (is-enabled $(systemctl is-enabled gpioagg), $(systemctl is-active gpioagg))"

# --- start: Type=notify readiness -----------------------------------------------------
# The config as a user edits it: switch1 lights the LED; a button toggles a lamp whose
# toggle is kept (persist) and which starts where it was (initial: restore).
cat > $config <<'YAML'
chips:
  main: { label: pinctrl-bcm2711 }
inputs:
  switch1: { chip: main, line: GPIO17, active: low, bias: pull-up, debounce: 10ms }
  button:  { chip: main, line: GPIO27, active: low, bias: pull-up, debounce: 10ms }
signals:
  light: { toggle: button, persist: true }
outputs:
  ready_led: { chip: main, line: GPIO5, follows: switch1, initial: off, safe: off }
  lamp:      { chip: main, line: GPIO6, follows: light, initial: restore, safe: off }
YAML
cp $config /tmp/good.yaml
# `systemctl start` returns once READY=1 came, which the daemon sends once every line
# is requested: at that moment the inputs' bias already holds (their pull is up).
if systemctl enable --now gpioagg 2>/tmp/start.log && active \
   && [ "$(line 17)" = 1 ] && [ "$(line 27)" = 1 ] && [ "$(line 5)" = 0 ]; then
    ok "start: active when systemctl start returns, lines requested (Type=notify)"
else
    not_ok "start: active when systemctl start returns, lines requested (Type=notify)"; diagnose
fi
status_line=$(systemctl status --no-pager gpioagg | sed -n 's/^ *Status: "\(.*\)"$/\1/p')
case $status_line in
    *input*output*) ok "start: systemctl status shows STATUS= ($status_line)" ;;
    *) not_ok "start: systemctl status shows STATUS= (got '$status_line')"; diagnose ;;
esac

# --- a switch moves the LED, the journal has the fields -------------------------------
close 17
step "input: closing switch1 (its pull) lights ready_led on the line" 10 '[ "$(line 5)" = 1 ]'
journal_entry() {
    journalctl -u gpioagg GPIO_NAME=ready_led -o json --no-pager |
        jq -r 'select(.GPIO_VALUE == "on") | "\(.GPIO_CHIP) \(.GPIO_LINE) \(.GPIO_VALUE)"' | tail -n1
}
step "input: journalctl -u gpioagg GPIO_NAME=ready_led -o json has GPIO_CHIP, GPIO_LINE, GPIO_VALUE" 10 \
    'entry=$(journal_entry); [ -n "$entry" ] && case $entry in *null*) false ;; *) true ;; esac'
echo "# journal: $(journal_entry)"

# --- reload ---------------------------------------------------------------------------
# A watcher reads the LED's line as fast as it can while the reload runs: a release and
# a new request would show as a 0.
# (bash's own read: a `cat` a time would read a few times a second in the guest.)
( while [ ! -e /tmp/stop-watch ]; do read -r v < "$L/sim_gpio5/value"; echo "$v"; done > /tmp/led-watch ) &
watcher=$!
cat /tmp/good.yaml > $config
echo '  extra:     { chip: main, line: GPIO22, follows: switch1, initial: off, safe: off }' >> $config
before=$(journalctl -u gpioagg GPIO_NAME=ready_led -o cat --no-pager | wc -l)
systemctl reload gpioagg
step "reload: the edited config applies (a new output follows switch1)" 15 '[ "$(line 22)" = 1 ]'
touch /tmp/stop-watch; wait $watcher; rm -f /tmp/stop-watch
after=$(journalctl -u gpioagg GPIO_NAME=ready_led -o cat --no-pager | wc -l)
if ! grep -qx 0 /tmp/led-watch && [ "$(line 5)" = 1 ] && [ "$before" = "$after" ]; then
    ok "reload: the unchanged ready_led did not blink ($(wc -l < /tmp/led-watch) reads, all 1; no journal entry)"
else
    not_ok "reload: the unchanged ready_led did not blink ($(grep -cx 0 /tmp/led-watch) reads of 0; journal $before -> $after)"
fi
pid=$(main_pid)
echo '  broken: {' >> $config
systemctl reload gpioagg
step "reload: a broken config is refused, STATUS= says so, the daemon runs on" 15 \
    'systemctl status --no-pager gpioagg | grep -q "Status: \"reload refused" && active && [ "$(main_pid)" = "$pid" ] && [ "$(line 5)" = 1 ]'
cat /tmp/good.yaml > $config
systemctl reload gpioagg
wait_until 15 '[ "$(line 22)" = 0 ]' || true

# --- watchdog -------------------------------------------------------------------------
close 27; sleep 0.3; open 27
step "toggle: the button turns the lamp on" 10 '[ "$(line 6)" = 1 ]'
pid=$(main_pid)
count=$(restarts)
watchdog=$(systemctl show -p WatchdogUSec --value gpioagg)
kill -STOP "$pid"
# WatchdogSec (10s), then RestartSec (2s), then a start on a slow guest.
step "watchdog: a daemon stopped with SIGSTOP is killed and restarted by systemd (WatchdogSec=$watchdog)" 40 \
    'active && [ "$(main_pid)" != "$pid" ] && [ "$(restarts)" -gt "$count" ]'
journalctl -u gpioagg --no-pager -o cat | grep -q 'Watchdog timeout' \
    && ok "watchdog: systemd logged the watchdog timeout" \
    || { not_ok "watchdog: systemd logged the watchdog timeout"; diagnose; }
step "watchdog: back with the lamp restored (initial: restore) and the toggle kept (persist)" 10 \
    '[ "$(line 6)" = 1 ] && [ "$(value_of light)" = true ]'

# --- SIGKILL --------------------------------------------------------------------------
pid=$(main_pid)
count=$(restarts)
systemctl kill -s KILL gpioagg
step "SIGKILL: restarted by systemd" 20 'active && [ "$(main_pid)" != "$pid" ] && [ "$(restarts)" -gt "$count" ]'
step "SIGKILL: the lamp and the toggle are back" 10 '[ "$(line 6)" = 1 ] && [ "$(value_of light)" = true ]'

# --- an invalid config at start -------------------------------------------------------
echo '  broken: {' >> $config
systemctl restart gpioagg 2>/dev/null
count=$(restarts)
step "invalid config at start: exit status 78" 15 \
    '[ "$(systemctl show -p ExecMainStatus --value gpioagg)" = 78 ] && ! active'
sleep 5   # more than RestartSec: a restart would have come
[ "$(restarts)" = "$count" ] && [ "$(systemctl is-active gpioagg)" = failed ] \
    && ok "invalid config at start: no restart loop (NRestarts $count, failed)" \
    || { not_ok "invalid config at start: no restart loop (NRestarts $count -> $(restarts))"; diagnose; }
cat /tmp/good.yaml > $config
systemctl reset-failed gpioagg
systemctl start gpioagg

# --- gpioagg status and the gpio group ------------------------------------------------
useradd -m -G gpio alice
useradd -m bob
runuser -u alice -- gpioagg status > /tmp/alice.txt 2>&1 \
    && grep -q ready_led /tmp/alice.txt \
    && ok "gpioagg status works for a member of gpio" \
    || { not_ok "gpioagg status works for a member of gpio"; sed 's/^/#   /' /tmp/alice.txt; }
if runuser -u bob -- gpioagg status > /tmp/bob.txt 2>&1; then
    not_ok "gpioagg status is refused for a user outside gpio"; sed 's/^/#   /' /tmp/bob.txt
else
    ok "gpioagg status is refused for a user outside gpio ($(head -c 120 /tmp/bob.txt | head -n1))"
fi

# --- the sandbox ----------------------------------------------------------------------
exposure() { systemd-analyze security --no-pager "$@" 2>/dev/null |
             sed -n 's/.*Overall exposure level for gpioagg.service: \([0-9.]*\).*/\1/p'; }
online=$(exposure gpioagg)
offline=$(exposure --offline=true /lib/systemd/system/gpioagg.service)
[ -n "$online" ] && [ "$online" = "$offline" ] && awk -v e="$online" 'BEGIN { exit !(e <= 1.0) }' \
    && ok "security: systemd-analyze security gpioagg rates $online, as the offline check" \
    || not_ok "security: the running unit rates '$online', the offline check '$offline' (limit 1.0)"
# The probe runs as ExecStartPre= of the unit: the same user, namespaces, device
# policy, system call filter and address families as the daemon started after it.
mknod -m 0444 /dev/probe-mem c 1 1
mkdir -p /etc/systemd/system/gpioagg.service.d
cat > /etc/systemd/system/gpioagg.service.d/zz-probe.conf <<UNIT
[Service]
ExecStartPre=/bin/bash $T/sandbox-probe.sh /dev/$chip /dev/probe-mem
UNIT
probe() {
    systemctl daemon-reload
    systemctl restart gpioagg
    journalctl -u gpioagg --no-pager -o cat --since "@$1" | grep '^probe:' > /tmp/probe.txt
}
expect() {   # description, the probe's line
    if grep -qx "probe: $2" /tmp/probe.txt; then ok "$1"; else
        not_ok "$1"; sed 's/^/#   /' /tmp/probe.txt; fi
}
probe "$(date +%s)"
expect "sandbox: writes only in its state and runtime folders" "writes: state yes, runtime yes, etc no, usr no, var no, root no, tmp yes, var-tmp yes"
[ ! -e /tmp/gpioagg-probe ] && [ ! -e /var/tmp/gpioagg-probe ] \
    && ok "sandbox: what it writes in /tmp and /var/tmp stays in its own (PrivateTmp)" \
    || not_ok "sandbox: what it writes in /tmp and /var/tmp stays in its own (PrivateTmp)"
expect "sandbox: no network socket without the MQTT drop-in" "network: no"
expect "sandbox: opens the gpiochip and no other device" "devices: gpiochip yes, mem no, kmsg no"

# --- MQTT -----------------------------------------------------------------------------
{ cat /tmp/good.yaml; printf 'mqtt:\n  broker: mqtt://127.0.0.1:1883\n  node: board\n'; } > $config
# README.Debian's one command that turns the drop-in on.
ln -s /usr/share/gpioagg/systemd/mqtt.conf /etc/systemd/system/gpioagg.service.d/ && systemctl daemon-reload && systemctl restart gpioagg
if timeout 30 mosquitto_sub -h 127.0.0.1 -t gpioagg/board/status -C 1 > /tmp/mqtt.txt 2>&1 &&
   [ "$(cat /tmp/mqtt.txt)" = online ]; then
    ok "mqtt: with the drop-in the node goes online (gpioagg/board/status)"
else
    not_ok "mqtt: with the drop-in the node goes online (got '$(cat /tmp/mqtt.txt)')"; diagnose
fi
probe "$(date +%s)"
expect "mqtt: the drop-in opens network sockets" "network: yes"
mqtt_exposure=$(exposure gpioagg)
[ -n "$mqtt_exposure" ] && awk -v e="$mqtt_exposure" 'BEGIN { exit !(e <= 1.5) }' \
    && ok "security: with the MQTT drop-in it rates $mqtt_exposure (at most 1.5)" \
    || not_ok "security: with the MQTT drop-in it rates '$mqtt_exposure' (limit 1.5)"
rm /etc/systemd/system/gpioagg.service.d/zz-probe.conf /etc/systemd/system/gpioagg.service.d/mqtt.conf
cat /tmp/good.yaml > $config
systemctl daemon-reload
systemctl restart gpioagg

# --- stop: every output to its safe level ---------------------------------------------
# Both outputs on first (a restart's request of switch1 with its bias set its pull up).
close 17
wait_until 10 '[ "$(line 5)" = 1 ] && [ "$(line 6)" = 1 ]' || echo "# before stop: lamp $(line 6), ready_led $(line 5)"
# The journal's place now, and how many of the two safe-state lines were logged after
# it: by the journal's order, not a time (journald's time of reading, second-grained),
# and by the message alone. A loaded guest showed both lines in the journal with one of
# them missing from a match on `-u gpioagg` or on SYSLOG_IDENTIFIER: journald learns a
# datagram's unit from the sender's cgroup, gone once the process has exited, and a line
# the daemon cannot send at once (a busy journal) goes to standard error instead.
journal_mark() { journalctl --no-pager -q -n 1 -o cat --show-cursor | sed -n 's/^-- cursor: //p'; }
safe_logged() {
    journalctl --no-pager -o cat --after-cursor "$mark" \
        | grep -x -e 'output ready_led off (safe state)' -e 'output lamp off (safe state)' | sort -u | wc -l
}
mark=$(journal_mark)
systemctl stop gpioagg
# journald may still be reading them when the stop returns.
wait_until 10 '[ "$(safe_logged)" -ge 2 ]' || true
[ "$(safe_logged)" = 2 ] && [ "$(line 5)" = 0 ] && [ "$(line 6)" = 0 ] \
    && ok "stop: every output driven to its safe level before release, the lines at 0" \
    || { not_ok "stop: every output driven to its safe level (logged $(safe_logged) of 2; lines $(line 5) $(line 6))"; diagnose; }
systemctl start gpioagg

# --- upgrade, remove, purge -----------------------------------------------------------
newer=$(ls $T/newer/gpioagg_*.deb)
old_pid=$(main_pid)
DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$newer" > /tmp/apt.log 2>&1 \
    && [ "$(dpkg-query -W -f='${Version}' gpioagg)" = "$(dpkg-deb -f "$newer" Version)" ] \
    && ok "upgrade: apt install of a newer build ($(dpkg-deb -f "$newer" Version))" \
    || { not_ok "upgrade: apt install of a newer build"; sed 's/^/#   /' /tmp/apt.log; }
cmp -s $config /tmp/good.yaml && ok "upgrade: the edited config is kept" \
    || not_ok "upgrade: the edited config is kept"
step "upgrade: the running service restarted, lamp and toggle kept" 20 \
    'active && [ "$(main_pid)" != "$old_pid" ] && [ "$(line 6)" = 1 ] && [ "$(value_of light)" = true ]'
mark=$(journal_mark)
removed=0
DEBIAN_FRONTEND=noninteractive apt-get remove -y -q gpioagg > /tmp/apt.log 2>&1 && removed=1
wait_until 10 '[ "$(safe_logged)" -ge 2 ]' || true
[ $removed = 1 ] && ! active && [ "$(safe_logged)" = 2 ] && [ "$(line 6)" = 0 ] \
    && ok "remove: the service stopped, outputs to their safe level" \
    || { not_ok "remove: the service stopped, outputs to their safe level (removed $removed; logged $(safe_logged) of 2; lamp $(line 6))"
         sed 's/^/#   /' /tmp/apt.log; journalctl --no-pager -o verbose --after-cursor "$mark" | grep -E '^    (MESSAGE|SYSLOG_IDENTIFIER|_TRANSPORT|_SYSTEMD_UNIT|_PID)=' | tail -n 60 | sed 's/^/#   /'; }
[ -d /var/lib/gpioagg ] && [ -f $config ] && ok "remove: kept state and config stay" \
    || not_ok "remove: kept state and config stay"
DEBIAN_FRONTEND=noninteractive apt-get purge -y -q gpioagg > /tmp/apt.log 2>&1 \
    && [ ! -e /var/lib/gpioagg ] && [ ! -e /etc/gpioagg ] \
    && ok "purge: the kept state and the config are gone" \
    || { not_ok "purge: the kept state and the config are gone"; ls -la /var/lib/gpioagg /etc/gpioagg 2>&1 | sed 's/^/#   /'; }

echo "1..$n"
exit $failed
