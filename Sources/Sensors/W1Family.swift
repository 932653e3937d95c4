/// The 1-Wire thermometer families the kernel's w1_therm drives, by the family code
/// that begins a slave's id (`28` in `28-0316a2793cff`): the slaves whose `temperature`
/// and `w1_slave` the reader knows. A slave of another family (a DS2413 switch, `3a-`)
/// has neither, and `SensorEnumeration` leaves it out.
///
/// ```swift
/// W1Family(id: "28-0316a2793cff")?.chip   // "DS18B20"
/// W1Family(id: "3a-0000001c2f4b")         // nil
/// ```
public struct W1Family: Hashable, Sendable {
    /// The family code as the kernel writes it in the id, in lowercase hexadecimal.
    public let code: String
    /// The chip's name: `DS18B20`.
    public let chip: String

    /// w1_therm's families (drivers/w1/slaves/w1_therm.c: `W1_THERM_DS18S20` and its
    /// siblings).
    public static let thermometers: [W1Family] = [
        W1Family(code: "10", chip: "DS18S20"),
        W1Family(code: "22", chip: "DS1822"),
        W1Family(code: "28", chip: "DS18B20"),
        W1Family(code: "3b", chip: "DS1825"),
        W1Family(code: "42", chip: "DS28EA00"),
    ]

    init(code: String, chip: String) {
        (self.code, self.chip) = (code, chip)
    }

    /// The thermometer family of a slave's id; nil for any other slave.
    public init?(id: String) {
        guard let dash = id.firstIndex(of: "-") else { return nil }
        let code = id[..<dash].lowercased()
        guard let family = Self.thermometers.first(where: { $0.code == code }) else { return nil }
        self = family
    }
}
