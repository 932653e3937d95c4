/// What a 1-Wire thermometer's `w1_slave` says, as w1_therm writes it: the scratchpad's
/// nine bytes and `crc=XX YES` (or `NO`) on the first line, the bytes again and
/// `t=` with the temperature in m°C on the second.
///
/// ```swift
/// W1SlaveText.parse("72 01 4b 46 7f ff 0e 10 57 : crc=57 YES\n72 01 4b 46 7f ff 0e 10 57 t=23125\n")
/// // .temperature(23125)
/// W1SlaveText.parse("... : crc=57 NO\n... t=23125\n")   // .crcMismatch
/// ```
enum W1SlaveText: Hashable, Sendable {
    case temperature(Double)
    case crcMismatch
    case unparsable

    static func parse(_ text: String) -> W1SlaveText {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.count == 2, lines[0].contains("crc=") else { return .unparsable }
        let verdict = lines[0].split(separator: " ").last
        if verdict == "NO" { return .crcMismatch }
        guard verdict == "YES", let last = lines[1].split(separator: " ").last, last.hasPrefix("t="),
              let value = Int(last.dropFirst(2)) else { return .unparsable }
        return .temperature(Double(value))
    }
}
