import Config
import GPIO

extension Engine {
    /// The kernel's limit on the lines of one request.
    static let linesPerRequest = 64

    /// Opens the chips, requests the outputs (driven to `initial` at once) and then the
    /// inputs, builds the graph, watches the inputs' descriptors and writes what the
    /// graph settled on. Call on the loop's thread.
    ///
    /// On failure every output already requested is driven to its `safe` value, every
    /// line is released, and the error names the declaration concerned:
    ///
    /// ```
    /// gpioagg.yaml:12:3: error: input 'switch2': line 27 'GPIO27' on gpiochip0 [pinctrl-bcm2711] is busy: it is held by 'doorbell'
    /// hint: stop the other user of the line, or pick another line; ...
    /// ```
    ///
    /// Starting a running engine does nothing; an engine that stopped does not start
    /// again (make a new one).
    public func start() throws(EngineError) {
        loop.preconditionInEventLoop()
        try start(replacing: nil)
    }

    /// Starts in place of `previous` (running on the same loop and backend): what a
    /// reload does. Lines whose role did not change pass from one engine to the other
    /// without a glitch:
    ///
    /// - an output request whose lines all stay outputs with the same line settings
    ///   (chip, line, `active`, `drive`) is handed over as it is: never released, never
    ///   rewritten unless the new graph settles on another value;
    /// - an input request whose lines all stay inputs with the same settings (`active`,
    ///   `bias`, `debounce`) is handed over with its levels, its pending events and its
    ///   debounce state;
    /// - any other line `previous` holds is released by it (outputs that go away get
    ///   their `safe` value first; an output that stays, with the same settings, in a
    ///   request that changed keeps its level: it is requested again at once with it)
    ///   and requested anew.
    ///
    /// Everything that can be checked without touching a line is checked first (chips,
    /// line names, lines used twice, lines held by another program): on such an error
    /// `previous` keeps running, untouched. An error after that (a request refused in a
    /// race) leaves both engines stopped, every output at its safe value.
    public func start(replacing previous: Engine?) throws(EngineError) {
        loop.preconditionInEventLoop()
        switch state {
        case .running: return
        case .stopped: throw EngineError(.stopped)
        case .idle: break
        }
        let previous = previous?.state == .running ? previous : nil
        // Taken before `previous` stops, which cancels its timers.
        let carried = previous.map { CarriedState(from: $0, to: configuration) } ?? CarriedState()
        do {
            propagation.cause = .initial
            try resolvePWMOutputs(replacing: previous)
            try requestLines(replacing: previous, carriedCovers: Set(carried.covers.keys))
            propagation.timestamp = loop.now
            timers.run = { [unowned self] deadline, body in runTimed(at: deadline, body) }
            try startPWMOutputs()
            try buildGraph(carrying: carried)
            propagation.isSettling = false
            state = .running
            propagation.timestamp = loop.now
            watchInputs()
            for requested in requestedInputs { scheduleDeadline(of: requested) }
            propagation.cause = previous == nil ? .change : .reload
            try writePendingOutputs()
            propagation.cause = .change
        } catch {
            state = .stopped
            tearDown()
            throw error
        }
    }

    // MARK: Lines

