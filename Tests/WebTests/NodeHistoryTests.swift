import Testing
import Values
@testable import Web

@Suite("Web: each node's history rings and the log's ring, bounded")
struct NodeHistoryTests {
    static let minute: Int64 = 60_000

    @Test("the last 32 changes of any node, oldest first")
    func changes() {
        var history = NodeHistory(isNumber: false, minuteCapacity: 60)
        for index in 0..<40 { history.record(at: Int64(index), value: .level(index % 2 == 0), precision: 0) }
        let kept = history.changes.elements
        #expect(kept.count == NodeHistory.changeCapacity)
        #expect(kept.map(\.time) == Array(8..<40).map(Int64.init))
        #expect(history.points(now: 40, window: .seconds(3600)) == nil, "a level has no curve")
    }

    @Test("a number's curve: one point a minute, the minute's last value, up to ten minutes ago; every change since")
    func curve() throws {
        var history = NodeHistory(isNumber: true, minuteCapacity: NodeHistory.minuteCapacity(of: .seconds(3600)))
        // Three hours, a change every 10 s: the value is the time in seconds.
        let end: Int64 = 3 * 60 * Self.minute
        var time: Int64 = 0
        while time < end {
            history.record(at: time, value: .number(Double(time / 1000), "°C"), precision: 0)
            time += 10_000
        }
        let now = end
        let points = try #require(history.points(now: now, window: .seconds(3600)))
        let cutoff = now - 10 * Self.minute
        let older = points.filter { $0.time < cutoff }
        let recent = points.filter { $0.time >= cutoff }
        #expect(recent.count == 60, "every change of the last ten minutes")
        #expect(recent.allSatisfy { $0.value == Double($0.time / 1000) })
        #expect(older.count == 50, "one a minute from an hour ago until ten minutes ago")
        #expect(older.first.map { $0.time >= now - 60 * Self.minute } == true)
        for point in older {
            #expect(point.time % Self.minute == 50_000, "the minute's last change, at :50")
            #expect(point.value == Double(point.time / 1000))
        }
        #expect(points.map(\.time) == points.map(\.time).sorted(), "oldest first")
    }

    @Test("at most 600 changes at full rate, the oldest dropped; the minute ring at most the window's minutes")
    func bounds() throws {
        var history = NodeHistory(isNumber: true, minuteCapacity: 30)
        // 1,000 changes within the last ten minutes.
        for index in 0..<1000 { history.record(at: Int64(index) * 500, value: .number(Double(index), .none), precision: 0) }
        let points = try #require(history.points(now: 500_000, window: .seconds(1800)))
        let recent = points.filter { $0.value.map { $0 >= 400 } ?? false }
        #expect(recent.count == NodeHistory.recentCapacity)
        #expect(points.last?.value == 999)
        #expect(points.count <= NodeHistory.recentCapacity + 30)
        // Hours of changes a minute apart fill the minute ring to its capacity.
        var long = NodeHistory(isNumber: true, minuteCapacity: 30)
        for index in 0..<500 { long.record(at: Int64(index) * Self.minute, value: .number(1, .none), precision: 0) }
        let curve = try #require(long.points(now: 500 * Self.minute, window: .seconds(7 * 24 * 3600)))
        #expect(curve.filter { $0.time < 490 * Self.minute }.count == 30 - 10, "the ring's 30, less the ten recent")
    }

    @Test("unavailable is a point with no value")
    func unavailable() throws {
        var history = NodeHistory(isNumber: true, minuteCapacity: 60)
        history.record(at: 1000, value: .number(2, .none), precision: 0)
        history.record(at: 2000, value: .unavailable, precision: 0)
        #expect(try #require(history.points(now: 3000, window: .seconds(3600))).map(\.value) == [2, nil])
    }

    @Test("the log keeps its last 200 lines, oldest first; a long message is cut, on a character")
    func log() {
        let feed = WebFeed()
        for index in 0..<250 { feed.log(WebLogLine(time: Int64(index), level: "info", message: "line \(index)")) }
        let lines = feed.logLines
        #expect(lines.count == WebFeed.logCapacity)
        #expect(lines.first?.message == "line 50" && lines.last?.message == "line 249")
        let long = WebLogLine(time: 0, level: "info", message: String(repeating: "é", count: 3000))
        #expect(long.message.utf8.count <= WebLogLine.longestMessage)
        #expect(long.message.hasSuffix("…") && long.message.dropLast().allSatisfy { $0 == "é" })
    }

    @Test("BoundedRing: the last elements, oldest first; replacing the newest")
    func ring() {
        var ring = BoundedRing<Int>(capacity: 3)
        #expect(ring.elements.isEmpty && ring.last == nil)
        for value in 1...5 { ring.append(value) }
        #expect(ring.elements == [3, 4, 5] && ring.last == 5)
        ring.replaceLast(with: 9)
        #expect(ring.elements == [3, 4, 9])
    }
}

extension NodeHistoryTests {
    @Test("a full ring's storage is its capacity, not an array's doubling past it")
    func ringStorage() {
        var ring = BoundedRing<Int>(capacity: 1440)
        for value in 0..<2000 { ring.append(value) }
        #expect(ring.count == 1440 && ring.elements.first == 560 && ring.elements.last == 1999)
        #expect(ring.storageCapacity < 2048, "\(ring.storageCapacity)")
    }
}
