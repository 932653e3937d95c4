import SystemCore

/// 1-Wire bulk conversion (w1_therm's `therm_bulk_read` on the bus master): writing
/// `trigger` starts every thermometer on the bus converting at once, and the reads of
/// `temperature` or `w1_slave` that follow take the converted value without a
/// conversion of their own, so that n DS18B20 on one bus take one conversion time
/// (750 ms at 12 bits) instead of n.
///
/// ```swift
/// W1BulkConversion.trigger(for: sessions)   // writes "trigger" once per master with 2 or more
/// ```
enum W1BulkConversion {
    /// Writes the trigger once on each master that has `therm_bulk_read` and more than one
    /// of `sessions`' thermometers. A failed write is no failure of the reads: each then
    /// converts on its own, as without the attribute. Returns the masters triggered.
    @discardableResult
    static func trigger(for sessions: [SensorSession]) -> [String] {
        var count: [String: Int] = [:]
        var order: [String] = []
        for session in sessions where session.sensor.device.kind == .w1 {
            guard let master = session.w1Master else { continue }
            if count[master] == nil { order.append(master) }
            count[master, default: 0] += 1
        }
        return order.filter { master in
            let attribute = master + "/therm_bulk_read"
            guard count[master, default: 0] > 1, SysfsFiles.exists(attribute) else { return false }
            do throws(SystemCallError) {
                try SysfsFiles.writeAttribute(attribute, "trigger\n")
                return true
            } catch {
                return false
            }
        }
    }
}
