import GPIO
import JSON
import PWM
import Values

/// The PWM section of `gpioagg detect`: each controller under the sysfs root (its
/// `pwmchipN`, device name and channel count, the header GPIOs a known board routes its
/// channels to) and each exported channel as it runs; under `--simulate`, the simulated
/// board's controllers from its profile, not read.
public struct PWMSection {
    public struct Controller {
        /// nil for a simulated board's controller, which has no number.
        public let controller: PWMController?
        public let deviceName: String
        public let channelCount: Int
        public let exported: [(channel: Int, state: Result<PWMState, PWMError>)]
    }

    public let controllers: [Controller]
    public let root: String
    public let simulatedBoard: BoardProfile?

    /// The controllers under `root`, each exported channel read.
    public static func read(root: String) -> PWMSection {
        let found = PWMControllers(root: root).all().map { controller in
            Controller(controller: controller, deviceName: controller.deviceName, channelCount: controller.channelCount,
                       exported: controller.exportedChannels.map { channel in
                           let folder = controller.channelFolder(channel)
                           return (channel, Result { () throws(PWMError) in try PWMChannel.readState(in: folder) })
                       })
        }
        return PWMSection(controllers: found, root: PWMControllers(root: root).root, simulatedBoard: nil)
    }

    /// A simulated board's controllers, as its profile knows them.
    public static func simulated(board: BoardProfile) -> PWMSection {
        PWMSection(controllers: board.pwmControllers.map {
            Controller(controller: nil, deviceName: $0.deviceName, channelCount: $0.channels.count, exported: [])
        }, root: "/sys", simulatedBoard: board)
    }

    /// ```
    /// PWM controllers under /sys:
    ///   pwmchip0 [fe20c000.pwm] (2 channels): 0 on GPIO12 (pin 32) or GPIO18 (pin 12), 1 on ...
    ///     pwm0  25000 Hz  40 %  inversed  enabled  (period 40000 ns, duty cycle 16000 ns)
    /// ```
    /// Nothing when there are none: most machines have no PWM controller.
    public var lines: [String] {
        guard !controllers.isEmpty else { return [] }
        var lines = [simulatedBoard.map { "PWM controllers of the simulated \($0.model) (as gpioagg run --simulate simulates them):" }
            ?? "PWM controllers under \(root):"]
        for found in controllers {
            let name = found.controller.map { "\($0.name) [\(found.deviceName)]" } ?? found.deviceName
            let plural = found.channelCount == 1 ? "" : "s"
            let routes = Self.routes(of: found.deviceName).map { ": " + $0 } ?? ""
            lines.append("  \(name) (\(found.channelCount) channel\(plural))\(routes)")
            if let simulatedBoard, let profile = simulatedBoard.pwmControllers.first(where: { $0.deviceName == found.deviceName }) {
                lines.append("    appears with \(profile.enabling)")
            }
            for (channel, state) in found.exported {
                switch state {
                case .success(let state): lines.append("    pwm\(channel)  \(Self.text(state))")
                case .failure(let error): lines.append("    pwm\(channel)  unreadable: \(error)")
                }
            }
        }
        return lines
    }

    /// `{"name": "pwmchip0", "device": "fe20c000.pwm", "channels": 2, "exported": [{"channel": 0,
    /// "period": 40000, "duty_cycle": 16000, "polarity": "inversed", "enabled": true, "failure": null}],
    /// "simulated": false}` for each controller; `name` is null for a simulated board's.
    public var json: JSONValue {
        let simulated = simulatedBoard != nil
        return .array(controllers.map { Self.json(of: $0, simulated: simulated) })
    }

    // One literal per object: the whole nest in one expression is more than Swift 6.2's
    // type checker solves in reasonable time.
    private static func json(of found: Controller, simulated: Bool) -> JSONValue {
        let exported: [JSONValue] = found.exported.map { json(ofChannel: $0.channel, state: $0.state) }
        let name: JSONValue = found.controller.map { .string($0.name) } ?? .null
        return .object(JSONObject([
            "name": name,
            "device": .string(found.deviceName),
            "channels": .number(Double(found.channelCount)),
            "exported": .array(exported),
            "simulated": .bool(simulated),
        ]))
    }

    private static func json(ofChannel channel: Int, state: Result<PWMState, PWMError>) -> JSONValue {
        let value = try? state.get()
        let period: JSONValue = value.map { .number(Double($0.period)) } ?? .null
        let dutyCycle: JSONValue = value.map { .number(Double($0.dutyCycle)) } ?? .null
        let polarity: JSONValue = value.map { .string($0.polarity.rawValue) } ?? .null
        let enabled: JSONValue = value.map { .bool($0.enabled) } ?? .null
        let failure: JSONValue = state.failureText.map { .string($0) } ?? .null
        return .object(JSONObject([
            "channel": .number(Double(channel)),
            "period": period,
            "duty_cycle": dutyCycle,
            "polarity": polarity,
            "enabled": enabled,
            "failure": failure,
        ]))
    }

    /// `25000 Hz  40 %  inversed  enabled  (period 40000 ns, duty cycle 16000 ns)`.
    static func text(_ state: PWMState) -> String {
        guard state.period > 0, let percent = state.percent else { return "never set (period 0)" }
        let hertz = 1_000_000_000 / Double(state.period)
        let frequency = DecimalText.format(hertz, places: hertz.rounded() == hertz ? 0 : 2)
        return "\(frequency) Hz  \(DecimalText.format(percent, places: percent.rounded() == percent ? 0 : 2)) %  "
            + "\(state.polarity.rawValue)  \(state.enabled ? "enabled" : "disabled")  "
            + "(period \(state.period) ns, duty cycle \(state.dutyCycle) ns)"
    }

    /// Where a known board routes the controller's channels:
    /// `0 on GPIO12 (pin 32) or GPIO18 (pin 12), 1 on GPIO13 (pin 33) or GPIO19 (pin 35)`.
    static func routes(of deviceName: String) -> String? {
        for board in BoardProfile.all {
            guard let profile = board.pwmControllers.first(where: { $0.deviceName == deviceName }) else { continue }
            return profile.channels.map { channel in
                "\(channel.number) on " + channel.gpios.map { gpio in
                    board.header.pin(ofGPIO: gpio).map { "GPIO\(gpio) (pin \($0))" } ?? "GPIO\(gpio)"
                }.joined(separator: " or ")
            }.joined(separator: ", ")
        }
        return nil
    }
}

extension Result where Failure == PWMError {
    var failureText: String? {
        if case .failure(let error) = self { return error.description }
        return nil
    }
}
