import Config
import GPIO

extension Engine {
    /// What a reload takes over from the previous engine.
    struct HandOver {
        /// The lines that came over inside their requests.
        var adopted: Set<LineID> = []
        /// The level of each output line that stays an output with the same settings
        /// but is requested anew.
        var levels: [LineID: Bool] = [:]
        /// When each line that stays an output last went off (now for one the previous
        /// engine drives off as it stops): an interlock's wait counts from then.
        var wentOffAt: [LineID: UInt64] = [:]
    }

    /// Every line this engine holds.
    func heldLines() -> Set<LineID> {
        var held = Set<LineID>()
        for requested in requestedOutputs {
            for line in requested.lines { held.insert(lineID(requested.chipName, line.offset)) }
        }
        for requested in requestedInputs {
            for line in requested.lines { held.insert(lineID(requested.chipName, line.offset)) }
        }
        return held
    }

    /// Refuses a reload whose new lines are held by someone else, before anything is
    /// released.
    func checkFree(_ claims: [(chip: String, offset: UInt32, subject: String, location: SourceLocation)],
                   except held: Set<LineID>) throws(EngineError) {
        for claim in claims where !held.contains(lineID(claim.chip, claim.offset)) {
            guard let opened = chips[claim.chip], let info = try? opened.chip.lineInfo(claim.offset), info.used else {
                continue
            }
            throw EngineError(.gpio(.busy(chip: opened.info, offset: claim.offset, name: info.name,
                                          consumer: info.consumer), subject: claim.subject),
                              at: claim.location)
        }
    }

    /// Takes the requests of `previous` whose lines all keep their role and settings,
    /// then stops `previous`, which releases the rest. The covers named in
    /// `carriedCovers` go on in this engine: `previous` does not stop their moves.
    func takeOver(from previous: Engine,
                  outputs: [(declaration: OutputDeclaration, offset: UInt32)],
                  inputs: [(declaration: InputDeclaration, offset: UInt32)],
                  carriedCovers: Set<String> = []) -> HandOver {
        var handOver = HandOver()
        var newOutputs: [LineID: OutputDeclaration] = [:]
        for (declaration, offset) in outputs { newOutputs[lineID(declaration.chip, offset)] = declaration }
        var newInputs: [LineID: InputDeclaration] = [:]
        for (declaration, offset) in inputs { newInputs[lineID(declaration.chip, offset)] = declaration }
        var chipNames: [String: String] = [:]  // path -> this configuration's name
        for (name, opened) in chips { chipNames[opened.info.path] = name }

        // Outputs that keep their settings keep their level, adopted or not. A request
        // comes over whole, with each line's new declaration, or not at all.
        var keepLevel = Set<LineID>()
        var adoptedOutputs: [(old: RequestedOutputs, chipName: String, declarations: [OutputDeclaration])] = []
        for requested in previous.requestedOutputs {
            var declarations: [OutputDeclaration] = []
            for line in requested.lines {
                let id = previous.lineID(requested.chipName, line.offset)
                guard let declaration = newOutputs[id] else { continue }
                if declaration.activeLow == line.declaration.activeLow, declaration.drive == line.declaration.drive {
                    keepLevel.insert(id)
                    handOver.levels[id] = line.written
                    handOver.wentOffAt[id] = line.wentOffAt
                    declarations.append(declaration)
                } else {
                    handOver.wentOffAt[id] = line.written ? previous.loop.now : line.wentOffAt
                }
            }
            if declarations.count == requested.lines.count, let chipName = chipNames[requested.request.chip.path] {
                adoptedOutputs.append((requested, chipName, declarations))
            }
        }
        var adoptedInputs: [(old: RequestedInputs, chipName: String, declarations: [InputDeclaration])] = []
        for requested in previous.requestedInputs {
            var declarations: [InputDeclaration] = []
            for line in requested.lines {
                guard let declaration = newInputs[previous.lineID(requested.chipName, line.offset)],
                      declaration.activeLow == line.declaration.activeLow, declaration.bias == line.declaration.bias,
                      declaration.debounce == line.declaration.debounce else { break }
                declarations.append(declaration)
            }
            if declarations.count == requested.lines.count, let chipName = chipNames[requested.request.chip.path] {
                adoptedInputs.append((requested, chipName, declarations))
            }
        }

        previous.handOverPWMOutputs(to: self)
        for cover in previous.covers where carriedCovers.contains(cover.name) { cover.isHandedOver = true }
        previous.relinquish(outputs: adoptedOutputs.map(\.old), inputs: adoptedInputs.map(\.old),
                            keepingLevels: keepLevel)

        for (old, chipName, declarations) in adoptedOutputs {
            let requested = RequestedOutputs(chipName: chipName, request: old.request)
            let index = requestedOutputs.count
            requestedOutputs.append(requested)
            for (oldLine, declaration) in zip(old.lines, declarations) {
                let line = OutputLine(declaration: declaration, offset: oldLine.offset,
                                      requestIndex: index, level: oldLine.written)
                line.wentOffAt = oldLine.wentOffAt
                requested.add(line)
                self.outputs.append(line)
                handOver.adopted.insert(LineID(chip: old.request.chip.path, offset: oldLine.offset))
            }
        }
        for (old, chipName, declarations) in adoptedInputs {
            let lines = zip(old.lines, declarations).map { oldLine, declaration in
                InputLine(declaration: declaration, offset: oldLine.offset, value: oldLine.value,
                          propagation: propagation)
            }
            for line in lines { handOver.adopted.insert(LineID(chip: old.request.chip.path, offset: line.offset)) }
            requestedInputs.append(RequestedInputs(chipName: chipName, request: old.request,
                                                   tracker: old.tracker, lines: lines))
            self.inputs += lines
        }
        return handOver
    }

    /// Gives up the requests a new engine takes over, then stops: the other outputs
    /// get their safe values (but those in `keepingLevels`) and the other lines are
    /// released.
    func relinquish(outputs: [RequestedOutputs], inputs: [RequestedInputs], keepingLevels keep: Set<LineID>) {
        let givenOutputs = Set(outputs.map(ObjectIdentifier.init))
        let givenInputs = Set(inputs.map(ObjectIdentifier.init))
        requestedOutputs.removeAll { givenOutputs.contains(ObjectIdentifier($0)) }
        requestedInputs.removeAll { givenInputs.contains(ObjectIdentifier($0)) }
        guard state != .stopped else { return }
        state = .stopped
        tearDown(keep: keep)
    }
}