    private func requestLines(replacing previous: Engine?, carriedCovers: Set<String>) throws(EngineError) {
        // Every line is resolved before any is requested: a typo is reported before
        // anything is driven.
        var claims = LineClaims<LineID>()
        var outputClaims: [(declaration: OutputDeclaration, offset: UInt32)] = []
        for declaration in configuration.outputs {
            let offset = try resolve(declaration.line, on: declaration.chip, for: "output '\(declaration.name)'",
                                     at: declaration.location, claims: &claims)
            outputClaims.append((declaration, offset))
        }
        var inputClaims: [(declaration: InputDeclaration, offset: UInt32)] = []
        for declaration in configuration.inputs {
            let offset = try resolve(declaration.line, on: declaration.chip, for: "input '\(declaration.name)'",
                                     at: declaration.location, claims: &claims)
            inputClaims.append((declaration, offset))
        }
        var levels: [LineID: Bool] = [:]
        var wentOffAt: [LineID: UInt64] = [:]
        let allOutputClaims = outputClaims
        if let previous {
            try checkFree(outputClaims.map { ($0.declaration.chip, $0.offset, "output '\($0.declaration.name)'",
                                              $0.declaration.location) }
                          + inputClaims.map { ($0.declaration.chip, $0.offset, "input '\($0.declaration.name)'",
                                               $0.declaration.location) },
                          except: previous.heldLines())
            let handOver = takeOver(from: previous, outputs: outputClaims, inputs: inputClaims,
                                    carriedCovers: carriedCovers)
            outputClaims.removeAll { handOver.adopted.contains(lineID($0.declaration.chip, $0.offset)) }
            inputClaims.removeAll { handOver.adopted.contains(lineID($0.declaration.chip, $0.offset)) }
            levels = handOver.levels
            wentOffAt = handOver.wentOffAt
        }
        let heldOff = interlockedOff(allOutputClaims, levels: levels)
        // Outputs first: they are to hold their initial values before any input is read.
        for (chipName, members) in grouped(outputClaims, by: \.declaration.chip) {
            let first = members[0].declaration
            let opened = try openChip(chipName, for: "output '\(first.name)'", at: first.location)
            for chunk in chunked(members) {
                try requestOutputs(chunk, on: opened, levels: levels, wentOffAt: wentOffAt, heldOff: heldOff)
            }
        }
        for (chipName, members) in grouped(inputClaims, by: \.declaration.chip) {
            let first = members[0].declaration
            let opened = try openChip(chipName, for: "input '\(first.name)'", at: first.location)
            for chunk in chunked(members) { try requestInputs(chunk, on: opened) }
        }
    }

    /// A line, whatever the configuration calls its chip.
    func lineID(_ chipName: String, _ offset: UInt32) -> LineID {
        LineID(chip: chips[chipName]?.info.path ?? chipName, offset: offset)
    }

    /// - Parameters:
    ///   - levels: the level to request a line at instead of its `initial`: a reload
    ///     keeps a line's level.
    ///   - wentOffAt: when a line a reload hands over went off, for its interlock.
    ///   - heldOff: outputs requested off whatever their level would be (`interlockedOff`).
    private func requestOutputs(_ chunk: [(declaration: OutputDeclaration, offset: UInt32)],
                                on opened: OpenedChip, levels: [LineID: Bool], wentOffAt: [LineID: UInt64],
                                heldOff: Set<String>) throws(EngineError) {
        let chipName = opened.declaration.name
        let initial = chunk.map { member in
            !heldOff.contains(member.declaration.name) && startLevel(of: member.declaration, offset: member.offset,
                                                                   on: opened.info.path, levels: levels)
        }
        let configs = zip(chunk, initial).map { member, initial in
            OutputLineConfig(offset: member.offset, activeLow: member.declaration.activeLow,
                             drive: member.declaration.drive, initial: initial)
        }
        let request: any OutputRequest
        do {
            request = try opened.chip.requestOutputs(configs, consumer: consumer)
        } catch {
            let culprit = self.culprit(of: error, on: opened, among: chunk.map(\.offset))
            let declaration = chunk[culprit].declaration
            throw EngineError(.gpio(error, subject: "output '\(declaration.name)'"), at: declaration.location)
        }
        let requested = RequestedOutputs(chipName: chipName, request: request)
        let index = requestedOutputs.count
        requestedOutputs.append(requested)
        let now = loop.now
        for ((declaration, offset), level) in zip(chunk, initial) {
            let line = OutputLine(declaration: declaration, offset: offset, requestIndex: index, level: level)
            line.wentOffAt = wentOffAt[LineID(chip: opened.info.path, offset: offset)]
            requested.add(line)
            outputs.append(line)
            propagation.reportWrite(line, at: now, cause: .initial)
        }
    }

