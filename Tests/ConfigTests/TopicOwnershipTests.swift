import Config
import Testing

/// With `mqtt:`, every topic of the node has one owner: no entity named `status` (the
/// node's online/offline topic), and no remote input that follows one of the node's own
/// topics. Each refused at its place, with what to do instead.
@Suite("Config: names and topics that would clash on MQTT")
struct TopicOwnershipTests {
    /// Lines 1-3.
    static let head = """
        chips:
          main: { label: pinctrl-bcm2711 }
        mqtt: { broker: mqtt://h, node: garage, prefix: home/gpioagg }

        """

    static let refused: [(String, Int, Int, String, String)] = [
        // Lines 4 on.
        ("inputs:\n  status: { chip: main, line: GPIO4 }\n", 5, 3,
         "input 'status' would publish its value on this node's status topic 'home/gpioagg/garage/status'",
         "rename it"),
        ("inputs:\n  a: { chip: main, line: GPIO4 }\nsignals:\n  status: { any: [a] }\n", 7, 3,
         "signal 'status' would publish its value on this node's status topic", "rename it"),
        ("inputs:\n  a: { chip: main, line: GPIO4 }\noutputs:\n  status: { chip: main, line: GPIO5, follows: a }\n", 7, 3,
         "output 'status' would publish its value on this node's status topic", "rename it"),
        ("inputs:\n  status: { command: true }\n", 5, 3,
         "input 'status' would publish its value on this node's status topic", "rename it"),
        ("inputs:\n  shed: { topic: home/gpioagg/garage/status }\n", 5, 18,
         "topic: 'home/gpioagg/garage/status' of input 'shed' is this node's status topic (online/offline)",
         "a remote input follows another publisher's value"),
        ("inputs:\n  door: { chip: main, line: GPIO4 }\n  echo: { topic: home/gpioagg/garage/door }\n", 6, 18,
         "topic: 'home/gpioagg/garage/door' of input 'echo' is the state topic of this node's input 'door'",
         "use this node's own inputs and signals by name"),
        ("inputs:\n  echo: { topic: home/gpioagg/garage/echo }\n", 5, 18,
         "topic: 'home/gpioagg/garage/echo' of input 'echo' is the state topic of this node's input 'echo'", ""),
        ("inputs:\n  a: { chip: main, line: GPIO4 }\n  echo: { topic: home/gpioagg/garage/lamp }\n"
            + "outputs:\n  lamp: { chip: main, line: GPIO5, follows: a }\n", 6, 18,
         "topic: 'home/gpioagg/garage/lamp' of input 'echo' is the state topic of this node's output 'lamp'", ""),
        ("inputs:\n  gate: { command: true }\n  echo: { topic: home/gpioagg/garage/gate/set }\n", 6, 18,
         "topic: 'home/gpioagg/garage/gate/set' of input 'echo' is the command topic of this node's command input 'gate'",
         "set a command input with gpioagg set or its /set topic"),
        ("inputs:\n  a: { chip: main, line: GPIO4 }\n  echo: { topic: home/gpioagg/garage/lamp/set }\n"
            + "outputs:\n  lamp: { chip: main, line: GPIO5, command: true }\n", 6, 18,
         "topic: 'home/gpioagg/garage/lamp/set' of input 'echo' is the command topic of this node's output 'lamp' (command: true)",
         ""),
        ("inputs:\n  ha: { topic: homeassistant/status, payload_on: online, payload_off: offline }\n", 5, 16,
         "topic: 'homeassistant/status' of input 'ha' is Home Assistant's status topic, which this node reads",
         "with discovery: false under mqtt:, a remote input can follow it"),
        ("inputs:\n  door: { chip: main, line: GPIO4 }\n  cfg: { topic: homeassistant/binary_sensor/garage/door/config }\n",
         6, 17, "topic: 'homeassistant/binary_sensor/garage/door/config' of input 'cfg' is the Home Assistant "
            + "discovery config of this node's input 'door'", ""),
        ("inputs:\n  setpoint: { command: true, type: number }\n  back: { topic: home/gpioagg/garage/setpoint/available }\n",
         6, 18, "topic: 'home/gpioagg/garage/setpoint/available' of input 'back' is the availability topic of this "
            + "node's number 'setpoint' (online/offline)", "a remote input follows another publisher's value"),
        ("inputs:\n  t: { topic: weather/t, type: number }\n  again: { topic: home/gpioagg/garage/warm/available }\n"
            + "signals:\n  warm: { mean: [t] }\n", 6, 19,
         "topic: 'home/gpioagg/garage/warm/available' of input 'again' is the availability topic of this node's number 'warm'",
         ""),
        ("inputs:\n  back: { topic: home/gpioagg/garage/blinds/position }\noutputs:\n  up: { chip: main, line: GPIO5 }\n"
            + "  down: { chip: main, line: GPIO6 }\ncovers:\n  blinds: { up: up, down: down, travel: 20s }\n"
            + "interlocks:\n  motor: { outputs: [up, down], wait: 500ms }\n", 5, 18,
         "topic: 'home/gpioagg/garage/blinds/position' of input 'back' is the position topic of this node's cover 'blinds'",
         "a remote input follows another publisher's value"),
        ("inputs:\n  back: { topic: home/gpioagg/garage/blinds/position/set }\noutputs:\n  up: { chip: main, line: GPIO5 }\n"
            + "  down: { chip: main, line: GPIO6 }\ncovers:\n  blinds: { up: up, down: down, travel: 20s }\n"
            + "interlocks:\n  motor: { outputs: [up, down], wait: 500ms }\n", 5, 18,
         "topic: 'home/gpioagg/garage/blinds/position/set' of input 'back' is the position command topic of this node's "
            + "cover 'blinds'", ""),
        ("inputs:\n  shut: { chip: main, line: GPIO4 }\n  back: { topic: home/gpioagg/garage/door/set }\n"
            + "outputs:\n  relay: { chip: main, line: GPIO5, pulse: 500ms }\n"
            + "covers:\n  door: { relay: relay, closed: shut, travel: 15s }\n", 6, 18,
         "topic: 'home/gpioagg/garage/door/set' of input 'back' is the command topic of this node's cover 'door'", ""),
        ("inputs:\n  shut: { chip: main, line: GPIO4 }\n  back: { topic: home/gpioagg/garage/door }\n"
            + "outputs:\n  relay: { chip: main, line: GPIO5, pulse: 500ms }\n"
            + "covers:\n  door: { relay: relay, closed: shut, travel: 15s }\n", 6, 18,
         "topic: 'home/gpioagg/garage/door' of input 'back' is the state topic of this node's cover 'door'", ""),
        ("inputs:\n  t: { topic: weather/t, type: number }\n  cfg: { topic: homeassistant/sensor/garage/t/config }\n",
         6, 17, "topic: 'homeassistant/sensor/garage/t/config' of input 'cfg' is the Home Assistant discovery config "
            + "of this node's input 't'", ""),
    ]

