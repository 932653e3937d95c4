/// Whether a daily window is on at an instant, and the next instant that can change:
/// the engine sets its signal to `isOn` and asks again at `nextChange`.
public struct WindowState: Hashable, Sendable {
    public let isOn: Bool
    /// The next instant after the one asked about at which `isOn` may differ: the end of
    /// the window it is in, or the start of the next one. When no window starts within
    /// 400 days (a sun window in a place where the sun never allows it), a day that far
    /// ahead, at which the engine simply asks again.
    public let nextChange: Int64

    public init(isOn: Bool, nextChange: Int64) {
        self.isOn = isOn
        self.nextChange = nextChange
    }
}
