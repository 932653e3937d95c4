import Control
import Locks
import Values
import Web

/// A board in memory behind the web server, answering as the control socket answers:
/// `status` with its values, `why` with a line for a known node and the control
/// socket's refusal for an unknown one, `set` on its command input `override` (a level)
/// and `setpoint` (a number), refusing anything else.
final class BoardBackend: Sendable {
    let values = LockedValueBox<[NodeID: NodeValue]>([
        NodeID(.input, "switch1"): .level(true),
        NodeID(.input, "override"): .level(false),
        NodeID(.input, "setpoint"): .number(21.5, MeasurementUnit("°C")),
        NodeID(.input, "probe"): .unavailable,
        NodeID(.signal, "all_on"): .level(false),
        NodeID(.output, "ready_led"): .level(false),
    ])
    let requests = LockedValueBox<[ControlRequest]>([])

    var backend: WebBackend {
        WebBackend(answer: { [self] request in answer(request) },
                   counters: { [MetricCounter(name: "gpioagg_reloads_total", help: "Reloads applied", value: 2)] })
    }

    func answer(_ request: ControlRequest) -> ControlReply {
        requests.withLockedValue { $0.append(request) }
        let values = values.withLockedValue { $0 }
        switch request {
        case .status:
            return .status(EngineSnapshot(values: values))
        case .why(let name):
            guard let (id, value) = values.first(where: { $0.key.name == name }) else {
                return .failure("no input, signal or output named '\(name)'")
            }
            return .explanation(["\(id.kind.rawValue) \(name) = \(value.text(precision: 1))"])
        case .set("override", .command(let command)):
            let on: Bool
            switch command {
            case .on: on = true
            case .off: on = false
            case .toggle: on = values[NodeID(.input, "override")] != .level(true)
            default: return .failure("override takes on, off or toggle")
            }
            self.values.withLockedValue { $0[NodeID(.input, "override")] = .level(on) }
            return .ok
        case .set("setpoint", .number(let number)):
            let value = NodeValue.number(number, MeasurementUnit("°C"))
            self.values.withLockedValue { $0[NodeID(.input, "setpoint")] = value }
            return .value(value, precision: 1)
        case .set(let name, _):
            return .failure("'\(name)' is not a command input; command inputs: override, setpoint")
        case .sim:
            return .failure("not simulated")
        }
    }
}
