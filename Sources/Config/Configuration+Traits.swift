import Values

extension Configuration {
    /// Every node's traits (`NodeTraitsTable`), worked out here from the declarations, the
    /// one place that says what each kind of declaration is. It walks the whole
    /// configuration: build it once and keep it.
    public var traits: NodeTraitsTable {
        var all: [NodeTraits] = []
        all += inputs.map {
            NodeTraits(.input($0.name), form: .level, displayName: $0.displayName, deviceClass: $0.deviceClass,
                       isInternal: $0.isInternal, typeName: "line input", declared: $0.location.sourceLine)
        }
        all += commandInputs.map { input in
            let (form, setting): (NodeForm, NodeSetting) = if let number = input.number {
                (.number(NumberForm(number.number, minimum: number.minimum, maximum: number.maximum, step: number.step,
                                    mode: number.mode)), .number)
            } else if input.momentary {
                (.momentary(presses: 1), .press)
            } else {
                (.level, .command)
            }
            return NodeTraits(.input(input.name), form: form, setting: setting, displayName: input.displayName,
                              deviceClass: input.deviceClass, isInternal: input.isInternal, typeName: "command input",
                              declared: input.location.sourceLine)
        }
        all += remoteInputs.map {
            NodeTraits(.input($0.name), form: $0.number.map { .number(NumberForm($0.number)) } ?? .level,
                       topic: $0.topic, displayName: $0.displayName, deviceClass: $0.deviceClass, isInternal: $0.isInternal,
                       typeName: "remote input", declared: $0.location.sourceLine)
        }
        all += sensorInputs.map {
            NodeTraits(.input($0.name), form: .number(NumberForm($0.number)), displayName: $0.displayName,
                       deviceClass: $0.deviceClass, isInternal: $0.isInternal, typeName: "sensor input",
                       declared: $0.location.sourceLine)
        }
        all += signals.map { signal in
            let form: NodeForm = if case .click(_, let gesture) = signal.expression {
                .momentary(presses: gesture.count)
            } else if signal.expression.isMomentary {
                .momentary(presses: 1)   // an at: activates once, as a press does
            } else if let number = signal.number {
                .number(NumberForm(number))
            } else {
                .level
            }
            var setting = NodeSetting.none
            var period: String?
            if case .count(_, let counter) = signal.expression {
                setting = .total(reset: counter.reset)
                period = counter.period?.rawValue
            }
            return NodeTraits(.signal(signal.name), form: form, setting: setting, displayName: signal.displayName,
                              deviceClass: signal.deviceClass, period: period, isInternal: signal.isInternal,
                              typeName: signal.expression.formKey, operands: signal.expression.operands,
                              declared: signal.location.sourceLine)
        }
        all += outputs.map {
            NodeTraits(.output($0.name), form: .level, setting: $0.command ? .command : $0.override ? .override : .none,
                       displayName: $0.displayName, deviceClass: $0.deviceClass, isInternal: $0.isInternal,
                       typeName: "line output", operands: $0.follows.map { [$0] } ?? [], declared: $0.location.sourceLine)
        }
        all += pwmOutputs.map {
            NodeTraits(.output($0.name), form: .duty, setting: $0.command ? .duty($0.entity) : .none,
                       displayName: $0.displayName, isInternal: $0.isInternal, typeName: "pwm output",
                       operands: $0.follows.map { [$0] } ?? [], declared: $0.location.sourceLine)
        }
        all += covers.map {
            NodeTraits(.cover($0.name), form: .cover(positioned: $0.hasPosition), setting: .cover,
                       displayName: $0.displayName, deviceClass: $0.deviceClass, isInternal: $0.isInternal,
                       typeName: $0.hasPosition ? "blinds" : "garage door",
                       operands: $0.outputs + [$0.closed, $0.open].compactMap { $0 }, declared: $0.location.sourceLine)
        }
        return NodeTraitsTable(all)
    }
}

extension SourceLocation {
    /// The file and line, as a node's traits say where it is declared.
    var sourceLine: SourceLine { SourceLine(file: file, line: line) }
}

extension NumberForm {
    /// A numeric input's or signal's number: its unit, precision and state class, and a
    /// range, step and mode when it is set by hand.
    init(_ declaration: NumberDeclaration, minimum: Double? = nil, maximum: Double? = nil, step: Double? = nil,
         mode: NumberMode? = nil) {
        self.init(unit: declaration.unit, precision: declaration.precision, minimum: minimum, maximum: maximum,
                  step: step, mode: mode, stateClass: declaration.stateClass)
    }
}
