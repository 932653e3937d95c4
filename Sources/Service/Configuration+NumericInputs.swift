import Config

extension Configuration {
    /// The unit, precision and filters of the numeric input `name` (a command or remote
    /// input with `type: number`, or a sensor input); nil for an input with a level, or no input.
    func numberDeclaration(ofInput name: String) -> NumberDeclaration? {
        commandInputs.first { $0.name == name }?.number?.number
            ?? remoteInputs.first { $0.name == name }?.number?.number
            ?? sensorInputs.first { $0.name == name }?.number
    }
}
