// swift-tools-version:6.0
//
// gpioagg: GPIO and sensor event aggregator for Linux single-board computers.
//
// The rooms, from the bottom up (docs/dev/ARCHITECTURE.md draws them):
//   SystemCore       The base: the one system-call wrapper (retries EINTR, errno as a
//                    typed error naming the call), the one way to start a thread, the
//                    monotonic clock, "did you mean" name suggestions. libc only.
//   Locks            The one lock module: Lock, LockedValueBox, Semaphore.
//   Reactive         Combine operators OpenCombine lacks (combineLatest/zip/merge over
//                    collections, withLatestFrom, AnyConsumer/@Input/bind). Depends on
//                    Combine or OpenCombine, and Locks.
//   ReactiveTesting  Virtual-time scheduler, marbles, recording subscribers and
//                    scriptable publishers for tests of anything built on Reactive.
//   GPIO             GPIO value types (LineID...), the backend protocols and the input
//                    tracker (lost-event recovery, software debounce). No I/O of its own.
//                    Re-exports SystemCore (its clock and name suggestions).
//   CLoopLinux       C shim over timerfd, eventfd, signalfd and adjtimex, imported by
//                    Loop only.
//   Loop             The event loop: the EventLoop protocol, PosixEventLoop (poll,
//                    timerfd, eventfd), LoopTimer, LoopBound, SignalDescriptor; the wall
//                    clock (WallClock: CLOCK_REALTIME and whether the kernel calls it
//                    synchronized; wall timers on a timerfd of their own, watchers told
//                    of steps). No Combine, no GPIO: its clock is SystemCore's.
//   LoopCombine      LoopScheduler: a Combine scheduler on any EventLoop, for Combine's
//                    own timed operators (debounce, delay). Nothing in the daemon uses it.
//   LoopEmbedded     Its deterministic twin on virtual time (EmbeddedEventLoop, with a
//                    virtual wall clock a test can set), for tests and anything that
//                    runs a configuration in virtual time.
//                    The daemon and the command line never import it.
//   CGPIOD           C shim over libgpiod v1 or v2 (chosen from the installed header),
//                    imported by exactly one Swift module: GPIOLibgpiod.
//   GPIOLibgpiod     The kernel backend, through CGPIOD.
//   GPIOSimulated    In-process chips on an event loop's clock, for tests and --simulate.
//   CYAML            libyaml (Debian's libyaml-dev) as a system library, imported by
//                    exactly one Swift module: Config.
//   Values           What a node is and holds, below everything that shows it: NodeID
//                    (kind and name), NodeTraits (the form of its value and how it may
//                    be set, which Config works out for every node), NodeValue (a
//                    level, a number with its MeasurementUnit, or unavailable), the words for a level (on, true,
//                    1; off, false, 0) and decimal numbers (DecimalText), one grammar
//                    for the config, test files, the command line, line commands and
//                    MQTT payloads; an engine's snapshot (EngineSnapshot, LostPulses,
//                    and ClockStatus: the clock its times of day follow, as text), which
//                    the control socket shows without the engine. No dependencies.
//   Numbers          The arithmetic of numeric signals as pure types: aggregates (mean, min,
//                    max, sum, difference), the threshold with hysteresis and a set point,
//                    and the filters (offset ... timeout) in a chain; time-based ones are
//                    state machines given the loop's time that return the values to send
//                    and the next deadline. Unavailable is nil. No Combine, no loop, no
//                    Config; depends on Values.
//   Clock            Wall time as pure values: civil dates and weekdays, time zone rules
//                    read from TZif files (their POSIX footer for the years after the last
//                    transition; a skipped reading is the change, a doubled one its first
//                    time), sunrise, sunset, dawn and dusk by NOAA's equations, times of
//                    day as the config writes them, daily windows and moments, and the
//                    calendar periods counts restart at. Instants are Int64 seconds since
//                    the epoch. No Combine, no loop, no Config; depends on SystemCore
//                    (reading zone files, name suggestions).
//   Covers           Garage doors and blinds as pure state machines: a door on one relay
//                    (the opener's push-button cycle, its end inputs, a move that does
//                    not arrive becomes a fault) and blinds on two motors (a position
//                    reckoned from travel time). Time passed in, actions returned; no
//                    Combine, no loop, no Config; depends on Values.
//   SensorsCore      What a sensor is, as values: a device (IIO, hwmon, thermal zone,
//                    1-Wire) and its channel, the one table of kernel units and their
//                    quantities, a reading, typed failures instead of made-up values. No
//                    I/O; what Config checks a sensor input against. Depends on
//                    SystemCore and Values.
//   Sensors          The kernel's sensors read from sysfs: devices found by name or by
//                    where they sit, every sensor enumerated for detect, and a reader
//                    with threads of its own, so that a read that blocks never holds up
//                    the loop. Re-exports SensorsCore, as GPIOLibgpiod stands on GPIO and
//                    MQTT on MQTTCore. Depends on SystemCore, Values and Locks.
//   PWMCore          What a PWM channel is, as values: a controller and its locator
//                    (device name or pwmchipN), a channel's state (period, duty cycle,
//                    polarity, enable), the writes and errors, and PWMBackend, the
//                    channels an engine drives. No I/O; what Config and Engine use.
//                    Depends on SystemCore.
//   PWM              The kernel's PWM controllers from sysfs (/sys/class/pwm): a
//                    controller found by its device name or pwmchipN, a channel exported
//                    or taken over, its period, duty cycle, polarity and enable written in
//                    an order the kernel accepts (the inverted duty cycle computed where a
//                    driver refuses the polarity); SysfsPWMBackend, the kernel's
//                    PWMBackend. Re-exports PWMCore. Depends on GPIO (the boards' PWM
//                    controllers, for what to enable) and SystemCore.
//   PWMSimulated     PWM's twin: controllers in memory that keep every state applied,
//                    for tests, --simulate and gpioagg test. Depends on PWMCore only.
//   HomeAssistantClasses
//                    What a Home Assistant entity is, as data: its platform
//                    (binary_sensor, switch, event, ..., light, fan), which platform each kind of node is
//                    published as, and the device classes each platform accepts. Config
//                    checks device_class: against it; HomeAssistant re-exports it.
//                    Depends on Values (a node's traits decide its entity's kind).
//   MQTTCore         What MQTT means with no library behind it: broker URLs (the one
//                    grammar the config's checker and the client both use), messages,
//                    the offline queue, the reconnect backoff, and the MQTTTransport
//                    protocol the daemon's bridge speaks. Glibc only.
//   Config           The YAML config file: parsing (libyaml's event parser), validation
//                    with FILE:LINE:COL errors, the validated model, the duration
//                    grammar; a sensor input's channel and unit are checked against
//                    SensorsCore's unit table, a PWM output's controller is PWMCore's
//                    locator. Never the modules that do sysfs I/O (Sensors, PWM). No
//                    Foundation.
//   Engine           The signal graph only: lines, trackers, Reactive pipelines, output
//                    writes, on any EventLoop. Never imports GPIOSimulated or the twin.
//                    Re-exports Values (its snapshot and the values it takes).
//   JSON             The one JSON codec: a strict parser, JSONValue and JSONObject (members
//                    kept in order), serialization. No dependencies, no Foundation.
//   Control          The control socket: one JSON request and one JSON reply per line
//                    over a Unix stream socket; a server registered with the loop, and
//                    the client (status, sim, why, set). Re-exports JSON. Not Engine:
//                    the snapshot it shows is Values', so the wire protocol brings
//                    neither Config, libyaml nor Combine.
//   HomeAssistant    What gpioagg publishes for Home Assistant's MQTT discovery, as data:
//                    topics, discovery configs (checked key by key against Home
//                    Assistant's schemas; golden files), removals after a reload, state
//                    and event payloads, the birth's republish delay, command payloads.
//                    Pure functions of plain values; depends on JSON, Values and
//                    HomeAssistantClasses.
//   KeptState        Values kept across restarts (persist, initial: restore): the state
//                    file's format, its directory, and a writer thread that writes it
//                    atomically, coalescing changes, never on the caller's thread.
//   Keeping          What is kept across restarts and when, as rules both the daemon and
//                    gpioagg test follow: which of an engine's changes are kept, the
//                    persist_every pace of totals, max_on's on-times, what an orderly
//                    stop hands over and a kill loses; handed to a sink (the state
//                    writer, or memory). Depends on Config, Engine, KeptState and Loop.
//   CSystemd         systemd's notify and journal protocols, in C (no libsystemd).
//   CMosquitto       libmosquitto 2.0 (Debian's libmosquitto-dev to build), loaded
//                    with dlopen the first time MQTT is used, never linked: its
//                    functions under their own names call the library's. Imported by
//                    exactly one Swift module: MQTT.
//   CMosquittoTLS    C shim over OpenSSL, loaded the same way: the TLS context MQTT
//                    hands libmosquitto (the broker's host name checked and sent, not
//                    the address connected to), imported by MQTT only.
//   MQTT             The MQTT transport on gpioagg's own event loop: libmosquitto driven
//                    by the loop (no thread of its own), DNS off the loop, reconnects
//                    with jittered backoff, the status topic and its will, offline
//                    queues, the client id derived from the machine id. Re-exports
//                    MQTTCore.
//   MQTTEmbedded     The transport's twin: EmbeddedMQTTTransport, a broker in memory on
//                    the loop's virtual time, for the bridge's tests and gpioagg test.
//                    The daemon never imports it.
//   Simulation       Simulated chips made to fit a configuration (a board's, or a Pi 4
//                    header and the chips it declares), for --simulate and gpioagg test,
//                    and PWM controllers for gpioagg test; GPIOSimulated itself knows
//                    nothing of the config.
//   Bridge           The engine on MQTT, on any MQTTTransport: MQTTBridge (every node's
//                    value, command topics, Home Assistant's discovery) and the rules of
//                    remote inputs (RemoteInputs: trusted while their node is online,
//                    held through a loss, else their fallback). Not the daemon's
//                    lifecycle, never libmosquitto: the daemon hands it an MQTTClient,
//                    gpioagg test the twin. Depends on Config, Engine, HomeAssistant,
//                    Loop, MQTTCore and Values.
//   Service          The daemon as a library: Daemon keeps the lifecycle (its state
//                    machine, signals, start, reload, stop) and wires services that
//                    subscribe to the engine's changes or are handed what they need,
//                    never the daemon: the log, the kept values, MQTT, the control
//                    replies, line commands and keys, the watchdog; the backend factory
//                    the command line chooses; logging that never blocks, the systemd
//                    notifier. Not CommandParsing: the command line's options are its own.
//   Scenario         `gpioagg test`: test files (steps that move inputs, let virtual time
//                    pass and expect values, restart the daemon) read with Config's YAML
//                    front-end, run on LoopEmbedded's twin with the engine on simulated
//                    chips, what is kept held by Keeping in memory; with mqtt:, the
//                    bridge on MQTTEmbedded's broker, moved by remote: and broker:
//                    steps. Reaches neither Service nor MQTT.
//   Web              The web server (`web:`): SwiftNIO's HTTP/1.1, on an event-loop
//                    thread of its own, started only when the config has `web:`. A route
//                    table (the page at / with its style and script inline, served
//                    without the token; the JSON API; /metrics in Prometheus's text format), the
//                    bearer token compared in constant time, bounded connections, headers,
//                    bodies and idle time. Reaches the engine only through the closures
//                    the daemon hands it, which answer as the control socket does, and the
//                    feed the daemon hands each transaction's settled changes: the graph
//                    ranked from the node model, Server-Sent Events, bounded history
//                    rings per node and the log's last lines, for the page.
//                    Depends on Control, JSON, Locks, Values, SwiftNIO and
//                    swift-prometheus; Foundation never (Hummingbird would link it).
//   CommandParsing   The command-line parser: commands and groups, help pages, usage
//                    errors with suggestions, the one error form; the --simulate and
//                    --board options. No Foundation.
//   Detection        What gpioagg detect lists, as lines and JSON: the chips, the PWM
//                    controllers with their exported channels, the sensors with the
//                    config line that reads each. Depends on GPIO, JSON, PWM, Sensors.
//   gpioagg          The command line only: the commands, their options (--control and
//                    the requests it sends), simulated chips for info and detect on a
//                    PosixEventLoop of their own.
//   gpioagg-bench    Benchmarks; prints one JSON object per line.
//   gpioagg-kernel-check
//                    The real-kernel suite: runs inside a qemu guest against gpio-sim
//                    (scripts/kernel-test), and against pwm-sim for the PWM module.
import PackageDescription

