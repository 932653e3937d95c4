import Config
import Logging
import Loop
import PWMCore
import Reactive
import Values

/// PWM outputs: a channel of a PWM controller whose duty cycle follows a number in
/// percent or a level, or takes commands.
///
/// At start each channel is asked of the PWM backend (a missing controller or channel
/// fails the start, naming the output), then got hold of: when the kernel's export (or
/// a udev rule) is not done yet, it is tried again every 50 ms on the loop's timers, for
/// up to 5 s, never waiting on the loop. Once usable it runs `initial` (a channel
/// exported already is taken over as it runs), then what it follows. Stop and failure
/// write `safe` at once.
extension Engine {
    // MARK: Start

    /// Asks the backend for each PWM output's channel; on a reload, a channel `previous`
    /// drives (the same controller and channel) is taken with its duty cycle instead.
    /// Writes nothing.
    func resolvePWMOutputs(replacing previous: Engine?) throws(EngineError) {
        for declaration in configuration.pwmOutputs {
            guard let chip = configuration.pwmChip(named: declaration.chip) else {
                throw EngineError(.configuration(
                    "output '\(declaration.name)' is on chip '\(declaration.chip)', which is not a declared PWM controller",
                    hint: "declare it under chips: as \(declaration.chip): { pwm: DEVICE } (e.g. fe20c000.pwm, or pwmchip0)"),
                    at: declaration.location)
            }
            if let previous, let old = previous.pwmOutput(on: chip.locator, channel: declaration.channel) {
                let unchanged = old.name == declaration.name && declaration.isUnchanged(from: old.declaration)
                let output = PWMOutput(declaration: declaration, channel: old.channel, target: old.target,
                                       duty: old.duty, isReady: old.isReady, ramp: old.ramp,
                                       holding: unchanged && old.isHolding ? old.target : nil,
                                       propagation: propagation, timers: timers)
                output.awaitingHandOver = true
                output.waitingSince = old.waitingSince
                pwmOutputs.append(output)
                continue
            }
            guard let pwm else {
                throw EngineError(.configuration(
                    "output '\(declaration.name)' is on the PWM controller '\(declaration.chip)', and this engine has no PWM backend",
                    hint: "give the engine a PWM backend (SysfsPWMBackend, or SimulatedPWMBackend)"),
                    at: declaration.location)
            }
            let channel: any PWMOutputChannel
            do {
                channel = try pwm.channel(declaration.channel, of: chip.locator)
            } catch {
                throw EngineError(.pwm(error, subject: "output '\(declaration.name)'"), at: declaration.channelLocation,
                                  notes: [EngineError.Note(location: chip.location,
                                                           message: "chip '\(chip.name)' is declared here")])
            }
            let output = PWMOutput(declaration: declaration, channel: channel, target: declaration.initial,
                                   propagation: propagation, timers: timers)
            output.waitingSince = loop.now
            output.isNew = true
            pwmOutputs.append(output)
        }
    }

    /// Gets hold of each channel not already driven: the ones usable at once get their
    /// `initial` value (or are taken over as they run); the others are tried again on
    /// the loop's timers. An output taken over from the engine a reload replaces gets
    /// its new period and polarity, at the duty cycle it has.
    ///
    /// Each new output's value at start is reported once its channel was tried: `initial`
    /// (written, or to be written once the channel is usable), or the duty cycle a
    /// running channel was taken over at (`taken over as it ran`: nothing was written).
    ///
    /// A backend that writes off the loop (the kernel's) is waited for here, at most
    /// `PWMOutput.writeLimit` per output, so that a channel refusing its first values
    /// fails the start, as it did when the writes were made on the loop.
    func startPWMOutputs() throws(EngineError) {
        for output in pwmOutputs where output.isNew {
            hearWriteFailures(of: output)
        }
        for output in pwmOutputs {
            if output.isReady {
                do {
                    try output.reapply()
                } catch {
                    throw pwmFailure(error, of: output)
                }
                propagation.stage(output)
                continue
            }
            let running = try attempt(output)
            guard output.isNew else { continue }
            if let running {
                output.startFromRunning(running)
                propagation.reportTarget(output, at: loop.now, cause: .takenOver)
            } else {
                propagation.reportTarget(output, at: loop.now, cause: .initial)
            }
        }
        for output in pwmOutputs where output.isReady {
            do {
                try output.channel.settle(within: PWMOutput.writeLimit)
            } catch {
                throw pwmFailure(error, of: output)
            }
        }
    }

    /// A write the backend made off the loop and the driver refused fails the engine on
    /// its loop, as a write on the loop did.
    private func hearWriteFailures(of output: PWMOutput) {
        let loop = self.loop
        let failed = LoopBound({ [weak self, weak output] (error: PWMError) in
            guard let self, let output else { return }
            fail(pwmFailure(error, of: output))
        }, loop: loop)
        output.channel.reportFailures { error in loop.execute { failed.value(error) } }
    }

