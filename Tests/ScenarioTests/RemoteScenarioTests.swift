import Config
import Scenario
import Testing

/// Remote inputs in test files: the daemon's bridge on the broker's twin, moved by
/// `remote:` and `broker:` steps, its holds, fallbacks and reconnects in virtual time.
/// The hold and the fallback are the config's (docs/CONFIG.md, "Inputs without a line");
/// the reconnect waits are the daemon's backoff at its longest: 1 s, then 2 s, 4 s, 8 s...
/// (`ReconnectBackoff`, docs/MQTT.md).
@Suite("Scenarios with remote inputs")
struct RemoteScenarioTests {
    /// Runs `steps` and expects every expectation met: `passed` of them.
    private func expectPasses(_ steps: [String], passed: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        try RemoteScenarioFixtures.fixture.expectPasses(steps, passed: passed, sourceLocation: sourceLocation)
    }

    @Test("another node's door is taken once the node says online, in either order, and sounds the siren")
    func doorFromAnotherNode() throws {
        try expectPasses([
            "expect: { shed_door: off, siren: off }",
            "set: { armed: on }",
            "remote: { shed/door: \"ON\" }",
            // Not yet: no status from the shed.
            "expect: { shed_door: off, siren: off }",
            "remote: { node: shed, status: online }",
            "expect: { shed_door: on, siren: on }",
            "remote: { gpioagg/shed/door: \"OFF\" }",
            "expect: { shed_door: off, siren: off }",
            "remote: { shed/door: \"ON\" }",
            "expect_active: siren",
        ], passed: 9)
    }

    @Test("a retained door ON from a node that is offline is stale: the fallback, until the node is online")
    func staleRetainedValue() throws {
        try expectPasses([
            "set: { armed: on }",
            "remote: { shed/status: offline, shed/door: \"ON\" }",
            "wait: 1h",
            "expect: { shed_door: off, siren: off }",
            "expect_quiet: siren",
            "remote: { node: shed, status: online }",
            "expect: { shed_door: on, siren: on }",
        ], passed: 5)
    }

    @Test("a node that goes offline: its last value held for exactly hold (30 s), then the fallback")
    func holdThroughNodeLoss() throws {
        try expectPasses([
            "remote: { shed/door: \"ON\", shed/status: online }",
            "expect: { shed_door: on }",
            "remote: { node: shed, status: offline }",
            "wait: 29s",
            "wait: 999ms",
            "expect: { shed_door: on }",
            "wait: 1ms",
            "expect: { shed_door: off }",
            // Back within the hold, the next time: the value is kept throughout.
            "remote: { node: shed, status: online }",
            "expect: { shed_door: on }",
            "remote: { node: shed, status: offline }",
            "wait: 10s",
            "remote: { node: shed, status: online }",
            "wait: 1m",
            "expect: { shed_door: on }",
        ], passed: 5)
    }

    @Test("after a restart, orderly or killed, a remote input takes what the broker retained as the new connection comes; while the broker is down, its fallback until the first attempt, 1 s after the start")
    func restartReconnects() throws {
        try expectPasses([
            "remote: { shed/door: \"ON\", shed/status: online }",
            "expect: { shed_door: on }",
            "restart: {}",
            "expect: { shed_door: on }",
            "restart: { kill: true }",
            "expect: { shed_door: on }",
            "broker: down",
            "restart: {}",
            "expect: { shed_door: off }",
            "broker: up",
            "wait: 999ms",
            "expect: { shed_door: off }",
            "wait: 1ms",
            "expect: { shed_door: on }",
        ], passed: 6)
    }

