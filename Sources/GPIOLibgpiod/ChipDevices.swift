#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GPIO

/// The `gpiochipN` character devices in a device directory (`/dev`), in chip-number
/// order: the kernel numbers chips as it registers them, so this is the order
/// `gpiodetect` prints.
struct ChipDevices {
    let directory: String

    /// The device paths. A missing directory has no chips; any other failure to read it
    /// is an error.
    func paths() throws(GPIOError) -> [String] {
        guard let stream = opendir(directory) else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return [] }
            throw .system("list \(directory)", code: code)
        }
        defer { closedir(stream) }
        var numbered: [(number: Int, path: String)] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let number = Self.chipNumber(name) else { continue }
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            // Symlinks (udev's by-name aliases, say) count once, through their target.
            var status = stat()
            guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFCHR else { continue }
            numbered.append((number, path))
        }
        return numbered.sorted { $0.number < $1.number }.map(\.path)
    }

    /// `3` for `gpiochip3`; nil for anything else.
    static func chipNumber(_ name: String) -> Int? {
        guard name.hasPrefix("gpiochip") else { return nil }
        let digits = name.dropFirst("gpiochip".count)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }
}
