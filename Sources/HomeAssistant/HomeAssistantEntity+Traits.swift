import Values

extension HomeAssistantEntity {
    /// A node's entity, from its traits alone: its kind (`HomeAssistantEntityKind(traits:)`),
    /// the name people read and device class it was given, and a number's unit,
    /// precision and state class (with a range, step and mode for a `number`). A PWM
    /// output's is `pwmOutput(name:control:precision:displayName:)`'s.
    ///
    /// ```swift
    /// let setpoint = NodeTraits(.input("setpoint"), form: .number(NumberForm(unit: "°C", minimum: 5, maximum: 30)),
    ///                           setting: .number)
    /// HomeAssistantEntity(traits: setpoint).measurement.maximum   // 30
    /// ```
    public init(traits: NodeTraits) {
        let kind = HomeAssistantEntityKind(traits: traits)
        if case .duty = traits.form {
            let control: PWMControl? = if case .duty(let control) = traits.setting { control } else { nil }
            self = .pwmOutput(name: traits.name, control: control, precision: NumberForm.duty.precision,
                              displayName: traits.displayName)
            return
        }
        var measurement = HomeAssistantMeasurement()
        if case .number(let number) = traits.form {
            measurement = HomeAssistantMeasurement(unit: number.unit.symbol, precision: number.precision,
                                                   stateClass: number.stateClass)
            if kind == .number {
                measurement.minimum = number.minimum
                measurement.maximum = number.maximum
                measurement.step = number.step
                measurement.mode = number.mode?.rawValue
            }
        }
        self.init(name: traits.name, kind: kind, deviceClass: traits.deviceClass, measurement: measurement,
                  displayName: traits.displayName)
        hasAttributes = traits.period != nil && kind == .sensor
    }

    /// The reset button of a counter with `reset: true` (`NodeSetting.total(reset: true)`),
    /// announced beside its `sensor`; nil for any other node.
    ///
    /// ```swift
    /// HomeAssistantEntity.resetButton(of: water)?.kind   // .resetButton
    /// ```
    public static func overrideSelect(of traits: NodeTraits) -> HomeAssistantEntity? {
        guard traits.setting == .override else { return nil }
        return HomeAssistantEntity(name: traits.name, kind: .overrideMode, displayName: traits.displayName)
    }

    /// The entities announced beside a node's own: a counter's reset button, an
    /// override's mode select.
    public static func companions(of traits: NodeTraits) -> [HomeAssistantEntity] {
        [resetButton(of: traits), overrideSelect(of: traits)].compactMap { $0 }
    }

    public static func resetButton(of traits: NodeTraits) -> HomeAssistantEntity? {
        guard traits.setting == .total(reset: true) else { return nil }
        return HomeAssistantEntity(name: traits.name, kind: .resetButton, displayName: traits.displayName)
    }
}
