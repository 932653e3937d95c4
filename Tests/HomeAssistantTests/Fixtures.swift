import Foundation
import HomeAssistant

/// The node and entities of the golden files: a garage with a door contact, a signal,
/// a light, a gate opened from Home Assistant and a double click on the bell button.
enum Fixtures {
    static let node = HomeAssistantNode(name: "garage", topicPrefix: "gpioagg", softwareVersion: "0.1.0")

    static let door = HomeAssistantEntity(name: "front_door", kind: .input, deviceClass: "door")
    static let allClosed = HomeAssistantEntity(name: "all_closed", kind: .signal)
    static let porchLight = HomeAssistantEntity(name: "porch_light", kind: .output, deviceClass: "light")
    static let gate = HomeAssistantEntity(name: "gate", kind: .commandInput)
    static let bellDouble = HomeAssistantEntity(name: "bell_double", kind: .click(count: 2), deviceClass: "button")

    /// Golden file name → the entity it shows.
    static let golden: [(file: String, entity: HomeAssistantEntity)] = [
        ("binary_sensor_input.json", door),
        ("binary_sensor_signal.json", allClosed),
        ("binary_sensor_output.json", porchLight),
        ("switch_command_input.json", gate),
        ("event_click.json", bellDouble),
    ]

    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden")

    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
}
