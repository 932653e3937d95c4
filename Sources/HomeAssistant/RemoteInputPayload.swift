import Values

/// How a payload on a remote input's topic (another node's value, a sensor's) reads as
/// a level: the level words (`ON`/`OFF`, `true`/`false` and `1`/`0` in any case:
/// `LevelWord`), and the config's own `payload_on`/`payload_off` words.
///
/// The config's words are checked first and exactly as written (a device sending `0`
/// for on can say so: `payload_on: "0"`, `payload_off: "1"`); the built-in words after
/// them, in any case. Spaces, tabs and line ends around the payload are ignored
/// (`echo ON | mosquitto_pub -l` sends a line). Anything else reads as nil: the bridge
/// ignores it and logs it.
///
/// ```swift
/// RemoteInputPayload().level(of: "on")                          // true
/// RemoteInputPayload().level(of: "2")                           // nil
/// RemoteInputPayload(payloadOn: "OPEN", payloadOff: "CLOSED").level(of: "CLOSED")   // false
/// ```
public struct RemoteInputPayload: Hashable, Sendable {
    /// The config's word for on, if it gives one.
    public var payloadOn: String?
    /// The config's word for off, if it gives one.
    public var payloadOff: String?

    public init(payloadOn: String? = nil, payloadOff: String? = nil) {
        self.payloadOn = payloadOn
        self.payloadOff = payloadOff
    }

    /// The level `payload` asks for, or nil when it is not one of the words.
    public func level(of payload: String) -> Bool? {
        let text = payload.trimmingSpacesAndLineEnds
        if let payloadOn, text == payloadOn { return true }
        if let payloadOff, text == payloadOff { return false }
        return LevelWord.level(of: text)
    }

    /// The level of a payload as it arrives from the broker; nil when the bytes are not
    /// UTF-8 or not one of the words.
    public func level<Bytes: Collection>(of payload: Bytes) -> Bool? where Bytes.Element == UInt8 {
        let text = String(decoding: payload, as: UTF8.self)
        // Decoding replaces what is not UTF-8; then the text no longer spells the bytes.
        guard text.utf8.elementsEqual(payload) else { return nil }
        return level(of: text)
    }
}
