import Config
import GPIO

extension Engine {
    /// What a reload takes over from the previous engine.
    struct HandOver {
        /// The lines ("path#offset") that came over inside their requests.
        var adopted: Set<String> = []
        /// The level of each output line that stays an output with the same settings
        /// but is requested anew.
        var levels: [String: Bool] = [:]
    }

    /// Every line this engine holds, as "path#offset".
    func heldLines() -> Set<String> {
        var held = Set<String>()
        for requested in requestedOutputs { for line in requested.lines { held.insert(key(requested.chipName, line.offset)) } }
        for requested in requestedInputs { for line in requested.lines { held.insert(key(requested.chipName, line.offset)) } }
        return held
    }

    /// Refuses a reload whose new lines are held by someone else, before anything is
    /// released.
    func checkFree(_ claims: [(chip: String, offset: UInt32, subject: String, location: SourceLocation)],
                   except held: Set<String>) throws(EngineError) {
        for claim in claims where !held.contains(key(claim.chip, claim.offset)) {
            guard let opened = chips[claim.chip], let info = try? opened.chip.lineInfo(claim.offset), info.used else {
                continue
            }
            throw EngineError(.gpio(.busy(chip: opened.info, offset: claim.offset, name: info.name,
                                          consumer: info.consumer), subject: claim.subject),
                              at: claim.location)
        }
    }

    /// Takes the requests of `previous` whose lines all keep their role and settings,
    /// then stops `previous`, which releases the rest.
    func takeOver(from previous: Engine,
                  outputs: [(declaration: OutputDeclaration, offset: UInt32)],
                  inputs: [(declaration: InputDeclaration, offset: UInt32)]) -> HandOver {
        var handOver = HandOver()
        var newOutputs: [String: OutputDeclaration] = [:]
        for (declaration, offset) in outputs { newOutputs[key(declaration.chip, offset)] = declaration }
        var newInputs: [String: InputDeclaration] = [:]
        for (declaration, offset) in inputs { newInputs[key(declaration.chip, offset)] = declaration }
        var chipNames: [String: String] = [:]  // path -> this configuration's name
        for (name, opened) in chips { chipNames[opened.info.path] = name }

        // Outputs that keep their settings keep their level, adopted or not.
        var keepLevel = Set<String>()
        var adoptedOutputs: [RequestedOutputs] = []
        for requested in previous.requestedOutputs {
            var whole = true
            for line in requested.lines {
                let lineKey = previous.key(requested.chipName, line.offset)
                if let declaration = newOutputs[lineKey], declaration.activeLow == line.declaration.activeLow,
                   declaration.drive == line.declaration.drive {
                    keepLevel.insert(lineKey)
                    handOver.levels[lineKey] = line.written
                } else {
                    whole = false
                }
            }
            if whole { adoptedOutputs.append(requested) }
        }
        var adoptedInputs: [RequestedInputs] = []
        for requested in previous.requestedInputs {
            let whole = requested.lines.allSatisfy { line in
                guard let declaration = newInputs[previous.key(requested.chipName, line.offset)] else { return false }
                return declaration.activeLow == line.declaration.activeLow && declaration.bias == line.declaration.bias
                    && declaration.debounce == line.declaration.debounce
            }
            if whole { adoptedInputs.append(requested) }
        }

        previous.relinquish(outputs: adoptedOutputs, inputs: adoptedInputs, keepingLevels: keepLevel)

        for old in adoptedOutputs {
            let path = old.request.chip.path
            let requested = RequestedOutputs(chipName: chipNames[path]!, request: old.request)
            let index = requestedOutputs.count
            requestedOutputs.append(requested)
            for oldLine in old.lines {
                let lineKey = "\(path)#\(oldLine.offset)"
                let line = OutputLine(declaration: newOutputs[lineKey]!, offset: oldLine.offset,
                                      requestIndex: index, level: oldLine.written)
                requested.add(line)
                self.outputs.append(line)
                handOver.adopted.insert(lineKey)
            }
        }
        for old in adoptedInputs {
            let path = old.request.chip.path
            let lines = old.lines.map { oldLine in
                InputLine(declaration: newInputs["\(path)#\(oldLine.offset)"]!, offset: oldLine.offset,
                          value: oldLine.value, propagation: propagation)
            }
            for line in lines { handOver.adopted.insert("\(path)#\(line.offset)") }
            requestedInputs.append(RequestedInputs(chipName: chipNames[path]!, request: old.request,
                                                   tracker: old.tracker, lines: lines))
            self.inputs += lines
        }
        return handOver
    }

    /// Gives up the requests a new engine takes over, then stops: the other outputs
    /// get their safe values (but those in `keepingLevels`) and the other lines are
    /// released.
    func relinquish(outputs: [RequestedOutputs], inputs: [RequestedInputs], keepingLevels keep: Set<String>) {
        requestedOutputs.removeAll { requested in outputs.contains { $0 === requested } }
        requestedInputs.removeAll { requested in inputs.contains { $0 === requested } }
        guard state != .stopped else { return }
        state = .stopped
        tearDown(keep: keep)
    }
}
