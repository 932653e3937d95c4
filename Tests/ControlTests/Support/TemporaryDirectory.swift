import Foundation

/// A directory of its own for one test's sockets, removed with it. Short paths: a
/// socket path must fit in 107 bytes.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = "/tmp/gpioagg-control-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { path + "/" + name }
}
