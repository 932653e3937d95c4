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
    /// `clock:`: the zone and place of times of day, and when the system clock is trusted
    /// (the system's zone, no place, when absent).
    public var clock = ClockDeclaration(zoneOrigin: .unread)
    /// `web:`: the web server's address, token and controls; nil when absent (no server).
    public var web: WebDeclaration?
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
