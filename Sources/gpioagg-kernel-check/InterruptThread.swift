#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The kernel thread that turns a requested line's interrupts into edge events:
/// gpio-sim's chip can sleep, so gpiolib-cdev handles its interrupts in a thread named
/// `irq/<number>-<consumer>` (truncated to 15 characters).
struct InterruptThread {
    let pid: Int32
    let name: String

    /// The threads of the requests made with `consumer`. Use a short consumer, so that
    /// the truncated name still tells requests apart.
    static func find(consumer: String) -> [InterruptThread] {
        guard let proc = opendir("/proc") else { return [] }
        defer { closedir(proc) }
        var threads: [InterruptThread] = []
        while let entry = readdir(proc) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = Int32(name),
                  let command = try? Sysfs.contents(of: "/proc/\(pid)/comm"),
                  command.hasPrefix("irq/"),
                  let dash = command.firstIndex(of: "-") else { continue }
            let label = command[command.index(after: dash)...]
            if !label.isEmpty && consumer.hasPrefix(label) {
                threads.append(InterruptThread(pid: pid, name: command))
            }
        }
        return threads
    }

    /// The CPU the thread last ran on (field 39 of /proc/PID/stat).
    var lastCPU: Int? {
        guard let stat = try? Sysfs.contents(of: "/proc/\(pid)/stat"),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command (which may hold spaces) start at field 3.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        let index = 39 - 3
        return fields.count > index ? Int(fields[index]) : nil
    }
}
