import CommandParsing
import Control
import Service

/// `--control PATH`, shared by `run` (where to listen) and `status`/`sim` (where to
/// connect); without it, `ControlPath`'s rules.
struct ControlOptions {
    static let options: [OptionSpec] = [
        .option("control", valueName: "PATH", help:
            "The control socket (default: $RUNTIME_DIRECTORY/control.sock, else /run/gpioagg/control.sock "
            + "as root, else $XDG_RUNTIME_DIR/gpioagg/control.sock)."),
    ]

    let path: String?

    init(_ arguments: ParsedArguments) {
        path = arguments.value("control")
    }

    /// Where the daemon listens; a `--control` directory must exist.
    func serverPath() -> String { path ?? ControlPath.serverForThisProcess() }

    /// A client for the socket `status` and `sim` use.
    var client: ControlClient { ControlClient(path: path ?? ControlPath.clientForThisProcess()) }
}

func exitReporting(_ error: ControlError) -> ExitCode {
    exitReporting(message: error.message, hint: error.hint)
}
