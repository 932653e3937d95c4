import Foundation

/// A directory of its own for one test's files, removed with everything in it.
///
/// ```swift
/// let directory = try TemporaryDirectory(prefix: "gpioagg-kept")
/// try directory.write("retain_available true\n", to: "broker.conf")
/// // A socket's path must fit in 107 bytes: short paths under /tmp.
/// let sockets = try TemporaryDirectory(prefix: "gpioagg-control", parent: "/tmp/")
/// ```
public final class TemporaryDirectory: @unchecked Sendable {
    public let path: String

    /// A new directory in `parent` (the system's temporary directory unless given, with
    /// its trailing slash), named `prefix`, the process id and a random number.
    public init(prefix: String = "gpioagg-test", parent: String = NSTemporaryDirectory()) throws {
        path = parent + "\(prefix)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    public func file(_ name: String) -> String { path + "/" + name }

    /// The names in the directory (or in `subdirectory` of it), sorted.
    public func names(in subdirectory: String? = nil) -> [String] {
        let directory = subdirectory.map(file) ?? path
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    public func write(_ bytes: [UInt8], to name: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: file(name)))
    }

    public func write(_ text: String, to name: String) throws {
        try write(Array(text.utf8), to: name)
    }

    /// The file's text; empty when it cannot be read.
    public func read(_ name: String) -> String {
        (try? String(contentsOfFile: file(name), encoding: .utf8)) ?? ""
    }
}
