#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Logging

/// How the daemon logs: the logger, and the terminal layout it keeps up to date.
///
/// On a terminal (standard output is a tty and no service manager started it) a
/// `TerminalLogHandler`; everywhere else a `ServiceLogHandler`: native journal entries
/// under systemd, `<N>`-prefixed lines on standard error when systemd's standard error
/// is not the journal, plain lines otherwise (changes on standard output, warnings and
/// errors on standard error). Both write through `StandardOutputs`, which never block.
public struct DaemonLogging: Sendable {
    public let logger: Logger
    public let layout: TerminalLogHandler.Layout
    public let outputs: StandardOutputs
    /// Where the handlers copy each line for the web page (`GET /api/log`): nowhere
    /// unless a web server is wanted.
    public let webLog: WebLogTap

    public init(logger: Logger, layout: TerminalLogHandler.Layout = .init(), outputs: StandardOutputs,
                webLog: WebLogTap = WebLogTap()) {
        self.logger = logger
        self.layout = layout
        self.outputs = outputs
        self.webLog = webLog
    }

    /// The logging for this process.
    public static func forThisProcess() -> DaemonLogging {
        let outputs = StandardOutputs.process
        let layout = TerminalLogHandler.Layout()
        let terminal = isatty(STDOUT_FILENO) == 1 && getenv("INVOCATION_ID") == nil
        let colour = terminal && getenv("NO_COLOR") == nil
        let destination = ServiceLogHandler.Destination.detect()
        let webLog = WebLogTap()
        let logger = Logger(label: ServiceLogHandler.identifier) { _ -> any LogHandler in
            if terminal {
                var handler = TerminalLogHandler(output: outputs, layout: layout, colour: colour)
                handler.webLog = webLog
                return handler
            }
            var handler = ServiceLogHandler(destination: destination, output: outputs)
            handler.webLog = webLog
            return handler
        }
        return DaemonLogging(logger: logger, layout: layout, outputs: outputs, webLog: webLog)
    }
}