    @Test("refused at the name or the topic, with a hint", arguments: 0..<refused.count)
    func refusedAtItsPlace(_ index: Int) {
        let (tail, line, column, message, hint) = Self.refused[index]
        ConfigFixture.expectRefused(Self.head + tail, at: line, column, message, hint: hint)
    }

    @Test("a PWM output's topics: its /set with command: true, a light's or fan's on/off topic, a number's or sensor's availability topic")
    func pwmTopics() {
        let head = """
            chips:
              pwm: { pwm: fe20c000.pwm }
            mqtt: { broker: mqtt://h, node: garage, prefix: home/gpioagg }
            outputs:
              strip: { chip: pwm, channel: 0, frequency: 1kHz, command: true }
              fan: { chip: pwm, channel: 1, frequency: 25kHz, command: true, entity: fan }
              pump: { chip: pwm, channel: 2, frequency: 1kHz, command: true, entity: number }
            inputs:

            """
        for (topic, owner) in [
            ("home/gpioagg/garage/strip/set", "the command topic of this node's PWM output 'strip' (command: true)"),
            ("home/gpioagg/garage/strip/state", "the on/off topic of this node's PWM output 'strip' (Home Assistant's light)"),
            ("home/gpioagg/garage/fan/state", "the on/off topic of this node's PWM output 'fan' (Home Assistant's fan)"),
            ("home/gpioagg/garage/pump/available",
             "the availability topic of this node's PWM output 'pump' (online/offline)"),
        ] {
            ConfigFixture.expectRefused(head + "  back: { topic: \(topic) }\n", at: 9, 18,
                                        "topic: '\(topic)' of input 'back' is \(owner)",
                                        hint: "a remote input follows another publisher's value")
        }
    }

    @Test("every clash is reported, each at its own line")
    func everyClash() {
        let errors = ConfigFixture.errors(Self.head + """
            inputs:
              status: { chip: main, line: GPIO4 }
              echo: { topic: home/gpioagg/garage/status }
              gate: { command: true }
              back: { topic: home/gpioagg/garage/gate/set }
            """)
        #expect(errors.map { "\($0.location.line):\($0.location.column)" } == ["5:3", "6:18", "8:18"], "\(errors)")
    }

    @Test("another node's topics, this node's topics past its entities, Home Assistant's without discovery, and status without mqtt: are accepted")
    func accepted() throws {
        let configuration = try ConfigFixture.parse(Self.head + """
            inputs:
              door: { chip: main, line: GPIO4 }
              shed_door: { topic: home/gpioagg/shed/door }
              shed_status: { topic: home/gpioagg/shed/status }
              other: { topic: home/gpioagg/garage/door/contact }
              not_a_command: { topic: home/gpioagg/garage/door/set }
              not_a_number: { topic: home/gpioagg/garage/door/available }
              shed_config: { topic: homeassistant/binary_sensor/shed/door/config }
            """)
        #expect(configuration.remoteInputs.map(\.name) == ["shed_door", "shed_status", "other", "not_a_command",
                                                           "not_a_number", "shed_config"])
        let withoutDiscovery = try ConfigFixture.parse(ConfigFixture.chips + """
            mqtt: { broker: mqtt://h, node: garage, discovery: false }
            inputs:
              ha: { topic: homeassistant/status, payload_on: online, payload_off: offline }
              shed: { topic: homeassistant/binary_sensor/shed/door/config }
            """)
        #expect(withoutDiscovery.remoteInputs.map(\.name) == ["ha", "shed"])
        let withoutMQTT = try ConfigFixture.parse(ConfigFixture.chips + "inputs:\n  status: { chip: main, line: GPIO4 }\n")
        #expect(withoutMQTT.inputs.map(\.name) == ["status"])
    }
}
