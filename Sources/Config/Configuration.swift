import GPIO
import MQTTCore

/// A validated configuration: what the engine builds its signal graph from.
///
/// Every name is unique across inputs, signals, outputs and covers; every reference resolves;
/// `signals` is in dependency order (each signal comes after everything it uses); no
/// line is claimed twice in the same words. Nothing here has touched hardware: line
/// names are resolved against the chip when the engine requests the lines, or against a
/// board's profile by `resolved(on:)`.
public struct Configuration: Hashable, Sendable {
    public var chips: [ChipDeclaration]
    public var inputs: [InputDeclaration]
    public var signals: [SignalDeclaration]
    public var outputs: [OutputDeclaration]
    /// Groups of outputs of which at most one is on at a time.
    public var interlocks: [InterlockDeclaration]
    /// Inputs without a line, set over MQTT or the control socket (`command: true`).
    public var commandInputs: [CommandInputDeclaration]
    /// Inputs that follow a value another publisher keeps on an MQTT topic (`topic:`).
    public var remoteInputs: [RemoteInputDeclaration]
    /// Numeric inputs read from a kernel sensor (`iio:`, `hwmon:`, `thermal:`, `w1:`).
    public var sensorInputs: [SensorInputDeclaration]
    /// `mqtt:`: the broker and how gpioagg appears there; nil when absent.
    public var mqtt: MQTTDeclaration?
    /// Garage doors and blinds (`covers:`), each driving outputs of its own.
    public var covers: [CoverDeclaration]
    /// PWM controllers (`chips: NAME: { pwm: ... }`), apart from the GPIO chips.
    public var pwmChips: [PWMChipDeclaration] = []
    /// Outputs on a PWM controller's channel: a duty cycle in percent.
    public var pwmOutputs: [PWMOutputDeclaration] = []

    /// Every input's name: the lines', then the command inputs', the remote ones', the
    /// sensors'.
    public var inputNames: [String] {
        inputs.map(\.name) + commandInputs.map(\.name) + remoteInputs.map(\.name) + sensorInputs.map(\.name)
    }
    /// The file it came from (as given), or a pseudo-name such as `<embedded demo>`.
    public var file: String

    public init(chips: [ChipDeclaration], inputs: [InputDeclaration],
                signals: [SignalDeclaration], outputs: [OutputDeclaration],
                interlocks: [InterlockDeclaration] = [], commandInputs: [CommandInputDeclaration] = [],
                remoteInputs: [RemoteInputDeclaration] = [], sensorInputs: [SensorInputDeclaration] = [],
                mqtt: MQTTDeclaration? = nil, covers: [CoverDeclaration] = [], file: String) {
        self.chips = chips
        self.inputs = inputs
        self.signals = signals
        self.outputs = outputs
        self.interlocks = interlocks
        self.commandInputs = commandInputs
        self.remoteInputs = remoteInputs
        self.sensorInputs = sensorInputs
        self.mqtt = mqtt
        self.covers = covers
        self.file = file
    }
}

/// Where something was written: for error messages (`FILE:LINE:COL`), 1-based.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// `chips: NAME: { label: ... }` (or `path:`, or `name:`).
public struct ChipDeclaration: Hashable, Sendable {
    public var name: String
    public var locator: ChipLocator
    public var location: SourceLocation

    public init(name: String, locator: ChipLocator, location: SourceLocation) {
        self.name = name
        self.locator = locator
        self.location = location
    }
}

/// `inputs: NAME: { chip, line, active, bias, debounce }`.
public struct InputDeclaration: Hashable, Sendable {
    public var name: String
    /// The name of a `ChipDeclaration`.
    public var chip: String
    public var line: LineLocator
    public var activeLow: Bool
    public var bias: Bias
    public var debounce: Debounce
    /// Home Assistant's `device_class`, passed through to discovery.
    public var deviceClass: String?
    /// `name:`: the name people read (Home Assistant's entity name); nil shows the
    /// identifier made readable (`HomeAssistantEntityName`). Not an identifier: topics,
    /// references and entity ids keep `name`.
    public var displayName: String? = nil
    /// Where the input's name is written.
    public var location: SourceLocation
    /// Where its `line:` value is written (`location` when there is none to point at).
    public var lineLocation: SourceLocation

