/// A remote input in `gpioagg check`.
extension ConfigSummary {
    /// `topic weather/outside, number, fallback unavailable, hold 10m, unit: °C`.
    static func remoteInput(_ input: RemoteInputDeclaration) -> String {
        let fallback = input.number.map { $0.fallback.map(ConfigText.decimal) ?? "unavailable" }
            ?? ConfigText.onOff(input.fallback)
        return "topic \(input.topic), " + (input.number == nil ? "" : "number, ")
            + "fallback \(fallback), hold \(ReadableDuration.format(input.hold))"
            + (input.payloadOn.map { ", payload_on \($0)" } ?? "")
            + (input.payloadOff.map { ", payload_off \($0)" } ?? "")
            + (input.number.map { ", " + ConfigText.number($0.number) } ?? "")
    }
}
