# gpioagg: the two commands a newcomer needs are `make run` and `make test`; while
# working, `make check` (docs/dev/DEVELOPING.md).
SWIFT     ?= swift
BUILD     := .build
RELEASE   := .build-release
PREFIX    ?= /usr/local
DESTDIR   ?=
BINDIR    ?= $(PREFIX)/bin
SYSCONFDIR ?= /etc
UNITDIR   ?= /etc/systemd/system
SYSUSERSDIR ?= /etc/sysusers.d
UDEVRULESDIR ?= /etc/udev/rules.d
# yes or no; by default yes where systemd is 253 or later (Type=notify-reload).
NOTIFY_RELOAD ?= $(shell v=$$(systemctl --version 2>/dev/null | awk 'NR==1 { print $$2 }'); \
                   [ "$${v:-0}" -ge 253 ] 2>/dev/null && echo yes || echo no)
# yes for a config with an `mqtt:` section: the unit alone has no network.
MQTT ?= no
ifneq ($(filter-out yes no,$(MQTT)),)
$(error MQTT=$(MQTT): say MQTT=yes or MQTT=no)
endif
# yes for a config whose `web:` listens on an address and port (not a unix socket).
WEB ?= no
ifneq ($(filter-out yes no,$(WEB)),)
$(error WEB=$(WEB): say WEB=yes or WEB=no)
endif

.PHONY: all deps build run check test test-unit test-examples test-sanitizers test-release test-kernel test-systemd test-web-page release bench \
        install install-files clean help deb test-deb test-ha test-arm64 test-arm64-examples test-arm64-prepared test-arm64-kernel

all: build

help:
	@echo "make run       build and start gpioagg: on the GPIO chips when there are any, else --simulate"
	@echo "make test      install what the tests need, run every test (also under TSan and ASan)"
	@echo "make check     while working: an incremental build and every test that starts no gpioagg,"
	@echo "               broker or Home Assistant (docs/dev/DEVELOPING.md); make test runs them all"
	@echo "make test-examples  run the example test files (config/examples/*.test.yaml)"
	@echo "make release   static release binaries in $(RELEASE)/release"
	@echo "make bench     run gpioagg-bench (release build), one JSON object per line"
	@echo "make test-kernel  the libgpiod backend on the real kernel (gpio-sim under qemu)"
	@echo "make install  the release binary, systemd unit, example config, sysusers and udev files"
	@echo "              (PREFIX=$(PREFIX), DESTDIR=, UNITDIR=$(UNITDIR), NOTIFY_RELOAD=yes|no)"
	@echo "make install MQTT=yes  also the drop-in that gives the unit the network MQTT needs"
	@echo "make install WEB=yes   also the drop-in that lets web: listen on an address and port"
	@echo "make deb      gpioagg_<version>_<arch>.deb of the release binary (debhelper), checked by lintian"
	@echo "make deb ARCH=arm64 [DIST=bookworm]  the 64-bit Raspberry Pi's package, cross-built (scripts/cross)"
	@echo "make test-deb the package under a real systemd: a Debian guest under qemu installs and runs it"
	@echo "make test-deb ARCH=arm64 [DIST=bookworm]  the same checks on the arm64 package in an arm64 guest"
	@echo "               (qemu-system-aarch64; trixie's package and guest unless DIST=bookworm)"
	@echo "make test-arm64  before a release: every arm64 step below, both targets (12 min warm, ~45 cold)"
	@echo "make test-arm64-examples  the example test files on the arm64 binary under qemu-user"
	@echo "               (make test runs them when the cross build is prepared here)"
	@echo "make test-arm64-kernel  the daemon on gpio-sim lines and sensors in arm64 guests (qemu-system-aarch64)"
	@echo "make test-ha  the Home Assistant discovery golden files through Home Assistant's own schemas"
	@echo "make test-web-page  the web page in headless Chromium; its screenshots in $(RELEASE)/web-page"

deps:
	@scripts/install-deps

# Only what `make run` runs: the benchmarks and the kernel check are built by the
# targets that use them.
build: deps
	$(SWIFT) build --product gpioagg --scratch-path $(BUILD)

