import HomeAssistantClasses
import MQTTCore
import Values

extension ConfigValidator {
    /// `NAME: { topic: gpioagg/shed/door_open, fallback: off }`, or with `type: number`,
    /// `NAME: { topic: weather/outside, type: number, unit: "°C", fallback: unavailable }`.
    mutating func readRemoteInput(_ entry: SourceNode.Entry, settings: [SourceNode.Entry], what: String) {
        checkKeys(settings, allowed: RemoteInputSchema.keyNames, place: "in \(what)", elsewhere: Self.anyInputKeys,
                  kindNote: RemoteInputSchema.title)
        guard let type = declaredType(settings, name: entry.key, in: what) else { return }
        if type == .level {
            refuseNumberKeys(settings, keys: NumberKeys.names, in: what, name: entry.key)
        } else {
            refuseLevelKeys(settings, keys: ["payload_on", "payload_off"], in: what,
                            hint: "a number's payload is a decimal number (21.5); remove payload_on: and payload_off:")
        }
        var declaration: RemoteInputDeclaration?
        var fallback = false
        var payloadOn: String?
        var payloadOff: String?
        var deviceClass: String?
        var displayName: String?
        var isInternal = false
        var hold = RemoteInputDeclaration.defaultHold
        var number = NumberRemoteDeclaration()
        var valid = true
        for setting in settings {
            switch setting.key {
            case "topic":
                guard let topic = text(setting, in: what) else { continue }
                if let problem = Self.topicProblem(topic) {
                    report(setting.value.location, "topic: '\(topic)' in \(what) \(problem)",
                           hint: "a remote input follows one topic, e.g. topic: gpioagg/shed/door_open")
                    continue
                }
                declaration = RemoteInputDeclaration(name: entry.key, topic: topic, location: entry.keyLocation,
                                                     topicLocation: setting.value.location)
            case "fallback" where type == .number:
                if setting.value.scalarText == "unavailable" { continue }
                guard let value = decimal(setting, in: what) else { valid = false; continue }
                number.fallback = value
            case "fallback":
                fallback = onOff(setting, in: what) ?? false
            case "hold":
                hold = timeSetting(setting, in: what, zeroAllowed: true) ?? hold
            case "payload_on":
                payloadOn = text(setting, in: what)
            case "payload_off":
                payloadOff = text(setting, in: what)
            case "device_class":
                deviceClass = type == .number
                    ? self.deviceClass(setting, for: HomeAssistantComponent.sensor, in: what)
                    : self.deviceClass(setting, for: HomeAssistantComponent.binarySensor, in: what)
            case Self.displayNameKey:
                displayName = self.displayName(setting, in: what)
            case "internal":
                isInternal = onOff(setting, in: what) ?? false
            default:
                break
            }
        }
        if let payloadOn, payloadOn == payloadOff {
            report(entry.keyLocation, "\(what): payload_on and payload_off are both '\(payloadOn)'",
                   hint: "they say which payload means on and which off: make them differ")
            return
        }
        if type == .number {
            guard let (settingsRead, _) = numberSettings(settings, in: what), valid else { return }
            number.number = settingsRead
        }
        guard var declaration else { return }
        declaration.fallback = fallback
        declaration.payloadOn = payloadOn
        declaration.payloadOff = payloadOff
        declaration.deviceClass = deviceClass
        declaration.displayName = displayName
        declaration.isInternal = isInternal
        declaration.hold = hold
        if type == .number {
            declaration.number = number
            inputUnits[entry.key] = number.number.unit
        }
        remoteInputs.append(declaration)
    }

    /// Remote inputs need a broker.
    mutating func checkRemoteInputsHaveBroker() {
        guard mqtt == nil, mqttSectionMissing else { return }
        for input in remoteInputs {
            report(input.topicLocation, "input '\(input.name)' follows topic '\(input.topic)', but there is no mqtt: section",
                   hint: "add mqtt: { broker: mqtt://HOST:1883 }")
        }
    }
}
