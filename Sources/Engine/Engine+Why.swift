import Config
import Covers
import Values

extension Engine {
    /// Why `name` (an input, signal, output or cover) has its value: one line for it, with
    /// what it is, how long it has had its value and what is pending (a delay, a
    /// gesture, a pulse, an on-time limit, an interlock's wait), then the same for what
    /// it reads, indented, down to the inputs (at most `depth` levels, each name once).
    /// Nil when nothing has that name.
    ///
    /// ```
    /// light_relay on: output on main GPIO8, follows light_on; on for 48s
    ///   light_on on: signal any: [motion], off_delay: 2m; on for 3m0s; off in 1m12s unless motion turns on
    ///     motion off: input on main GPIO17; off for 48s
    /// ```
    ///
    /// `remark` adds what the engine cannot know to a remote input's line: what keeps it
    /// at its fallback, or holds its last value (the MQTT bridge knows).
    ///
    /// The answer is bounded wherever it starts, however wide the graph: a node shows at
    /// most `whyOperandLimit` of its operands and counts the rest (`any: [a, b, and 19998
    /// more]`), and the answer stops at `whyLineLimit` lines. It runs on the loop, so its
    /// cost must not grow with the operand count: each name is found in one lookup.
    public func explain(_ name: String, depth: Int = 4, remark: (String) -> String? = { _ in nil }) -> [String]? {
        loop.preconditionInEventLoop()
        guard state == .running else { return nil }
        let now = loop.now
        var lines: [String] = []
        var seen = Set<String>()
        var stopped = false
        let nodes = nodesByName()
        func since(_ changedAt: UInt64?, _ value: Bool) -> String {
            guard let changedAt else { return "\(LevelWord.word(for: value)) since start" }
            return "\(LevelWord.word(for: value)) for \(ReadableDuration.format(nanoseconds: now &- changedAt))"
        }
        func left(_ nanoseconds: UInt64) -> String { ReadableDuration.format(nanoseconds: nanoseconds) }
        func visitOperands(_ operands: [String], level: Int) {
            for operand in operands.prefix(Self.whyOperandLimit) { visit(operand, level: level) }
            guard operands.count > Self.whyOperandLimit, lines.count < Self.whyLineLimit else { return }
            lines.append(String(repeating: "  ", count: level) + "and \(operands.count - Self.whyOperandLimit) more "
                + "operands (gpioagg why NAME explains one)")
        }
        func visit(_ name: String, level: Int) {
            guard lines.count < Self.whyLineLimit else {
                stopped = true
                return
            }
            let indent = String(repeating: "  ", count: level)
            guard seen.insert(name).inserted else {
                lines.append(indent + "\(name): (above)")
                return
            }
            let found = nodes[name]
            if case .cover(let cover)? = found {
                lines.append(indent + coverLine(cover, at: now))
                if level < depth {
                    for end in [cover.declaration.closed, cover.declaration.open].compactMap({ $0 }) {
                        visit(end, level: level + 1)
                    }
                }
            } else if case .output(let output)? = found {
                let follows = output.declaration.follows
                let driver = covers.first { $0.declaration.outputs.contains(name) }
                let source = follows.map { ", follows \($0)" } ?? driver.map { ", driven by cover \($0.name)" } ?? ""
                var text = "\(name) \(LevelWord.word(for: output.written)): output on \(output.declaration.chip) "
                    + "\(ConfigText.line(output.declaration.line))" + source
                    + (output.declaration.command ? ", command: true" : "")
                    + (output.declaration.override ? ", override: true" : "") + "; "
                    + since(output.changedAt, output.written)
                if let command = output.command, command.isHolding {
                    text += follows.map { "; set by a command until \($0) changes" } ?? "; set by a command"
                }
                if let override = output.override {
                    let since = override.chosenAt.map { " since \(ReadableDuration.format(nanoseconds: now &- $0)) ago" } ?? ""
                    text += override.mode.forcedLevel.map { "; forced \(LevelWord.word(for: $0)) by its override\(since)" }
                        ?? "; its override is auto\(since): it follows \(follows ?? "")"
                }
                if let remaining = output.pulse?.remaining(at: now) { text += "; pulse ends in \(left(remaining))" }
                if let maxOn = output.maxOn {
                    if let remaining = maxOn.remaining(at: now) {
                        text += "; max_on turns it off in \(left(remaining))"
                    } else if maxOn.isLockedOut {
                        text += "; held off by max_on until "
                            + (follows.map { "\($0) goes off" } ?? driver.map { _ in "its cover lets go" } ?? "a command goes off")
                    }
                }
                if let hold = output.interlock?.hold(on: output) { text += "; \(hold)" }
                lines.append(indent + text)
                if level < depth, let followed = follows ?? driver?.name {
                    visit(followed, level: level + 1)
                }
            } else if case .pwmOutput(let output)? = found {
                lines.append(indent + pwmLine(output, at: now))
                if level < depth, let followed = output.declaration.follows {
                    visit(followed, level: level + 1)
                }
            } else if case .signal(let signal)? = found {
                let declaration = signal.declaration
                var text = "\(name) \(LevelWord.word(for: signal.value)): signal "
                    + ConfigText.signal(declaration, operandLimit: Self.whyOperandLimit)
                if declaration.expression.isMomentary {
                    text += signal.changedAt.map { "; last activated \(left(now &- $0)) ago" }
                        ?? "; not activated since start"
                    if let detector = signal.detector { text += "; \(detector.state)" }
                } else {
                    text += "; " + since(signal.changedAt, signal.value)
                }
                if let threshold = signal.threshold { text += "; " + threshold.state }
                if let time = signal.time?.state, !time.isEmpty { text += "; " + time }
                if let pending = signal.delay?.remaining(at: now) {
                    let delay = pending.value ? "on_delay" : "off_delay"
                    text += "; \(delay): \(LevelWord.word(for: pending.value)) in \(left(pending.nanoseconds))"
                }
                lines.append(indent + text)
                if level < depth { visitOperands(declaration.expression.operands, level: level + 1) }
            } else if case .number(let node)? = found {
                let shown = node.nodeValue.text(precision: node.precision)
                let held = node.changedAt.map { "for \(left(now &- $0))" } ?? "since start"
                var text = "\(name) \(shown): "
                switch node.id.kind {
                case .signal, .output, .cover:
                    let declaration = configuration.signals.first { $0.name == name }
                    text += "signal " + (declaration.map { ConfigText.signal($0, operandLimit: Self.whyOperandLimit) } ?? "")
                case .input:
                    if let remote = configuration.remoteInputs.first(where: { $0.name == name }) {
                        text += "remote input on \(remote.topic)"
                    } else if let sensor = configuration.sensorInputs.first(where: { $0.name == name }) {
                        text += "sensor input, \(sensor.sensor) every \(ReadableDuration.format(sensor.interval))"
                    } else {
                        text += "command input"
                    }
                }
                text += "; \(held)"
                if node.value == nil, let overflow = node.overflow { text += "; \(overflow)" }
                if let counter = counters[name] {
                    text += "; \(counter.pulses) pulse\(counter.pulses == 1 ? "" : "s") counted since start"
                    if counter.lost.losses > 0 { text += "; " + counter.lost.whyText(added: true) }
                    if let refusal = counter.refusalText { text += "; " + refusal }
                    if let period = counter.period { text += "; " + period.state }
                }
                if let rate = rates[name] {
                    if let interval = rate.lastInterval {
                        text += "; \(left(interval)) between the last two pulses"
                    }
                    if let (count, window) = rate.pulsesInWindow {
                        text += "; \(count) pulse\(count == 1 ? "" : "s") in the last \(left(window))"
                    }
                    if let remaining = rate.remaining(at: now) {
                        text += "; lower in \(left(remaining)) unless a pulse comes"
                    }
                }
                if let scale = scales[name] { text += "; " + scale.state }
                if node.raw != node.value {
                    text += "; read \(NodeValue(reading: node.raw, unit: node.unit).text(precision: node.precision)) "
                        + "before its filters"
                }
                if let remaining = node.filterDeadlineRemaining(at: now) {
                    text += "; its filters act again in \(left(remaining))"
                }
                lines.append(indent + text + (node.id.kind == .input ? remark(name).map { "; " + $0 } ?? "" : ""))
                if level < depth, node.id.kind == .signal,
                   let declaration = configuration.signals.first(where: { $0.name == name }) {
                    visitOperands(declaration.expression.operands, level: level + 1)
                }
            } else if case .virtualInput(let input)? = found, input.kind == .press {
                let pressed = input.changedAt.map { "last pressed \(left(now &- $0)) ago" } ?? "not pressed since start"
                lines.append(indent + "\(name) off: pressed input (command: press); " + pressed
                    + (remark(name).map { "; " + $0 } ?? ""))
            } else if case .virtualInput(let input)? = found {
                let what: String
                switch input.kind {
                case .command, .press: what = "command input"
                case .remote(let topic): what = "remote input on \(topic)"
                }
                lines.append(indent + "\(name) \(LevelWord.word(for: input.value)): \(what); " + since(input.changedAt, input.value)
                    + (remark(name).map { "; " + $0 } ?? ""))
            } else if case .input(let input)? = found {
                lines.append(indent + "\(name) \(LevelWord.word(for: input.value)): input on \(input.declaration.chip) "
                    + "\(ConfigText.line(input.declaration.line)); " + since(input.changedAt, input.value)
                    + (input.lost.losses > 0 ? "; " + input.lost.whyText(added: false) : ""))
            } else {
                lines.append(indent + "\(name): not running")
            }
        }
        guard nodes[name] != nil else { return nil }
        visit(name, level: 0)
        if stopped {
            lines.append("why stops at \(Self.whyLineLimit) lines: gpioagg why NAME goes on from a name above")
        }
        return lines
    }

