import Clock
import GPIO
import Values

/// Reads a composed config file into a `Configuration`, collecting every error rather
/// than stopping at the first.
///
/// Sections are read first, each entry on its own (so one bad entry does not hide the
/// next); then names are checked across sections: clashes, references, cycles, lines
/// claimed twice. Errors are returned in source order.
struct ConfigValidator {
    /// A name used somewhere, and where it was written.
    struct Reference {
        var name: String
        var location: SourceLocation
    }

    /// An input, signal or output name as declared, whether or not the rest of its entry
    /// was valid: references to it must not become "unknown name" errors too.
    struct DeclaredName {
        var name: String
        var kind: NodeKind
        var location: SourceLocation
    }

    struct ReadInput {
        var declaration: InputDeclaration
        var chip: Reference
        var lineLocation: SourceLocation
    }

    struct ReadSignal {
        var declaration: SignalDeclaration
        var operands: [Reference]
        /// `unit:` on a numeric signal, which must be its operands' unit.
        var declaredUnit: Reference?
    }

    /// Whether a name's value is a level or a number, as declared (`type:`, the form).
    enum ValueKind {
        case level, number
    }

    struct ReadOutput {
        var declaration: OutputDeclaration
        var chip: Reference
        var lineLocation: SourceLocation
        /// Nil for a command output without `follows:` and for an output a cover drives.
        var follows: Reference?
    }

    /// A PWM output as written, with where its chip and what it follows are written.
    struct ReadPWMOutput {
        var declaration: PWMOutputDeclaration
        var chip: Reference
        /// Nil for an output only commands set.
        var follows: Reference?
        /// Its `channel:` was read (`declaration.channel` is as written).
        var hasChannel: Bool
    }

    static let topLevelKeys = ["chips", "inputs", "signals", "outputs", "interlocks", "covers", "mqtt", "clock", "web"]

    let file: String
    var errors: [ConfigError] = []
    var chips: [ChipDeclaration] = []
    var pwmChips: [PWMChipDeclaration] = []
    /// Every chip name declared with `pwm:`, valid or not.
    var declaredPWMChips: Set<String> = []
    /// Every chip name declared, valid or not.
    var declaredChips: [String] = []
    var declaredNames: [DeclaredName] = []
    var inputs: [ReadInput] = []
    var signals: [ReadSignal] = []
    var outputs: [ReadOutput] = []
    var pwmOutputs: [ReadPWMOutput] = []
    var interlocks: [ReadInterlock] = []
    var covers: [ReadCover] = []
    var commandInputs: [CommandInputDeclaration] = []
    var remoteInputs: [RemoteInputDeclaration] = []
    var sensorInputs: [SensorInputDeclaration] = []
    var mqtt: MQTTDeclaration?
    /// No `mqtt:` section at all (an invalid one is not missing).
    var mqttSectionMissing = true
    /// `web:`, when present and valid.
    var web: WebDeclaration?
    /// `clock:`, or the defaults (the system's zone once a time of day needs it).
    var clock = ClockDeclaration(zoneOrigin: .unread)
    var systemZoneLoaded = false
    /// Where zones are read from, and the system's zone file (tests give their own).
    var zoneRoot = TimeZoneRules.defaultZoneRoot
    var localtime = TimeZoneRules.defaultLocaltime
    /// Each input's and signal's kind of value, whether or not the rest of its entry was
    /// valid; the first declaration of a name decides.
    var valueKinds: [String: ValueKind] = [:]
    /// The unit of each valid numeric input.
    var inputUnits: [String: MeasurementUnit] = [:]
    /// An input or output with a line was declared: the file needs `chips:`.
    var declaresLines = false

    init(file: String) {
        self.file = file
    }

