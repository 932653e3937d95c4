#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
import Engine
import GPIOSimulated
import Loop

/// `engineIdle`: a daemon-like setup (64 simulated inputs into one `all` signal driving
/// one output, on the real `PosixEventLoop`) left idle: its resident memory and the CPU time
/// it uses while nothing happens. Measured in a fresh process (this executable, run with
/// `--engine-idle-child SECONDS`), so that what earlier rows allocated does not count.
///
/// `delayed`: the row `engineIdleDelayed`, the same inputs into `any` with an
/// `off_delay` of half the idle time, left idle with that delay pending: the loop must
/// wake once, when the delay ends (and the output turns off), and at no other time.
@MainActor func engineIdleRow(delayed: Bool = false) -> Measurement {
    let seconds = quick ? 0.3 : 3.0
    var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &path, Int(PATH_MAX))
    precondition(length > 0, "engineIdle: cannot find this executable")
    let command = "'\(text(path))' --engine-idle-child \(seconds)\(delayed ? " delayed" : "")"
    guard let child = popen(command, "r") else { fatalError("engineIdle: cannot run \(command)") }
    var output = ""
    var buffer = [CChar](repeating: 0, count: 256)
    while fgets(&buffer, Int32(buffer.count), child) != nil { output += text(buffer) }
    let status = pclose(child)
    var fields: [String: String] = [:]
    for pair in output.split(whereSeparator: \.isWhitespace) {
        let parts = pair.split(separator: "=", maxSplits: 1)
        if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
    }
    guard status == 0, let rss = fields["rss_kib"], let cpu = fields["cpu_ms_idle"],
          let wakeUps = fields["wakeups_idle"] else {
        fatalError("engineIdle: the child failed (status \(status)): \(output)")
    }
    var extra = [("rss_kib", rss), ("cpu_ms_idle", cpu), ("wakeups_idle", wakeUps),
                 ("idle_ms", "\(Int(seconds * 1000))")]
    if delayed { extra.append(("delay_ended", fields["delay_ended"] ?? "?")) }
    return Measurement(name: delayed ? "engineIdleDelayed" : "engineIdle", n: 64, events: 0, nsPerEvent: 0,
                       p50: 0, p99: 0, extra: extra)
}

/// The child of `engineIdleRow`: sets up, lets a few events through, idles for
/// `seconds`, prints `rss_kib=... cpu_ms_idle=... wakeups_idle=...` and exits.
func runEngineIdleChild(seconds: Double, delayed: Bool) -> Never {
    let n = 64
    do {
        let loop = try PosixEventLoop()
        let chip = SimulatedChip(name: "gpiochip0", label: "idle", lineCount: n + 1, clock: loop)
        var configuration = engineBenchConfiguration(inputs: n, chip: .label("idle"))
        if delayed {
            configuration.signals[0].expression = .any(configuration.inputs.map(\.name))
            configuration.signals[0].offDelay = .milliseconds(Int64(seconds * 500))
        }
        let engine = Engine(configuration: configuration, backend: SimulatedBackend(chips: [chip]), loop: loop)
        try loop.sync { try engine.start() }
        // Every input on, so that the graph has run and the output has been written.
        for offset in 0..<n { chip.setActive(.offset(UInt32(offset)), true) }
        var waited = 0
        while loop.sync({ engine.snapshot().outputs["led"] }) != true {
            waited += 1
            precondition(waited < 10_000, "engineIdle: the output never came on")
            usleep(1_000)
        }
        if delayed {
            // Every input off again: the off-delay is pending, the output still on.
            for offset in 0..<n { chip.setActive(.offset(UInt32(offset)), false) }
            waited = 0
            while loop.sync({ engine.snapshot().inputs.values.contains(true) }) {
                waited += 1
                precondition(waited < 10_000, "engineIdle: the inputs never went off")
                usleep(1_000)
            }
        }
        let wakeUpsBefore = loop.sync { loop.wakeUpCount }
        let before = cpuMilliseconds()
        var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var left = timespec()
        while nanosleep(&pause, &left) != 0 { pause = left }
        let cpu = cpuMilliseconds() - before
        // The sync that reads the count wakes the loop once.
        let wakeUps = loop.sync { loop.wakeUpCount } - wakeUpsBefore - 1
        let rss = residentKibibytes()
        let ended = loop.sync { engine.snapshot().outputs["led"] == false }
        print("rss_kib=\(rss) cpu_ms_idle=\(formattedTenths(cpu)) wakeups_idle=\(wakeUps)"
            + (delayed ? " delay_ended=\(ended)" : ""))
        loop.sync { engine.stop() }
        loop.stop()
        exit(0)
    } catch {
        print("error: \(error)")
        exit(1)
    }
}

/// User plus system CPU time of the whole process.
private func cpuMilliseconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let user = Double(usage.ru_utime.tv_sec) * 1000 + Double(usage.ru_utime.tv_usec) / 1000
    let system = Double(usage.ru_stime.tv_sec) * 1000 + Double(usage.ru_stime.tv_usec) / 1000
    return user + system
}

/// `VmRSS` from `/proc/self/status`, in KiB.
private func residentKibibytes() -> Int {
    guard let file = fopen("/proc/self/status", "r") else { return -1 }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 512)
    while fgets(&buffer, Int32(buffer.count), file) != nil {
        let line = text(buffer)
        if line.hasPrefix("VmRSS:") {
            return Int(line.dropFirst(6).filter(\.isNumber)) ?? -1
        }
    }
    return -1
}

/// The text of a NUL-terminated buffer filled by C.
private func text(_ buffer: [CChar]) -> String {
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
}

private func formattedTenths(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
}
