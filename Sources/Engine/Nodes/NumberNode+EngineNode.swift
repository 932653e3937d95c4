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
            return try engine.applied(engine.setNumber(name, to: number, limits: true), precision: precision)
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
        guard case .success(let after)? = engine.setNumber(name, to: reading, limits: false) else { return nil }
        return after
    }
}
