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

extension ControlOptions {
    /// Sends a request answered with `ok` (or `ok` with a warning, printed): an error
    /// reply or a failure to reach the daemon exits 1. `what` names the request in the
    /// message about a reply of the wrong kind.
    func sendExpectingOK(_ request: ControlRequest, what: String) throws {
        let reply: ControlReply
        do throws(ControlError) {
            reply = try client.send(request)
        } catch {
            throw exitReporting(error)
        }
        switch reply {
        case .ok:
            return
        case .warning(let message):
            printError("gpioagg: warning: \(message)")
        case .failure(let message):
            printError("gpioagg: error: \(message)")
            throw ExitCode(1)
        case .status, .explanation:
            throw exitReporting(.invalidReply("levels in the reply to \(what)"))
        }
    }
}