let openCombine: [Target.Dependency] = [
    .product(name: "OpenCombine", package: "OpenCombine",
             condition: .when(platforms: [.linux, .android, .windows, .wasi])),
]

let package = Package(
    name: "gpioagg",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Reactive", targets: ["Reactive"]),
        .library(name: "ReactiveTesting", targets: ["ReactiveTesting"]),
        .executable(name: "gpioagg", targets: ["gpioagg"]),
        .executable(name: "gpioagg-bench", targets: ["gpioagg-bench"]),
        .executable(name: "gpioagg-kernel-check", targets: ["gpioagg-kernel-check"]),
    ],
    dependencies: [
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", exact: "0.14.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    ],
    targets: [
        .target(name: "SystemCore"),
        .target(name: "Locks"),
        .target(name: "Reactive", dependencies: ["Locks"] + openCombine),
        .target(name: "ReactiveTesting", dependencies: ["Reactive", "Locks"]),
        .target(name: "GPIO", dependencies: ["SystemCore"]),
        .target(
            name: "CGPIOD",
            linkerSettings: [.linkedLibrary("gpiod")]
        ),
        .target(name: "GPIOLibgpiod", dependencies: ["GPIO", "CGPIOD"]),
        .target(name: "GPIOSimulated", dependencies: ["GPIO", "Loop", "Locks", "SystemCore"]),
        .systemLibrary(name: "CYAML", path: "Sources/CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .target(name: "Values"),
        .target(name: "Numbers", dependencies: ["Values"]),
        .target(name: "Clock", dependencies: ["SystemCore"]),
        .target(name: "Covers", dependencies: ["Values"]),
        .target(name: "SensorsCore", dependencies: ["SystemCore", "Values"]),
        .target(name: "Sensors", dependencies: ["Locks", "SensorsCore", "SystemCore", "Values"]),
        .target(name: "PWMCore", dependencies: ["SystemCore"]),
        .target(name: "PWM", dependencies: ["GPIO", "Locks", "PWMCore", "SystemCore"]),
        // PWM's twin: controllers in memory that keep what was applied. For tests,
        // --simulate and gpioagg test.
        .target(name: "PWMSimulated", dependencies: ["PWMCore", "Locks"]),
        .target(name: "HomeAssistantClasses", dependencies: ["Values"]),
        .target(name: "MQTTCore"),
        .target(name: "Config", dependencies: ["Clock", "GPIO", "CYAML", "HomeAssistantClasses", "MQTTCore", "PWMCore", "SensorsCore", "SystemCore", "Values"]),
        .target(name: "CLoopLinux"),
        .target(name: "Loop", dependencies: ["Locks", "CLoopLinux", "SystemCore"]),
        .target(name: "LoopCombine", dependencies: ["Loop", "Locks", "Reactive"]),
        .target(name: "LoopEmbedded", dependencies: ["Locks", "Loop", "SystemCore"]),
        .target(name: "Engine", dependencies: [
            "Clock", "Config", "Covers", "GPIO", "Numbers", "PWMCore", "Reactive", "Loop", "Values", .product(name: "Logging", package: "swift-log"),
        ]),
        .target(name: "JSON"),
        .target(name: "Control", dependencies: ["JSON", "Loop", "SystemCore", "Values"]),
        .target(name: "HomeAssistant", dependencies: ["HomeAssistantClasses", "JSON", "MQTTCore", "Values"]),
        .target(name: "KeptState", dependencies: ["Locks", "SystemCore", "Values", .product(name: "Logging", package: "swift-log")]),
        .target(name: "Keeping", dependencies: ["Config", "Engine", "KeptState", "Loop", "Reactive", "Values"]),
        .target(name: "CSystemd"),
        // Neither links its library: libmosquitto and OpenSSL are loaded when MQTT is
        // first used (dlopen), so that a daemon without MQTT does not map them.
        .target(name: "CMosquitto"),
        .target(name: "CMosquittoTLS"),
        .target(name: "MQTT", dependencies: [
            "CMosquitto", "CMosquittoTLS", "MQTTCore", "Loop", "Locks", "SystemCore", .product(name: "Logging", package: "swift-log"),
        ]),
        // The transport's twin: a broker in memory, on the loop's virtual time. For tests;
        // production code never imports it.
        .target(name: "MQTTEmbedded", dependencies: ["MQTTCore", "Loop"]),
        // Simulated chips made to fit a configuration: for --simulate and gpioagg test alike.
        .target(name: "Simulation", dependencies: ["Config", "GPIO", "GPIOSimulated", "Loop", "PWMCore", "PWMSimulated"]),
        .target(name: "Bridge", dependencies: [
            "Config", "Engine", "HomeAssistant", "Loop", "MQTTCore", "Values", .product(name: "Logging", package: "swift-log"),
        ]),
        .target(
            name: "Service",
            dependencies: [
                "Bridge", "Config", "Control", "CSystemd", "Engine", "GPIO", "GPIOSimulated", "HomeAssistant", "Keeping", "KeptState", "Locks", "Loop", "MQTT",
                "MQTTCore", "PWM", "PWMSimulated", "Reactive", "Sensors", "Simulation", "SystemCore", "Values", .product(name: "Logging", package: "swift-log"),
                "Web",
            ]
        ),
        .target(
            name: "Scenario",
            dependencies: [
                "Bridge", "Clock", "Config", "Engine", "GPIO", "GPIOSimulated", "LoopEmbedded", "MQTTCore", "MQTTEmbedded", "PWMSimulated",
                "Reactive", "Simulation", "Values", "Keeping", "KeptState",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "Web",
            dependencies: [
                "Control", "JSON", "Locks", "Values",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "CommandParsing", dependencies: ["GPIO"]),
        .target(name: "Detection", dependencies: ["GPIO", "JSON", "PWM", "Sensors", "Values"]),
        .executableTarget(
            name: "gpioagg",
            dependencies: [
                "Clock",
                "CommandParsing",
                "Detection",
                "GPIO",
                "GPIOLibgpiod",
                "GPIOSimulated",
                "Config",
                "Engine",
                "Control",
                "Loop",
                "PWM",
                "Scenario",
                "Sensors",
                "Service",
                "Values",
            ]
        ),
        .executableTarget(name: "gpioagg-bench",
                          dependencies: ["Reactive", "ReactiveTesting", "Engine", "Config", "GPIO", "GPIOSimulated", "Loop",
                                         "LoopEmbedded", "Locks", "MQTT", "MosquittoTesting", "Service", "Simulation", "TestSupport",
                                         .product(name: "Logging", package: "swift-log")]),
        .executableTarget(name: "gpioagg-kernel-check", dependencies: ["GPIO", "GPIOLibgpiod", "PWM"]),
        .testTarget(name: "ReactiveTests", dependencies: ["Reactive", "ReactiveTesting"]),
        .testTarget(name: "ReactiveTestingTests", dependencies: ["Reactive", "ReactiveTesting"]),
        .testTarget(name: "GPIOTests",
                    dependencies: ["GPIO", "GPIOSimulated", "GPIOLibgpiod", "Reactive", "ReactiveTesting", "LoopEmbedded",
                                   "TestSupport"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "SystemCoreTests", dependencies: ["SystemCore", "Locks", "TestSupport"]),
        .testTarget(name: "ValuesTests", dependencies: ["Values"]),
        .testTarget(name: "NumbersTests", dependencies: ["Numbers", "Values"]),
        .testTarget(name: "ClockTests", dependencies: ["Clock", "SystemCore"]),
        .testTarget(name: "CoversTests", dependencies: ["Covers", "Values"]),
        .testTarget(name: "SensorsTests", dependencies: ["Sensors", "SensorsCore", "Locks", "SystemCore", "TestSupport", "Values"]),
        .testTarget(name: "PWMTests", dependencies: ["PWM", "PWMCore", "GPIO", "Locks", "SystemCore", "TestSupport"]),
        .testTarget(name: "ControlTests", dependencies: ["Control", "Loop", "TestSupport", "Values"]),
        .testTarget(name: "HomeAssistantTests", dependencies: ["HomeAssistant", "JSON", "TestSupport", "Values"],
                    exclude: ["Golden"]),
        .testTarget(name: "KeptStateTests",
                    dependencies: ["TestSupport", "KeptState", "Locks", "Values", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "ConfigTests", dependencies: ["Config", "GPIO", "MQTTCore", "SensorsCore", "TestSupport"]),
        .testTarget(name: "EngineTests",
                    dependencies: ["TestSupport", "Engine", "Config", "GPIO", "GPIOSimulated", "Reactive", "ReactiveTesting",
                                   "Locks", "Loop", "LoopEmbedded", "PWM", "PWMSimulated", "Simulation", "SystemCore",
                                   "Values", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "LoopTests", dependencies: ["Loop", "LoopCombine", "LoopEmbedded", "Locks", "Reactive", "SystemCore"]),
        .testTarget(name: "ServiceTests",
                    dependencies: ["TestSupport", "Bridge", "Service", "Clock", "Engine", "Config", "Control", "GPIO", "GPIOSimulated", "Loop",
                                   "LoopEmbedded", "KeptState", "MosquittoTesting", "MQTT", "MQTTCore", "MQTTEmbedded", "PWM",
                                   "PWMSimulated", "Reactive", "Scenario", "Sensors", "Simulation", "SystemCore", "Values",
                                   .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "ScenarioTests", dependencies: ["Scenario", "Config", "Engine"]),
        .testTarget(name: "CommandParsingTests", dependencies: ["CommandParsing"]),
        .testTarget(name: "WebTests", dependencies: ["Web", "Control", "JSON", "Locks", "SystemCore", "Values", "TestSupport",
                                                     .product(name: "Logging", package: "swift-log")]),
        // A mosquitto of a test's own, and the mosquitto clients: for the tests only.
        .target(name: "MosquittoTesting", dependencies: ["TestSupport"]),
        // Small pieces the tests share (a log handler that keeps what it is given, a
        // seeded random generator, a temporary directory, a sysfs tree laid out as the
        // kernel lays it out): for the tests only.
        .target(name: "TestSupport", dependencies: ["Clock", "Locks", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "MQTTTests",
                    dependencies: ["TestSupport", "MQTT", "Loop", "Locks", "MosquittoTesting",
                                   .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "gpioaggTests",
                    dependencies: ["gpioagg", "gpioagg-bench", "CommandParsing", "Config", "Control", "Engine", "Loop", "Service",
                                   "MosquittoTesting", "TestSupport", "Values"]),
    ]
)
