import Config

extension Engine {
    /// Numeric inputs and signals are read and checked by Config, but not run: refused at
    /// start, before any line is touched, naming the first such declaration.
    func refuseNumbers() throws(EngineError) {
        if let input = configuration.commandInputs.first(where: { $0.number != nil }) {
            throw Self.numberNotRun("input '\(input.name)'", at: input.location)
        }
        if let input = configuration.remoteInputs.first(where: { $0.number != nil }) {
            throw Self.numberNotRun("input '\(input.name)'", at: input.location)
        }
        if let signal = configuration.signals.first(where: { $0.expression.readsNumbers }) {
            throw Self.numberNotRun("signal '\(signal.name)'", at: signal.location)
        }
    }

    static func numberNotRun(_ subject: String, at location: SourceLocation) -> EngineError {
        EngineError(.configuration("\(subject): numeric inputs and signals are not run yet",
                                   hint: "gpioagg check accepts them; the daemon runs levels only"), at: location)
    }
}
