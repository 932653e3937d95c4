import Config
import Sensors
@testable import Service
import Testing

/// When sensor inputs are read: one batch per interval, on a virtual clock.
@Suite("Sensor schedule")
struct SensorScheduleTests {
    static let second: UInt64 = 1_000_000_000

    static func input(_ name: String, _ device: SensorDevice, every interval: Duration) throws -> SensorInputDeclaration {
        SensorInputDeclaration(name: name, sensor: try Sensor(device: device), interval: interval,
                               location: SourceLocation(file: "t.yaml", line: 1, column: 1))
    }

    static let cpu = SensorDevice.thermal(type: "cpu-thermal")
    static let gpu = SensorDevice.thermal(type: "gpu-thermal")
    static let pond = SensorDevice.w1(id: "28-0316a2793cff")

    @Test("sensors at 1 s and 2 s are read in their own batches: both at the start, the 1 s one alone between")
    func twoIntervals() throws {
        let fast = [try Self.input("cpu", Self.cpu, every: .seconds(1)), try Self.input("gpu", Self.gpu, every: .seconds(1))]
        let slow = try Self.input("pond", Self.pond, every: .seconds(2))
        var schedule = SensorSchedule(fast + [slow], start: 10 * Self.second)
        let both = [fast.map(\.sensor), [slow.sensor]]
        #expect(schedule.due(at: 10 * Self.second) == both)
        #expect(schedule.nextDue == 11 * Self.second)
        #expect(schedule.due(at: 10 * Self.second + Self.second / 2) == [], "nothing between intervals")
        #expect(schedule.due(at: 11 * Self.second) == [fast.map(\.sensor)])
        #expect(schedule.nextDue == 12 * Self.second)
        #expect(schedule.due(at: 12 * Self.second) == both)
        #expect(schedule.due(at: 13 * Self.second) == [fast.map(\.sensor)])
    }

    @Test("a late wake reads each batch once and keeps its phase: no burst of missed reads")
    func lateWake() throws {
        let fast = try Self.input("cpu", Self.cpu, every: .seconds(1))
        var schedule = SensorSchedule([fast], start: 0)
        _ = schedule.due(at: 0)
        #expect(schedule.due(at: 5 * Self.second + Self.second / 2) == [[fast.sensor]])
        #expect(schedule.due(at: 5 * Self.second + Self.second * 3 / 4) == [])
        #expect(schedule.nextDue == 6 * Self.second)
    }

    @Test("a reload carries the schedule: an interval already read keeps its next time, only a sensor it adds is read at once, a new interval starts at once")
    func reloadCarries() throws {
        let cpu = try Self.input("cpu", Self.cpu, every: .seconds(1))
        let gpu = try Self.input("gpu", Self.gpu, every: .seconds(1))
        let pond = try Self.input("pond", Self.pond, every: .seconds(5))
        var schedule = SensorSchedule([cpu], start: 0)
        _ = schedule.due(at: 0)
        let half = Self.second / 2
        var unchanged = SensorSchedule([cpu], start: half, carrying: schedule)
        #expect(unchanged.due(at: half) == [], "nothing read sooner for a reload of the same inputs")
        #expect(unchanged.nextDue == Self.second)
        var added = SensorSchedule([cpu, gpu, pond], start: half, carrying: schedule)
        #expect(added.due(at: half) == [[gpu.sensor], [pond.sensor]])
        #expect(added.nextDue == Self.second)
        #expect(added.due(at: Self.second) == [[cpu.sensor, gpu.sensor]])
    }

    @Test("two inputs on one sensor and interval share its read; none, no schedule")
    func sharedSensor() throws {
        let one = try Self.input("cpu", Self.cpu, every: .seconds(5))
        let two = try Self.input("cpu_again", Self.cpu, every: .seconds(5))
        var schedule = SensorSchedule([one, two], start: 0)
        #expect(schedule.due(at: 0) == [[one.sensor]])
        #expect(SensorSchedule([], start: 0).nextDue == nil)
    }
}