    public init(name: String, chip: String, line: LineLocator, activeLow: Bool = false,
                bias: Bias = .asIs, debounce: Debounce = .none, deviceClass: String? = nil, location: SourceLocation,
                lineLocation: SourceLocation? = nil) {
        self.name = name
        self.chip = chip
        self.line = line
        self.activeLow = activeLow
        self.bias = bias
        self.debounce = debounce
        self.deviceClass = deviceClass
        self.location = location
        self.lineLocation = lineLocation ?? location
    }
}

/// `inputs: NAME: { command: true, initial: off, persist: true }`: an input with no
/// line, set over MQTT (`<prefix>/<node>/NAME/set`), by Home Assistant or with
/// `gpioagg set NAME on|off|toggle`. `command: press` makes it momentary: pressed, never
/// set (`gpioagg set NAME press`, `PRESS` on its `/set`, Home Assistant's button).
public struct CommandInputDeclaration: Hashable, Sendable {
    public var name: String
    /// `command: press`: each press activates it once, on and off in one instant, as a
    /// click does; only what reacts to activations may read it. Never a number.
    public var momentary = false
    /// Its value at start, when none was kept.
    public var initial: Bool
    /// The value survives a restart.
    public var persist: Bool
    public var deviceClass: String?
    /// `type: number`: its range, unit and filters (`initial` is then unused); nil for
    /// a level (`type: level`, the default).
    /// `name:`: the name people read (Home Assistant's entity name); nil shows the
    /// identifier made readable (`HomeAssistantEntityName`). Not an identifier: topics,
    /// references and entity ids keep `name`.
    public var displayName: String? = nil
    public var number: NumberCommandDeclaration?
    public var location: SourceLocation

    public init(name: String, initial: Bool = false, persist: Bool = false, deviceClass: String? = nil,
                number: NumberCommandDeclaration? = nil, location: SourceLocation) {
        self.name = name
        self.initial = initial
        self.persist = persist
        self.deviceClass = deviceClass
        self.number = number
        self.location = location
    }
}

/// `inputs: NAME: { topic: gpioagg/shed/door_open, fallback: off }`: an input that
/// follows the retained value another publisher keeps on an MQTT topic (another
/// gpioagg node's value, a sensor's), and takes `fallback` while that is not known.
public struct RemoteInputDeclaration: Hashable, Sendable {
    public var name: String
    public var topic: String
    public var fallback: Bool
    /// The payloads that mean on and off besides the level words (`LevelWord`: `ON`/`OFF`,
    /// `true`/`false`, `1`/`0`, any case): checked first, exactly as written.
    public var payloadOn: String?
    public var payloadOff: String?
    public var deviceClass: String?
    /// `hold:`: how long the last value is kept through a loss of the broker or of the
    /// publisher's `online`, before the fallback (zero: the fallback at once).
    public var hold: Duration
    /// `type: number`: the payload is a decimal number, the fallback a number or
    /// unavailable (`fallback`, `payloadOn` and `payloadOff` are then unused); nil for a
    /// level.
    /// `name:`: the name people read (Home Assistant's entity name); nil shows the
    /// identifier made readable (`HomeAssistantEntityName`). Not an identifier: topics,
    /// references and entity ids keep `name`.
    public var displayName: String? = nil
    public var number: NumberRemoteDeclaration?
    public var location: SourceLocation
    public var topicLocation: SourceLocation

    /// The hold when `hold:` is not given: long enough for a broker or a board to
    /// restart, short enough that a board that is gone is noticed.
    public static let defaultHold = Duration.seconds(30)

    public init(name: String, topic: String, fallback: Bool = false, payloadOn: String? = nil,
                payloadOff: String? = nil, deviceClass: String? = nil, hold: Duration = defaultHold,
                number: NumberRemoteDeclaration? = nil, location: SourceLocation, topicLocation: SourceLocation? = nil) {
        self.name = name
        self.topic = topic
        self.fallback = fallback
        self.payloadOn = payloadOn
        self.payloadOff = payloadOff
        self.deviceClass = deviceClass
        self.hold = hold
        self.number = number
        self.location = location
        self.topicLocation = topicLocation ?? location
    }
}