    /// The configuration, or every error found (in source order). With a `board`, the
    /// chips and lines read are also found on its profile (`checkBoard`), and what it
    /// lacks is reported with the rest.
    static func validate(_ root: SourceNode, file: String, board: BoardProfile? = nil)
        -> Result<Configuration, ConfigErrors> {
        var validator = ConfigValidator(file: file)
        validator.readTopLevel(root)
        let orderedSignals = validator.checkNames()
        validator.checkRemoteInputsHaveBroker()
        validator.checkTopics()
        validator.checkResetButtonNames()
        validator.checkLineClaims()
        validator.checkPWMChannelClaims()
        let configuration = validator.configuration(signals: orderedSignals)
        if let board { validator.checkBoard(board, configuration) }
        guard validator.errors.isEmpty else {
            return .failure(ConfigErrors(sortedBySource(validator.errors)))
        }
        return .success(configuration)
    }

    /// What was read, every entry that was valid on its own: the configuration once
    /// there is no error.
    private func configuration(signals orderedSignals: [SignalDeclaration]) -> Configuration {
        var configuration = Configuration(
            chips: chips,
            inputs: inputs.map { read in
                var declaration = read.declaration
                declaration.lineLocation = read.lineLocation
                return declaration
            },
            signals: orderedSignals,
            outputs: outputs.map { read in
                var declaration = read.declaration
                declaration.lineLocation = read.lineLocation
                return declaration
            },
            interlocks: interlocks.map(\.declaration),
            commandInputs: commandInputs,
            remoteInputs: remoteInputs,
            sensorInputs: sensorInputs,
            mqtt: mqtt,
            covers: covers.map(\.declaration),
            file: file)
        configuration.clock = clock
        configuration.web = web
        configuration.pwmChips = pwmChips
        configuration.pwmOutputs = pwmOutputs.map(\.declaration)
        return configuration
    }

    /// By line, then column; errors at the same place keep the order they were found in.
    static func sortedBySource(_ errors: [ConfigError]) -> [ConfigError] {
        errors.enumerated().sorted {
            let left = ($0.element.location.line, $0.element.location.column, $0.offset)
            let right = ($1.element.location.line, $1.element.location.column, $1.offset)
            return left < right
        }.map(\.element)
    }

    private mutating func readTopLevel(_ root: SourceNode) {
        guard case .mapping(let entries) = root.content else {
            if !root.isReported {
                report(root.location,
                       "the top level must be a mapping with chips:, inputs:, signals: and outputs:, found \(root.kindDescription)",
                       hint: "start from the example in docs/CONFIG.md")
            }
            return
        }
        checkKeys(entries, allowed: Self.topLevelKeys, place: "at the top level")
        let sections = Dictionary(entries.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        // A misspelt section was reported as an unknown key with a suggestion; saying it
        // is missing too would be the same error twice.
        let misspelt = Set(entries.compactMap { entry in
            Self.topLevelKeys.contains(entry.key) ? nil : NearestNames.nearest(to: entry.key, among: Self.topLevelKeys).first
        })
        if let clock = sections["clock"] { readClock(clock) }
        if let chips = sections["chips"] { readChips(chips) }
        if let inputs = sections["inputs"] {
            readInputs(inputs)
        } else if !misspelt.contains("inputs") {
            report(root.location, "missing inputs:",
                   hint: "declare at least one input, e.g. inputs: { switch1: { chip: main, line: GPIO17 } }")
        }
        if let signals = sections["signals"] { readSignals(signals) }
        if let outputs = sections["outputs"] { readOutputs(outputs) }
        if let interlocks = sections["interlocks"] { readInterlocks(interlocks) }
        if let covers = sections["covers"] { readCovers(covers) }
        // Command and remote inputs and signals use no line: only a file with a line needs chips.
        if sections["chips"] == nil, declaresLines, !misspelt.contains("chips") {
            report(root.location, "missing chips:",
                   hint: "declare the GPIO chips the lines are on, e.g. chips: { main: { label: pinctrl-bcm2711 } }")
        }
        if let mqtt = sections["mqtt"] {
            mqttSectionMissing = false
            readMQTT(mqtt)
        }
        if let web = sections["web"] { readWeb(web) }
    }

    mutating func report(_ location: SourceLocation, _ message: String, hint: String = "") {
        errors.append(ConfigError(location: location, message: message, hint: hint))
    }
}
