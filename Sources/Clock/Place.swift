/// Where on Earth the sun is watched from: latitude (north positive) and longitude
/// (east positive), in degrees, as the config's `clock:` section gives them.
///
/// ```swift
/// let berlin = try Place(latitude: 52.52, longitude: 13.405)
/// ```
public struct Place: Hashable, Sendable {
    /// -90 (the South Pole) to 90.
    public let latitude: Double
    /// -180 to 180, east of Greenwich positive.
    public let longitude: Double

    public init(latitude: Double, longitude: Double) throws(ClockError) {
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw .badCoordinate("latitude", latitude, "-90 (south) to 90 (north)")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw .badCoordinate("longitude", longitude, "-180 (west) to 180 (east)")
        }
        self.latitude = latitude
        self.longitude = longitude
    }
}
