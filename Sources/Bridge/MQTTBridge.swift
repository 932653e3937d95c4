import Config
import Engine
import HomeAssistant
import Logging
import Loop
import MQTTCore
import Values

/// The engine on MQTT: every input, signal and output as a retained `ON`/`OFF`, or a
/// decimal number at its precision, on `<prefix>/<node>/<name>` (on change, and all of
/// them after every connect), each number's availability on
/// `<prefix>/<node>/<name>/available`, each click's activation as an event, command
/// inputs set from `<prefix>/<node>/<name>/set`, each cover's state (and a two-motor
/// cover's position on `<prefix>/<node>/<name>/position`) with its commands from
/// `<prefix>/<node>/<name>/set` and `<prefix>/<node>/<name>/position/set`, each PWM
/// output's duty cycle in percent (a light's or fan's `ON`/`OFF` also on
/// `<prefix>/<node>/<name>/state`) with its commands from `<prefix>/<node>/<name>/set`,
/// remote inputs following their topics (with their fallback while a value is not
/// known), and Home Assistant's discovery, again after Home Assistant says `online`.
///
/// On every connect, in this order: `online` and the subscriptions (the client's own
/// order), then every value, then discovery. The transport (`MQTTClient` in the daemon,
/// `EmbeddedMQTTTransport` in tests, handed in by whoever makes the bridge) reconnects by
/// itself and keeps only the latest value per topic while offline.
///
/// ```swift
/// let bridge = MQTTBridge(declaration: mqtt, configuration: configuration, engine: engine, loop: loop,
///                         transport: transport, version: "1.0", logger: logger, connectionChanged: {})
/// let observation = engine.observeChanges { bridge.engineChanged($0) }
/// bridge.start()
/// bridge.stop { observation.cancel() }
/// ```
///
/// Loop thread only.
public final class MQTTBridge {
    private let loop: any EventLoop
    /// The engine on MQTT: a reload hands over the next.
    private var engine: Engine
    /// Called when the connection comes or goes (`systemctl status` shows it).
    private let connectionChanged: () -> Void
    private let logger: Logger
    public let declaration: MQTTDeclaration
    private let client: any MQTTTransport
    private var configuration: Configuration
    private var node: HomeAssistantNode
    private var discovery: HomeAssistantDiscovery
    private var entities: [String: HomeAssistantEntity] = [:]
    private var commandTopics: [String: String] = [:]
    /// What each number's availability topic said last (`online`: true): it is
    /// published when that changes, and on every connect.
    private var availability: [String: Bool] = [:]
    /// What each PWM light's or fan's on/off topic said last (`ON`: true): it is
    /// published when that changes, and on every connect.
    private var onOff: [String: Bool] = [:]
    /// What each period counter's attributes topic said last: published when that
    /// changes, and on every connect.
    private var attributes: [String: PeriodTotals] = [:]
    /// Each override's mode select, by its output's name, and the mode its state topic
    /// said last: published when that changes, and on every connect.
    private var modeSelects: [String: HomeAssistantEntity] = [:]
    private var modes: [String: OverrideMode] = [:]
    private var remote: RemoteInputs
    /// Ends the earliest hold of a remote input's last value under way.
    private var holdTimer: LoopTimer?
    private var holdDeadline: UInt64?
    private var birthTimer: LoopTimer?
    private var random = SystemRandomNumberGenerator()
    private var warnedRetainedCommand = Set<String>()
    /// Junk and refused numbers on `/set` topics, by topic: the first payload is
    /// logged, the rest counted.
    private var junkCommands = RepeatedWarnings<String>()
    private var junkCommandsTimer: LoopTimer?
    public private(set) var stopped = false

    public init(declaration: MQTTDeclaration, configuration: Configuration, engine: Engine, loop: any EventLoop,
         transport: any MQTTTransport, version: String, logger: Logger, connectionChanged: @escaping () -> Void) {
        self.loop = loop
        self.engine = engine
        self.connectionChanged = connectionChanged
        self.logger = logger
        self.declaration = declaration
        self.configuration = configuration
        client = transport
        node = HomeAssistantNode(name: declaration.node, topicPrefix: declaration.prefix,
                                 discoveryPrefix: declaration.discovery ?? HomeAssistantNode.defaultDiscoveryPrefix,
                                 softwareVersion: version)
        discovery = HomeAssistantDiscovery(node: node, entities: [])
        remote = RemoteInputs(configuration.remoteInputs, prefix: declaration.prefix)
        connectionSummary = "connecting to \(declaration.broker)"
        learn(configuration)
    }

