#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
import Foundation
import MQTTEmbedded
import Service
import TestSupport
import Testing
import Values

/// Covers on MQTT in virtual time: each cover's state (and the blinds' position)
/// retained, Home Assistant's `cover` discovery, and Home Assistant's exact payloads on
/// `/set` and `position/set` moving the lines. The same against a real mosquitto:
/// gpioaggTests' MQTTDaemonTests+Covers.
@Suite("The MQTT bridge with covers in virtual time")
struct MQTTBridgeCoverTests {
    typealias Rig = MQTTBridgeTests.Rig

    /// A garage door on one relay with both end switches, and blinds on two motors.
    static let garage = """
        inputs:
          door_closed: { chip: main, line: GPIO17 }
          door_open:   { chip: main, line: GPIO27 }
        outputs:
          door_relay:  { chip: main, line: GPIO8, pulse: 500ms }
          blinds_up:   { chip: main, line: GPIO9 }
          blinds_down: { chip: main, line: GPIO10 }
        covers:
          garage_door: { relay: door_relay, closed: door_closed, open: door_open, travel: 15s, device_class: garage }
          blinds:      { up: blinds_up, down: blinds_down, travel: 20s, device_class: blind, name: "Living room blinds" }
        interlocks:
          blinds_motor: { outputs: [blinds_up, blinds_down], wait: 500ms }
        """

    static let doorSet = "gpioagg/garage/garage_door/set"
    static let blindsSet = "gpioagg/garage/blinds/set"
    static let blindsPositionSet = "gpioagg/garage/blinds/position/set"

    /// Where each test keeps the blinds' position: a directory of its own.
    let kept: TemporaryDirectory

    init() throws { kept = try TemporaryDirectory(prefix: "gpioagg-covers") }

    /// The rig with the door closed (its closed switch on before the daemon starts).
    func closedDoor() throws -> Rig {
        let rig = try Rig(Self.garage, stateDirectory: kept.path)
        rig.daemon.chip.set("GPIO17", high: true)
        rig.daemon.loop.run()
        return rig
    }

    func line(_ rig: Rig, _ name: String) -> Bool? { rig.daemon.chip.level(of: .name(name)) }

    func state(_ rig: Rig, _ name: String) -> String? { rig.transport.retainedText("gpioagg/garage/\(name)") }

    /// How many times the relay's line went high.
    func relayPulses(_ rig: Rig) -> Int {
        let offset = rig.daemon.chip.offset(of: .name("GPIO8"))
        return rig.daemon.chip.writes.filter { $0.offset == offset && $0.level }.count
    }

    @Test("on connect: each cover's state retained, the cover platform in discovery, /set and the blinds' position/set subscribed")
    func onConnect() throws {
        let rig = try closedDoor()
        rig.connect()
        let transport = rig.transport
        #expect(state(rig, "garage_door") == "closed")
        #expect(state(rig, "blinds") == "stopped", "no kept position, no end switch: not known yet")
        #expect(transport.retainedText("gpioagg/garage/blinds/position") == nil, "no position is published while unknown")
        let door = try #require(transport.retainedText("homeassistant/cover/garage/garage_door/config"))
        for part in [#""name":"Garage door""#, #""device_class":"garage""#, #""command_topic":"gpioagg/garage/garage_door/set""#,
                     #""state_topic":"gpioagg/garage/garage_door""#, #""payload_open":"OPEN""#] {
            #expect(door.contains(part), "\(part) in \(door)")
        }
        #expect(!door.contains("position_topic"), "\(door)")
        let blinds = try #require(transport.retainedText("homeassistant/cover/garage/blinds/config"))
        for part in [#""name":"Living room blinds""#, #""position_topic":"gpioagg/garage/blinds/position""#,
                     #""set_position_topic":"gpioagg/garage/blinds/position/set""#, #""position_open":100"#] {
            #expect(blinds.contains(part), "\(part) in \(blinds)")
        }
        #expect(transport.retainedText("homeassistant/binary_sensor/garage/blinds/config") == nil)
        #expect(Set(transport.subscriptions).isSuperset(of: [Self.doorSet, Self.blindsSet, Self.blindsPositionSet]))
        #expect(!transport.subscriptions.contains("gpioagg/garage/garage_door/position/set"))
    }

