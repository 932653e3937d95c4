import Bridge
import Config
import Control
import Engine
import GPIO
import Loop
import Values

/// The daemon's answers on the control socket: `status` from the engine's snapshot,
/// `why` from its explanation (a remote input's hold from the MQTT bridge, a sensor
/// input's failed read from its reader), `set` for
/// command inputs, `sim` for simulated inputs, answered once the change has settled
/// when the client waits for it (`InputSettling`).
///
/// ```swift
/// let replies = ControlReplies(running: running, loop: loop, settling: settling, mqtt: mqtt,
///                              keeper: keeper)
/// let server = try ControlServer(path: path, handler: replies)
/// ```
///
/// Loop thread only.
final class ControlReplies: ControlHandler {
    private let running: RunningEngine
    private let loop: any EventLoop
    private let settling: InputSettling
    private let mqtt: MQTTLifecycle
    private let keeper: ValueKeeper
    /// The sensor inputs read from the kernel, when there are any: what their last read
    /// failed of, for `why`.
    var sensors: SensorInputs?

    init(running: RunningEngine, loop: any EventLoop, settling: InputSettling, mqtt: MQTTLifecycle,
         keeper: ValueKeeper) {
        self.running = running
        self.loop = loop
        self.settling = settling
        self.mqtt = mqtt
        self.keeper = keeper
    }

    /// How long past an input's debounce period a `sim` request waits for the change.
    static let socketPatience = Duration.seconds(2)
    /// The longest a `sim` request waits: below the client's 5 s time-out.
    static let socketWaitLimit = Duration.seconds(4)

    /// Answers at once: `sim` requests without waiting.
    func handle(_ request: ControlRequest) -> ControlReply {
        let engine = running.engine
        let configuration = running.configuration
        switch request {
        case .status:
            return .status(engine.snapshot())
        case .set(let name, let value):
            return setNode(name, value)
        case .why(let name):
            let now = loop.now
            let remark = { [mqtt, sensors] (input: String) in
                mqtt.bridge?.explanation(ofRemoteInput: input, now: now) ?? sensors?.explanation(ofInput: input)
            }
            if var lines = engine.explain(name, remark: remark) {
                if let kept = keptTotalLine(of: name) { lines.insert(kept, at: min(1, lines.count)) }
                return .explanation(lines)
            }
            let known = configuration.inputNames + configuration.signals.map(\.name)
                + configuration.outputNames
            let close = NameSuggestions.didYouMean(NameSuggestions.closeNames(to: name, among: known))
            return .failure("no input, signal or output named '\(name)'" + (close.map { "; " + $0 } ?? ""))
        case .sim(let name, let action, _):
            do throws(SimulatedInputs.Refusal) {
                return reply(to: try running.simulate(name, action), of: name)
            } catch {
                return .failure(error.text)
            }
        }
    }

    /// A kept counter's line in `why`: what the state file holds, which a power cut now
    /// would leave, and when it was written: `  kept: 1234 L, written 400ms ago`.
    private func keptTotalLine(of name: String) -> String? {
        guard let (total, age) = keeper.keptTotal(of: name) else { return nil }
        let number = running.configuration.signals.first { $0.name == name }?.number
        let places = number?.precision ?? NodeValue.defaultPrecision
        let unit = number.map { $0.unit.isNone ? "" : " " + $0.unit.symbol } ?? ""
        let value = total.map { DecimalText.format($0, places: places) + unit } ?? "nothing"
        let when = age.map { "written " + ReadableDuration.format($0) + " ago" }
            ?? (total == nil ? "not written yet" : "as read at start, not written since")
        return "  kept: \(value), \(when) (a power cut now leaves this total)"
    }

    /// `.ok`, or a numeric input's new value with its precision.
    private func reply(to value: NodeValue?, of name: String) -> ControlReply {
        guard let value else { return .ok }
        return .value(value, precision: running.configuration.numberDeclaration(ofInput: name)?.precision
            ?? NodeValue.defaultPrecision)
    }

    /// Answers a `sim` request that waits once the engine has the change: for `set` and
    /// `toggle` the input's new value, for `pulse` its start (or, for a pulse shorter
    /// than the input's debounce, its end). A change that has not settled within
    /// `socketPatience` past the input's debounce period, or `socketWaitLimit` in all
    /// (clients give up after 5 s), is answered with a warning.
    func handle(_ request: ControlRequest, responder: ControlResponder) {
        guard case .sim(let name, let action, true) = request else { return responder.reply(handle(request)) }
        do throws(SimulatedInputs.Refusal) {
            // A number is set through the engine at once: nothing to wait for.
            if let value = try running.simulate(name, action) { return responder.reply(reply(to: value, of: name)) }
        } catch {
            return responder.reply(.failure(error.text))
        }
        let debounce = running.configuration.inputs.first { $0.name == name }?.debounce.period ?? .zero
        let patience = max(.zero, min(Self.socketPatience, Self.socketWaitLimit - debounce))
        _ = settling.wait(for: name, atLeast: min(debounce, Self.socketWaitLimit), patience: patience) { outcome in
            switch outcome {
            case .settled:
                responder.reply(.ok)
            case .timedOut:
                responder.reply(.warning(
                    "'\(name)' has not settled in \(ReadableDuration.format(debounce + patience)); 'gpioagg status' may not show the change yet"))
            case .stopped:
                responder.reply(.failure("gpioagg stopped before the change to '\(name)' settled"))
            }
        }
    }

    /// `gpioagg set NAME on|off|toggle|press|NUMBER|open|close|stop`: whatever the node
    /// is, at once, as the engine answers (`Engine.set`): a number's new value with its
    /// precision, `ok` for a level or a cover that acted, a warning saying why a cover
    /// had nothing to do, or the refusal with its suggestions.
    private func setNode(_ name: String, _ value: SetValue) -> ControlReply {
        Self.reply(to: running.engine.set(name, value), of: name)
    }

    /// The control protocol's form of a set's outcome.
    static func reply(to outcome: SetOutcome, of name: String) -> ControlReply {
        switch outcome {
        case .applied(let value, let precision):
            if case .number = value { return .value(value, precision: precision) }
            return .ok
        case .noted(_, _, let note):
            return .warning("\(name): \(note)")
        case .refused(let refusal):
            return .failure(refusal.text)
        }
    }
}