    /// Subscribes and connects; remote inputs stay at their fallback until their values
    /// come.
    public func start() {
        client.onConnected = { [unowned self] in connected() }
        client.onDisconnected = { [unowned self] reason in disconnected(reason) }
        client.onMessage = { [unowned self] message in received(message) }
        subscribe()
        for change in remote.fallbackReasons {
            logger.info("input \(change.name) at its fallback (\(shown(change.value, of: change.name))): \(change.reason ?? "")")
        }
        client.start()
    }

    /// Publishes `offline`, disconnects, then calls `completion` (within the client's
    /// grace period).
    public func stop(completion: @escaping () -> Void) {
        stopped = true
        birthTimer?.cancel()
        birthTimer = nil
        holdTimer?.cancel()
        holdTimer = nil
        junkCommandsTimer?.cancel()
        junkCommandsTimer = nil
        logJunkCommands(junkCommands.remaining(now: loop.now))
        client.stop(completion: completion)
    }

    /// What a client of this bridge may want to know.
    public var statistics: MQTTStatistics { client.statistics }
    public var isConnected: Bool { client.isConnected }

    /// The connection in a few words, for the service manager's `STATUS=`: `connecting
    /// to URL` until the first connection, then `connected to URL` or `disconnected from
    /// URL (REASON); reconnecting`.
    public private(set) var connectionSummary = ""

    // MARK: The engine's changes

    public func engineChanged(_ change: EngineChange) {
        guard !stopped, let entity = entities[change.name] else { return }
        if change.isActivation {
            if let message = node.eventMessage(for: entity) { publish(message) }
        } else {
            publishState(of: entity, value: change.value, precision: change.precision, always: false)
        }
        if let period = change.period { publishAttributes(of: entity, period: period, precision: change.precision, always: false) }
        if let mode = change.mode { publishMode(of: change.name, mode, always: false) }
    }

    /// An override's mode on its select's state topic, when it changed or `always`.
    private func publishMode(of name: String, _ mode: OverrideMode, always: Bool) {
        guard always || modes[name] != mode, let select = modeSelects[name],
              let message = node.modeMessage(for: select, mode: mode) else { return }
        modes[name] = mode
        publish(message)
    }

    /// A period counter's attributes, when they changed or `always`.
    private func publishAttributes(of entity: HomeAssistantEntity, period: PeriodTotals, precision: Int, always: Bool) {
        guard always || attributes[entity.name] != period,
              let message = node.attributesMessage(for: entity, period: period, precision: precision) else { return }
        attributes[entity.name] = period
        publish(message)
    }

    /// The value of `entity` (none while unavailable), then, for a number, its
    /// availability when it changed or `always`: after the value, so that Home Assistant
    /// never shows the previous one as available again.
    private func publishState(of entity: HomeAssistantEntity, value: NodeValue, precision: Int, always: Bool) {
        if case .cover(let state, let position) = value {
            for message in node.coverMessages(for: entity, state: state, position: position) { publish(message) }
            return
        }
        if let message = node.stateMessage(for: entity, value: value, precision: precision) { publish(message) }
        // After the percentage: Home Assistant's light then turns on at its new brightness.
        if let message = node.onOffMessage(for: entity, value: value) {
            let on = message.payload == HomeAssistantState.on
            if always || onOff[entity.name] != on {
                onOff[entity.name] = on
                publish(message)
            }
        }
        let available = value.isAvailable
        guard always || availability[entity.name] != available,
              let message = node.availabilityMessage(for: entity, available: available) else { return }
        availability[entity.name] = available
        publish(message)
    }

    // MARK: Reload