/// `mqtt:`: the broker, and how this node appears there.
public struct MQTTDeclaration: Hashable, Sendable {
    /// `mqtt://host[:port]` (1883) or `mqtts://host[:port]` (8883, TLS).
    public var broker: BrokerURL
    /// The node's name in topics and client id: `[A-Za-z0-9_-]`, the host name by default.
    public var node: String
    /// The first level of every topic: `gpioagg` by default.
    public var prefix: String
    public var username: String?
    /// Where the password is; never inline.
    public var passwordFile: String?
    public var tls: TLSFiles?
    /// Home Assistant's discovery prefix (`homeassistant`); nil: no discovery.
    public var discovery: String?
    /// The largest message (topic and payload) the client takes; larger ones are refused
    /// unread (`max_message_size`, 64 KiB by default).
    public var maximumMessageSize = MessageSize.default
    public var location: SourceLocation

    public init(broker: BrokerURL, node: String, prefix: String = "gpioagg", username: String? = nil,
                passwordFile: String? = nil, tls: TLSFiles? = nil, discovery: String? = "homeassistant",
                location: SourceLocation) {
        self.broker = broker
        self.node = node
        self.prefix = prefix
        self.username = username
        self.passwordFile = passwordFile
        self.tls = tls
        self.discovery = discovery
        self.location = location
    }

    /// This node's topics: `<prefix>/<node>/<name>`, its `/set`, `<prefix>/<node>/status`.
    public var topics: TopicLayout { TopicLayout(prefix: prefix, node: node) }
}

/// How a signal derives its value. Operands are names of inputs or signals.
public enum SignalExpression: Hashable, Sendable {
    /// True while every operand is true (combineLatest over the operands).
    case all([String])
    /// True while at least one operand is true.
    case any([String])
    /// True while no operand is true.
    case none([String])
    /// The operand inverted.
    case not(String)
    /// True while at least `count` operands are true (1 ≤ count ≤ operands.count).
    case atLeast(count: Int, of: [String])
    /// Starts false; flips each time the operand becomes true (a rising edge, or an
    /// activation of a momentary signal). While `reset` is on, it is off and ignores
    /// the operand.
    case toggle(String, reset: String? = nil)
    /// A set-reset latch on levels (IEC 61131-3's RS and SR): on while `set` is on (or
    /// activates) and `reset` is off, off while `reset` is on (or activates), as it was
    /// while both are off. When both are on, `dominant` decides: `.reset` (the default,
    /// RS) off, `.set` (SR) on.
    case latch(set: String, reset: String, dominant: LatchDominance = .reset)
    /// Momentary: activates once each time the operand completes the gesture (`count`
    /// presses, each between `minPress` and `maxPress` long, released at most `gap`
    /// apart, and no further press within `gap` after the last), timed by the events'
    /// timestamps.
    case click(String, ClickGesture)
    /// True once every operand has turned on within `within` of the first one, then
    /// while all stay on; after it turns off, every operand must be off before it can
    /// turn on again.
    case allWithin([String], within: Duration)
    /// Takes `value`'s current value each time `on` becomes true (withLatestFrom);
    /// starts false.
    case sample(value: String, on: String)
    /// Rounds: true once each operand has become true at least once since the last
    /// round completed; back to false when the next round starts. Starts false.
    case zip([String])
    /// A number: the mean, least, greatest or sum of numeric operands.
    case aggregate(NumberAggregate, [String])
    /// A number: the first operand minus the second; unavailable when either is.
    case difference(String, String)
    /// A level from a numeric operand crossing a bound (`ThresholdDeclaration`).
    case threshold(String, ThresholdDeclaration)
    /// A number: the total of the operand's activations, each worth the counter's
    /// `multiply`; starts at 0, and goes down only when set.
    case count(String, CounterDeclaration)
    /// A number: how fast the numeric operand grows per `RateDeclaration.per`.
    case rate(String, RateDeclaration)
    /// A number: the numeric operand mapped along a line and clamped at both ends
    /// (`ScaleDeclaration`); unavailable while the operand is.
    case scale(String, ScaleDeclaration)