    /// Tries once to make `output`'s channel usable; schedules the next try, or gives up
    /// after `PWMOutput.attemptLimit`. Returns the duty cycle in percent a channel that
    /// was running already is taken over at; nil when `initial` was written (a channel
    /// exported but stopped too) or the channel is not usable yet.
    @discardableResult
    private func attempt(_ output: PWMOutput) throws(EngineError) -> Double? {
        let usable: Bool
        do {
            usable = try output.channel.attempt()
        } catch {
            throw pwmFailure(error, of: output)
        }
        guard usable else {
            let now = loop.now
            guard now &- output.waitingSince < PWMOutput.attemptLimit else {
                throw pwmFailure(output.channel.waitingError, of: output)
            }
            output.retry.start(at: now &+ PWMOutput.attemptInterval, on: timers) { [unowned self, unowned output] in
                do throws(EngineError) {
                    try attempt(output)
                } catch {
                    fail(error)
                }
            }
            return nil
        }
        var running: Double?
        if output.channel.tookOver {
            running = output.channel.state.flatMap { output.percent(of: $0) }
            let shown = running.map { "at " + DecimalText.format($0, places: PWMOutputDeclaration.precision) + " %" }
                ?? "stopped"
            let message = "output '\(output.name)': channel \(output.channel.number) of "
                + "\(output.channel.controllerDescription) was exported already (a run that ended without its "
                + "safe values, or by hand): taken over as it ran (\(shown))"
            logger.notice("\(message)", metadata: ["pwm_output": "\(output.name)"])
        }
        do {
            try output.becameReady(running: running)
        } catch {
            throw pwmFailure(error, of: output)
        }
        return running
    }

    /// Binds every PWM output to what it follows: a number (in percent) or a level.
    func bindPWMOutputs(levels: [String: Level], numbers: [String: NumberNode]) throws(EngineError) {
        for output in pwmOutputs {
            let declaration = output.declaration
            guard let follows = declaration.follows else {
                guard declaration.command else {
                    throw EngineError(.configuration("output '\(output.name)' follows nothing and takes no command"),
                                      at: declaration.location)
                }
                continue
            }
            if let node = numbers[follows] {
                cancellables.append(node.cell.react { [weak output] in output?.follow($0) })
            } else if let level = levels[follows] {
                cancellables.append(level.react { [weak output] in output?.follow($0 ? 100 : 0) })
            } else {
                throw EngineError(.configuration(
                    "output '\(output.name)' follows '\(follows)', which is not an input or a signal"),
                    at: declaration.location)
            }
        }
    }

    // MARK: Writes

    /// Settles every PWM output the event touched: its new target, and its channel
    /// written at once or at the ramp's step for now.
    func writePendingPWMOutputs() throws(EngineError) {
        let pending = propagation.pendingPWMOutputs
        propagation.pendingPWMOutputs.removeAll(keepingCapacity: true)
        let now = propagation.timestamp
        for output in pending {
            output.isPending = false
            do {
                if try output.settle(at: now) {
                    propagation.reportTarget(output, at: now, cause: propagation.cause)
                }
            } catch {
                throw pwmFailure(error, of: output)
            }
        }
    }

    /// Every PWM output to `safe`, at once: on stop and failure. An output another engine
    /// is taking over is left as it runs. A backend that writes off the loop is waited
    /// for (at most `PWMOutput.writeLimit` per output): the process may exit once the
    /// engine stopped, and `safe` must be on the channels by then.
    func writePWMSafeValues() {
        propagation.pendingPWMOutputs.removeAll()
        let now = loop.now
        var asked: [PWMOutput] = []
        for output in pwmOutputs where !output.awaitingHandOver {
            output.isPending = false
            do {
                try output.writeSafe()
                propagation.reportTarget(output, at: now, cause: .safeState)
                if output.isReady { asked.append(output) }
            } catch {
                logSafeFailure(error, of: output)
            }
        }
        for output in asked {
            do {
                try output.channel.settle(within: PWMOutput.writeLimit)
            } catch {
                logSafeFailure(error, of: output)
            }
        }
    }

    private func logSafeFailure(_ error: PWMError, of output: PWMOutput) {
        logger.error("could not drive output '\(output.name)' to its safe value: \(error)",
                     metadata: ["pwm_output": "\(output.name)"])
    }

    /// Gives `next` the PWM outputs it takes over (their channels, as they run): this
    /// engine's stop leaves them alone.
    func handOverPWMOutputs(to next: Engine) {
        let taken = Set(next.pwmOutputs.filter(\.awaitingHandOver).map { ObjectIdentifier($0.channel) })
        for output in pwmOutputs where taken.contains(ObjectIdentifier(output.channel)) { output.cancelTimers() }
        pwmOutputs.removeAll { taken.contains(ObjectIdentifier($0.channel)) }
        for output in next.pwmOutputs where output.awaitingHandOver {
            output.awaitingHandOver = false
            next.hearWriteFailures(of: output)
        }
    }

    private func pwmFailure(_ error: PWMError, of output: PWMOutput) -> EngineError {
        EngineError(.pwm(error, subject: "output '\(output.name)'"), at: output.declaration.location)
    }

    private func pwmOutput(on locator: PWMControllerLocator, channel: Int) -> PWMOutput? {
        pwmOutputs.first { output in
            output.declaration.channel == channel
                && configuration.pwmChip(named: output.declaration.chip)?.locator == locator
        }
    }

    // MARK: Commands and values

    /// The duty cycle in percent the PWM output `name` runs right now (during a ramp, the
    /// ramp's current step), as asked of its channel: the kernel's backend writes it on
    /// its own thread a moment later. Nil when there is no such output or its channel is
    /// not usable yet.
    public func pwmDuty(_ name: String) -> Double? {
        loop.preconditionInEventLoop()
        return pwmOutputs.first { $0.name == name }?.duty
    }
}
