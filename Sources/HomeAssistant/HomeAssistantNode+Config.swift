import JSON
import Values

// Every key and value below was checked against Home Assistant's MQTT integration, in
// its code (the discovery schemas decide, the documentation describes them):
//
// - homeassistant 2023.12.4 (PyPI), homeassistant/components/mqtt/: binary_sensor.py,
//   switch.py, event.py, sensor.py, number.py, button.py, cover.py, fan.py,
//   light/schema_basic.py (the light's default schema) (platform schemas;
//   `DISCOVERY_SCHEMA` drops unknown keys with `REMOVE_EXTRA`), config.py (`MQTT_RO_SCHEMA`, `MQTT_RW_SCHEMA`), mixins.py
//   (`MQTT_ENTITY_COMMON_SCHEMA`, the availability and device schemas, entity naming;
//   `availability` and `availability_topic` exclude each other, `availability_mode`
//   `all` wants every topic `online`),
//   discovery.py (topic pattern `[a-zA-Z0-9_-]+` for node and object ids,
//   `MQTT_ORIGIN_INFO_SCHEMA`: `name`, `sw_version`, `support_url`), const.py
//   (`online`/`offline`, `homeassistant/status`).
// - homeassistant 2026.2.3 (PyPI), the same files, with the schemas moved to schemas.py
//   and the entity to entity.py (`_init_entity_id`: `default_entity_id`, the deprecated
//   `object_id`).
// - home-assistant/core pull requests #151775 (2025.10: `object_id` deprecated for
//   `default_entity_id`) and #164460 (2026.4: `object_id` removed; "still part of a
//   discovery message, then the option will just be ignored").
// - home-assistant/home-assistant.io source/_integrations/: binary_sensor.mqtt.markdown
//   (04987cb), switch.mqtt.markdown (04c35f1), event.mqtt.markdown (0271d54, 172bcca).
//
// Tests/HomeAssistantTests/Golden/README.md walks through the keys one by one.

extension HomeAssistantNode {
    /// The entity's retained discovery config message.
    public func configMessage(for entity: HomeAssistantEntity) -> HomeAssistantMessage {
        HomeAssistantMessage(topic: configTopic(for: entity), payload: JSONValue.object(config(for: entity)).serialized,
                             retain: true)
    }

