/// The config bodies the MQTT tests share, under a `chips:` and an `mqtt:` of each test's
/// own: the bridge's tests on the transport's twin (ServiceTests) and the daemon's on a
/// real mosquitto (gpioaggTests) run the same graphs.
public enum MQTTConfigs {
    /// A button, a command input `override`, a click, and a fan that follows either.
    public static let garage = """
        inputs:
          button: { chip: main, line: GPIO17, device_class: motion }
          override: { command: true }
        signals:
          fan_on: { any: [override, button] }
          click: { click: button }
        outputs:
          fan: { chip: main, line: GPIO5, follows: fan_on, device_class: running }
        """

    /// A garage whose siren sounds while the shed's door (a remote input on
    /// `gpioagg/shed/door_open`, fallback off) is open and the garage is armed.
    public static func shedFollower(hold: String? = nil) -> String {
        """
        inputs:
          shed_door: { topic: gpioagg/shed/door_open, fallback: off\(hold.map { ", hold: \($0)" } ?? "") }
          armed: { command: true, initial: on }
        signals:
          intrusion: { all: [shed_door, armed] }
        outputs:
          siren: { chip: main, line: GPIO5, follows: intrusion }
        """
    }
}