# On a board with GPIO chips, the example config on its lines; anywhere else, the
# embedded demo (the same graph) on simulated lines.
run: build
	@if ls /dev/gpiochip* >/dev/null 2>&1; then \
	    echo "gpioagg run --config config/gpioagg.yaml (GPIO chips found; Ctrl-C stops)"; \
	    exec $(BUILD)/debug/gpioagg run --config config/gpioagg.yaml; \
	else \
	    echo "gpioagg --simulate (no GPIO chips here; Ctrl-C stops)"; \
	    exec $(BUILD)/debug/gpioagg --simulate; \
	fi

# The release smoke run, the real-kernel suite, the sanitizer runs and the example test
# files go first so that the plain test run's summary closes the output.
test: test-release test-systemd test-web-page test-kernel test-deb test-ha test-sanitizers test-examples \
    test-arm64-prepared test-unit

# The example configs' test files, in virtual time (`gpioagg test`, docs/TESTING.md).
test-examples: deps
	$(SWIFT) build --product gpioagg --scratch-path $(BUILD)
	$(TIMED) $(BUILD)/debug/gpioagg test config/examples/*.test.yaml

# A test run that hangs is ended and fails, instead of holding CI until its own limit: a
# whole run takes under a minute (a few under a sanitizer).
TEST_LIMIT ?= 15m
TIMED := timeout --kill-after=30s $(TEST_LIMIT)

# Every test is a Swift Testing test: the XCTest half of each run would only print
# "Executed 0 tests, with 0 failures" before the real results.
TEST_KINDS := --disable-xctest

# A failed run ends with its failures again, so that the last lines of a long log (all a
# CI page may show) name the tests that failed and where.
test-unit: deps
	$(SWIFT) build --build-tests --scratch-path $(BUILD)
	@mkdir -p $(BUILD); { $(TIMED) $(SWIFT) test --skip-build $(TEST_KINDS) --scratch-path $(BUILD); echo $$? > $(BUILD)/test-unit.rc; } 2>&1 \
	    | tee $(BUILD)/test-unit.log; \
	rc=$$(cat $(BUILD)/test-unit.rc); \
	if [ "$$rc" != 0 ]; then \
	    echo "--- the failures again (the whole log: $(BUILD)/test-unit.log) ---"; \
	    grep -a -A4 'recorded an issue' $(BUILD)/test-unit.log | head -200; \
	    grep -a '^✘' $(BUILD)/test-unit.log | grep -av 'recorded an issue' | tail -40; \
	fi; \
	exit $$rc

# The suites tagged .binary (they start the built gpioagg or gpioagg-bench), .broker (a
# mosquitto of their own) and .homeAssistant (Home Assistant's schemas): `make check`
# leaves them out, `make test` runs them. Swift 6.3's `swift test --skip` matches test
# names (a test's id begins TARGET.SUITE/), not tags, so the tagged suites are named
# here; TestTagsTests fails when a suite's tags and this list disagree.
CHECK_SKIP := \
    gpioaggTests.BenchmarkOutputTests gpioaggTests.BoardCommandTests gpioaggTests.CheckCommandTests \
    gpioaggTests.CommandLineTests gpioaggTests.ControlSocketBacklogTests gpioaggTests.CoverDaemonTests \
    gpioaggTests.CoverSafetyDaemonTests gpioaggTests.DaemonTests gpioaggTests.DetectInfoCommandTests \
    gpioaggTests.DetectPWMCommandTests gpioaggTests.DetectSensorsCommandTests gpioaggTests.KeptTotalTests \
    gpioaggTests.KeptValuesTests gpioaggTests.KeyboardTests gpioaggTests.LoopServingDaemonTests \
    gpioaggTests.MQTTDaemonLimitsTests gpioaggTests.MQTTDaemonTests gpioaggTests.MQTTLibraryLoadingTests \
    gpioaggTests.NumberCommandTests gpioaggTests.NumberOverflowCommandTests gpioaggTests.OverrideCommandTests \
    gpioaggTests.PWMDaemonCommandTests \
    gpioaggTests.RemoteInputTrustTests gpioaggTests.SafeCommandTests gpioaggTests.SensorDaemonTests \
    gpioaggTests.SensorIsolationDaemonTests gpioaggTests.SensorReadingDaemonTests gpioaggTests.ServiceNotifyTests \
    gpioaggTests.SimulateCommandTests gpioaggTests.StatusSimCommandTests gpioaggTests.TestCommandTests \
    gpioaggTests.UnreadOutputTests gpioaggTests.WebDaemonTests \
    MQTTTests.BrokerClientIDTests MQTTTests.BrokerConnectionTests MQTTTests.BrokerMessageSizeTests \
    MQTTTests.BrokerMessagingTests MQTTTests.BrokerSecurityTests MQTTTests.ProtocolFallbackTests \
    ServiceTests.MQTTPWMBrokerTests \
    HomeAssistantTests.HomeAssistantSchemaTests

# While working: the same debug build as make test (incremental), then every other test
# (docs/dev/DEVELOPING.md, "Which tests to run when").
check: deps
	$(SWIFT) build --build-tests --scratch-path $(BUILD)
	$(TIMED) $(SWIFT) test --skip-build $(TEST_KINDS) --scratch-path $(BUILD) $(foreach suite,$(CHECK_SKIP),--skip '$(suite)/')

# The operators are lock-based and touch raw memory: every test also runs under
# ThreadSanitizer and AddressSanitizer (leak checks off: tests may end with pipelines
# still subscribed, which Combine allows; scripts/asan.supp names the one report of
# Foundation's own that is suppressed). The sanitizers print their own reports of a
# crash; Swift's backtracer, reading the crashed process's memory under them, can hang.
test-sanitizers: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	SWIFT_BACKTRACE=enable=no $(TIMED) $(SWIFT) test --skip-build $(TEST_KINDS) --sanitize=thread --scratch-path .build-tsan
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:suppressions=$(CURDIR)/scripts/asan.supp \
	    $(TIMED) $(SWIFT) test --skip-build $(TEST_KINDS) --sanitize=address --scratch-path .build-asan

# The release binaries are built with the Swift runtime linked in, as they ship to a
# Raspberry Pi; a smoke run proves the static link works.
# Linked with lld and packed relative relocations (DT_RELR, glibc 2.36 or later:
# Debian and Raspberry Pi OS bookworm): the loader then writes far fewer pages at start.
# The functions run from start to idle come first in the code (scripts/release/
# startup.order, written by scripts/release/startup-order): the kernel maps code in
# blocks around each page used, and the start's code, scattered, kept 2 MiB more of the
# binary resident. No symbol is exported (the static Swift runtime's link arguments ask
# for --export-dynamic; nothing gpioagg loads looks a symbol up in it): the loader then
# has no table of 6,600 names to search, 0.4 MiB fewer pages. The idle daemon stays
# near 8 MiB resident without MQTT (scripts/bench/idle-rss).
RELEASE_LINK := -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
                -Xlinker --symbol-ordering-file=$(CURDIR)/scripts/release/startup.order \
                -Xlinker --no-warn-symbol-ordering -Xlinker --no-export-dynamic

# SwiftPM does not know the order file as an input of the link: a binary older than it
# is removed, so that it is linked again.
release: deps
	@for product in gpioagg gpioagg-bench gpioagg-kernel-check; do \
	    binary=$(RELEASE)/release/$$product; \
	    if [ -e "$$binary" ] && [ scripts/release/startup.order -nt "$$binary" ]; then rm -f "$$binary"; fi; \
	done
	$(SWIFT) build -c release --static-swift-stdlib $(RELEASE_LINK) --scratch-path $(RELEASE)

test-release: release
	@out=$$(printf 'on switch1\non switch2\non switch3\nquit\n' \
	        | $(RELEASE)/release/gpioagg --simulate --control $$(mktemp -u /tmp/gpioagg-smoke.XXXXXX)) \
	    && echo "$$out" | grep -qx 'output ready_led on' \
	    && echo "$$out" | grep -qx 'output ready_led off (safe state)' \
	    && echo "release build: static binary ran the demo" \
	    || { echo "$$out"; echo "release build: the static binary failed the demo run" >&2; exit 1; }

# The libgpiod backend against the real kernel: gpio-sim in a qemu guest, with libgpiod
# v1 and v2 (scripts/kernel-test). Skipped with a message where qemu or root is
# missing, except under CI=true.
test-kernel: release
	scripts/kernel-test/suite $(RELEASE)/release

# The unit: `systemd-analyze verify` says nothing, the offline security exposure is at
# most 1.0 (1.5 with the MQTT drop-in, and with the web drop-in), and `make install` into a scratch DESTDIR puts
# every file in place.
test-systemd: release
	scripts/test-systemd $(RELEASE)/release/gpioagg

# The web page in headless Chromium, as a person would use it, on the release binary
# with --simulate: the values, a sim set shown within a second, why, the controls, the
# token (scripts/test-web-page); its screenshots in $(RELEASE)/web-page (docs/images has
# copies).
test-web-page: release
	$(TIMED) scripts/test-web-page $(RELEASE)/release/gpioagg $(RELEASE)/web-page

# Build first, as yourself (`make release`): sudo's PATH (secure_path) often does not
# reach a Swift toolchain, and installing needs none.
install: install-files
	@if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" -eq 0 ]; then \
	    systemd-sysusers $(SYSUSERSDIR)/gpioagg.conf 2>/dev/null || true; \
	    udevadm control --reload 2>/dev/null && udevadm trigger --subsystem-match=gpio --subsystem-match=pwm 2>/dev/null || true; \
	    systemctl daemon-reload 2>/dev/null || true; \
	    echo "installed; start it with: systemctl enable --now gpioagg"; \
	fi

# The files alone, from an existing release build (what test-systemd checks).
install-files:
	@[ -x $(RELEASE)/release/gpioagg ] || { \
	    echo "make install: there is no $(RELEASE)/release/gpioagg yet: build it first, as yourself" >&2; \
	    echo "hint: make release && sudo make install" >&2; exit 1; }
	install -D -m 0755 $(RELEASE)/release/gpioagg $(DESTDIR)$(BINDIR)/gpioagg
	install -d -m 0755 $(DESTDIR)$(UNITDIR)
	sed '/^Exec/s|=\(-\{0,1\}\)/usr/local/bin/gpioagg |=\1$(BINDIR)/gpioagg |' systemd/gpioagg.service \
	    > $(DESTDIR)$(UNITDIR)/gpioagg.service
	chmod 0644 $(DESTDIR)$(UNITDIR)/gpioagg.service
	if [ "$(NOTIFY_RELOAD)" = yes ]; then \
	    install -D -m 0644 systemd/gpioagg.service.d/notify-reload.conf \
	        $(DESTDIR)$(UNITDIR)/gpioagg.service.d/notify-reload.conf; \
	fi
ifeq ($(MQTT),yes)
	install -D -m 0644 systemd/gpioagg.service.d/mqtt.conf $(DESTDIR)$(UNITDIR)/gpioagg.service.d/mqtt.conf
endif
ifeq ($(WEB),yes)
	install -D -m 0644 systemd/gpioagg.service.d/web.conf $(DESTDIR)$(UNITDIR)/gpioagg.service.d/web.conf
endif
	install -D -m 0644 systemd/gpioagg.sysusers $(DESTDIR)$(SYSUSERSDIR)/gpioagg.conf
	install -D -m 0644 systemd/60-gpioagg.rules $(DESTDIR)$(UDEVRULESDIR)/60-gpioagg.rules
	# The example config, unless there is one already: an upgrade keeps the user's.
	[ -e $(DESTDIR)$(SYSCONFDIR)/gpioagg/gpioagg.yaml ] || \
	    install -D -m 0644 config/gpioagg.yaml $(DESTDIR)$(SYSCONFDIR)/gpioagg/gpioagg.yaml

# The Debian package of the release binary, for the build machine's architecture, in
# this folder (docs/INSTALL.md, "Install on a Raspberry Pi"; debian/, scripts/deb/build).
# lintian's errors fail the build; its warnings are printed (docs/INSTALL.md, "Packaging").
# `make deb ARCH=arm64` builds the 64-bit Raspberry Pi's package on an x86_64 machine:
# the binary cross-built by sid's Swift 6.2 (scripts/cross/prepare, scripts/cross/build;
# the first run prepares about 1.5 GB in ~/.cache/gpioagg/arm64), for trixie (today's
# Raspberry Pi OS) or, with DIST=bookworm, for bookworm: its version then ends in ~deb12,
# below trixie's, as Debian marks a build for its previous release.
HOST_ARCH := $(shell dpkg --print-architecture 2>/dev/null)
DEB_ARCH := $(or $(ARCH),$(HOST_ARCH))
DIST ?= trixie
DEB_SUFFIX := $(if $(filter bookworm,$(DIST)),~deb12)
ifeq ($(DEB_ARCH),$(HOST_ARCH))
deb: release
	@scripts/install-deps --deb
	@package=$$(scripts/deb/build $(RELEASE)/release/gpioagg $(CURDIR)) && \
	    lintian --fail-on error "$$package" && \
	    echo "$$package"
else ifeq ($(DEB_ARCH),arm64)
deb:
	@scripts/install-deps --deb
	@eval "$$(DIST=$(DIST) scripts/cross/prepare)" && \
	    binary=$$(DIST=$(DIST) scripts/cross/build) && \
	    package=$$(scripts/deb/build --arch arm64 --sysroot "$$GPIOAGG_CROSS_SYSROOT" "$$binary" $(CURDIR) $(DEB_SUFFIX)) && \
	    lintian --fail-on error "$$package" && \
	    echo "$$package"
else
deb:
	@echo "make deb ARCH=$(ARCH): packages are built for this machine ($(HOST_ARCH)) or, cross-built, for arm64" >&2
	@echo "hint: make deb, or make deb ARCH=arm64 [DIST=bookworm]" >&2
	@exit 2
endif

# The example test files on the arm64 binary (scripts/cross/build) under qemu-user,
# on the target's libraries: the same results as on x86_64 (DIST=bookworm for that
# build).
test-arm64-examples:
	@eval "$$(DIST=$(DIST) scripts/cross/prepare)" && \
	    binary=$$(DIST=$(DIST) scripts/cross/build) && \
	    $(TIMED) qemu-aarch64-static -L "$$GPIOAGG_CROSS_SYSROOT" "$$binary" test config/examples/*.test.yaml

# Before a release, every arm64 step: the package for both targets, the example tests on
# both binaries, the package's checks in arm64 trixie and bookworm guests, the daemon on
# real lines in arm64 guests. Too long for `make test`: some 45 minutes on a cold, quiet
# machine, mostly preparing the cross build and the guests once; 12 once they are.
test-arm64:
	$(MAKE) --no-print-directory deb ARCH=arm64
	$(MAKE) --no-print-directory deb ARCH=arm64 DIST=bookworm
	$(MAKE) --no-print-directory test-arm64-examples
	$(MAKE) --no-print-directory test-arm64-examples DIST=bookworm
	$(MAKE) --no-print-directory test-deb ARCH=arm64
	$(MAKE) --no-print-directory test-deb ARCH=arm64 DIST=bookworm
	$(MAKE) --no-print-directory test-arm64-kernel

# In `make test`: the example tests on the arm64 binary, where the cross build is
# prepared already (`make deb ARCH=arm64` prepares it; then a build only compiles what
# changed). Where it is not, a line says so, and nothing is downloaded: preparing takes
# about half an hour.
test-arm64-prepared:
	@if DIST=$(DIST) scripts/cross/prepare --if-ready >/dev/null 2>&1; then \
	    $(MAKE) --no-print-directory test-arm64-examples; \
	else \
	    echo "test-arm64-examples: skipped, the cross build for $(DIST) is not prepared here (make deb ARCH=arm64 prepares it)"; \
	fi

# The kernel suite's daemon checks on the arm64 binary for bookworm, in arm64 guests
# under qemu-system-aarch64 on Debian's arm64 kernel with gpio-sim and i2c-stub built
# for it, through Debian's arm64 libgpiod v1: daemon-check.sh (the example config's
# switches and LED on gpio-sim lines, reload, SIGTERM's safe state, a click), then
# sensors-daemon-check.sh (Debian's bmp280 and lm75 drivers on i2c-stub registers, a
# threshold driving a line) with counter-check.sh (pulse.c cross-compiled for it, by
# the compiler that the first guest's preparation installs).
test-arm64-kernel:
	@eval "$$(DIST=bookworm scripts/cross/prepare)" && \
	    binary=$$(DIST=bookworm scripts/cross/build) && \
	    $(TIMED) scripts/kernel-test/run --arch arm64 --sysroot "$$GPIOAGG_CROSS_SYSROOT" --libgpiod v1 --timeout 900 \
	        --binary scripts/kernel-test/daemon-check.sh --extra "$$binary" --extra config/gpioagg.yaml && \
	    mkdir -p $(BUILD)-arm64-kernel && \
	    aarch64-linux-gnu-gcc --sysroot="$$GPIOAGG_CROSS_SYSROOT" -O2 -Wall -Wextra -Werror -std=gnu11 -static \
	        scripts/kernel-test/pulse.c -o $(BUILD)-arm64-kernel/pulse && \
	    $(TIMED) scripts/kernel-test/run --arch arm64 --sysroot "$$GPIOAGG_CROSS_SYSROOT" --libgpiod v1 --timeout 900 \
	        --binary scripts/kernel-test/sensors-daemon-check.sh --extra scripts/kernel-test/i2c-sensors.sh \
	        --extra "$$binary" --extra scripts/kernel-test/counter-check.sh --extra $(BUILD)-arm64-kernel/pulse -- v1

# The package under a real systemd: a debootstrapped bookworm guest under qemu installs
# it with apt and runs the checks of scripts/deb-test/checks.sh (TAP), each one a step.
# About 4 minutes warm; the first run on a machine debootstraps (3 more). Skipped with
# a message where it cannot be prepared (not root), except under CI=true.
# `make test-deb ARCH=arm64`: the same checks on the arm64 package, cross-built for
# trixie (the package `make deb ARCH=arm64` makes), in an arm64 trixie guest under
# qemu-system-aarch64 (scripts/deb-test/prepare --arch arm64 --suite trixie, its cache in
# ~/.cache/gpioagg/deb-test-arm64-trixie); with DIST=bookworm, the bookworm package in a
# bookworm guest (deb-test-arm64). Both boot Debian bookworm's arm64 kernel.
ifeq ($(DEB_ARCH),$(HOST_ARCH))
test-deb: release
	scripts/deb-test/run $(RELEASE)/release/gpioagg
else ifeq ($(DEB_ARCH),arm64)
test-deb:
	@eval "$$(DIST=$(DIST) scripts/cross/prepare)" && \
	    binary=$$(DIST=$(DIST) scripts/cross/build) && \
	    scripts/deb-test/run --arch arm64 --sysroot "$$GPIOAGG_CROSS_SYSROOT" --suite $(DIST) "$$binary"
else
test-deb:
	@echo "make test-deb ARCH=$(ARCH): the package test runs this machine's ($(HOST_ARCH)) package or the arm64 one" >&2
	@echo "hint: make test-deb, or make test-deb ARCH=arm64" >&2
	@exit 2
endif

# The golden discovery configs through Home Assistant's own MQTT schemas (Home Assistant
# 2023.12.4 from PyPI, put in ~/.cache/gpioagg once, about a minute); with that
# environment in place, the unit tests' HomeAssistantSchemaTests run it too.
test-ha:
	@scripts/ha-validate-discovery >/dev/null 2>&1 || [ $$? -ne 2 ] || scripts/ha-validate-discovery --install
	scripts/ha-validate-discovery

bench: deps
	$(SWIFT) build -c release --product gpioagg-bench --scratch-path $(RELEASE)
	$(RELEASE)/release/gpioagg-bench

clean:
	rm -rf $(BUILD) $(RELEASE) .build-tsan .build-asan .build-kernel-v2
