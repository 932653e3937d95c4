/// A moment of the day the sun's height marks: its upper edge at the horizon (sunrise,
/// sunset: the sun's centre 0.833° below it, refraction and the sun's radius included,
/// as NOAA and almanacs count), or its centre 6° below it (civil dawn and dusk).
public enum SunEvent: String, CaseIterable, Hashable, Sendable {
    case sunrise
    case sunset
    case dawn
    case dusk

    /// The angle from the zenith to the sun's centre at the event, in degrees.
    public var zenith: Double {
        switch self {
        case .sunrise, .sunset: 90.833
        case .dawn, .dusk: 96
        }
    }

    /// Whether the sun is rising through the height (sunrise, dawn) rather than setting.
    public var isRising: Bool { self == .sunrise || self == .dawn }
}