    @Test("a broker loss shorter than hold keeps the value; the client is back at the backoff's next attempt")
    func shortBrokerLoss() throws {
        // shed_temp has hold: 0: it shows when the connection is there.
        try expectPasses([
            "remote: { shed/door: \"ON\", shed/temperature: 12.5, shed/status: online }",
            "expect: { shed_door: on, shed_temp: 12.5 }",
            "broker: down",
            "expect: { shed_door: on, shed_temp: unavailable }",
            "wait: 5s",
            "broker: up",
            // Attempts 1 s, 3 s and 7 s after the loss.
            "wait: 1999ms",
            "expect: { shed_door: on, shed_temp: unavailable }",
            "wait: 1ms",
            "expect: { shed_door: on, shed_temp: 12.5 }",
            "wait: 1m",
            "expect: { shed_door: on }",
        ], passed: 9)
    }

    @Test("a broker loss longer than hold falls back at hold, and the value comes back with the connection")
    func longBrokerLoss() throws {
        try expectPasses([
            "set: { armed: on }",
            "remote: { shed/door: \"ON\", shed/status: online }",
            "expect: { siren: on }",
            "broker: down",
            "wait: 30s",
            "expect: { shed_door: off, siren: off }",
            // While the broker is unreachable, what others publish waits there.
            "remote: { shed/temperature: 9 }",
            "wait: 10s",
            "broker: up",
            // Attempts 1, 3, 7, 15, 31 s after the loss, then 63 s.
            "wait: 22s",
            "expect: { shed_door: off, shed_temp: unavailable }",
            "wait: 1s",
            "expect: { shed_door: on, shed_temp: 9, siren: on }",
        ], passed: 8)
    }

    @Test("a connection dropped within 5 s of its start does not reset the backoff; one that lasted 5 s does")
    func backoffAfterShortConnection() throws {
        try expectPasses([
            "remote: { shed/temperature: 20, shed/status: online }",
            "broker: down",
            "wait: 2s",
            "broker: up",
            // Attempts at 1 s (refused) and 3 s.
            "wait: 1s",
            "expect: { shed_temp: 20 }",
            // Connected for 1 s: the next wait is the third, 4 s.
            "wait: 1s",
            "broker: down",
            "broker: up",
            "wait: 3999ms",
            "expect: { shed_temp: unavailable }",
            "wait: 1ms",
            "expect: { shed_temp: 20 }",
            // Connected for 5 s: the count starts again, 1 s.
            "wait: 5s",
            "broker: down",
            "broker: up",
            "wait: 1s",
            "expect: { shed_temp: 20 }",
        ], passed: 4)
    }

    @Test("broker: up while the broker is reachable, and down while it is not, change nothing")
    func repeatedBrokerSteps() throws {
        try expectPasses([
            "remote: { shed/temperature: 20, shed/status: online }",
            "broker: up",
            "expect: { shed_temp: 20 }",
            "broker: down",
            "broker: down",
            "expect: { shed_temp: unavailable }",
            "broker: up",
            "wait: 1s",
            "expect: { shed_temp: 20 }",
        ], passed: 3)
    }

    @Test("any publisher's topic is taken as it comes; an empty payload clears it; another node's availability")
    func otherPublishersAndAvailability() throws {
        try expectPasses([
            "expect: { outside: unavailable }",
            "remote: { weather/outside/temperature: -3.5 }",
            "expect: { outside: -3.5 }",
            "remote: { weather/outside/temperature: \"\" }",
            "expect: { outside: unavailable }",
            "remote: { shed/temperature: 12, shed/status: online }",
            "expect: { shed_temp: 12 }",
            "remote: { shed/temperature/available: offline }",
            "expect: { shed_temp: unavailable }",
            "remote: { shed/temperature/available: online }",
            "expect: { shed_temp: 12 }",
        ], passed: 6)
    }

    @Test("a failed expectation on a remote input shows its changes from the broker")
    func failureShowsChanges() throws {
        let result = try RemoteScenarioFixtures.run([
            "remote: { shed/door: \"ON\", shed/status: online }",
            "wait: 5s",
            "remote: { node: shed, status: offline }",
            "wait: 1m",
            "expect: { shed_door: on }",
        ])
        #expect(result.failures.map(\.description) == [
            """
            siren.test.yaml:7:15: error: expected shed_door on at 1m5s, it is off
              0s   input shed_door on
              35s  input shed_door off
            """,
        ])
    }
}