    /// The daemon runs `next` on `engine` now: entities that went away are removed from Home
    /// Assistant (empty retained config and value), subscriptions follow, and every
    /// value and the discovery are published again. A remote input whose declaration did
    /// not change keeps its value and any hold under way; a new or changed one reads its
    /// topic's retained value afresh.
    public func reload(to next: Configuration, engine: Engine) {
        self.engine = engine
        let previous = discovery
        let previousRemote = remote
        let previousTopics = Set(commandTopics.keys).union(remote.topics)
        configuration = next
        remote = RemoteInputs(next.remoteInputs, prefix: declaration.prefix, continuing: previousRemote)
        learn(next)
        let topics = Set(commandTopics.keys).union(remote.topics)
        for topic in previousTopics where !topics.contains(topic) { client.unsubscribe(topic) }
        // A topic whose input starts afresh is subscribed again, so that its retained
        // value comes again.
        for topic in remote.freshTopics(since: previousRemote) where previousTopics.contains(topic) {
            client.unsubscribe(topic)
        }
        subscribe()
        // Connected or not: offline, the client keeps each removal until the next
        // connection, in place of any value of its topic waiting there.
        if declaration.discovery != nil {
            for message in discovery.removals(since: previous) { publish(message) }
        }
        if client.isConnected {
            publishEverything()
        }
        apply(remote.expire(now: loop.now))
    }

    /// What keeps remote input `name` at its fallback or holds its last value, for `why`.
    public func explanation(ofRemoteInput name: String, now: UInt64) -> String? {
        remote.explanation(of: name, now: now)
    }

    // MARK: Connection

    private func connected() {
        publishEverything()
        apply(remote.connected(now: loop.now))
        connectionSummary = "connected to \(declaration.broker)"
        connectionChanged()
    }

    private func disconnected(_ reason: String) {
        guard !stopped else { return }
        apply(remote.disconnected(now: loop.now))
        connectionSummary = "disconnected from \(declaration.broker) (\(reason)); reconnecting"
        connectionChanged()
    }

    private func publishEverything() {
        let snapshot = engine.snapshot()
        for (name, entity) in entities.sorted(by: { $0.key < $1.key }) {
            guard let (_, value) = snapshot.value(named: name) else { continue }
            publishState(of: entity, value: value, precision: snapshot.precision(of: name), always: true)
            if let period = snapshot.periods[name] {
                publishAttributes(of: entity, period: period, precision: snapshot.precision(of: name), always: true)
            }
            if let mode = snapshot.modes[name] { publishMode(of: name, mode, always: true) }
        }
        if declaration.discovery != nil {
            for message in discovery.configMessages { publish(message) }
        }
    }

    // MARK: Incoming

    private func received(_ message: MQTTMessage) {
        let payload = String(decoding: message.payload, as: UTF8.self)
        if let name = commandTopics[message.topic] {
            command(name, payload, retained: message.retained, topic: message.topic)
        } else if declaration.discovery != nil, message.topic == node.birthTopic {
            if payload == HomeAssistantAvailability.online { homeAssistantCameOnline() }
        } else {
            apply(remote.message(topic: message.topic, payload: message.payload, now: loop.now))
        }
    }

    /// A payload on a node's `/set` (or a cover's position topic), read in the words of
    /// its entity (`value(of:for:on:)`) and handed to the engine's one way in
    /// (`Engine.set`); junk and what the engine refuses are logged as refused commands.
    /// A retained command is an old one: ignored (and said once per topic).
    private func command(_ name: String, _ payload: String, retained: Bool, topic: String) {
        guard !retained else {
            if warnedRetainedCommand.insert(topic).inserted {
                logger.warning("ignoring a retained command on \(topic): commands are acted on when they are sent; clear it with: mosquitto_pub -r -n -t \(topic)")
            }
            return
        }
        guard let value = value(of: payload, for: name, on: topic) else {
            let what = switch entities[name]?.kind {
            case .sensor?: "a counter's total"
            case .cover?: topic == node.topics.positionCommandTopic(of: name) ? "a cover's position" : "a cover's command"
            default: "a command"
            }
            return refuse(payload, on: topic, because: "\(what) is \(commandForm(on: topic))")
        }
        switch engine.set(name, value) {
        case .applied, .noted:
            // A cover that had nothing to do has said why in the log already.
            break
        case .refused(let refusal) where refusal.reason == .notRunning:
            logger.warning("\(name): \(refusal.text)")
        case .refused(let refusal):
            refuse(payload, on: topic, because: refusal.text)
        }
    }

