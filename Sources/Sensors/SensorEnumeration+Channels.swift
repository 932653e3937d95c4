import SystemCore

/// Which channels a device's folder offers, from its file names, as the kernel's ABI
/// names them.
extension SensorEnumeration {
    /// The channels of the device in `folder` that `SensorUnits` knows for `kind`, in
    /// the table's order, then by index (`temp2` before `temp10`).
    static func channelNames(of kind: SensorSourceKind, in folder: String) -> [String] {
        let files = SysfsFiles.names(in: folder)
        var channels: [String]
        switch kind {
        case .iio:
            // sysfs-bus-iio: in_<channel>_input, or in_<channel>_raw (with an offset and
            // a scale of its own or its type's).
            channels = files.compactMap { file in
                guard file.hasPrefix("in_") else { return nil }
                for suffix in ["_input", "_raw"] where file.hasSuffix(suffix) {
                    let channel = String(file.dropFirst(3).dropLast(suffix.count))
                    return channel.isEmpty ? nil : channel
                }
                return nil
            }
        case .hwmon:
            // Documentation/hwmon/sysfs-interface: <type><index>_input.
            channels = files.compactMap { file in
                guard file.hasSuffix("_input") else { return nil }
                let channel = String(file.dropLast(6))
                let type = SensorUnits.channelType(of: channel)
                let index = channel.dropFirst(type.count)
                return !index.isEmpty && index.allSatisfy(\.isASCIIDigit) ? channel : nil
            }
        case .thermal:
            channels = ["temp"]
        case .w1:
            channels = ["temperature"]
        }
        let known = channels.filter { SensorUnits.row(for: kind, channelType: SensorUnits.channelType(of: $0)) != nil }
        return Array(Set(known)).sorted { order($0, kind) < order($1, kind) }
    }

    /// Sorts by the table's row, then the index as a number, then the name.
    private static func order(_ channel: String, _ kind: SensorSourceKind) -> (Int, Int, String) {
        let type = SensorUnits.channelType(of: channel)
        let row = SensorUnits.table.firstIndex { $0.source == kind && $0.channelType == type } ?? Int.max
        let index = Int(channel.dropFirst(type.count).prefix(while: \.isASCIIDigit)) ?? -1
        return (row, index, channel)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
