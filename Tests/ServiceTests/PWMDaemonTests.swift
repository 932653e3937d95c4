import Config
import Foundation
import Locks
import Logging
import LoopEmbedded
import PWM
import PWMSimulated
import Service
import TestSupport
import Testing

/// The daemon with PWM outputs: the backend it hands the engine, and what its start says.
@Suite("The daemon's PWM outputs")
struct PWMDaemonTests {
    @Test("under --simulate: the start line counts and lists the PWM outputs and the controllers; STATUS= their duty cycles")
    func startLine() throws {
        let loop = EmbeddedEventLoop()
        let entries = LockedValueBox<[LogEntry]>([])
        let logger = Logger(label: "test") { _ in RecordingLogHandler(entries: entries) }
        var configuration = try PWMConfigurations.make(chips: [("pwm", .device("fe20c000.pwm"))],
                                                       outputs: [PWMConfigurations.output("fan", channel: 0),
                                                                 PWMConfigurations.output("strip", channel: 1)])
        configuration.pwmOutputs[1].period = 1_000_000
        let options = Daemon.Options(configuration: configuration, configPath: nil,
                                     backend: .simulated(board: .pi4), controlPath: nil, version: "test",
                                     stateDirectory: try TemporaryDirectory(prefix: "gpioagg-pwm-state").path)
        let notifications = DaemonTests.Notifications()
        let daemon = Daemon(options, loop: loop, notifier: notifications,
                            logging: DaemonLogging(logger: logger, outputs: .init(standard: LogOutput(descriptor: 1),
                                                                                  error: LogOutput(descriptor: 2))))
        try daemon.start()
        defer { daemon.stop(reason: "test") }
        let messages = entries.withLockedValue { $0.map(\.message) }
        let expected: String = "gpioagg test: fan.yaml: 1 input (1 command), 0 signals, 2 outputs (2 PWM); "
            + "simulated Raspberry Pi 4 Model B (pi4); chips: none (no line is used); "
            + "PWM: fan on fe20c000.pwm channel 0 (25 kHz), strip on fe20c000.pwm channel 1 (1 kHz); "
            + "simulated fe20c000.pwm (pwmchip0, 2 channels)"
        #expect(messages.first == expected, "\(messages)")
        #expect(notifications.all.first == ["READY=1", "STATUS=simulating; 1 input (1 command), 0 signals, "
            + "2 outputs (2 PWM); on: fan 100.0 %, strip 100.0 %"], "\(notifications.all)")
    }

    @Test("a channel running already: the start logs the duty cycle it was taken over at, and initial only for a value written")
    func takenOverAtStart() throws {
        let loop = EmbeddedEventLoop()
        let entries = LockedValueBox<[LogEntry]>([])
        let logger = Logger(label: "test") { _ in RecordingLogHandler(entries: entries) }
        let configuration = try PWMConfigurations.make(chips: [("pwm", .device("fe20c000.pwm"))],
                                                       outputs: [PWMConfigurations.output("fan", channel: 0),
                                                                 PWMConfigurations.output("strip", channel: 1)])
        // Channel 0 runs 40 % of 40 µs, as a run that ended without its safe values leaves it.
        let running = PWMState(period: 40_000, dutyCycle: 16_000, enabled: true)
        let pwm = SimulatedPWMBackend.simulating(configuration, board: .pi4)
        pwm.leaveExported("fe20c000.pwm", channel: 0, running: running)
        let options = Daemon.Options(configuration: configuration, configPath: nil,
                                     backend: .simulated(board: .pi4, firstPWM: pwm), controlPath: nil,
                                     version: "test",
                                     stateDirectory: try TemporaryDirectory(prefix: "gpioagg-pwm-state").path)
        let daemon = Daemon(options, loop: loop, notifier: DaemonTests.Notifications(),
                            logging: DaemonLogging(logger: logger, outputs: .init(standard: LogOutput(descriptor: 1),
                                                                                  error: LogOutput(descriptor: 2))))
        try daemon.start()
        defer { daemon.stop(reason: "test") }
        let outputs = entries.withLockedValue { $0.map(\.message) }.filter {
            $0.hasPrefix("output fan ") || $0.hasPrefix("output strip ")
        }
        #expect(outputs == ["output fan 40.0 % (taken over as it ran)", "output strip 100.0 % (initial)",
                            "output fan 100.0 %"], "\(outputs)")
        let fan = pwm.history(of: "fe20c000.pwm", channel: 0)
        #expect(fan.first == running && fan.dropFirst().map(\.dutyCycle) == [40_000],
                "taken over at 40 %, then initial 100 % written once: \(fan)")
        #expect(pwm.history(of: "fe20c000.pwm", channel: 1).map(\.dutyCycle) == [40_000], "strip: initial written")
    }
}