    /// The entity's discovery config, its keys always in the same order (so that the
    /// golden files and a broker's retained copies compare byte for byte): who it is,
    /// its topics and payloads, availability, then the device and the origin.
    ///
    /// ```swift
    /// node.config(for: HomeAssistantEntity(name: "gate", kind: .commandInput))["command_topic"]
    /// // .string("gpioagg/garage/gate/set")
    /// ```
    public func config(for entity: HomeAssistantEntity) -> JSONObject {
        let id = uniqueID(for: entity)
        var config = JSONObject()
        config.set("name", .string(entity.shownName))
        config.set("unique_id", .string(id))
        // The entity id Home Assistant suggests, `<component>.<node>_<name>`, on every
        // version: `object_id` up to 2025.9 (2025.10 to 2026.3 use `default_entity_id`
        // instead and warn only when it is missing; 2026.4 ignores `object_id`), and
        // `default_entity_id` from 2025.10 (dropped as an unknown key before).
        config.set("object_id", .string(id))
        config.set("default_entity_id", .string("\(entity.component.rawValue).\(id)"))
        if let deviceClass = entity.deviceClass { config.set("device_class", .string(deviceClass)) }
        if let command = commandTopic(for: entity) { config.set("command_topic", .string(command)) }
        // A button has no state: it is pressed, and says so on its command topic. A PWM
        // light's or fan's state is whether it is on; its percentage has keys of its own.
        if entity.component != .button {
            config.set("state_topic", .string(onOffTopic(for: entity) ?? stateTopic(for: entity)))
        }
        if let position = positionTopic(for: entity), let setPosition = positionCommandTopic(for: entity) {
            config.set("position_topic", .string(position))
            config.set("set_position_topic", .string(setPosition))
        }
        let measurement = entity.measurement
        switch entity.component {
        case .binarySensor, .switch:
            config.set("payload_on", .string(HomeAssistantState.on))
            config.set("payload_off", .string(HomeAssistantState.off))
        case .light:
            // The brightness goes to the same /set as OFF: the bridge reads a number there.
            config.set("payload_on", .string(HomeAssistantState.on))
            config.set("payload_off", .string(HomeAssistantState.off))
            if let command = commandTopic(for: entity) { config.set("brightness_command_topic", .string(command)) }
            config.set("brightness_state_topic", .string(stateTopic(for: entity)))
            config.set("brightness_scale", .number(Double(HomeAssistantPWM.brightnessScale)))
            config.set("on_command_type", .string(HomeAssistantPWM.onCommandType))
        case .fan:
            config.set("payload_on", .string(HomeAssistantState.on))
            config.set("payload_off", .string(HomeAssistantState.off))
            if let command = commandTopic(for: entity) { config.set("percentage_command_topic", .string(command)) }
            config.set("percentage_state_topic", .string(stateTopic(for: entity)))
            config.set("percentage_value_template", .string(HomeAssistantPWM.percentageValueTemplate))
            config.set("speed_range_min", .number(Double(HomeAssistantPWM.speedRange.lowerBound)))
            config.set("speed_range_max", .number(Double(HomeAssistantPWM.speedRange.upperBound)))
        case .event:
            config.set("event_types", .array(entity.eventTypes.map { .string($0) }))
        case .sensor:
            if !measurement.unit.isEmpty { config.set("unit_of_measurement", .string(measurement.unit)) }
            config.set("state_class", .string(measurement.stateClass.rawValue))
            config.set("suggested_display_precision", .number(Double(measurement.precision)))
            if let attributes = attributesTopic(for: entity) { config.set("json_attributes_topic", .string(attributes)) }
        case .number:
            if let minimum = measurement.minimum { config.set("min", .number(minimum)) }
            if let maximum = measurement.maximum { config.set("max", .number(maximum)) }
            if let step = measurement.step { config.set("step", .number(step)) }
            if !measurement.unit.isEmpty { config.set("unit_of_measurement", .string(measurement.unit)) }
            if let mode = measurement.mode { config.set("mode", .string(mode)) }
        case .select:
            config.set("options", .array(OverrideMode.allCases.map { .string($0.rawValue) }))
        case .button:
            // A pressed input's command topic takes PRESS; a counter's takes a total, and
            // its reset button's press sets it to 0.
            config.set("payload_press", .string(entity.kind == .pressInput
                ? HomeAssistantEntity.pressPayload : HomeAssistantEntity.resetPayload))
        case .cover:
            config.set("payload_open", .string(HomeAssistantCover.open))
            config.set("payload_close", .string(HomeAssistantCover.close))
            config.set("payload_stop", .string(HomeAssistantCover.stop))
            for (key, state) in [("state_open", CoverState.open), ("state_opening", .opening),
                                 ("state_closed", .closed), ("state_closing", .closing), ("state_stopped", .stopped)] {
                config.set(key, .string(state.rawValue))
            }
            if entity.hasPosition {
                config.set("position_open", .number(Double(HomeAssistantCover.positionOpen)))
                config.set("position_closed", .number(Double(HomeAssistantCover.positionClosed)))
            }
        }
        if let own = availabilityTopic(for: entity) {
            // A number can be unavailable while the node is online: Home Assistant shows
            // it available only while both topics say `online` (`availability_topic` and
            // `availability` exclude each other in its schema).
            config.set("availability", .array([availabilityTopic, own].map { topic in
                .object(JSONObject([
                    "topic": .string(topic),
                    "payload_available": .string(HomeAssistantAvailability.online),
                    "payload_not_available": .string(HomeAssistantAvailability.offline),
                ]))
            }))
            config.set("availability_mode", .string("all"))
        } else {
            config.set("availability_topic", .string(availabilityTopic))
            config.set("payload_available", .string(HomeAssistantAvailability.online))
            config.set("payload_not_available", .string(HomeAssistantAvailability.offline))
        }
        config.set("device", .object(device))
        config.set("origin", .object(origin))
        return config
    }

    /// One device per node, shared by all its entities (the same `identifiers`); the
    /// whole block in every config, since Home Assistant may see any of them first.
    var device: JSONObject {
        JSONObject([
            "identifiers": .array([.string("gpioagg_\(name)")]),
            "name": .string(name),
            "model": .string("gpioagg"),
            "sw_version": .string(softwareVersion),
        ])
    }

    /// The software that published the config (Home Assistant logs it with the entity's
    /// problems). No `support_url`: it must be an http(s) URL, and a wrong one would
    /// make Home Assistant drop the whole message.
    var origin: JSONObject {
        JSONObject(["name": .string("gpioagg"), "sw_version": .string(softwareVersion)])
    }
}
