#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
import GPIOSimulated
import Locks
import Logging
import Loop
import MQTT
import MosquittoTesting
import Service
import Simulation

/// `mqttSet` and `mqttSetThroughput`: a command over MQTT, through the whole daemon, to
/// the value it publishes, on loopback against a mosquitto of the bench's own. The
/// daemon (the `Daemon` of `gpioagg run`, on its own `PosixEventLoop`, simulated chips)
/// has a command input `override` that an output `fan` follows; a client on another
/// loop publishes `ON`/`OFF` to `gpioagg/bench/override/set` and reads `fan`'s value on
/// `gpioagg/bench/fan`.
///
/// - `mqttSet`: one command at a time, each timed from its publish to the arrival of
///   the output's new value (p50, p99, mean).
/// - `mqttSetThroughput`: commands sent as fast as the client takes them, alternating
///   on and off; `commands_per_s` from the first publish to the last value, and
///   `final_state_right` when the last value published is the last command's.
///
/// Without mosquitto the rows say so (`skipped`) instead of a number.
@MainActor func mqttRows() -> [Measurement] {
    guard Tools.haveBroker else {
        return ["mqttSet", "mqttSetThroughput"].map {
            Measurement(name: $0, n: 1, events: 0, nsPerEvent: 0, p50: 0, p99: 0,
                        extra: [("skipped", "\"\(Tools.noBroker)\"")])
        }
    }
    do {
        // `set_tcp_nodelay`: without it the broker's forwarding waits on delayed ACKs
        // (about 40 ms a message on Linux); a broker meant for quick answers sets it too.
        // `max_queued_messages`: mosquitto keeps at most 1000 QoS 1 messages queued for a
        // client and drops the rest, so a daemon slower than the burst (a sanitizer
        // build) would lose commands at the broker.
        let broker = try TestBroker(settings: ["allow_anonymous true", "set_tcp_nodelay true",
                                               "max_queued_messages 100000"])
        defer { broker.stop() }
        let daemon = try BenchDaemon(configuration: """
            chips:
              main: { label: pinctrl-bcm2711 }
            mqtt: { broker: \(broker.url), node: bench, discovery: false }
            inputs:
              override: { command: true }
            outputs:
              fan: { chip: main, line: GPIO5, follows: override }
            """, file: "<mqtt bench>")
        defer { daemon.stop() }
        let client = try BenchClient(port: broker.port)
        defer { client.stop() }
        let latency = client.latency(rounds: quick ? 200 : 2_000)
        let throughput = client.throughput(commands: quick ? 2_000 : 20_000, daemon: daemon)
        return [latency, throughput]
    } catch {
        fatalError("mqtt bench: \(error)")
    }
}

/// The measuring client, on a loop of its own.
final class BenchClient: @unchecked Sendable {
    typealias Arrival = (value: Bool, at: UInt64)

    let loop: PosixEventLoop
    private var client: MQTTClient?
    /// The values of `fan` as they arrive, with the time (the loop's clock).
    private let arrivals = LockedValueBox<[Arrival]>([])
    private let arrived = Semaphore()

    init(port: UInt16) throws {
        loop = try PosixEventLoop()
        let connected = Semaphore()
        loop.sync {
            var settings = MQTTClient.Configuration(broker: BrokerURL(scheme: .mqtt, host: "127.0.0.1", port: port),
                                                    clientID: "gpioagg-bench-client", statusTopic: "bench/client/status")
            settings.inFlightLimit = 1_024
            settings.eventQueueLimit = 100_000
            let client = MQTTClient(configuration: settings, loop: loop,
                                    logger: Logger(label: "bench") { _ in SwiftLogNoOpLogHandler() })
            client.onConnected = { connected.signal() }
            let arrivals = self.arrivals
            let arrived = self.arrived
            client.onMessage = { message in
                guard !message.retained else { return }
                let on: Bool = message.payload == Array("ON".utf8)
                let arrival: Arrival = (on, message.receivedAt)
                arrivals.withLockedValue { $0.append(arrival) }
                arrived.signal()
            }
            try? client.subscribe("gpioagg/bench/fan")
            client.start()
            self.client = client
        }
        connected.wait()
        // The subscription in place, and the values the daemon published on its own
        // connect gone, before the first command.
        usleep(200_000)
        drain()
    }

