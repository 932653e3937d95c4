import Config
import Sensors
@testable import Service
import SystemCore
import Testing

/// What readings do to sensor inputs, and when an input goes unavailable: the state
/// machine alone, on a virtual clock.
@Suite("Sensor input states")
struct SensorInputStatesTests {
    static let second: UInt64 = 1_000_000_000
    static let sensor = try! Sensor(device: .w1(id: "28-0316a2793cff"))
    /// Read every second, unavailable after 3 s without a good read.
    static let pond = SensorInputDeclaration(name: "pond", sensor: sensor, interval: .seconds(1),
                                             location: SourceLocation(file: "t.yaml", line: 1, column: 1))
    static let crc = SensorFailure(device: sensor.device, cause: .crcMismatch, path: "w1_slave")

    static func good(_ value: Double) -> [SensorReading] {
        [SensorReading(sensor: sensor, outcome: .success(value), readAt: 0)]
    }

    static func failed(_ failure: SensorFailure = crc) -> [SensorReading] {
        [SensorReading(sensor: sensor, outcome: .failure(failure), readAt: 0)]
    }

    @Test("a failed read keeps the value until the timeout since the last good one; then unavailable once, with the cause")
    func failureThenTimeout() {
        var states = SensorInputStates([Self.pond], start: 0)
        #expect(states.receive(Self.good(21.5), at: 1 * Self.second) == [.set(name: "pond", value: 21.5, after: nil)])
        #expect(states.nextDeadline == 4 * Self.second)
        #expect(states.receive(Self.failed(), at: 2 * Self.second) == [], "the last good value stays")
        #expect(states.receive(Self.failed(), at: 3 * Self.second) == [])
        #expect(states.nextDeadline == 4 * Self.second, "failures do not move the deadline")
        #expect(states.deadlinePassed(at: 4 * Self.second) == [
            .unavailable(name: "pond", sensor: Self.sensor, cause: Self.crc, quiet: 3 * Self.second, timeout: 3 * Self.second),
        ])
        #expect(states.receive(Self.failed(), at: 5 * Self.second) == [], "logged once")
        #expect(states.deadlinePassed(at: 9 * Self.second) == [])
        #expect(states.nextDeadline == nil, "no timer while it is unavailable")
        #expect(states.receive(Self.good(22), at: 10 * Self.second) == [.set(name: "pond", value: 22, after: 6 * Self.second)])
        #expect(states.nextDeadline == 13 * Self.second)
    }

    @Test("a read that hangs delivers nothing: the deadline alone makes the input unavailable, with no cause")
    func hungRead() {
        var states = SensorInputStates([Self.pond], start: 0)
        _ = states.receive(Self.good(21.5), at: Self.second)
        #expect(states.deadlinePassed(at: 3 * Self.second) == [])
        #expect(states.deadlinePassed(at: 4 * Self.second) == [
            .unavailable(name: "pond", sensor: Self.sensor, cause: nil, quiet: 3 * Self.second, timeout: 3 * Self.second),
        ])
    }

    @Test("good readings move the deadline on, so a healthy sensor never reaches it")
    func healthy() {
        var states = SensorInputStates([Self.pond], start: 0)
        for tick in 1...10 {
            #expect(states.receive(Self.good(20), at: UInt64(tick) * Self.second).count == 1)
            #expect(states.nextDeadline == UInt64(tick + 3) * Self.second)
        }
    }

    @Test("a sensor never read goes unavailable at the timeout after the start, saying why")
    func neverRead() {
        let gone = SensorFailure(device: Self.sensor.device, cause: .notFound(others: []))
        var states = SensorInputStates([Self.pond], start: 0)
        #expect(states.receive(Self.failed(gone), at: 0) == [])
        #expect(states.receive(Self.failed(gone), at: 3 * Self.second) == [
            .unavailable(name: "pond", sensor: Self.sensor, cause: gone, quiet: 3 * Self.second, timeout: 3 * Self.second),
        ], "a reading past the deadline does not wait for the timer")
    }

    @Test("a reload carries the state of an input declared the same way, and starts a changed one afresh")
    func reload() {
        var states = SensorInputStates([Self.pond], start: 0)
        _ = states.receive(Self.good(21.5), at: Self.second)
        _ = states.deadlinePassed(at: 4 * Self.second)
        var moved = Self.pond
        moved.location = SourceLocation(file: "t.yaml", line: 7, column: 3)
        var carried = SensorInputStates([moved], start: 5 * Self.second, carrying: states)
        #expect(carried.nextDeadline == nil, "still unavailable: not logged again")
        #expect(carried.receive(Self.good(20), at: 6 * Self.second) == [.set(name: "pond", value: 20, after: 2 * Self.second)])
        var slower = Self.pond
        slower.timeout = .seconds(10)
        let fresh = SensorInputStates([slower], start: 5 * Self.second, carrying: states)
        #expect(fresh.nextDeadline == 15 * Self.second)
    }

    @Test("each failed read counts for the inputs on its sensor, a good one does not; a reload carries the count by name")
    func readFailures() {
        var states = SensorInputStates([Self.pond], start: 0)
        #expect(states.readFailures.map(\.failures) == [0])
        _ = states.receive(Self.good(21.5), at: Self.second)
        #expect(states.readFailures.map(\.failures) == [0])
        _ = states.receive(Self.failed(), at: 2 * Self.second)
        _ = states.receive(Self.failed() + Self.good(21) + Self.failed(), at: 3 * Self.second)
        _ = states.deadlinePassed(at: 10 * Self.second)
        #expect(states.readFailures.map(\.input) == ["pond"])
        #expect(states.readFailures.map(\.failures) == [3], "timeouts are no reads")

        // Another sensor's failure is not this input's.
        let other = try! Sensor(device: .w1(id: "28-000000000001"))
        _ = states.receive([SensorReading(sensor: other, outcome: .failure(Self.crc), readAt: 0)], at: 11 * Self.second)
        #expect(states.readFailures.map(\.failures) == [3])

        var slower = Self.pond
        slower.timeout = .seconds(10)
        var reloaded = SensorInputStates([slower], start: 12 * Self.second, carrying: states)
        #expect(reloaded.readFailures.map(\.failures) == [3], "changed, but the same input")
        _ = reloaded.receive(Self.failed(), at: 13 * Self.second)
        #expect(reloaded.readFailures.map(\.failures) == [4])
    }
}
