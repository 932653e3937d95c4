#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemCore

/// Reads a config file's text, with errors that name the path and say what to do.
enum ConfigFile {
    /// The whole file as UTF-8 text, refusing more than `limit` bytes before reading
    /// them, and anything that is not a regular file: the file is opened without
    /// blocking (a FIFO with no writer would otherwise hold up the caller, the daemon's
    /// event loop on a reload) and its type checked before any read. `noun` names the
    /// file in messages (`config file`, `test file`).
    static func text(atPath path: String, limit: Int, noun: String = "config file") throws(ConfigErrors) -> String {
        let whole = SourceLocation(file: path, line: 0, column: 0)
        func unreadable(_ error: SystemCallError) -> ConfigErrors {
            ConfigErrors([ConfigError(location: whole, message: "cannot read the \(noun): \(error.reason.lowercased())",
                                      hint: hint(for: error.errno, noun: noun))])
        }
        let (descriptor, status): (Int32, stat)
        do throws(SystemCallError) {
            (descriptor, status) = try SystemCall.openForReading(path)
        } catch {
            throw unreadable(error)
        }
        defer { SystemCall.close(descriptor) }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            break
        case S_IFDIR:
            throw ConfigErrors([ConfigError(location: whole, message: "cannot read the \(noun): it is a directory",
                                            hint: noun == "config file" ? "give the file itself, e.g. --config /etc/gpioagg/gpioagg.yaml"
                                                : "give the file itself")])
        default:
            throw ConfigErrors([ConfigError(
                location: whole, message: "cannot read the \(noun): it is \(kind(of: status.st_mode)), not a regular file",
                hint: "give a regular file (a symbolic link to one is fine)"
                    + (noun == "config file" ? ", e.g. --config /etc/gpioagg/gpioagg.yaml" : ""))])
        }
        if Int(status.st_size) > limit {
            throw ConfigErrors([tooLarge(path: path, bytes: Int(status.st_size), limit: limit, noun: noun)])
        }
        // A file that grows while it is read: read up to one byte past the limit to tell.
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= limit {
            let count: Int
            do throws(SystemCallError) {
                count = try SystemCall.retrying("read") {
                    chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                }
            } catch {
                throw unreadable(error)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        if bytes.count > limit {
            throw ConfigErrors([tooLarge(path: path, bytes: bytes.count, limit: limit, noun: noun)])
        }
        // Decoding replaces invalid bytes; if the text does not encode back to the same
        // bytes, the file was not UTF-8.
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else {
            throw ConfigErrors([ConfigError(location: whole, message: "the \(noun) is not UTF-8 text",
                                            hint: "save it as UTF-8")])
        }
        return text
    }

    static func tooLarge(path: String, bytes: Int, limit: Int, noun: String = "config file") -> ConfigError {
        ConfigError(location: SourceLocation(file: path, line: 0, column: 0),
                    message: "the \(noun) is larger than \(limit / 1024 / 1024) MiB",
                    hint: "a gpioagg \(noun == "config file" ? "config" : noun) is a few kilobytes; is this the right file?")
    }

    /// What a file that is not a regular file is, in words: `a FIFO`, `a directory`.
    static func kind(of mode: mode_t) -> String {
        FileKind.phrase(for: mode)
    }

    private static func hint(for code: Int32, noun: String) -> String {
        switch code {
        case ENOENT where noun == "config file":
            return "give the config file with --config PATH; config/gpioagg.yaml in the source tree is an example"
        case EACCES: return "the file must be readable by the user gpioagg runs as"
        default: return ""
        }
    }
}
