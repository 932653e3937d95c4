import Control
import Foundation
import Values

/// A stand-in for the engine: answers `status` with a fixed snapshot, records every
/// request, and fails `sim` for names it does not know.
final class RecordingHandler: ControlHandler, @unchecked Sendable {
    let snapshot: EngineSnapshot
    private let lock = NSLock()
    private var recorded: [ControlRequest] = []

    init(snapshot: EngineSnapshot = RecordingHandler.demo) {
        self.snapshot = snapshot
    }

    static let demo = EngineSnapshot(
        inputs: ["switch1": true, "switch2": false, "switch3": true],
        signals: ["all_on": false],
        outputs: ["ready_led": false])

    var requests: [ControlRequest] {
        lock.withLock { recorded }
    }

    func handle(_ request: ControlRequest) -> ControlReply {
        lock.withLock { recorded.append(request) }
        switch request {
        case .set(let name, _):
            return .failure("no command input named '\(name)'")
        case .why(let name):
            return .explanation(["\(name) on: recorded"])
        case .status:
            return .status(snapshot)
        case .sim(let name, _, _) where snapshot.inputs[name] != nil:
            return .ok
        case .sim(let name, _, _):
            return .failure("no input named '\(name)'")
        }
    }
}
