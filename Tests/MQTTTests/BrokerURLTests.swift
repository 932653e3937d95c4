import MQTT
import Testing

@Suite("Broker URLs")
struct BrokerURLTests {
    @Test("schemes, default ports, names, addresses", arguments: [
        ("mqtt://broker.lan", BrokerURL.Scheme.mqtt, "broker.lan", UInt16(1883)),
        ("mqtts://broker.lan", .mqtts, "broker.lan", 8883),
        ("MQTTS://Broker.LAN:9000/", .mqtts, "broker.lan", 9000),
        ("mqtt://192.0.2.7:1884", .mqtt, "192.0.2.7", 1884),
        ("mqtt://[fd00::2]", .mqtt, "fd00::2", 1883),
        ("mqtts://[::1]:8884", .mqtts, "::1", 8884),
        ("mqtt://localhost.", .mqtt, "localhost.", 1883),
    ])
    func accepted(text: String, scheme: BrokerURL.Scheme, host: String, port: UInt16) throws {
        let url = try BrokerURL(parsing: text)
        #expect(url.scheme == scheme)
        #expect(url.host == host)
        #expect(url.port == port)
        #expect(url.usesTLS == (scheme == .mqtts))
    }

    @Test("printed back without the default port, IPv6 in brackets")
    func description() throws {
        #expect("\(try BrokerURL(parsing: "mqtts://b.lan:8883"))" == "mqtts://b.lan")
        #expect("\(try BrokerURL(parsing: "mqtt://[fd00::2]:1884"))" == "mqtt://[fd00::2]:1884")
        #expect(try BrokerURL(parsing: "mqtt://[fd00::2]").hostIsAddress)
        #expect(try !BrokerURL(parsing: "mqtt://b.lan").hostIsAddress)
    }

    @Test("refusals say where (offset in the text), what and how to fix it", arguments: [
        ("broker.lan", 0, "is not a broker URL"),
        ("http://broker.lan", 0, "unknown scheme 'http'"),
        ("mqtt://", 7, "names no host"),
        ("mqtt://:1883", 7, "names no host"),
        ("mqtt://broker.lan:0", 18, "'0' is not a port"),
        ("mqtt://broker.lan:65536", 18, "'65536' is not a port"),
        ("mqtt://broker.lan:", 18, "'' is not a port"),
        ("mqtt://broker.lan:18x3", 18, "'18x3' is not a port"),
        ("mqtt://user:secret@broker.lan", 7, "no user name or password"),
        ("mqtt://broker.lan/gpioagg", 17, "no path, query or fragment"),
        ("mqtt://broker.lan?x=1", 17, "no path, query or fragment"),
        ("mqtt://bro ker.lan", 10, "' ' is not allowed"),
        ("mqtt://broker..lan", 14, "an empty label"),
        ("mqtt://-broker.lan", 7, "starts with '-'"),
        ("mqtt://[fd00::2", 7, "lacks its ']'"),
        ("mqtt://[broker]", 8, "is not an IPv6 address"),
        ("mqtt://[fd00::2]x", 16, "unexpected 'x'"),
        ("mqtt://fd00::2", 7, "an IPv6 address goes in brackets"),
    ])
    func refused(text: String, offset: Int, message: String) {
        do {
            let url = try BrokerURL(parsing: text)
            Issue.record("\(text) was accepted as \(url)")
        } catch {
            #expect(error.offset == offset, "\(text): \(error)")
            #expect(error.message.contains(message), "\(text): \(error.message)")
            #expect(!error.hint.isEmpty)
        }
    }
}
