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
        #expect(layout.onOffTopic(of: name) == state + "/state", "a PWM light's or fan's ON/OFF")
    }

    @Test("another node's topics: two non-empty levels under the prefix, status or a value's name", arguments: [
        ("gpioagg/shed/door", "gpioagg", "shed", nil),
        ("home/gpioagg/shed/door", "home/gpioagg", "shed", nil),
        ("gpioagg/shed/status", "gpioagg", nil, "shed"),
        ("home/gpioagg/shed/status", "home/gpioagg", nil, "shed"),
        ("gpioagg/shed/door/set", "gpioagg", nil, nil),
        ("gpioagg/a/b/status", "gpioagg", nil, nil),
        ("gpioagg/shed/", "gpioagg", nil, nil),
        ("gpioagg//door", "gpioagg", nil, nil),
        ("gpioagg//status", "gpioagg", nil, nil),
        ("gpioagg/door", "gpioagg", nil, nil),
        ("gpioagg/status", "gpioagg", nil, nil),
        ("gpioaggx/shed/door", "gpioagg", nil, nil),
        ("zigbee/shed/status", "gpioagg", nil, nil),
    ] as [(String, String, String?, String?)])
    func read(topic: String, prefix: String, valueNode: String?, statusNode: String?) {
        #expect(TopicLayout.node(ofStateTopic: topic, prefix: prefix) == valueNode)
        #expect(TopicLayout.node(ofStatusTopic: topic, prefix: prefix) == statusNode)
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
