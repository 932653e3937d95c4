import PWMCore
import Values

/// `chips: NAME: { pwm: fe20c000.pwm }`: a PWM controller, by its device name (stable
/// across kernels) or its `pwmchipN` (whose number changed between Raspberry Pi kernels).
public struct PWMChipDeclaration: Hashable, Sendable {
    public var name: String
    public var locator: PWMControllerLocator
    public var location: SourceLocation

    public init(name: String, locator: PWMControllerLocator, location: SourceLocation) {
        self.name = name
        self.locator = locator
        self.location = location
    }
}

/// `outputs: NAME: { chip, channel, frequency | period, follows, command, entity, initial,
/// safe, active, ramp }` on a chip declared with `pwm:`: a PWM channel whose duty cycle
/// is a number in percent.
///
/// It follows a number in percent (clamped to 0–100) or a level (on is 100 %, off 0 %).
/// With `command: true`, commands set it too (`gpioagg set NAME 40|on|off`, its MQTT
/// `/set`, Home Assistant's light, fan or number): `on` brings back the last duty cycle
/// above 0 (100 % when there was none), as a dimmer does. With `follows:` too, a command
/// holds until what it follows next changes, as for a line's `command: true`.
public struct PWMOutputDeclaration: Hashable, Sendable {
    public var name: String
    /// The name of a `PWMChipDeclaration`.
    public var chip: String
    /// The channel of the controller (`pwmN` in sysfs).
    public var channel: Int
    /// The period in nanoseconds, from `frequency:` (1 / f) or `period:`.
    public var period: UInt64
    /// The name of a signal or an input, numeric in `%` or a level; nil for an output only
    /// commands set.
    public var follows: String?
    /// `command: true`.
    public var command = false
    /// `entity:`: how Home Assistant shows it with `command: true`.
    public var entity = PWMControl.light
    /// Percent (0–100) written when the channel is got hold of, before any input is read.
    public var initial: Double
    /// Percent (0–100) written on every orderly stop, on reload when the output goes away,
    /// when anything fails, and by `gpioagg safe` after a crash.
    public var safe: Double
    /// `active: low`: the duty cycle inverted (the kernel's `inversed` polarity where the
    /// driver takes it, else computed).
    public var activeLow = false
    /// `ramp:`: a new duty cycle is reached over this long, on the loop's timers; nil: at once.
    public var ramp: Duration?
    /// `name:`: the name people read (Home Assistant's entity name).
    public var displayName: String? = nil
    /// `internal: true`: kept out of MQTT and Home Assistant (no entity, no state or
    /// command topic); the graph, the log, `status` and `why` see it as any other node.
    public var isInternal = false
    /// Where the output's name is written.
    public var location: SourceLocation
    /// Where its `channel:` value is written.
    public var channelLocation: SourceLocation

    /// The places its value is shown and compared at (`expect: { fan: 65 }`, Home
    /// Assistant's state): percent to one decimal.
    public static let precision = NumberForm.duty.precision

    public init(name: String, chip: String, channel: Int, period: UInt64, follows: String?,
                initial: Double = 0, safe: Double = 0, location: SourceLocation, channelLocation: SourceLocation? = nil) {
        self.name = name
        self.chip = chip
        self.channel = channel
        self.period = period
        self.follows = follows
        self.initial = initial
        self.safe = safe
        self.location = location
        self.channelLocation = channelLocation ?? location
    }
}
