/// The gesture a `click` signal waits for: the config's `count`, `min`, `max` and
/// `gap`.
public struct ClickGesture: Hashable, Sendable {
    /// Presses in the gesture: 1 a click, 2 a double click.
    public var count: Int
    /// The shortest press that counts.
    public var minPress: Duration
    /// The longest press that counts.
    public var maxPress: Duration
    /// The longest release between presses, and how long after the last release the
    /// gesture waits before deciding that no further press follows.
    public var gap: Duration

    public static let defaultMinPress = Duration.milliseconds(50)
    public static let defaultMaxPress = Duration.milliseconds(350)
    public static let defaultGap = Duration.milliseconds(300)

    public init(count: Int = 1, minPress: Duration = Self.defaultMinPress, maxPress: Duration = Self.defaultMaxPress,
                gap: Duration = Self.defaultGap) {
        self.count = count
        self.minPress = minPress
        self.maxPress = maxPress
        self.gap = gap
    }
}
