/// What a filter sends on after a value or a deadline: nothing, or one value (nil:
/// unavailable).
public enum FilterEmission: Hashable, Sendable {
    case nothing
    case value(Double?)
}
