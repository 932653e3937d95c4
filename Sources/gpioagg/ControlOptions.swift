import CommandParsing
import Control
import Service

/// `--control PATH`, shared by `run` (where to listen) and `status`, `set`, `sim` and
/// `why` (where to connect); without it, `ControlPath`'s rules.
///
/// ```swift
/// let control = ControlOptions(arguments)
/// try control.sendExpectingOK(.set(name: "override", value: .on), what: "set")
/// ```
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

    /// A client for the socket the commands connect to.
    var client: ControlClient { ControlClient(path: path ?? ControlPath.clientForThisProcess()) }

    /// Sends a request and returns the daemon's reply; a failure to reach the daemon, or
    /// an error reply, is printed and exits 1.
    func send(_ request: ControlRequest) throws -> ControlReply {
        let reply: ControlReply
        do throws(ControlError) {
            reply = try client.send(request)
        } catch {
            throw exitReporting(message: error.message, hint: error.hint)
        }
        if case .failure(let message) = reply { throw exitReporting(message: message, hint: "") }
        return reply
    }

    /// Sends a request answered with `ok` (or `ok` with a warning, printed, or a
    /// numeric input's new value, printed after `name`: `setpoint 21.50 °C`); anything
    /// else exits 1. `what` names the request in the message about a reply of the wrong
    /// kind.
    func sendExpectingOK(_ request: ControlRequest, what: String, name: String = "") throws {
        switch try send(request) {
        case .ok, .failure:   // a failure was reported by send
            return
        case .warning(let message):
            printError("warning: \(message)")
        case .value(let value, let precision):
            print((name.isEmpty ? "" : name + " ") + value.text(precision: precision))
        case .status, .explanation:
            throw invalidReply("levels in the reply to \(what)")
        }
    }

    /// A reply of the wrong kind, reported as the client reports it, with exit status 1.
    func invalidReply(_ what: String) -> ExitCode {
        let error = ControlError.invalidReply(what)
        return exitReporting(message: error.message, hint: error.hint)
    }
}
