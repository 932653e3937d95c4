import Foundation
import HomeAssistant

/// The node and entities of the golden files: a garage with a door contact, a signal,
/// a light, a gate opened from Home Assistant and its button, a hall light it switches, a
/// double click on the bell button, a water meter, a rain gauge's total of the day, a temperature set point, a garage door on one relay and blinds on two motors,
/// and four PWM outputs: an LED strip (a light), a workshop fan (a fan), a pump's speed (a number) and a fan on a curve (a sensor).
enum Fixtures {
    static let node = HomeAssistantNode(name: "garage", topicPrefix: "gpioagg", softwareVersion: "0.1.0")

    static let door = HomeAssistantEntity(name: "front_door", kind: .input, deviceClass: "door")
    static let allClosed = HomeAssistantEntity(name: "all_closed", kind: .signal)
    static let porchLight = HomeAssistantEntity(name: "porch_light", kind: .output, deviceClass: "light")
    static let gate = HomeAssistantEntity(name: "gate", kind: .commandInput, displayName: "Garden gate")
    static let gateOpen = HomeAssistantEntity(name: "gate_open", kind: .pressInput, displayName: "Open the gate")
    static let hallLight = HomeAssistantEntity(name: "hall_light", kind: .commandOutput, deviceClass: "switch",
                                               displayName: "Hall light")
    static let bellDouble = HomeAssistantEntity(name: "bell_double", kind: .click(count: 2), deviceClass: "button")
    static let waterUsed = HomeAssistantEntity(name: "water_used", kind: .sensor, deviceClass: "water",
                                               measurement: HomeAssistantMeasurement(unit: "L", precision: 1,
                                                                                     stateClass: .totalIncreasing))
    static let rainToday: HomeAssistantEntity = {
        var entity = HomeAssistantEntity(name: "rain_today", kind: .sensor, deviceClass: "precipitation",
                                         measurement: HomeAssistantMeasurement(unit: "mm", precision: 1,
                                                                               stateClass: .totalIncreasing))
        entity.hasAttributes = true
        return entity
    }()
    static let pumpMode = HomeAssistantEntity(name: "sump_pump", kind: .overrideMode, displayName: "Sump pump")
    static let setpoint = HomeAssistantEntity(name: "setpoint", kind: .number, deviceClass: "temperature",
                                              measurement: HomeAssistantMeasurement(unit: "°C", precision: 1, minimum: 5,
                                                                                    maximum: 30, step: 0.5, mode: "slider"))
    static let garageDoor = HomeAssistantEntity(name: "garage_door", kind: .cover(positioned: false), deviceClass: "garage")
    static let blinds = HomeAssistantEntity(name: "blinds", kind: .cover(positioned: true), deviceClass: "blind")
    static let strip = HomeAssistantEntity.pwmOutput(name: "strip", control: .light, precision: 1, displayName: "LED strip")
    static let workshopFan = HomeAssistantEntity.pwmOutput(name: "workshop_fan", control: .fan, precision: 1)
    static let pumpSpeed = HomeAssistantEntity.pwmOutput(name: "pump_speed", control: .number, precision: 1)
    static let cpuFan = HomeAssistantEntity.pwmOutput(name: "cpu_fan", control: nil, precision: 1)

    /// Golden file name → the entity it shows.
    static let golden: [(file: String, entity: HomeAssistantEntity)] = [
        ("binary_sensor_input.json", door),
        ("binary_sensor_signal.json", allClosed),
        ("binary_sensor_output.json", porchLight),
        ("switch_command_input.json", gate),
        ("button_press_input.json", gateOpen),
        ("switch_output.json", hallLight),
        ("event_click.json", bellDouble),
        ("sensor_number_input.json", waterUsed),
        ("sensor_period_counter.json", rainToday),
        ("number_command_input.json", setpoint),
        ("cover_relay.json", garageDoor),
        ("cover_motors.json", blinds),
        ("light_pwm_output.json", strip),
        ("fan_pwm_output.json", workshopFan),
        ("number_pwm_output.json", pumpSpeed),
        ("sensor_pwm_output.json", cpuFan),
        ("select_override_mode.json", pumpMode),
    ]

    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden")

    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
}
