import Logging
import Loop

/// Where a person or a script moves the simulated inputs besides the control socket, as
/// `Daemon.Interaction` says: line commands from a pipe or a file (`CommandInput`), or
/// keys from a terminal (`Keyboard`). Closed whenever the daemon stops, which restores
/// the terminal.
///
/// ```swift
/// let input = InteractionInput.start(.keyboard, descriptor: STDIN_FILENO, loop: loop, targets: targets,
///                                    settling: settling, running: running, logger: logger,
///                                    ended: { reason, failures in stop(reason, failures) }, quit: { stop("quit") })
/// input?.close()
/// ```
///
/// Loop thread only.
enum InteractionInput {
    case commands(CommandInput)
    case keyboard(Keyboard)

    /// Starts reading `descriptor` as `interaction` says; nil for `.none`. `ended` is
    /// called when the line commands end, `quit` for the key that quits.
    static func start(_ interaction: Daemon.Interaction, descriptor: Int32, loop: any EventLoop,
                      targets: InputTargets, settling: InputSettling, running: RunningEngine, logger: Logger,
                      ended: @escaping (_ reason: String, _ failures: Int) -> Void,
                      quit: @escaping () -> Void) -> InteractionInput? {
        switch interaction {
        case .none:
            return nil
        case .commands:
            return .commands(CommandInput(descriptor: descriptor, loop: loop, targets: targets, settling: settling,
                                          running: running, logger: logger, ended: ended))
        case .keyboard:
            return .keyboard(Keyboard(descriptor: descriptor, loop: loop, targets: targets, running: running,
                                      logger: logger, quit: quit))
        }
    }

    func close() {
        switch self {
        case .commands(let commands): commands.close()
        case .keyboard(let keyboard): keyboard.close()
        }
    }
}