    /// How many operands of one node `why` describes; the line counts the rest.
    public static let whyOperandLimit = 8
    /// How many lines `why` answers at most (and one more saying it stopped).
    public static let whyLineLimit = 48

    /// Every node by name, made once: the graph does not change while the engine runs.
    private func nodesByName() -> [String: ExplainedNode] {
        if let explainedNodes { return explainedNodes }
        var nodes: [String: ExplainedNode] = [:]
        // From the last `why` looks at to the first, so that the first holding a name wins.
        for input in inputs { nodes[input.name] = .input(input) }
        for input in virtualInputs { nodes[input.name] = .virtualInput(input) }
        for node in numbers { nodes[node.name] = .number(node) }
        for signal in signals { nodes[signal.name] = .signal(signal) }
        for output in pwmOutputs { nodes[output.name] = .pwmOutput(output) }
        for output in outputs { nodes[output.name] = .output(output) }
        for cover in covers { nodes[cover.name] = .cover(cover) }
        explainedNodes = nodes
        return nodes
    }
}

extension Engine {
    /// `garage_door opening: cover on relay door_relay, closed: door_closed, travel 15s;
    /// opening for 3s; open in 12s`, or for blinds `blinds opening 42 %: cover on motors
    /// blinds_up and blinds_down, travel 20s; driving up towards 100 % for 2s; there in 11.6s`.
    func coverLine(_ cover: CoverNode, at now: UInt64) -> String {
        let declaration = cover.declaration
        let value = cover.value(at: now)
        var text = "\(cover.name) \(value.text(precision: 0)): cover on "
        switch declaration.drive {
        case .relay(let relay): text += "relay \(relay)"
        case .motors(let up, let down, _): text += "motors \(up) and \(down)"
        }
        text += declaration.closed.map { ", closed: \($0)" } ?? ""
        text += declaration.open.map { ", open: \($0)" } ?? ""
        text += ", travel \(ConfigText.duration(declaration.travel))"
        let held = cover.changedAt.map { "for \(ReadableDuration.format(nanoseconds: now &- $0))" } ?? "since start"
        let state = value.coverState ?? .stopped
        switch cover.machine {
        case .relay(let door):
            text += "; \(state.rawValue) \(held)"
            if let remaining = cover.remaining(at: now) {
                let end = state == .opening ? "open" : "closed"
                text += declaration.open == nil && state == .opening
                    ? "; open in \(ReadableDuration.format(nanoseconds: remaining))"
                    : "; stopped (a fault) unless \(end) within \(ReadableDuration.format(nanoseconds: remaining))"
            }
            if state == .stopped {
                switch door.lastDirection {
                case .up: text += "; stopped while opening: the next pulse closes it"
                case .down: text += "; stopped while closing: the next pulse opens it"
                case .neither: text += "; the opener's next direction is not known"
                }
            }
        case .motors(let motors):
            switch motors.direction {
            case .neither:
                if let target = motors.target {
                    text += "; waiting for the interlock to drive \(state == .opening ? "up" : "down") towards "
                        + "\(CoverCommand.position(target).text) %"
                } else {
                    text += "; motors released \(held)"
                }
            case let direction:
                text += "; driving \(direction.rawValue) towards \(CoverCommand.position(motors.target ?? 0).text) % \(held)"
            }
            if let remaining = cover.remaining(at: now) {
                text += "; \(motors.direction == .neither ? "starts" : "stops") in \(ReadableDuration.format(nanoseconds: remaining))"
            }
            if motors.position(at: now) == nil { text += "; position not known until it reaches an end" }
        }
        if let fault = cover.lastFault { text += "; last fault: \(fault)" }
        return text
    }
}