    private func requestInputs(_ chunk: [(declaration: InputDeclaration, offset: UInt32)],
                               on opened: OpenedChip) throws(EngineError) {
        let chipName = opened.declaration.name
        let configs = chunk.map {
            InputLineConfig(offset: $0.offset, activeLow: $0.declaration.activeLow, bias: $0.declaration.bias,
                            debounce: $0.declaration.debounce.kernelPeriod)
        }
        let request: any InputRequest
        do {
            request = try opened.chip.requestInputs(configs, consumer: consumer)
        } catch {
            let culprit = self.culprit(of: error, on: opened, among: chunk.map(\.offset))
            let declaration = chunk[culprit].declaration
            throw EngineError(.gpio(error, subject: "input '\(declaration.name)'"), at: declaration.location)
        }
        let tracker: InputTracker
        do {
            var debounce: [UInt32: Debounce] = [:]
            for (declaration, offset) in chunk { debounce[offset] = declaration.debounce }
            tracker = try InputTracker(request: request, debounce: debounce, now: loop.now)
        } catch {
            request.release()
            let declaration = chunk[0].declaration
            throw EngineError(.gpio(error, subject: "input '\(declaration.name)'"), at: declaration.location)
        }
        let lines = chunk.map { declaration, offset in
            InputLine(declaration: declaration, offset: offset, value: tracker.level(of: offset) ?? false,
                      propagation: propagation)
        }
        requestedInputs.append(RequestedInputs(chipName: chipName, request: request, tracker: tracker, lines: lines))
        inputs += lines
    }

    private func watchInputs() {
        for requested in requestedInputs {
            for fd in requested.request.fileDescriptors {
                loop.watch(fd: fd) { [unowned self] _ in self.inputReadable(requested, fd: fd) }
            }
        }
    }

    // MARK: Resolution

    /// The offset of a declared line, checking that no other declaration took it.
    private func resolve(_ line: LineLocator, on chipName: String, for subject: String, at location: SourceLocation,
                         claims: inout LineClaims<LineID>) throws(EngineError) -> UInt32 {
        let opened = try openChip(chipName, for: subject, at: location)
        let offset: UInt32
        do {
            offset = try opened.offset(of: line)
        } catch {
            throw EngineError(.gpio(error, subject: subject), at: location, notes: [declarationNote(opened.declaration)])
        }
        if let conflict = claims.claim(LineID(chip: opened.info.path, offset: offset), by: subject, on: chipName,
                                       written: ConfigText.line(line), at: location) {
            let message = conflict.message(offset: line == .offset(offset) ? nil : offset,
                                           chip: "\(opened.info.name) [\(opened.info.label)]")
            throw EngineError(.configuration(message, hint: LineClaims<LineID>.Conflict.hint), at: location,
                              notes: [EngineError.Note(location: conflict.holder.location,
                                                       message: "\(conflict.holder.subject) is declared here")])
        }
        return offset
    }

    private func openChip(_ name: String, for subject: String, at location: SourceLocation) throws(EngineError) -> OpenedChip {
        if let opened = chips[name] { return opened }
        guard let declaration = configuration.chips.first(where: { $0.name == name }) else {
            throw EngineError(.configuration("\(subject) is on chip '\(name)', which is not declared"), at: location)
        }
        do {
            let opened = OpenedChip(declaration: declaration, chip: try backend.openChip(declaration.locator),
                                    board: backend.board)
            chips[name] = opened
            return opened
        } catch {
            throw EngineError(.gpio(error, subject: subject), at: location, notes: [declarationNote(declaration)])
        }
    }

    private func declarationNote(_ chip: ChipDeclaration) -> EngineError.Note {
        EngineError.Note(location: chip.location, message: "chip '\(chip.name)' is declared here")
    }

    /// Which line of a failed request the error is about: for a busy request, the
    /// first line someone else holds; otherwise the first line.
    private func culprit(of error: GPIOError, on chip: OpenedChip, among offsets: [UInt32]) -> Int {
        guard error.kind == .busy, let busy = chip.firstBusy(among: offsets) else { return 0 }
        return offsets.firstIndex(of: busy) ?? 0
    }

    /// Members grouped by chip, chips in order of first appearance, members in order.
    private func grouped<Member>(_ members: [Member], by chip: KeyPath<Member, String>) -> [(String, [Member])] {
        var groups: [(String, [Member])] = []
        var index: [String: Int] = [:]
        for member in members {
            let name = member[keyPath: chip]
            if let at = index[name] {
                groups[at].1.append(member)
            } else {
                index[name] = groups.count
                groups.append((name, [member]))
            }
        }
        return groups
    }

    private func chunked<Member>(_ members: [Member]) -> [[Member]] {
        stride(from: 0, to: members.count, by: Engine.linesPerRequest).map {
            Array(members[$0..<min($0 + Engine.linesPerRequest, members.count)])
        }
    }
}
