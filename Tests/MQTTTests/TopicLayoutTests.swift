import MQTT
import Testing

@Suite("Topic layout: <prefix>/<node>/...")
struct TopicLayoutTests {
    @Test("a node's topics, under a prefix of one level or several", arguments: [
        ("gpioagg", "garage", "door", "gpioagg/garage/door", "gpioagg/garage/door/set", "gpioagg/garage/status"),
        ("home/gpioagg", "pi-4", "fan", "home/gpioagg/pi-4/fan", "home/gpioagg/pi-4/fan/set", "home/gpioagg/pi-4/status"),
    ])
    func built(prefix: String, node: String, name: String, state: String, command: String, status: String) {
        let layout = TopicLayout(prefix: prefix, node: node)
        #expect(layout.stateTopic(of: name) == state)
        #expect(layout.commandTopic(of: name) == command)
        #expect(layout.statusTopic == status)
    }

    @Test("another node's value topic: two non-empty levels under the prefix, the last not status", arguments: [
        ("gpioagg/shed/door", "gpioagg", "shed"),
        ("home/gpioagg/shed/door", "home/gpioagg", "shed"),
        ("gpioagg/shed/door/set", "gpioagg", nil),
        ("gpioagg/shed/status", "gpioagg", nil),
        ("gpioagg/shed/", "gpioagg", nil),
        ("gpioagg//door", "gpioagg", nil),
        ("gpioagg/door", "gpioagg", nil),
        ("gpioaggx/shed/door", "gpioagg", nil),
        ("zigbee/shed/door", "gpioagg", nil),
    ] as [(String, String, String?)])
    func stateTopics(topic: String, prefix: String, node: String?) {
        #expect(TopicLayout.node(ofStateTopic: topic, prefix: prefix) == node)
    }

    @Test("another node's status topic: <prefix>/<node>/status and nothing else", arguments: [
        ("gpioagg/shed/status", "gpioagg", "shed"),
        ("home/gpioagg/shed/status", "home/gpioagg", "shed"),
        ("gpioagg/status", "gpioagg", nil),
        ("gpioagg//status", "gpioagg", nil),
        ("gpioagg/a/b/status", "gpioagg", nil),
        ("gpioagg/shed/door", "gpioagg", nil),
        ("other/shed/status", "gpioagg", nil),
    ] as [(String, String, String?)])
    func statusTopics(topic: String, prefix: String, node: String?) {
        #expect(TopicLayout.node(ofStatusTopic: topic, prefix: prefix) == node)
    }

    @Test("what is built is what is read back")
    func roundTrip() {
        let layout = TopicLayout(prefix: "home/gpioagg", node: "shed")
        #expect(TopicLayout.node(ofStateTopic: layout.stateTopic(of: "door"), prefix: layout.prefix) == "shed")
        #expect(TopicLayout.node(ofStatusTopic: layout.statusTopic, prefix: layout.prefix) == "shed")
        #expect(TopicLayout.node(ofStateTopic: layout.statusTopic, prefix: layout.prefix) == nil)
        #expect(TopicLayout.node(ofStateTopic: layout.commandTopic(of: "door"), prefix: layout.prefix) == nil)
    }
}
