import Foundation
import MosquittoTesting
import Testing

@Suite("gpioagg-bench output", .tags(.binary))
struct BenchmarkOutputTests {
    @Test("prints one JSON object per line with the documented fields")
    func jsonLines() throws {
        let result = try runProduct("gpioagg-bench", ["--quick", "--filter", "combineLatest,seedCombineLatest"])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let rows = try result.lines.map { line -> [String: Any] in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try #require(object as? [String: Any], "not a JSON object: \(line)")
        }
        let keys = rows.map { "\($0["name"] ?? "?")/\($0["n"] ?? "?")" }
        #expect(keys == ["combineLatest/3", "combineLatest/64", "combineLatest/1024",
                         "seedCombineLatest/3", "seedCombineLatest/64", "seedCombineLatest/1024"])
        for row in rows {
            for field in ["ns_per_event", "p50_ns", "p99_ns"] {
                let value = try #require(row[field] as? Double, "\(field) missing in \(row)")
                #expect(value > 0)
            }
            #expect((row["p50_ns"] as? Double ?? 0) <= (row["p99_ns"] as? Double ?? 0))
        }
    }

    @Test("prints the consumer rows: n = 1 and 3 pipelines, then the owner's receiveValue")
    func consumerRows() throws {
        let rows = try benchmarkRows(["--quick", "--filter", "consumer,consumerReceiver"])
        let keys = rows.map { "\($0["name"] ?? "?")/\($0["n"] ?? "?")" }
        #expect(keys == ["consumer/1", "consumer/3", "consumerReceiver/1"])
        for row in rows {
            let value = try #require(row["ns_per_event"] as? Double, "ns_per_event missing in \(row)")
            #expect(value > 0)
        }
    }

    @Test("runs only the engine rows when asked (scripts/bench/gpiozero-side-by-side)")
    func engineRowsOnly() throws {
        let rows = try benchmarkRows(["--quick", "--filter", "engine"])
        let keys = rows.map { "\($0["name"] ?? "?")/\($0["n"] ?? "?")" }
        #expect(keys == ["engine/3", "engine/64", "engine/1024"])
    }

    @Test("prints the timed rows: a delayed signal and a click detector, per event")
    func timedRows() throws {
        let rows = try benchmarkRows(["--quick", "--filter", "engineTimed"])
        let keys = rows.map { "\($0["name"] ?? "?")/\($0["n"] ?? "?")" }
        #expect(keys == ["engineDelayed/1", "engineClick/1"])
        for row in rows {
            let value = try #require(row["ns_per_event"] as? Double, "ns_per_event missing in \(row)")
            #expect(value > 0)
        }
    }

    @Test("prints the counter row: a meter's edges into a count: with a rate: on it, and the pulses per second it takes")
    func counterRow() throws {
        let rows = try benchmarkRows(["--quick", "--filter", "engineCounter"])
        #expect(rows.map { "\($0["name"] ?? "?")/\($0["n"] ?? "?")" } == ["engineCounter/1"])
        let row = try #require(rows.first)
        let perEvent = try #require(row["ns_per_event"] as? Double, "ns_per_event missing in \(row)")
        let pulses = try #require(row["pulses_per_s"] as? Int, "pulses_per_s missing in \(row)")
        #expect(perEvent > 0)
        // Two edges a pulse.
        #expect(abs(Double(pulses) - 1e9 / (2 * perEvent)) <= max(1, Double(pulses) * 0.001), "\(row)")
    }

    @Test("prints the MQTT rows: /set to the published output, latency and throughput, the final state right",
          .enabled(if: Tools.haveBroker, Comment(rawValue: Tools.noBroker)))
    func mqttRows() throws {
        let rows = try benchmarkRows(["--quick", "--filter", "mqtt"])
        #expect(rows.map { "\($0["name"] ?? "?")" } == ["mqttSet", "mqttSetThroughput"])
        #expect((rows.first?["p50_ns"] as? Double ?? 0) > 0)
        #expect((rows.last?["commands_per_s"] as? Double ?? 0) > 0)
        #expect(rows.last?["final_state_right"] as? Bool == true, "\(rows)")
    }

    @Test("prints the sensor rows: an edge to its output with no sensor, twice, and while every read of a sensor blocks 750 ms")
    func sensorBlockingEdgeRows() throws {
        let rows = try benchmarkRows(["--quick", "--filter", "sensorBlockingEdge"])
        #expect(rows.map { "\($0["name"] ?? "?")" } == ["edgeLatency", "edgeLatencyControl", "sensorBlockingEdge"])
        for row in rows {
            let p50 = try #require(row["p50_ns"] as? Double, "p50_ns missing in \(row)")
            let p99 = try #require(row["p99_ns"] as? Double, "p99_ns missing in \(row)")
            let maximum = try #require(row["max_ns"] as? Double, "max_ns missing in \(row)")
            #expect(p50 > 0 && p50 <= p99 && p99 <= maximum, "\(row)")
        }
        let blocking = try #require(rows.last)
        #expect(rows[1]["reads_during_run"] == nil, "the control has no sensor: \(rows[1])")
        // The edges were made while the daemon's sensor read was blocked, not between reads.
        #expect((blocking["reads_during_run"] as? Double ?? 0) >= 1, "\(blocking)")
        #expect((blocking["edges_during_reads"] as? Double ?? 0) > 0, "\(blocking)")
        for row in rows.dropFirst() {
            for field in ["p50_added_ns", "p99_added_ns", "max_added_ns"] {
                #expect(row[field] is Double, "\(field) missing in \(row)")
            }
        }
    }

    @Test("scripts/bench/sensors-idle: the daemon with 16 sensors reads them and runs its sensor threads, none for the schedule; the one without has none",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3"))
    func sensorsIdleScript() throws {
        let script = MakefileTests.root + "/scripts/bench/sensors-idle"
        let running = try RunningProduct(shell: "SETTLE=1 '\(script)' '\(BuiltProducts.url("gpioagg").path)' 4")
        let result = running.finish(limit: 120)
        #expect(result.status == 0, "stderr: \(result.errors)")
        let rows = try result.lines.map { line -> [String: Any] in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try #require(object as? [String: Any], "not a JSON object: \(line)")
        }
        #expect(rows.map { "\($0["name"] ?? "?")" } == ["sensorsIdle", "sensorsIdleBaseline", "sensorsIdleAdded"])
        let threads = rows.prefix(2).map { Set(($0["wakeups_per_s_by_thread"] as? [String: Any] ?? [:]).keys) }
        #expect(threads.first?.isSuperset(of: ["gpioagg-loop", "gpioagg-sensors"]) == true, "\(threads)")
        // The schedule runs on the loop's clock: no thread of its own.
        #expect(threads.first?.contains("gpioagg-sched") == false, "\(threads)")
        #expect(threads.last?.contains("gpioagg-loop") == true && threads.last?.contains("gpioagg-sensors") == false,
                "\(threads)")
        #expect(rows.first?["value_change_seen_after_ms"] is Double, "\(rows)")
    }

    /// Runs gpioagg-bench with `arguments`; each printed line as a JSON object.
    private func benchmarkRows(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try runProduct("gpioagg-bench", arguments)
        #expect(result.status == 0, "stderr: \(result.errors)")
        return try result.lines.map { line -> [String: Any] in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try #require(object as? [String: Any], "not a JSON object: \(line)")
        }
    }

    @Test("rejects unknown arguments")
    func unknownArgument() throws {
        let result = try runProduct("gpioagg-bench", ["--fast"])
        #expect(result.status == 2)
        #expect(result.lines.joined().contains("unknown argument '--fast'"))
    }
}
