/// An end position a cover has an input for: `closed:` or `open:`.
public enum CoverEnd: String, Hashable, Sendable {
    case closed
    case open
}