extension Engine {
    /// `fan 65.0 %: PWM output on pwm channel 2, pwmchip2 [1f00098000.pwm] (4 channels), period 40000 ns,
    /// follows fan_speed (65.0 %); 65.0 % for 3s; ramp from 30.0 % to 65.0 %: 47.5 % now, there in 1s`.
    func pwmLine(_ output: PWMOutput, at now: UInt64) -> String {
        let declaration = output.declaration
        func percent(_ value: Double) -> String {
            DecimalText.format(value, places: PWMOutputDeclaration.precision) + " %"
        }
        var text = "\(output.name) \(percent(output.target)): PWM output on \(declaration.chip) channel "
            + "\(declaration.channel), \(output.channel.controllerDescription), period \(declaration.period) ns"
            + (declaration.activeLow ? ", active: low" : "")
        if let follows = declaration.follows {
            text += ", follows \(follows) (" + (output.followed.map(percent) ?? "unavailable: safe") + ")"
        }
        if declaration.command { text += ", command: true" }
        text += "; " + (output.changedAt.map { "\(percent(output.target)) for \(ReadableDuration.format(nanoseconds: now &- $0))" }
            ?? "\(percent(output.target)) since start")
        if output.isHolding {
            text += declaration.follows.map { "; set by a command until \($0) changes" } ?? "; set by a command"
        }
        if let ramp = output.ramp, let remaining = output.rampRemaining(at: now) {
            text += "; ramp from \(percent(ramp.from)) to \(percent(ramp.to)): "
                + (output.duty.map { percent($0) + " now" } ?? "") + ", there in \(ReadableDuration.format(nanoseconds: remaining))"
        }
        if !output.isReady {
            text += "; waiting for channel \(declaration.channel) of \(output.channel.controllerDescription) to be usable"
        }
        return text
    }
}
