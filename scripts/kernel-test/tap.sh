# shellcheck shell=sh
# TAP for the check scripts that run in the guest (busybox sh): `run` puts this file in
# the guest's /bin, and a check reads it with `. /bin/tap.sh`, then ends with
# `echo "1..$n"; exit $failed`.
n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=1; echo "not ok $n - $1"; }

# Polls a condition (a string to eval) every 0.1 s for up to 10 s: the kernel and the
# daemon answer a change a moment later, and a TCG guest is slow.
wait_for() {
    tries=100
    until eval "$1"; do
        tries=$((tries - 1))
        [ $tries -gt 0 ] || return 1
        sleep 0.1
    done
}
