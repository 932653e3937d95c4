/// The polarity a PWM channel's `polarity` file shows and takes: with `inversed`, the
/// duty cycle is the time the output is low.
public enum PWMPolarity: String, Hashable, Sendable {
    case normal
    case inversed
}
