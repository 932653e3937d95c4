#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where the control socket is when `--control` does not say.
///
/// 1. `$RUNTIME_DIRECTORY/control.sock`: the directory systemd creates for the service
///    (`RuntimeDirectory=gpioagg`); the first one when it lists several, separated by `:`.
/// 2. `/run/gpioagg/control.sock` when running as root.
/// 3. `$XDG_RUNTIME_DIR/gpioagg/control.sock` for anyone else (a daemon started by hand).
///
/// A client that is not root also looks at `/run/gpioagg/control.sock` when its own
/// socket does not exist: that is where the system service listens, open to the `gpio`
/// group.
///
/// ```swift
/// ControlPath.server(environment: ["RUNTIME_DIRECTORY": "/run/gpioagg"], isRoot: false)
/// // "/run/gpioagg/control.sock"
/// ControlPath.clientForThisProcess()   // where `gpioagg status` connects
/// ```
public enum ControlPath {
    /// Where the system service listens.
    public static let system = "/run/gpioagg/control.sock"
    public static let fileName = "control.sock"

    /// Where a daemon started with this environment listens.
    public static func server(environment: [String: String], isRoot: Bool) -> String {
        if let runtime = environment["RUNTIME_DIRECTORY"]?.split(separator: ":").first, !runtime.isEmpty {
            return String(runtime) + "/" + fileName
        }
        if isRoot { return system }
        if let xdg = environment["XDG_RUNTIME_DIR"], !xdg.isEmpty {
            return xdg + "/gpioagg/" + fileName
        }
        // No per-user runtime directory (su, cron): the system path, whose permission
        // error then says to pass --control.
        return system
    }

    /// Where a client run with this environment finds the daemon: the server's path, or
    /// the system service's when that one does not exist and the system's does.
    public static func client(environment: [String: String], isRoot: Bool, exists: (String) -> Bool) -> String {
        let own = server(environment: environment, isRoot: isRoot)
        if own != system, !exists(own), exists(system) { return system }
        return own
    }

    /// Where this process, as the daemon, listens; creates the socket's directory when
    /// missing (`/run/gpioagg` when started as root outside systemd,
    /// `$XDG_RUNTIME_DIR/gpioagg`).
    public static func serverForThisProcess() -> String {
        let path = server(environment: processEnvironment, isRoot: isRoot)
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            // Open to others so the gpio group can reach the socket (itself mode 0660);
            // under $XDG_RUNTIME_DIR the parent (mode 0700) keeps others out anyway.
            _ = mkdir(String(path[..<slash]), 0o755)
        }
        return path
    }

    /// Where this process, as a client (`status`, `sim`), finds the daemon.
    public static func clientForThisProcess() -> String {
        client(environment: processEnvironment, isRoot: isRoot, exists: exists)
    }

    /// The variables the rules above read, from this process's environment.
    static var processEnvironment: [String: String] {
        var environment: [String: String] = [:]
        for name in ["RUNTIME_DIRECTORY", "XDG_RUNTIME_DIR"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }

    static var isRoot: Bool { geteuid() == 0 }

    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }
}
