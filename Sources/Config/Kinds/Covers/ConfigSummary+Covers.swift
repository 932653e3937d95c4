/// A cover in `gpioagg check`.
extension ConfigSummary {
    /// `relay door_relay, closed door_closed, travel 15s, device_class garage`.
    static func cover(_ cover: CoverDeclaration) -> String {
        var parts: [String]
        switch cover.drive {
        case .relay(let relay): parts = ["relay \(relay)"]
        case .motors(let up, let down, let wait): parts = ["up \(up), down \(down) (interlock wait \(ConfigText.duration(wait)))"]
        }
        parts += cover.closed.map { ["closed \($0)"] } ?? []
        parts += cover.open.map { ["open \($0)"] } ?? []
        parts.append("travel \(ConfigText.duration(cover.travel))")
        if cover.hasPosition { parts.append("position kept") }
        parts += cover.deviceClass.map { ["device_class \($0)"] } ?? []
        parts += cover.displayName.map { ["name \"\($0)\""] } ?? []
        return parts.joined(separator: ", ")
    }
}
