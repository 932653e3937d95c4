import Foundation
import MosquittoTesting
import Testing

@Suite("gpioagg-bench output")
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

    @Test("prints the MQTT rows: /set to the published output, latency and throughput, the final state right",
          .enabled(if: Tools.haveBroker, Comment(rawValue: Tools.noBroker)))
    func mqttRows() throws {
        let rows = try benchmarkRows(["--quick", "--filter", "mqtt"])
        #expect(rows.map { "\($0["name"] ?? "?")" } == ["mqttSet", "mqttSetThroughput"])
        #expect((rows.first?["p50_ns"] as? Double ?? 0) > 0)
        #expect((rows.last?["commands_per_s"] as? Double ?? 0) > 0)
        #expect(rows.last?["final_state_right"] as? Bool == true, "\(rows)")
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
