/// Which side of its bound a threshold is on: `above: A` (on at or above A, the fan of a
/// greenhouse that is too hot) or `below: B` (on at or below B, a heater under its set
/// point).
public enum ThresholdDirection: String, Sendable {
    case above
    case below
}