    /// The names this expression reads, in the order written.
    public var operands: [String] {
        switch self {
        case .all(let names), .any(let names), .none(let names), .zip(let names), .allWithin(let names, _):
            return names
        case .atLeast(_, let names): return names
        case .not(let name), .click(let name, _), .count(let name, _), .rate(let name, _),
             .scale(let name, _): return [name]
        case .toggle(let name, let reset): return [name] + (reset.map { [$0] } ?? [])
        case .latch(let set, let reset, _): return [set, reset]
        case .sample(let value, let on): return [value, on]
        case .aggregate(_, let names): return names
        case .difference(let minuend, let subtrahend): return [minuend, subtrahend]
        case .threshold(let name, let threshold):
            if case .node(let bound) = threshold.bound { return [name, bound] }
            return [name]
        }
    }

    /// Whether the signal's value is a number (`mean`, `min`, `max`, `sum`,
    /// `difference`, `count`, `rate`, `scale`) rather than a level.
    public var isNumeric: Bool {
        switch self {
        case .aggregate, .difference, .count, .rate, .scale: return true
        default: return false
        }
    }

    /// Whether every operand (as in `operands`) is a number: the numeric forms' and a
    /// threshold's (its operand and a bound that names a node). The other forms read
    /// levels only.
    public var readsNumbers: Bool {
        switch self {
        case .aggregate, .difference, .threshold, .rate, .scale: return true
        default: return false
        }
    }

    /// Whether the signal is momentary: on for an instant at each activation, never
    /// held. Only what reacts to activations may read it.
    public var isMomentary: Bool {
        if case .click = self { return true }
        return false
    }

    /// For each operand (as in `operands`), whether that place reacts to activations
    /// (rising edges) and so may read a momentary signal: `toggle`'s operand and its
    /// `reset`, `latch`'s `set` and `reset`, `sample`'s `on`, `zip`'s operands, what a
    /// `count` counts.
    public var operandsTakeActivations: [Bool] {
        switch self {
        case .toggle(_, let reset): return [true] + (reset == nil ? [] : [true])
        case .latch: return [true, true]
        case .sample: return [false, true]
        case .zip(let names): return Array(repeating: true, count: names.count)
        case .count: return [true]
        default: return Array(repeating: false, count: operands.count)
        }
    }
}

/// The gesture a `click` signal waits for: the config's `count`, `min`, `max` and
/// `gap`.
public struct ClickGesture: Hashable, Sendable {
    /// Presses in the gesture: 1 a click, 2 a double click.
    public var count: Int
    /// The shortest press that counts.
    public var minPress: Duration
    /// The longest press that counts.
    public var maxPress: Duration
    /// The longest release between presses, and how long after the last release the
    /// gesture waits before deciding that no further press follows.
    public var gap: Duration

    public static let defaultMinPress = Duration.milliseconds(50)
    public static let defaultMaxPress = Duration.milliseconds(350)
    public static let defaultGap = Duration.milliseconds(300)

    public init(count: Int = 1, minPress: Duration = Self.defaultMinPress, maxPress: Duration = Self.defaultMaxPress,
                gap: Duration = Self.defaultGap) {
        self.count = count
        self.minPress = minPress
        self.maxPress = maxPress
        self.gap = gap
    }
}

/// `signals: NAME: { all: [...] }` and the other forms.
public struct SignalDeclaration: Hashable, Sendable {
    public var name: String
    public var expression: SignalExpression
    /// On only once the expression has been true this long (`on_delay`).
    public var onDelay: Duration?
    /// Off only once the expression has been false this long (`off_delay`).
    public var offDelay: Duration?
    /// The value survives a restart (`persist: true`; `toggle`, `latch`, and `count`, whose
    /// total is kept).
    public var persist: Bool
    /// Home Assistant's `device_class`, passed through to discovery.
    public var deviceClass: String?
    /// A numeric signal's unit (its operands'), precision, filters and state class; nil
    /// for a level.
    /// `name:`: the name people read (Home Assistant's entity name); nil shows the
    /// identifier made readable (`HomeAssistantEntityName`). Not an identifier: topics,
    /// references and entity ids keep `name`.
    public var displayName: String? = nil
    public var number: NumberDeclaration?
    public var location: SourceLocation

