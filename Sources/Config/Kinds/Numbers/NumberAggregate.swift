/// How `mean:`, `min:`, `max:` and `sum:` fold a list of numbers into one. `mean`,
/// `min` and `max` leave unavailable operands out; `sum` is unavailable when any is.
public enum NumberAggregate: String, Hashable, Sendable, CaseIterable {
    case mean, min, max, sum
}
