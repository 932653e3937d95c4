#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import Testing

/// `gpioagg run --simulate` with `web:`, asked over HTTP as a browser or Prometheus
/// would: what `gpioagg sim set` moves shows in `/api/status` and `/metrics`, and with
/// `controls: true` a `POST /api/set` moves an output.
@Suite("gpioagg run with web:", .tags(.binary))
struct WebDaemonTests {
    static func config(socket: String) -> String {
        """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          switch1: { chip: main, line: GPIO17, active: low, bias: pull-up, debounce: 10ms }
          override: { command: true }
        signals:
          all_on: { all: [switch1, override] }
        outputs:
          ready_led: { chip: main, line: GPIO5, follows: all_on, initial: off, safe: off }
        web:
          listen: unix:\(socket)
          controls: true

        """
    }

    /// `gpioagg run --simulate` on `config(socket: web)` in a new directory, once its
    /// server listens: the process, its web socket, its control socket, its config file.
    static func start(web name: String = "web.sock") throws
        -> (running: RunningProduct, web: String, control: String, configPath: String) {
        let directory = temporaryDirectory()
        let web = directory + "/" + name
        let control = directory + "/control.sock"
        let configPath = directory + "/web.yaml"
        try config(socket: web).write(toFile: configPath, atomically: true, encoding: .utf8)
        let running = try RunningProduct("gpioagg", ["run", "--simulate", "--config", configPath, "--control", control])
        #expect(running.waitForLine("web: listening on unix:\(web) (no token, controls on)"),
                "\(running.printedLines) \(running.printedErrors)")
        return (running, web, control, configPath)
    }

    @Test("sim set shows in /api/status and /metrics; POST /api/set moves an output; the text parses with prometheus_client")
    func serves() throws {
        let (running, webSocket, control, configPath) = try Self.start()
        defer { running.process.terminate() }
        let directory = (configPath as NSString).deletingLastPathComponent

        let moved = try runProduct("gpioagg", ["sim", "set", "switch1", "on", "--control", control])
        #expect(moved.status == 0, "\(moved.errors)")
        let status = try UnixHTTP(path: webSocket).request("GET /api/status")
        #expect(status.status == 200)
        let parsed = try JSONSerialization.jsonObject(with: Data(status.body.utf8)) as? [String: [String: Bool]]
        #expect(parsed?["inputs"]?["switch1"] == true)
        #expect(parsed?["outputs"]?["ready_led"] == false)

        let metrics = try UnixHTTP(path: webSocket).request("GET /metrics")
        #expect(metrics.status == 200)
        #expect(metrics.body.contains(#"gpioagg_node_value{node="switch1",kind="input"} 1.0"#), "\(metrics.body)")
        #expect(metrics.body.contains(#"gpioagg_node_value{node="ready_led",kind="output"} 0.0"#))
        #expect(metrics.body.contains("gpioagg_reloads_total 0"))
        #expect(metrics.body.contains("# TYPE gpioagg_loop_lag_seconds histogram"), "\(metrics.body)")
        try Self.expectParsedByPrometheusClient(metrics.body, in: directory)

        let set = try UnixHTTP(path: webSocket).request("POST /api/set", body: #"{"node": "override", "value": "on"}"#)
        #expect(set.status == 200 && set.body == #"{"ok":true}"# + "\n", "\(set.body)")
        #expect(running.waitForLine("output ready_led on"))
        let refused = try UnixHTTP(path: webSocket).request("POST /api/set", body: #"{"node": "switch1", "value": "on"}"#)
        #expect(refused.status == 422 && refused.body.contains(#""ok":false"#), "\(refused.body)")

        running.process.terminate()
        let result = running.finish()
        #expect(result.status == 0)
        #expect(!FileManager.default.fileExists(atPath: webSocket), "the web socket's file is removed at stop")
    }

    @Test("a reload keeps an unchanged web:, moves the server to a new address, logs an address in use while the lines run on, tries it again at the next reload, and restarts the server on its own port")
    func reloads() throws {
        let (running, first, control, configPath) = try Self.start(web: "first.sock")
        defer { running.process.terminate() }
        let second = (configPath as NSString).deletingLastPathComponent + "/second.sock"

        // The same web: again: the server is kept (no second "listening" line for it).
        running.process.signal(SIGHUP)
        try Self.config(socket: second).write(toFile: configPath + ".next", atomically: true, encoding: .utf8)
        #expect(running.waitForLine("reloaded", prefix: true))
        rename(configPath + ".next", configPath)
        running.process.signal(SIGHUP)
        #expect(running.waitForLine("web: listening on unix:\(second) (no token, controls on)"))
        #expect(running.printedLines.filter { $0.hasPrefix("web: listening on unix:\(first)") }.count == 1)
        #expect(!FileManager.default.fileExists(atPath: first), "the first server stopped and removed its socket")
        #expect(try UnixHTTP(path: second).request("GET /api/status").status == 200)

        // An address another socket holds: an error in the log, and the lines run on.
        var holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { if holder >= 0 { close(holder) } }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(holder, pointer, length) == 0 && listen(holder, 1) == 0 && getsockname(holder, pointer, &length) == 0
            }
        }
        try #require(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let taken = Self.config(socket: "").replacingOccurrences(of: "listen: unix:", with: "listen: 127.0.0.1:\(port)")
        try taken.write(toFile: configPath, atomically: true, encoding: .utf8)
        running.process.signal(SIGHUP)
        #expect(running.waitForOutput(containing: "web: cannot listen on 127.0.0.1:\(port): the address is in use"),
                "\(running.printedLines) \(running.printedErrors)")
        let moved = try runProduct("gpioagg", ["sim", "set", "switch1", "on", "--control", control])
        #expect(moved.status == 0, "\(moved.errors)")
        #expect(running.waitForLine("input switch1 on"))

        // The address freed, the same file again: the server is started this time.
        close(holder)
        holder = -1
        running.process.signal(SIGHUP)
        #expect(running.waitForLine("web: listening on 127.0.0.1:\(port) (no token, controls on)"),
                "\(running.printedLines) \(running.printedErrors)")

        // Only controls changed: the new server listens on the same port once the old
        // one has stopped listening there, each time.
        var listened = ["on": 1, "off": 0]
        for round in 1...6 {
            let controls = round.isMultiple(of: 2) ? "on" : "off"
            let next = taken.replacingOccurrences(of: "controls: true", with: "controls: \(controls == "on")")
            try next.write(toFile: configPath, atomically: true, encoding: .utf8)
            running.process.signal(SIGHUP)
            listened[controls, default: 0] += 1
            #expect(running.waitForLine("web: listening on 127.0.0.1:\(port) (no token, controls \(controls))",
                                        count: listened[controls]!),
                    "round \(round): \(running.printedLines) \(running.printedErrors)")
        }
        let refusals = (running.printedLines + [running.printedErrors]).joined(separator: "\n")
            .components(separatedBy: "the address is in use").count - 1
        #expect(refusals == 1, "only the address held on purpose was refused: \(running.printedErrors)")
        running.process.terminate()
        #expect(running.finish().status == 0)
    }

    /// Parses `text` with prometheus_client's text parser (Debian's
    /// python3-prometheus-client, the Prometheus project's Python client), and expects the
    /// families and samples gpioagg wrote.
    static func expectParsedByPrometheusClient(_ text: String, in directory: String) throws {
        let python = "/usr/bin/python3"
        let probe = try runShell("\(python) -c 'import prometheus_client' 2>&1")
        guard probe.status == 0 else {
            // scripts/install-deps installs it; say plainly that the check did not run.
            print("skipped: prometheus_client is not installed for \(python) (scripts/install-deps installs python3-prometheus-client)")
            return
        }
        let file = directory + "/metrics.txt"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let script = """
            import sys
            from prometheus_client.parser import text_string_to_metric_families
            for family in text_string_to_metric_families(open(sys.argv[1]).read()):
                for sample in family.samples:
                    labels = ",".join(f"{k}={v}" for k, v in sorted(sample.labels.items()))
                    print(f"{family.type} {sample.name} {labels} {sample.value}")
            """
        try script.write(toFile: directory + "/parse.py", atomically: true, encoding: .utf8)
        let parsed = try runShell("\(python) \(directory)/parse.py \(file)")
        #expect(parsed.status == 0, "\(parsed.output)")
        let lines = parsed.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("gauge gpioagg_node_value kind=input,node=switch1 1.0"), "\(lines)")
        #expect(lines.contains("gauge gpioagg_node_value kind=output,node=ready_led 0.0"), "\(lines)")
        #expect(lines.contains("counter gpioagg_reloads_total  0.0"), "\(lines)")

        // The counters of what happened: switch1's edge (more with its bounces), each
        // edge a transaction; nothing kept, no sensor.
        func sample(_ prefix: String) -> Double? {
            lines.first { $0.hasPrefix(prefix + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") }
        }
        let edges = sample("counter gpioagg_edges_total ")
        let transactions = sample("counter gpioagg_transactions_total ")
        #expect((edges ?? 0) >= 1, "\(lines)")
        #expect((transactions ?? 0) >= 1, "\(lines)")
        #expect(sample("counter gpioagg_state_writes_total ") == 0, "\(lines)")
        #expect(!lines.contains { $0.contains("gpioagg_sensor_read_failures_total") })

        // The loop's lag: one observation per transaction, in buckets that only grow, the
        // last (+Inf) holding them all.
        let buckets = lines.filter { $0.hasPrefix("histogram gpioagg_loop_lag_seconds_bucket ") }
        let bounds = buckets.compactMap { $0.split(separator: " ")[2].split(separator: "=").last.map(String.init) }
        #expect(bounds == ["0.00005", "0.0001", "0.00025", "0.0005", "0.001", "0.0025", "0.005", "0.01", "0.025",
                           "0.05", "0.1", "0.25", "0.5", "1.0", "+Inf"], "\(buckets)")
        let counts = buckets.compactMap { Double($0.split(separator: " ").last ?? "") }
        #expect(counts == counts.sorted(), "\(buckets)")
        let count = sample("histogram gpioagg_loop_lag_seconds_count ")
        #expect(count == transactions && counts.last == count, "\(lines)")
        #expect((sample("histogram gpioagg_loop_lag_seconds_sum ") ?? -1) >= 0, "\(lines)")
    }

    static func runShell(_ command: String) throws -> (status: Int32, output: String) {
        let running = try RunningProduct(shell: command)
        running.closeInput()
        let result = running.finish()
        return (result.status, (result.lines + [result.errors]).joined(separator: "\n"))
    }
}

/// One HTTP/1.1 exchange over a unix stream socket, the request written whole with
/// `Connection: close` and the response read to its end.
struct UnixHTTP {
    struct Failure: Error { var description: String }
    let path: String

    func request(_ line: String, body: String = "") throws -> (status: Int, body: String) {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(errno)") }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "cannot connect to \(path): \(errno)") }
        var head = "\(line) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
        if !body.isEmpty { head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        let bytes = Array((head + "\r\n" + body).utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(description: "write: \(errno)") }
            written += count
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += buffer.prefix(count)
        }
        let text = String(decoding: received, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n"), text.hasPrefix("HTTP/1.1 "),
              let status = Int(text.dropFirst(9).prefix(3)) else {
            throw Failure(description: "no HTTP response: \(text.debugDescription)")
        }
        return (status, String(text[split.upperBound...]))
    }
}
