#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder of a test's own under /tmp, for zone roots and links laid out as a test
/// needs them; removed with everything written into it.
final class ScratchFolder {
    let path: String
    private var created: [String] = []

    init() {
        var template = Array("/tmp/clock-tests-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    deinit {
        for entry in created.reversed() where unlink(entry) != 0 { rmdir(entry) }
        rmdir(path)
    }

    /// Writes `bytes` to `name` inside the folder (its parent folders made first).
    func write(_ name: String, _ bytes: [UInt8]) {
        makeParents(of: name)
        let descriptor = open(path + "/" + name, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(descriptor >= 0, "cannot create \(name) in \(path)")
        _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        created.append(path + "/" + name)
    }

    /// Makes `name` a symbolic link to `target`.
    func link(_ name: String, to target: String) {
        makeParents(of: name)
        symlink(target, path + "/" + name)
        created.append(path + "/" + name)
    }

    private func makeParents(of name: String) {
        let parts = name.split(separator: "/").dropLast()
        var folder = path
        for part in parts {
            folder += "/" + part
            if mkdir(folder, 0o755) == 0 { created.append(folder) }
        }
    }
}
