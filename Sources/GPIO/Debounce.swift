/// How an input ignores contact bounce. Switches bounce for a few milliseconds when
/// they close or open; without debouncing one press becomes a burst of edges.
///
/// The three common meanings of "debounce" behave differently, and users get bitten by
/// the wrong one, so each is offered by name:
///
/// | mode | reports a change | latency it adds | a glitch shorter than the period |
/// | --- | --- | --- | --- |
/// | `.stable` (default) | once the line has held the new level for the period | the period | is ignored |
/// | `.lockout` | at once, then ignores edges for the period | none | is reported (and its end, one period later) |
/// | `.settle` | at once, then waits until the line has been quiet for the period | none | is reported (and its end, once quiet) |
///
/// `.stable` is what the kernel's debounce (libgpiod v2) does, and what a switch that
/// must not be mistaken for noise needs. `.lockout` and `.settle` suit buttons where
/// the first touch should act immediately.
public struct Debounce: Hashable, Sendable, CustomStringConvertible {
    public enum Mode: String, Hashable, Sendable, CaseIterable {
        case stable
        case lockout
        case settle
    }

    public var mode: Mode
    public var period: Duration

    public init(_ mode: Mode = .stable, period: Duration) {
        self.mode = mode
        self.period = period
    }

    /// No debouncing.
    public static let none = Debounce(.stable, period: .zero)

    public var isNone: Bool { period <= .zero }

    /// The period to ask the kernel for: only `.stable` is what the kernel implements;
    /// the other modes are applied in software by `InputTracker`.
    public var kernelPeriod: Duration { mode == .stable ? period : .zero }

    public var description: String {
        isNone ? "none" : "\(mode.rawValue) \(period)"
    }
}
