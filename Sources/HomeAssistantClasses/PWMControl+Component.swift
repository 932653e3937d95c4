import Values

extension PWMControl {
    /// The platform a PWM output controlled this way is published as.
    ///
    /// ```swift
    /// PWMControl.light.component    // .light: ON/OFF and a brightness from 0 to 100
    /// ```
    public var component: HomeAssistantComponent {
        switch self {
        case .light: .light
        case .fan: .fan
        case .number: .number
        }
    }
}
