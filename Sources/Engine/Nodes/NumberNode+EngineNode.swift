import Config
import Values

extension NumberNode {
    /// Where a number node's values come from, which decides what a value from outside
    /// does to it.
    enum Origin {
        /// A numeric command input (`type: number`, `command: true`): takes a number
        /// within its `min:` and `max:`.
        case command(NumberCommandDeclaration)
        /// A remote input (`topic:`): its topic sets it.
        case remote
        /// A sensor input: its readings set it.
        case sensor(SensorInputDeclaration)
        /// A numeric signal: what it is made of.
        case signal
    }
}

extension NumberNode: EngineNode {
    func value(at now: UInt64) -> NodeValue { nodeValue }

    var recordedPrecision: Int? { precision == NodeValue.defaultPrecision ? nil : precision }

    func set(_ value: SetValue?, word: String, in engine: Engine) throws(SetRefusal) -> SetOutcome {
        switch origin {
        case .command(let command):
            guard let number = value?.number else {
                throw SetRefusal(.value, "'\(name)' is a number: write \(Engine.range(of: command))")
            }
            if let refusal = refusal(of: number, within: command) { throw SetRefusal(.value, refusal.description) }
            guard engine.event({ propose(number) }) != nil else { throw .notRunning }
            return .applied(nodeValue, precision: precision)
        case .remote:
            throw .notSettable("'\(name)' follows an MQTT topic")
        case .sensor(let sensor):
            if let sensorRoot = engine.sensorRoot {
                throw .notSettable("'\(name)' reads \(sensor.sensor) under \(sensorRoot)")
            }
            throw .notSettable("'\(name)' reads a sensor", hint: "under --simulate, set its reading with gpioagg sim set \(name) NUMBER")
        case .signal:
            throw Signal.notSettable(name)
        }
    }

    /// A reading, or unavailable: through its filters, whatever its `min:` and `max:`.
    func update(to value: NodeValue, in engine: Engine) -> NodeValue? {
        let reading: Double?
        switch value {
        case .number(let number, _): reading = number
        case .unavailable: reading = nil
        case .level, .cover: return nil
        }
        if let reading, !reading.isFinite { return nil }
        guard engine.event({ propose(reading) }) != nil else { return nil }
        return nodeValue
    }

    /// Why a numeric command input refuses `number`: not finite, or outside its `min:`
    /// and `max:`; nil when it takes it.
    func refusal(of number: Double, within command: NumberCommandDeclaration) -> Engine.NumberRefusal? {
        guard number.isFinite else { return .notFinite(name: name, value: number) }
        let below = command.minimum.map { number < $0 } ?? false
        let above = command.maximum.map { number > $0 } ?? false
        guard below || above else { return nil }
        return .outOfRange(name: name, value: number, minimum: command.minimum, maximum: command.maximum,
                           precision: precision)
    }
}