    /// Forgets every arrival so far, and its signal.
    private func drain() {
        while arrived.wait(timeout: .milliseconds(1)) {}
        arrivals.withLockedValue { $0.removeAll() }
    }

    private func send(_ on: Bool) -> UInt64 {
        loop.sync {
            let now: UInt64 = loop.now
            let payload: [UInt8] = Array((on ? "ON" : "OFF").utf8)
            try? client?.publish("gpioagg/bench/override/set", payload: payload, retained: false)
            return now
        }
    }

    private func nextArrival() -> Arrival? {
        arrivals.withLockedValue { $0.isEmpty ? nil : $0.removeFirst() }
    }

    func latency(rounds: Int) -> Measurement {
        var samples: [UInt64] = []
        let warmup = rounds / 10
        for round in 0..<(rounds + warmup) {
            let sent: UInt64 = send(round % 2 == 0)
            guard arrived.wait(timeout: .seconds(10)), let arrival = nextArrival() else {
                fatalError("mqtt bench: no value came within 10 s of a command")
            }
            if round >= warmup { samples.append(arrival.at &- sent) }
        }
        samples.sort()
        var total: UInt64 = 0
        for sample in samples { total &+= sample }
        let mean: Double = Double(total) / Double(samples.count)
        let p50: UInt64 = samples[samples.count / 2]
        let p99: UInt64 = samples[samples.count * 99 / 100]
        return Measurement(name: "mqttSet", n: 1, events: samples.count, nsPerEvent: mean, p50: p50, p99: p99,
                           extra: [("qos", "1")])
    }

    /// Values are coalesced per topic while the daemon's client has messages in flight
    /// (the latest value is what matters), so not every command is one published value.
    /// The run ends once the daemon has received every command and the broker has taken
    /// every value it published, and the values have then stopped coming for 300 ms; it
    /// is right when the last one is the last command's.
    func throughput(commands: Int, daemon: BenchDaemon) -> Measurement {
        drain()
        let baseline = daemon.mqttProgress().received
        let start: UInt64 = loop.sync { loop.now }
        loop.sync {
            for index in 0..<commands {
                let payload: [UInt8] = Array((index % 2 == 0 ? "ON" : "OFF").utf8)
                try? client?.publish("gpioagg/bench/override/set", payload: payload, retained: false)
            }
        }
        let lastValue: Bool = (commands - 1) % 2 == 0
        let patience = loop.sync { loop.now } &+ 60_000_000_000
        while true {
            let progress = daemon.mqttProgress()
            if progress.received >= baseline + commands, progress.pending == 0 { break }
            guard loop.sync({ loop.now }) < patience else {
                fatalError("mqtt bench: the daemon received \(progress.received - baseline) of \(commands) commands "
                           + "in 60 s, \(progress.pending) values not yet taken by the broker")
            }
            usleep(2_000)
        }
        var received = 0
        var last: Arrival?
        while arrived.wait(timeout: .milliseconds(300)) {
            received += 1
            last = nextArrival() ?? last
        }
        let end: UInt64 = last?.at ?? start
        let nanoseconds: Double = Double(end &- start)
        let rate: Double = nanoseconds > 0 ? Double(commands) * 1e9 / nanoseconds : 0
        let right: Bool = last?.value == lastValue
        var extra: [(String, String)] = []
        extra.append(("values_published", String(received)))
        extra.append(("commands_per_s", String(Int(rate))))
        extra.append(("final_state_right", String(right)))
        return Measurement(name: "mqttSetThroughput", n: 1, events: commands,
                           nsPerEvent: nanoseconds / Double(commands), p50: 0, p99: 0, extra: extra)
    }

    func stop() {
        let stopped = Semaphore()
        loop.execute { [self] in client?.stop { stopped.signal() } }
        stopped.wait()
        loop.sync { client = nil }
        loop.stop()
    }
}
