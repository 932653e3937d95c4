import Foundation
import Testing

@Suite("gpioagg --simulate, the embedded demo")
struct SimulateCommandTests {
    @Test("the LED follows the all-on state of the three switches")
    func ledFollowsAllOn() throws {
        let result = try runProduct("gpioagg", ["--simulate"], stdin: """
            on switch1
            on switch2
            on switch3
            off switch2
            toggle switch2
            quit
            """)
        #expect(result.status == 0)
        let changes = result.lines.filter { $0.hasPrefix("switch") || $0.hasPrefix("ready_led") }
        #expect(changes == [
            "ready_led off (initial)",
            "switch1 on",
            "switch2 on",
            "switch3 on",
            "ready_led on",
            "switch2 off",
            "ready_led off",
            "switch2 on",
            "ready_led on",
            "ready_led off (safe state)",
        ])
        #expect(result.lines.last == "stopped (quit)")
    }

    @Test("setting a switch to the level it has changes nothing")
    func repeatedLevelIsNoChange() throws {
        let result = try runProduct("gpioagg", ["--simulate"], stdin: "on switch1\non switch1\n1\n1\nstatus\n")
        #expect(result.status == 0)
        #expect(result.lines.filter { $0 == "switch1 on" }.count == 2 + 1)  // two changes + status
        #expect(result.lines.filter { $0 == "switch1 off" }.count == 1)
        #expect(!result.lines.contains("ready_led on"))
    }

    @Test("unknown names and commands are reported on stderr and change nothing")
    func badCommands() throws {
        let result = try runProduct("gpioagg", ["--simulate"], stdin: "on switch9\nfly away\non switch1\n")
        #expect(result.status == 0)
        #expect(result.errors.contains("error: no input named 'switch9'; inputs: switch1, switch2, switch3"))
        #expect(result.errors.contains("error: unknown command 'fly away'"))
        #expect(result.lines.contains("switch1 on"))
        #expect(!result.lines.contains { $0.contains("switch9") })
    }

    @Test("SIGTERM and SIGINT drive the outputs to their safe state and exit 0", arguments: [SIGTERM, SIGINT])
    func signalStops(signal: Int32) throws {
        let running = try RunningProduct("gpioagg", ["--simulate"])
        running.send("on switch1")
        running.send("on switch2")
        running.send("on switch3")
        #expect(running.waitForLine("ready_led on"))
        kill(running.process.processIdentifier, signal)
        let result = running.finish()
        #expect(result.status == 0)
        #expect(result.lines.suffix(2) == [
            "ready_led off (safe state)",
            "stopped (\(signal == SIGTERM ? "SIGTERM" : "SIGINT"))",
        ])
    }

    @Test("tells the service manager when it is ready and when it stops")
    func serviceNotifications() throws {
        let socket = try NotifySocket()
        var environment = ProcessInfo.processInfo.environment
        environment["NOTIFY_SOCKET"] = socket.path
        let running = try RunningProduct("gpioagg", ["--simulate"], environment: environment)
        #expect(socket.receive() == "READY=1\nSTATUS=simulating 3 inputs and 1 output")
        #expect(running.waitForLine("ready"))
        running.send("quit")
        #expect(socket.receive() == "STOPPING=1")
        let result = running.finish()
        #expect(result.status == 0)
        #expect(result.lines.suffix(2) == ["ready_led off (safe state)", "stopped (quit)"])
    }

    @Test("without --simulate it explains what to run and fails")
    func hardwareNotAvailable() throws {
        let result = try runProduct("gpioagg", [])
        #expect(result.status != 0)
        #expect(result.errors.contains("gpioagg --simulate"))
    }

    @Test("--version names the libgpiod it was built against")
    func version() throws {
        let result = try runProduct("gpioagg", ["--version"])
        #expect(result.status == 0)
        let line = try #require(result.lines.first)
        #expect(line.wholeMatch(of: /gpioagg \d+\.\d+\.\d+ \(libgpiod [0-9.]+[^,]*, API v[12]\)/) != nil,
                "unexpected version line: \(line)")
    }
}
