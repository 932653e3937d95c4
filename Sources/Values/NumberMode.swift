/// How a number set by hand is entered (the config's `mode:`, whose words are the raw
/// values): typed in a box or moved on a slider.
///
/// ```swift
/// NumberMode(rawValue: "slider")   // .slider
/// ```
public enum NumberMode: String, Hashable, Sendable, CaseIterable {
    case box, slider
}
