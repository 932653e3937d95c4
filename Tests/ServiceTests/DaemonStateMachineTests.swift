import Service
import Testing

@Suite("The daemon's lifecycle as a state machine")
struct DaemonStateMachineTests {
    @Test("start, ready, stop: each event returns the action the daemon performs")
    func startAndStop() {
        var machine = DaemonStateMachine()
        #expect(machine.start() == .requestLines)
        #expect(machine.start() == .none, "a second start does nothing")
        #expect(machine.linesRequested() == .announceReady)
        #expect(machine.isRunning)
        #expect(machine.stopSignal("SIGTERM") == .stop(reason: "SIGTERM", exitStatus: 0))
        #expect(machine.stopSignal("SIGINT") == .none, "a stop while stopping does nothing")
        machine.stopped(exitStatus: 0)
        #expect(machine.state == .stopped(exitStatus: 0))
        #expect(machine.reloadRequested() == .ignore)
    }

    @Test("reloads: only while running; refused and applied both return to running")
    func reloads() {
        var machine = DaemonStateMachine()
        #expect(machine.reloadRequested() == .ignore, "not started")
        _ = machine.start()
        #expect(machine.reloadRequested() == .ignore, "still starting")
        _ = machine.linesRequested()
        #expect(machine.reloadRequested() == .loadConfig)
        #expect(machine.reloadRequested() == .ignore, "one reload at a time")
        #expect(machine.configRefused(reason: "x.yaml:7:3: bad") == .reportRefused(reason: "x.yaml:7:3: bad"))
        #expect(machine.state == .running)
        #expect(machine.reloadRequested() == .loadConfig)
        #expect(machine.reloadApplied() == .reportReloaded)
        #expect(machine.reloadApplied() == .none, "no reload under way")
        #expect(machine.reloadRequested() == .loadConfig)
        #expect(machine.reloadFailed(reason: "busy") == .stop(reason: "reload failed: busy", exitStatus: 1))
        #expect(machine.state == .stopping)
    }

    @Test("a line failure stops with status 1; a failed start ends stopped with status 1")
    func failures() {
        var running = DaemonStateMachine()
        _ = running.start()
        _ = running.linesRequested()
        #expect(running.lineFailure("write failed") == .stop(reason: "failure: write failed", exitStatus: 1))
        var starting = DaemonStateMachine()
        _ = starting.start()
        starting.startFailed()
        #expect(starting.state == .stopped(exitStatus: 1))
        var idle = DaemonStateMachine()
        #expect(idle.stopSignal("SIGTERM") == .none)
        #expect(idle.state == .stopped(exitStatus: 0))
    }

    @Test("line commands that end after a failure stop with status 1, naming how many failed; without one, 0")
    func commandsEnded() {
        var failed = DaemonStateMachine()
        _ = failed.start()
        _ = failed.linesRequested()
        #expect(failed.commandsEnded("end of input", failures: 2)
            == .stop(reason: "end of input; 2 commands failed", exitStatus: 1))
        var clean = DaemonStateMachine()
        _ = clean.start()
        _ = clean.linesRequested()
        #expect(clean.commandsEnded("quit", failures: 0) == .stop(reason: "quit", exitStatus: 0))
    }
}
