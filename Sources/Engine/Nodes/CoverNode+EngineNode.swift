import Covers
import Values

/// A cover takes open, close, stop, or a position from 0 to 100 (`gpioagg set garage_door
/// open`, a test file's `set:`, Home Assistant's `OPEN`, `CLOSE`, `STOP` and positions).
/// Its value is its state and position, reckoned at the time asked while it moves: the
/// position 0 closed to 100 open, in whole percent, for a cover on two motors; none for
/// a door on one relay. An `EngineChange` announces it each time its state or reported
/// position changes: when a move starts, stops, or reaches an end.
///
/// A command it takes but has nothing to do for (the door is open already; a pulse
/// would close a door asked to open) is applied with a note saying why nothing was sent.
extension CoverNode: EngineNode {
    var recordedPrecision: Int? { 0 }

    func set(_ value: SetValue?, word: String, in engine: Engine) throws(SetRefusal) -> SetOutcome {
        guard let command = value?.coverCommand else {
            throw SetRefusal(.value, "'\(name)' is a cover: write \(CoverCommand.words)")
        }
        guard let action = engine.event({ self.command(command) }) else { throw .notRunning }
        if let refusal = action.refusal { throw SetRefusal(.value, "cover '\(name)': \(refusal)") }
        let now = self.value(at: engine.loop.now)
        guard let note = action.note else { return .applied(now, precision: 0) }
        return .noted(now, precision: 0, note: note)
    }
}