    @Test("the garage door: OPEN pulses once and publishes opening, a second OPEN sends nothing, the switches finish the move; CLOSE and STOP")
    func garageDoor() throws {
        let rig = try closedDoor()
        rig.connect()
        rig.publish(Self.doorSet, "OPEN")
        #expect(line(rig, "GPIO8") == true, "the relay pulses")
        #expect(state(rig, "garage_door") == "opening")
        rig.daemon.loop.advance(by: .milliseconds(500))
        #expect(line(rig, "GPIO8") == false, "for its 500 ms")
        #expect(relayPulses(rig) == 1)
        rig.daemon.chip.set("GPIO17", high: false)    // the door leaves closed
        rig.daemon.loop.advance(by: .seconds(1))
        rig.publish(Self.doorSet, "OPEN")
        #expect(relayPulses(rig) == 1, "a pulse would stop an opening door")
        #expect(rig.messages.contains { $0.hasPrefix("cover 'garage_door': open: ") }, "\(rig.messages.suffix(3))")
        rig.daemon.chip.set("GPIO27", high: true)     // and reaches open
        rig.daemon.loop.run()
        #expect(state(rig, "garage_door") == "open")

        rig.publish(Self.doorSet, "close")
        #expect(relayPulses(rig) == 2)
        #expect(state(rig, "garage_door") == "closing")
        rig.daemon.loop.advance(by: .milliseconds(500))
        rig.daemon.chip.set("GPIO27", high: false)
        rig.daemon.loop.advance(by: .seconds(2))
        rig.publish(Self.doorSet, "STOP")
        #expect(relayPulses(rig) == 3, "STOP while moving pulses once")
        #expect(state(rig, "garage_door") == "stopped")
        rig.daemon.loop.advance(by: .milliseconds(500))
        rig.publish(Self.doorSet, "STOP")
        #expect(relayPulses(rig) == 3, "nothing to stop")
    }

