/// `interlocks: NAME: { outputs: [a, b], wait: 500ms }`: at most one of the outputs
/// is on. One asked to turn on while another is on turns that one off first and itself
/// on after `wait`; two asked at the same instant both stay off.
public struct InterlockDeclaration: Hashable, Sendable {
    public var name: String
    public var outputs: [String]
    public var wait: Duration
    public var location: SourceLocation

    public init(name: String, outputs: [String], wait: Duration = .zero, location: SourceLocation) {
        self.name = name
        self.outputs = outputs
        self.wait = wait
        self.location = location
    }
}
