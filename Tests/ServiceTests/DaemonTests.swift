#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
import Control
import Engine
import Foundation
import GPIO
import GPIOSimulated
import KeptState
import Locks
import TestSupport
import Logging
import LoopEmbedded
import Service
import Simulation
import Testing

/// The whole daemon on the loop's virtual-time twin: no process, no real time.
@Suite("The daemon in virtual time")
struct DaemonTests {
    final class Notifications: ServiceNotifier, @unchecked Sendable {
        let sent = LockedValueBox<[[String]]>([])
        let watchdogPeriod: Duration?
        init(watchdog: Duration? = nil) { watchdogPeriod = watchdog }
        func notify(_ assignments: [String]) { sent.withLockedValue { $0.append(assignments) } }
        var all: [[String]] { sent.withLockedValue { $0 } }
    }

    final class Rig {
        let loop = EmbeddedEventLoop()
        let entries = LockedValueBox<[LogEntry]>([])
        let notifications: Notifications
        let daemon: Daemon
        let chips: SimulatedBackend
        let path: String
        /// The state directory of a rig given none: its own, so that a config that keeps
        /// something (a cover's position) never writes the daemon's default,
        /// `/var/lib/gpioagg`.
        let keptDirectory: TemporaryDirectory?

        init(_ text: String, watchdog: Duration? = nil, interaction: Daemon.Interaction = .none,
             commands: Int32 = FileHandle.nullDevice.fileDescriptor, stateDirectory: String? = nil,
             bootClock: BootClock = .system, mqttTransport: MQTTTransportMaker? = nil, kernel: Bool = false,
             sysfsRoot: String? = nil) throws {
            path = NSTemporaryDirectory() + "gpioagg-daemon-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).yaml"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let configuration = try ConfigLoader.load(path: path)
            chips = SimulatedBackend.simulating(configuration, clock: loop)
            keptDirectory = stateDirectory == nil ? try TemporaryDirectory(prefix: "gpioagg-rig-state") : nil
            notifications = Notifications(watchdog: watchdog)
            let entries = self.entries
            let logger = Logger(label: "test") { _ in RecordingLogHandler(entries: entries) }
            let options = Daemon.Options(configuration: configuration, configPath: path,
                                         backend: kernel ? .kernel(chips, summary: "the kernel's") : .simulated(first: chips),
                                         controlPath: nil, interaction: interaction,
                                         commandDescriptor: commands, version: "test",
                                         stateDirectory: stateDirectory ?? keptDirectory?.path, bootClock: bootClock,
                                         mqttTransport: mqttTransport, sysfsRoot: sysfsRoot)
            daemon = Daemon(options, loop: loop, notifier: notifications,
                            logging: DaemonLogging(logger: logger, outputs: .init(standard: LogOutput(descriptor: 1),
                                                                                  error: LogOutput(descriptor: 2))))
        }

        deinit { unlink(path) }

        func rewrite(_ text: String) throws { try text.write(toFile: path, atomically: true, encoding: .utf8) }

        var chip: SimulatedChip { chips.simulatedChips[0] }

        var messages: [String] { entries.withLockedValue { $0.map(\.message) } }

        /// Closes the three switches of the demo and lets debounce pass.
        func closeSwitches() {
            for line in ["GPIO17", "GPIO27", "GPIO22"] { chip.setActive(.name(line), true) }
            loop.advance(by: .milliseconds(20))
        }

        func changes(_ name: String) -> [LogEntry] {
            entries.withLockedValue { $0.filter { $0.metadata["gpio_name"] == .string(name) } }
        }
    }

    @Test("a reload that moves an output logs its writes with the new line")
    func reloadLogsTheNewLine() throws {
        let rig = try Rig(Configuration.embeddedDemoText)
        try rig.daemon.start()
        for line in ["GPIO17", "GPIO27", "GPIO22"] { rig.chips.simulatedChips[0].setActive(.name(line), true) }
        rig.loop.advance(by: .milliseconds(20))
        #expect(rig.daemon.engine.snapshot().outputs["ready_led"] == true)
        try rig.rewrite(Configuration.embeddedDemoText.replacingOccurrences(of: "line: GPIO5", with: "line: GPIO6"))
        rig.daemon.handle(signal: SIGHUP)
        rig.loop.advance(by: .milliseconds(20))
        #expect(rig.chips.simulatedChips[0].level(of: .name("GPIO6")) == true)
        let reloaded = try #require(rig.changes("ready_led").last)
        #expect(reloaded.message.hasPrefix("output ready_led on"))
        #expect(reloaded.metadata["gpio_line"]?.description == "GPIO6")
        #expect(reloaded.metadata["gpio_chip"]?.description == "main")
        #expect(rig.notifications.all.last?.first == "READY=1")
        rig.daemon.handle(signal: SIGTERM)
        #expect(rig.daemon.exitStatus == 0)
        #expect(rig.chips.simulatedChips[0].level(of: .name("GPIO6")) == false, "safe value")
    }