    public init(name: String, expression: SignalExpression, onDelay: Duration? = nil, offDelay: Duration? = nil,
                persist: Bool = false, deviceClass: String? = nil, number: NumberDeclaration? = nil,
                location: SourceLocation) {
        self.name = name
        self.expression = expression
        self.onDelay = onDelay
        self.offDelay = offDelay
        self.persist = persist
        self.deviceClass = deviceClass
        self.number = number
        self.location = location
    }
}

/// `outputs: NAME: { chip, line, follows, initial, safe, active, drive, command }`.
public struct OutputDeclaration: Hashable, Sendable {
    public var name: String
    public var chip: String
    public var line: LineLocator
    /// The name of a signal or an input; nil for a command output that only commands set
    /// and for an output a cover drives (`covers:`).
    public var follows: String?
    /// `command: true`: commands set it too (`gpioagg set NAME on|off|toggle`, its MQTT
    /// `/set`, Home Assistant's switch). With `follows`, a command holds until what it
    /// follows next changes; without, only commands set it.
    public var command = false
    /// Logical value written when the line is requested, before any input is read.
    public var initial: Bool
    /// Logical value written on stop, on reload when the output goes away, and when
    /// anything fails.
    public var safe: Bool
    public var activeLow: Bool
    public var drive: Drive
    /// `initial: restore`: the value the output had when gpioagg last ran, kept across
    /// restarts and crashes; `initial` is used when none was kept.
    public var restore: Bool
    /// `pulse`: each activation of what it follows turns it on for this long (a new
    /// activation during the pulse starts it again).
    public var pulse: Duration?
    /// `max_on`: it turns off after this long on, and stays off until what it follows
    /// has been off.
    public var maxOn: Duration?
    /// Home Assistant's `device_class` for the output's entity, passed through to discovery.
    public var deviceClass: String?
    /// `name:`: the name people read (Home Assistant's entity name); nil shows the
    /// identifier made readable (`HomeAssistantEntityName`). Not an identifier: topics,
    /// references and entity ids keep `name`.
    public var displayName: String? = nil
    /// Where the output's name is written.
    public var location: SourceLocation
    /// Where its `line:` value is written (`location` when there is none to point at).
    public var lineLocation: SourceLocation

    public init(name: String, chip: String, line: LineLocator, follows: String?,
                initial: Bool = false, safe: Bool = false, activeLow: Bool = false,
                drive: Drive = .pushPull, restore: Bool = false, pulse: Duration? = nil, maxOn: Duration? = nil,
                deviceClass: String? = nil, location: SourceLocation, lineLocation: SourceLocation? = nil) {
        self.name = name
        self.chip = chip
        self.line = line
        self.follows = follows
        self.initial = initial
        self.safe = safe
        self.activeLow = activeLow
        self.drive = drive
        self.restore = restore
        self.pulse = pulse
        self.maxOn = maxOn
        self.deviceClass = deviceClass
        self.location = location
        self.lineLocation = lineLocation ?? location
    }
}

/// `interlocks: NAME: { outputs: [a, b], wait: 500ms }`: at most one of the outputs
/// is on. One asked to turn on while another is on turns that one off first and itself
/// on after `wait`; two asked at the same instant both stay off.
public struct InterlockDeclaration: Hashable, Sendable {
    public var name: String
    public var outputs: [String]
    public var wait: Duration
    public var location: SourceLocation

    public init(name: String, outputs: [String], wait: Duration = .zero, location: SourceLocation) {
        self.name = name
        self.outputs = outputs
        self.wait = wait
        self.location = location
    }
}

/// Which input of a `latch` wins while both are on (`dominant:`).
public enum LatchDominance: String, Sendable, Equatable, CaseIterable {
    /// Off while `reset` is on, whatever `set` (IEC 61131-3's RS): the default.
    case reset
    /// On while `set` is on, whatever `reset` (IEC 61131-3's SR).
    case set
}
