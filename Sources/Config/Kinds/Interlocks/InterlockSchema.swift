/// `interlocks: NAME: { outputs: [a, b], wait: 500ms }`.
enum InterlockSchema: ConfigSchema {
    static let title = "an interlock"
    static let section = "interlocks"
    static let documentedUnder = ["## Interlocks"]
    static let example = "outputs: [up, down]"
    static let keys = [
        ConfigKey("outputs", "[up, down]", "the outputs of which at most one is on"),
        ConfigKey("wait", "500ms", "how long after one went off another may turn on"),
    ]
}
