#!/bin/bash
# Run by scripts/deb-test/checks.sh as the unit's ExecStartPre=, inside the service's
# sandbox: says what it could write, connect to and open, one "probe:" line each.
#   sandbox-probe.sh /dev/gpiochipN /dev/WORLD-READABLE-MEM-NODE
can() { "$@" 2>/dev/null && echo yes || echo no; }
write() { can bash -c "echo x > '$1/.gpioagg-probe' && rm -f '$1/.gpioagg-probe'"; }
# /tmp and /var/tmp are the unit's own (PrivateTmp=): a file left there must not be
# seen by the system, which the check looks at afterwards.
left() { can bash -c "echo x > '$1/gpioagg-probe'"; }
echo "probe: writes: state $(write "$STATE_DIRECTORY"), runtime $(write "$RUNTIME_DIRECTORY"), etc $(write /etc), usr $(write /usr), var $(write /var), root $(write /), tmp $(left /tmp), var-tmp $(left /var/tmp)"
# A TCP socket to the guest's broker: with PrivateNetwork= there is no such address, and
# RestrictAddressFamilies= refuses the socket itself.
echo "probe: network: $(can timeout 5 bash -c 'exec 3<>/dev/tcp/127.0.0.1/1883')"
opens() { can bash -c "exec 3<'$1'"; }
# $2 is a node of /dev/mem made world-readable by the check, so that only the sandbox
# (DevicePolicy=closed) stands in the way; /dev/kmsg is readable by anyone outside it.
echo "probe: devices: gpiochip $(opens "$1"), mem $(opens "$2"), kmsg $(opens /dev/kmsg)"