    /// What a payload on `name`'s command `topic` asks, in the words of the entity Home
    /// Assistant shows for it: `ON`, `OFF`, `TOGGLE` (and the other level words) for a
    /// switch, `PRESS` for a button, a decimal number for a number or a counter's total,
    /// `OPEN`, `CLOSE`, `STOP` or a position for a cover, a percentage or a level word for
    /// a PWM output's light, fan or number; nil for anything else.
    private func value(of payload: String, for name: String, on topic: String) -> SetValue? {
        if topic == node.topics.modeCommandTopic(of: name) {
            // Home Assistant's select sends one of its options, as written.
            return OverrideMode(payload.trimmingSpacesAndLineEnds).map { $0 == .auto ? .auto : $0 == .on ? .on : .off }
        }
        switch entities[name]?.kind {
        case .cover?:
            let command = topic == node.topics.positionCommandTopic(of: name)
                ? CoverCommand(positionPayload: payload) : CoverCommand(commandPayload: payload)
            return command.map { command in
                if case .position(let position) = command { return .number(position) }
                return .cover(command)
            }
        case .pwmCommandOutput?:
            return SetValue(pwmPayload: payload)
        case .number?, .sensor?:
            return DecimalText.parse(payload).map(SetValue.number)
        case .pressInput?:
            return SetCommand(payload: payload) == .press ? .command(.press) : nil
        default:
            return SetCommand(payload: payload).flatMap { $0 == .press ? nil : .command($0) }
        }
    }

    /// Logs a refused command, the value unchanged. A flood of junk would flood the log
    /// (and journald's rate limit would then drop the lines that matter): the first is
    /// logged, the rest counted.
    private func refuse(_ payload: String, on topic: String, because reason: String) {
        guard junkCommands.note(topic, now: loop.now) else { return }
        logger.warning("ignoring '\(payload.prefix(64))' on \(topic): \(reason) (more are counted and said once a minute)")
        scheduleJunkCommandSummaries()
    }

    /// What a command on `topic` is: the level words, `PRESS`, a decimal number, a
    /// cover's words or its position.
    private func commandForm(on topic: String) -> String {
        guard let name = commandTopics[topic] else { return SetCommand.words }
        if topic == node.topics.modeCommandTopic(of: name) { return "auto, on or off" }
        switch entities[name]?.kind {
        case .cover?:
            return topic == node.topics.positionCommandTopic(of: name)
                ? "a decimal from 0 (closed) to 100 (open)" : "OPEN, CLOSE or STOP"
        case .number?, .sensor?: return "a decimal number (e.g. 21.5)"
        case .pwmCommandOutput?: return SetValue.pwmPayloads
        case .pressInput?: return SetCommand.pressWords
        default: return SetCommand.words
        }
    }

    private func scheduleJunkCommandSummaries() {
        guard junkCommandsTimer == nil, let deadline = junkCommands.nextDeadline else { return }
        junkCommandsTimer = loop.schedule(atNanoseconds: deadline) { [weak self] in
            guard let self else { return }
            junkCommandsTimer = nil
            logJunkCommands(junkCommands.summaries(now: loop.now))
            scheduleJunkCommandSummaries()
        }
    }

    private func logJunkCommands(_ summaries: [RepeatedWarnings<String>.Summary]) {
        for summary in summaries {
            logger.warning("ignored \(summary.count) more payloads on \(summary.key) in the last \(summary.seconds) s: a command is \(commandForm(on: summary.key))")
        }
    }

