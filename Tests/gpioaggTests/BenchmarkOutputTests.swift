import Foundation
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

    @Test("rejects unknown arguments")
    func unknownArgument() throws {
        let result = try runProduct("gpioagg-bench", ["--fast"])
        #expect(result.status == 2)
        #expect(result.lines.joined().contains("unknown argument '--fast'"))
    }
}
