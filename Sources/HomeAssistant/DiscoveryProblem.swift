/// Something Home Assistant would refuse or misread, found before anything is
/// published: Home Assistant itself would only write a line in its own log. The config
/// layer turns it into an error at the place of `subject`.
///
/// ```swift
/// discovery.problems.map(\.description)
/// // ["device_class 'dor' of 'front_door' is not one Home Assistant accepts for a binary_sensor: ..."]
/// ```
public struct DiscoveryProblem: Hashable, Sendable, CustomStringConvertible {
    /// What the problem is about: where the config layer should point.
    public enum Subject: Hashable, Sendable {
        case node
        case topicPrefix
        case discoveryPrefix
        /// The entity of that name (its name, its device class or its click count).
        case entity(String)
    }

    public var subject: Subject
    /// What is wrong and how to fix it, in a sentence.
    public var message: String

    public init(subject: Subject, message: String) {
        self.subject = subject
        self.message = message
    }

    public var description: String { message }
}