    /// Logs what the remote inputs say, sets what changed, and sets the timer for the
    /// next hold to run out.
    private func apply(_ update: RemoteInputs.Update) {
        for note in update.notes {
            switch note {
            case .holding(let name, let value, let hold, let loss):
                logger.info("input \(name) keeps its last value (\(shown(value, of: name))) for up to \(ReadableDuration.format(hold)): \(loss)")
            case .recovered(let name, let after):
                logger.info("input \(name) follows its topic again, after \(ReadableDuration.format(after))")
            case .repeated(let name, let count, let within):
                logger.info("input \(name) lost its value and got it back \(count) more time\(count == 1 ? "" : "s") within \(ReadableDuration.format(within)), each held")
            }
        }
        for change in update.changes {
            if let reason = change.reason {
                logger.info("input \(change.name) at its fallback (\(shown(change.value, of: change.name))): \(reason)")
            }
            // What another publisher sends is not a command: min: and max: are a command
            // input's.
            engine.update(.input(change.name), to: change.value)
        }
        let deadline = stopped ? nil : remote.nextDeadline
        guard deadline != holdDeadline else { return }
        holdTimer?.cancel()
        holdTimer = nil
        holdDeadline = deadline
        if let deadline {
            holdTimer = loop.schedule(atNanoseconds: deadline) { [weak self] in
                guard let self, !stopped else { return }
                holdDeadline = nil
                apply(remote.expire(now: loop.now))
            }
        }
    }

    /// Home Assistant (re)started: it is subscribed to discovery a moment later, so
    /// discovery and every value go again after a random 1 to 5 s.
    private func homeAssistantCameOnline() {
        birthTimer?.cancel()
        let delay = HomeAssistantBirth.republishDelay(using: &random)
        birthTimer = loop.schedule(in: delay) { [weak self] in
            guard let self, !stopped, client.isConnected else { return }
            publishEverything()
        }
    }

    // MARK: Bookkeeping

    /// The entities, their command topics and discovery of `configuration`'s nodes,
    /// but those with `internal: true`: nothing of them reaches MQTT, and a reload that
    /// makes a node internal removes its entity (`HomeAssistantDiscovery.removals`).
    private func learn(_ configuration: Configuration) {
        let traits = configuration.traits.all.filter { !$0.isInternal }
        let list = traits.map(HomeAssistantEntity.init(traits:))
        entities = Dictionary(list.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        availability = availability.filter { entities[$0.key]?.isNumeric == true }
        onOff = onOff.filter { entities[$0.key]?.hasOnOffState == true }
        attributes = attributes.filter { entities[$0.key]?.hasAttributes == true }
        // A counter's reset button has no state: it is announced, and its presses come in
        // on the counter's command topic.
        // Beside a node's entity: a counter's reset button, an override's mode select.
        let companions = traits.flatMap(HomeAssistantEntity.companions(of:))
        modeSelects = Dictionary(companions.filter { $0.kind == .overrideMode }.map { ($0.name, $0) },
                                 uniquingKeysWith: { first, _ in first })
        modes = modes.filter { modeSelects[$0.key] != nil }
        discovery = HomeAssistantDiscovery(node: node, entities: list + companions)
        commandTopics = [:]
        for settable in traits {
            guard let entity = entities[settable.name] else { continue }
            switch settable.setting {
            case .none: continue
            case .override:
                // Its mode's select takes auto, on or off on its own topic.
                commandTopics[node.topics.modeCommandTopic(of: settable.name)] = settable.name
            case .command, .press, .number, .duty:
                if let topic = node.commandTopic(for: entity) { commandTopics[topic] = settable.name }
            case .total:
                // A counter's total is set by a number on its /set topic (the reset button's 0).
                commandTopics[node.topics.commandTopic(of: settable.name)] = settable.name
            case .cover:
                // A cover takes OPEN, CLOSE and STOP on its /set, a position on its own topic.
                for case let topic? in [node.commandTopic(for: entity), node.positionCommandTopic(for: entity)] {
                    commandTopics[topic] = settable.name
                }
            }
        }
    }

    /// A remote input's value for the log, at its precision.
    private func shown(_ value: NodeValue, of name: String) -> String {
        value.text(precision: entities[name]?.measurement.precision ?? NodeValue.defaultPrecision)
    }

    private func subscribe() {
        var filters = commandTopics.keys.sorted() + remote.topics
        if declaration.discovery != nil { filters.append(node.birthTopic) }
        for filter in filters {
            do throws(MQTTError) {
                try client.subscribe(filter)
            } catch {
                logger.error("error: cannot subscribe to \(filter): \(error)")
            }
        }
    }

    private func publish(_ message: HomeAssistantMessage) {
        do throws(MQTTError) {
            try client.publish(message.topic, payload: Array(message.payload.utf8), retained: message.retain)
        } catch {
            logger.error("error: cannot publish to \(message.topic): \(error)")
        }
    }
}
