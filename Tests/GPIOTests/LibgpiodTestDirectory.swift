#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A fresh directory under /tmp standing in for /dev, removed with everything in it when
/// the value goes away.
final class LibgpiodTestDirectory {
    let path: String

    init() throws {
        var template = Array("/tmp/gpioagg-libgpiod-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw Failure(errno: errno) }
        path = String(cString: made)
    }

    deinit {
        if let stream = opendir(path) {
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." { unlink(path + "/" + name) }
            }
            closedir(stream)
        }
        rmdir(path)
    }

    /// An empty regular file.
    func create(_ name: String) throws {
        let fd = open(path + "/" + name, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(errno: errno) }
        close(fd)
    }

    struct Failure: Error {
        let errno: Int32
    }
}