    @Test("a door that did not move: published opening when pulsed, then closed again after travel and the margin, with a fault")
    func doorThatDidNotMove() throws {
        let rig = try closedDoor()
        rig.connect()
        rig.publish(Self.doorSet, "OPEN")
        #expect(state(rig, "garage_door") == "opening")
        rig.daemon.loop.advance(by: .milliseconds(16_499))
        #expect(state(rig, "garage_door") == "opening", "15 s of travel and a margin of 1.5 s")
        rig.daemon.loop.advance(by: .milliseconds(1))
        #expect(state(rig, "garage_door") == "closed")
        #expect(rig.messages.contains { $0.hasPrefix("cover 'garage_door': the door was pulsed to open and did not leave closed") },
                "\(rig.messages.suffix(3))")
    }

    @Test("blinds to 40 % and back: CLOSE runs the down motor to the end, 40 runs up 8 s, CLOSE brings them back; the position topic follows")
    func blindsTo40AndBack() throws {
        let rig = try closedDoor()
        rig.connect()
        let position = "gpioagg/garage/blinds/position"
        rig.publish(Self.blindsSet, "CLOSE")
        #expect(line(rig, "GPIO10") == true && line(rig, "GPIO9") == false, "down")
        #expect(state(rig, "blinds") == "closing")
        rig.daemon.loop.advance(by: .seconds(25))
        #expect(line(rig, "GPIO10") == false)
        #expect(state(rig, "blinds") == "closed")
        #expect(rig.transport.retainedText(position) == "0")

        let before = rig.transport.published.count
        rig.publish(Self.blindsPositionSet, "40")
        #expect(line(rig, "GPIO9") == true && line(rig, "GPIO10") == false, "up: the down motor stopped long ago")
        #expect(state(rig, "blinds") == "opening")
        rig.daemon.loop.advance(by: .milliseconds(7_999))
        #expect(line(rig, "GPIO9") == true, "40 % of 20 s is 8 s")
        rig.daemon.loop.advance(by: .milliseconds(1))
        #expect(line(rig, "GPIO9") == false, "released at 40 %")
        #expect(state(rig, "blinds") == "stopped")
        #expect(rig.transport.retainedText(position) == "40")
        let blinds = rig.transport.published.dropFirst(before).filter { $0.topic == "gpioagg/garage/blinds" || $0.topic == position }
        #expect(blinds.map { "\($0.topic) \(String(decoding: $0.payload, as: UTF8.self))" } == [
            "gpioagg/garage/blinds opening", "gpioagg/garage/blinds/position 0",
            "gpioagg/garage/blinds stopped", "gpioagg/garage/blinds/position 40",
        ])
        #expect(blinds.allSatisfy { $0.retained })

        rig.publish(Self.blindsSet, "CLOSE")
        rig.daemon.loop.advance(by: .milliseconds(500))
        #expect(line(rig, "GPIO10") == true)
        #expect(state(rig, "blinds") == "closing")
        rig.daemon.loop.advance(by: .seconds(12))
        #expect(line(rig, "GPIO10") == false)
        #expect(state(rig, "blinds") == "closed")
        #expect(rig.transport.retainedText(position) == "0")
    }

    @Test("after a restart the blinds' kept position is published on connect, and a position works at once")
    func positionAfterRestart() throws {
        do {
            let rig = try closedDoor()
            rig.connect()
            rig.publish(Self.blindsSet, "CLOSE")
            rig.daemon.loop.advance(by: .seconds(25))
            rig.publish(Self.blindsPositionSet, "40")
            rig.daemon.loop.advance(by: .seconds(9))
            #expect(rig.transport.retainedText("gpioagg/garage/blinds/position") == "40")
            rig.daemon.daemon.handle(signal: SIGTERM)
            rig.daemon.loop.run()
            #expect(rig.daemon.daemon.exitStatus == 0)
        }
        let rig = try closedDoor()
        rig.connect()
        #expect(rig.transport.retainedText("gpioagg/garage/blinds") == "stopped")
        #expect(rig.transport.retainedText("gpioagg/garage/blinds/position") == "40")
        rig.publish(Self.blindsPositionSet, "20")
        #expect(line(rig, "GPIO10") == true, "down from 40 towards 20")
        rig.daemon.loop.advance(by: .seconds(4))
        #expect(line(rig, "GPIO10") == false)
        #expect(rig.transport.retainedText("gpioagg/garage/blinds/position") == "20")
    }

    @Test("STOP on moving blinds releases the motor and publishes stopped where they are")
    func blindsStop() throws {
        let rig = try closedDoor()
        rig.connect()
        rig.publish(Self.blindsSet, "CLOSE")
        rig.daemon.loop.advance(by: .seconds(25))
        rig.publish(Self.blindsSet, "OPEN")
        rig.daemon.loop.advance(by: .milliseconds(500))
        #expect(line(rig, "GPIO9") == true)
        let started = try #require(rig.daemon.daemon.engine.snapshot().value(named: "blinds")?.value.coverPosition)
        rig.daemon.loop.advance(by: .seconds(5))
        rig.publish(Self.blindsSet, "stop")
        #expect(line(rig, "GPIO9") == false && line(rig, "GPIO10") == false)
        #expect(state(rig, "blinds") == "stopped")
        let stopped = try #require(rig.transport.retainedText("gpioagg/garage/blinds/position").flatMap { Int($0) })
        #expect(stopped == Int((started + 25).rounded()), "5 s of 20 s: a quarter of the way")
    }

    @Test("junk on a cover's /set and position/set is ignored, logged once, and counted; a position on a door's /set is junk")
    func junk() throws {
        let rig = try closedDoor()
        rig.connect()
        rig.publish(Self.doorSet, "up")
        rig.publish(Self.doorSet, "40")
        rig.publish(Self.blindsPositionSet, "140")
        rig.publish(Self.blindsPositionSet, "OPEN")
        #expect(state(rig, "garage_door") == "closed" && relayPulses(rig) == 0)
        #expect(line(rig, "GPIO9") == false && line(rig, "GPIO10") == false)
        #expect(rig.messages.contains(
            "ignoring 'up' on \(Self.doorSet): a cover's command is OPEN, CLOSE or STOP (more are counted and said once a minute)"),
                "\(rig.messages.suffix(4))")
        #expect(rig.messages.contains(
            "ignoring '140' on \(Self.blindsPositionSet): a cover's position is a decimal from 0 (closed) to 100 (open) "
                + "(more are counted and said once a minute)"), "\(rig.messages.suffix(4))")
        #expect(!rig.messages.contains { $0.hasPrefix("ignoring '40'") }, "the second junk payload on a topic is counted")
        rig.daemon.loop.advance(by: .seconds(61))
        #expect(rig.messages.contains("ignored 1 more payloads on \(Self.doorSet) in the last 60 s: a command is OPEN, CLOSE or STOP"),
                "\(rig.messages.suffix(4))")
        #expect(rig.messages.contains(
            "ignored 1 more payloads on \(Self.blindsPositionSet) in the last 60 s: a command is a decimal from 0 (closed) to 100 (open)"),
                "\(rig.messages.suffix(4))")
    }

    @Test("a position the blinds cannot take yet is refused by the engine, with its reason, and nothing moves")
    func refusedPosition() throws {
        let rig = try closedDoor()
        rig.connect()
        rig.publish(Self.blindsPositionSet, "40")
        #expect(line(rig, "GPIO9") == false && line(rig, "GPIO10") == false)
        #expect(rig.messages.contains { $0.hasPrefix("ignoring '40' on \(Self.blindsPositionSet): cover 'blinds': the position is not known yet") },
                "\(rig.messages.suffix(3))")
    }

    @Test("a retained command on a cover's topic is an old one: ignored")
    func retainedIgnored() throws {
        let rig = try closedDoor()
        rig.transport.publishFromAnotherClient(Self.doorSet, "OPEN", retained: true)
        rig.connect()
        #expect(relayPulses(rig) == 0)
        #expect(state(rig, "garage_door") == "closed")
    }

    @Test("a reload without the blinds removes them from Home Assistant and clears their state and position")
    func reloadRemovesCover() throws {
        let rig = try closedDoor()
        rig.connect()
        rig.publish(Self.blindsSet, "CLOSE")
        rig.daemon.loop.advance(by: .seconds(25))
        #expect(rig.transport.retainedText("gpioagg/garage/blinds/position") == "0")
        let withoutBlinds = """
            inputs:
              door_closed: { chip: main, line: GPIO17 }
              door_open:   { chip: main, line: GPIO27 }
            outputs:
              door_relay:  { chip: main, line: GPIO8, pulse: 500ms }
            covers:
              garage_door: { relay: door_relay, closed: door_closed, open: door_open, travel: 15s, device_class: garage }
            """
        try rig.daemon.rewrite(Rig.config(node: "garage", withoutBlinds))
        rig.daemon.daemon.handle(signal: SIGHUP)
        rig.daemon.loop.run()
        #expect(rig.transport.retainedText("homeassistant/cover/garage/blinds/config") == nil)
        #expect(rig.transport.retainedText("gpioagg/garage/blinds") == nil)
        #expect(rig.transport.retainedText("gpioagg/garage/blinds/position") == nil)
        #expect(rig.transport.retainedText("homeassistant/cover/garage/garage_door/config") != nil)
        #expect(!rig.transport.subscriptions.contains(Self.blindsPositionSet))
    }
}