    @Test("a running daemon let go of without a stop still drives its outputs safe, and tells no one")
    func releasedWhileRunning() throws {
        var chips: SimulatedBackend?
        do {
            let rig = try Rig(Configuration.embeddedDemoText)
            try rig.daemon.start()
            rig.closeSwitches()
            try #require(rig.chip.level(of: .name("GPIO5")) == true)
            chips = rig.chips
        }
        // The engine outlived the daemon that observed it: its safe writes reach the
        // line, and no observer is called back into a daemon that is gone.
        #expect(chips?.simulatedChips[0].level(of: .name("GPIO5")) == false, "safe value")
    }

    @Test("the start log counts and shows command inputs beside the line inputs")
    func startLogShowsCommandInputs() throws {
        let text = Configuration.embeddedDemoText.replacingOccurrences(
            of: "inputs:\n", with: "inputs:\n  override: { command: true, initial: on }\n")
        #expect(text != Configuration.embeddedDemoText)
        let rig = try Rig(text)
        try rig.daemon.start()
        #expect(rig.messages.first?.contains(": 4 inputs (1 command), 1 signal, 1 output;") == true,
                "\(rig.messages.first ?? "")")
        #expect(rig.messages.contains("input override on (initial)"), "\(rig.messages)")
        rig.daemon.handle(signal: SIGTERM)
    }

    @Test("a config path that is a FIFO is refused on reload, and the daemon goes on")
    func fifoReloadIsRefused() throws {
        let rig = try Rig(Configuration.embeddedDemoText)
        try rig.daemon.start()
        unlink(rig.path)
        try #require(mkfifo(rig.path, 0o600) == 0)
        rig.daemon.handle(signal: SIGHUP)
        #expect(rig.daemon.state == .running)
        let last = try #require(rig.notifications.all.last)
        #expect(last.first == "READY=1")
        #expect(last.last == "STATUS=reload refused: 1 error in the config file; first: \(rig.path): "
            + "cannot read the config file: it is a FIFO, not a regular file; running the previous configuration")
        rig.daemon.handle(signal: SIGTERM)
        #expect(rig.daemon.exitStatus == 0)
    }

    @Test("the watchdog pings from the loop's timer, at half the period")
    func watchdog() throws {
        let rig = try Rig(Configuration.embeddedDemoText, watchdog: .milliseconds(200))
        try rig.daemon.start()
        rig.loop.advance(by: .milliseconds(450))
        #expect(rig.notifications.all.filter { $0 == ["WATCHDOG=1"] }.count == 4)
        rig.daemon.handle(signal: SIGTERM)
        rig.loop.advance(by: .seconds(1))
        #expect(rig.notifications.all.filter { $0 == ["WATCHDOG=1"] }.count == 4, "no ping after stop")
    }

    @Test("an invalid file on reload is refused at its line; the running graph and its outputs stay")
    func invalidReloadIsRefused() throws {
        let rig = try Rig(Configuration.embeddedDemoText)
        try rig.daemon.start()
        rig.closeSwitches()
        try rig.rewrite(Configuration.embeddedDemoText.replacingOccurrences(of: "debounce: 10ms }", with: "debounce: soon }"))
        rig.daemon.handle(signal: SIGHUP)
        #expect(rig.daemon.state == .running)
        let last = try #require(rig.notifications.all.last)
        #expect(last.first == "READY=1")
        let status = try #require(last.last)
        #expect(status.hasPrefix("STATUS=reload refused: 3 errors in the config file; first: \(rig.path):10:78: 'soon' is not a duration"))
        #expect(rig.daemon.engine.snapshot().outputs["ready_led"] == true)
        #expect(rig.chip.level(of: .name("GPIO5")) == true, "the LED stays lit")
        rig.daemon.handle(signal: SIGTERM)
        #expect(rig.daemon.exitStatus == 0)
    }

    @Test("a reload naming a line another program holds is refused before anything is released")
    func busyLineReloadIsRefused() throws {
        let rig = try Rig(Configuration.embeddedDemoText)
        try rig.daemon.start()
        rig.closeSwitches()
        let other = try rig.chips.openChip(.label("pinctrl-bcm2711"))
        let held = try other.requestOutputs([OutputLineConfig(offset: 6, initial: false)], consumer: "other")
        defer { held.release() }
        let writesBefore = rig.chip.writes.count
        try rig.rewrite(Configuration.embeddedDemoText.replacingOccurrences(of: "line: GPIO5", with: "line: GPIO6"))
        rig.daemon.handle(signal: SIGHUP)
        #expect(rig.daemon.state == .running)
        #expect(rig.notifications.all.last?.last?.contains("is busy") == true)
        #expect(rig.chip.writes.count == writesBefore, "nothing was written")
        #expect(rig.chip.level(of: .name("GPIO5")) == true)
        rig.daemon.handle(signal: SIGTERM)
    }

    @Test("a failed write stops the daemon with status 1, outputs safe")
    func lineFailureStops() throws {
        var finished: Int32?
        let rig = try Rig(Configuration.embeddedDemoText)
        rig.daemon.onFinish = { finished = $0 }
        try rig.daemon.start()
        rig.chip.failNextWrite(.system("GPIO_V2_LINE_SET_VALUES_IOCTL", errno: EIO, detail: "Input/output error"))
        rig.closeSwitches()
        #expect(finished == 1)
        #expect(rig.daemon.exitStatus == 1)
        #expect(rig.chip.level(of: .name("GPIO5")) == false, "safe")
        #expect(rig.notifications.all.contains(["STOPPING=1"]))
        #expect(rig.messages.last?.hasPrefix("stopped (failure: output 'ready_led'") == true)
    }

    @Test("line commands from a pipe run in order, each once the change before it settled; end of input stops")
    func commandInput() throws {
        var ends: [Int32] = [0, 0]
        try #require(closeOnExecPipe(&ends))
        defer { close(ends[0]) }
        let rig = try Rig(Configuration.embeddedDemoText, interaction: .commands, commands: ends[0])
        try rig.daemon.start()
        let script = "on switch1\non switch2\npulse switch3 30ms\ntoggle 3\nstatus\n"
        _ = script.withCString { write(ends[1], $0, strlen($0)) }
        close(ends[1])
        rig.loop.advance(by: .seconds(1))
        #expect(rig.daemon.exitStatus == 0)
        #expect(rig.messages.contains("stopped (end of input)"))
        let led = rig.changes("ready_led").map(\.message)
        // Lit for the pulse (its 30 ms), off again, then lit by the toggle.
        #expect(led == ["output ready_led off (initial)", "output ready_led on", "output ready_led off",
                        "output ready_led on", "output ready_led off (safe state)"])
        #expect(rig.messages.contains { $0.hasPrefix("INPUTS") && $0.contains("switch3    on") })
    }

    @Test("an unknown input over the socket is answered with the nearest names, or the list")
    func unknownInputSuggestions() throws {
        let rig = try Rig(Configuration.embeddedDemoText)
        try rig.daemon.start()
        #expect(rig.daemon.handle(.sim(name: "swtich2", action: .toggle))
            == .failure("no input named 'swtich2'; did you mean 'switch2'? (inputs: switch1, switch2, switch3)"))
        #expect(rig.daemon.handle(.sim(name: "doorbell", action: .toggle))
            == .failure("no input named 'doorbell'; inputs: switch1, switch2, switch3"))
        rig.daemon.handle(signal: SIGTERM)
    }

    @Test("a sim request for a command input says how to set it, instead of that there is no such input")
    func simOnCommandInput() throws {
        let rig = try Rig(CommandInputTests.withCommandInput)
        try rig.daemon.start()
        #expect(rig.daemon.handle(.sim(name: "door_button", action: .toggle)) == .failure(
            "'door_button' is a command input, not a simulated line; set it with gpioagg set door_button on, off or toggle"))
        rig.daemon.handle(signal: SIGTERM)
    }

    @Test("pulses past the queue's bound are refused with a reason, and a set clears the queue")
    func pulseQueueBound() throws {
        let rig = try Rig(Configuration.embeddedDemoText)
        try rig.daemon.start()
        for _ in 0...SimulatedChip.maximumQueuedPulses {
            #expect(rig.daemon.handle(.sim(name: "switch1", action: .pulse(.milliseconds(10)))) == .ok)
        }
        #expect(rig.daemon.handle(.sim(name: "switch1", action: .pulse(.milliseconds(10)))) == .failure(
            "input 'switch1' already has 64 pulses waiting; wait for them to end, or set the input to cancel them"))
        #expect(rig.daemon.handle(.sim(name: "switch1", action: .set(false))) == .ok)
        #expect(rig.daemon.handle(.sim(name: "switch1", action: .pulse(.milliseconds(10)))) == .ok)
        rig.daemon.handle(signal: SIGTERM)
    }

    /// Sends `request` as the control socket would, collecting the reply when it comes.
    final class Reply {
        var value: ControlReply?
        init(_ request: ControlRequest, to daemon: Daemon) {
            daemon.handle(request, responder: ControlResponder { [unowned self] in value = $0 })
        }
    }

    @Test("a sim request that waits is answered once the engine has the change, after the input's debounce")
    func simWaitsForTheEngine() throws {
        let rig = try Rig(Configuration.embeddedDemoText)  // switches: debounce 10ms
        try rig.daemon.start()
        let set = Reply(.sim(name: "switch1", action: .set(true)), to: rig.daemon)
        #expect(set.value == nil)
        rig.loop.advance(by: .milliseconds(5))
        #expect(set.value == nil && rig.daemon.engine.value(of: .input("switch1")) == .level(false))
        rig.loop.advance(by: .milliseconds(10))
        #expect(set.value == .ok)
        #expect(rig.daemon.engine.value(of: .input("switch1")) == .level(true))

        // Without waiting: answered at once, the engine not there yet.
        let quick = Reply(.sim(name: "switch2", action: .toggle, wait: false), to: rig.daemon)
        #expect(quick.value == .ok && rig.daemon.engine.value(of: .input("switch2")) == .level(false))
        rig.loop.advance(by: .milliseconds(20))

        // A pulse: answered once the engine has seen it start, while it lasts.
        let pulse = Reply(.sim(name: "switch3", action: .pulse(.milliseconds(500))), to: rig.daemon)
        rig.loop.advance(by: .milliseconds(15))
        #expect(pulse.value == .ok)
        #expect(rig.daemon.engine.value(of: .input("switch3")) == .level(true))
        // A pulse shorter than the debounce never reaches the engine: answered once it is over.
        rig.loop.advance(by: .seconds(1))
        let short = Reply(.sim(name: "switch3", action: .pulse(.milliseconds(3))), to: rig.daemon)
        rig.loop.advance(by: .milliseconds(20))
        #expect(short.value == .ok && rig.daemon.engine.value(of: .input("switch3")) == .level(false))

        // A refusal is answered at once.
        #expect(Reply(.sim(name: "switch9", action: .toggle), to: rig.daemon).value
            == .failure("no input named 'switch9'; did you mean 'switch1', 'switch2' or 'switch3'? (inputs: switch1, switch2, switch3)"))
        rig.daemon.handle(signal: SIGTERM)
    }

    @Test("a change that cannot settle within the wait limit is answered with a warning, within the client's time-out")
    func simWaitGivesUp() throws {
        let rig = try Rig(Configuration.embeddedDemoText.replacingOccurrences(of: "debounce: 10ms", with: "debounce: 6s"))
        try rig.daemon.start()
        let set = Reply(.sim(name: "switch1", action: .set(true)), to: rig.daemon)
        rig.loop.advance(by: .milliseconds(3_990))
        #expect(set.value == nil)
        rig.loop.advance(by: .milliseconds(20))
        #expect(set.value == .warning("'switch1' has not settled in 6s; 'gpioagg status' may not show the change yet"))
        rig.daemon.handle(signal: SIGTERM)
    }

    @Test("a stop ends the waits with a reply that says so")
    func stopEndsWaits() throws {
        let rig = try Rig(Configuration.embeddedDemoText)
        try rig.daemon.start()
        let set = Reply(.sim(name: "switch1", action: .set(true)), to: rig.daemon)
        rig.daemon.handle(signal: SIGTERM)
        #expect(set.value == .failure("gpioagg stopped before the change to 'switch1' settled"))
    }

    @Test("a reload keeps a persisted toggle's value, and the value is on disk once the daemon stops")
    func reloadKeepsPersistedValues() throws {
        let state = NSTemporaryDirectory() + "gpioagg-kept-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let text = """
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              button: { chip: main, line: GPIO17 }
            signals:
              light: { toggle: button, persist: true }
            outputs:
              lamp: { chip: main, line: GPIO5, follows: light, initial: restore }
            """
        let rig = try Rig(text, stateDirectory: state)
        try rig.daemon.start()
        rig.chip.setActive(.name("GPIO17"), true)
        rig.loop.run()
        #expect(rig.daemon.engine.snapshot().signals["light"] == true)
        try rig.rewrite(text + "\n")
        rig.daemon.handle(signal: SIGHUP)
        rig.loop.run()
        #expect(rig.messages.contains { $0.hasPrefix("reloaded ") })
        #expect(rig.daemon.engine.snapshot().signals["light"] == true)
        #expect(rig.daemon.engine.snapshot().outputs["lamp"] == true)
        rig.daemon.handle(signal: SIGTERM)
        let file = try String(contentsOfFile: state + "/kept-state", encoding: .utf8)
        #expect(file.contains("signal light on\n") && file.contains("output lamp on\n"), "\(file)")
    }
}
