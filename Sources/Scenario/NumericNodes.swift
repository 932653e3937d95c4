import Config
import Values

/// Which names of a configuration hold numbers, with their unit and precision, and which
/// hold levels: what a test file's values are read against (`1` is on for a level and
/// one for a number) and what a number is compared and shown with. Read from the
/// configuration's traits (`NodeTraitsTable`).
struct NumericNodes: Sendable {
    enum Kind {
        case level, number, cover
    }

    private let traits: NodeTraitsTable

    init(_ configuration: Configuration) {
        traits = configuration.traits
    }

    /// A numeric node's number (a PWM output's duty cycle in %); nil for a level, a
    /// cover and a name the configuration does not have.
    func number(of name: String) -> NumberForm? {
        traits[name]?.form.number
    }

    /// Whether `name` is a pressed input (`command: press`): `set:` presses it.
    func isPressed(_ name: String) -> Bool {
        traits[name]?.setting == .press
    }

    /// Whether `name` is an output with `override: true`: `set:` chooses auto, on or off.
    func hasOverride(_ name: String) -> Bool {
        traits[name]?.setting == .override
    }

    /// Whether `name` is a PWM output: a number in %, which `set:` also turns on or off.
    func isDuty(_ name: String) -> Bool {
        traits[name]?.form == .duty
    }

    /// nil for a name the configuration does not have.
    func kind(of name: String) -> Kind? {
        switch traits[name]?.form {
        case .number?, .duty?: .number
        case .level?, .momentary?: .level
        case .cover?: .cover
        case nil: nil
        }
    }
}
