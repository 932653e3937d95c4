import Covers
import Values

/// A cover takes open, close, stop, or a position from 0 to 100. Its value is its state
/// and position (reckoned at the time asked, while it moves).
extension CoverNode: EngineNode {
    var recordedPrecision: Int? { 0 }

    func set(_ value: SetValue?, word: String, in engine: Engine) throws(SetRefusal) -> SetOutcome {
        guard let command = value?.coverCommand else {
            throw SetRefusal(.value, "'\(name)' is a cover: write \(CoverCommand.words)")
        }
        let note: String?
        do throws(CoverRefusal) {
            note = try engine.setCover(name, command)
        } catch {
            throw SetRefusal(engine.isRunning ? .value : .notRunning, error.message)
        }
        let now = self.value(at: engine.loop.now)
        guard let note else { return .applied(now, precision: 0) }
        return .noted(now, precision: 0, note: note)
    }
}
