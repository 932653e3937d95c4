import Config
import HomeAssistant
import MQTTCore
import Values

/// What each remote input's value is, from what the broker said: the value its topic
/// holds while that is known and trusted, else its `fallback`, with the reason a person
/// reads in the log and in `why`. Pure: the bridge feeds it events with the loop's time
/// and applies what it returns; it calls `expire(now:)` at `nextDeadline`.
///
/// A topic is *another gpioagg node's* when it is `<prefix>/<node>/<name>` under this
/// node's prefix. Its value is taken only while that node's status says `online`: a
/// value retained by a node that is `offline`, or whose status has not come yet, is
/// stale. A topic of any other publisher is taken as it comes. Another node's number
/// is also followed by its availability topic (`<name>/available`): while that says
/// `offline` the number is unavailable there, and its retained value is an old one.
///
/// A value once taken rides out a *loss*, the broker unreachable or the node's
/// `online` gone, for the input's `hold`: it is kept, and it changes only when the
/// loss has lasted the whole hold (then the fallback) or when the publisher comes back
/// with another value. At start, and after a payload that means neither on nor off,
/// there is nothing to keep: the fallback at once.
///
/// A level input (`payload_on`/`payload_off` and the level words) and a numeric one
/// (`type: number`: a decimal number, its fallback a number or unavailable) follow the
/// same rules; only what a payload means differs.
///
/// ```swift
/// var remote = RemoteInputs(configuration.remoteInputs, prefix: "gpioagg")
/// remote.connected(now: t)                                                // nothing yet
/// remote.message(topic: "gpioagg/shed/door_open", payload: "ON", now: t)  // still the fallback
/// remote.message(topic: "gpioagg/shed/status", payload: "online", now: t) // shed_door on
/// remote.disconnected(now: t)            // shed_door keeps on, holding until t + 30 s
/// remote.expire(now: t + .seconds(30))   // shed_door off: the broker is unreachable for 30s
/// ```
struct RemoteInputs {
    /// A remote input's value changed; `reason` says why it is the fallback (nil: a
    /// value the topic holds).
    struct Change: Equatable {
        var name: String
        var value: NodeValue
        var reason: String?
    }

    /// What the log says once per loss: its start, while the value is held, and its
    /// end within the hold. (A loss that outlasts the hold ends in a `Change` to the
    /// fallback, whose reason says so.)
    enum Note: Equatable {
        /// `name` keeps `value` for up to `hold`: `loss` (e.g. "node shed is offline").
        case holding(name: String, value: NodeValue, hold: Duration, loss: String)
        /// `name` follows its topic again, `after` the loss began.
        case recovered(name: String, after: Duration)
        /// `count` more losses of `name` came and went `within` the quiet period after a
        /// loss that was told: a flapping publisher is summed up, not told one by one.
        case repeated(name: String, count: Int, within: Duration)
    }

    /// After a loss is told, further losses of the same input for this long are counted,
    /// then told as one `repeated` note: a publisher flapping thousands of times a
    /// minute writes a few lines a minute, and journald's rate limit keeps the rest.
    static let quietPeriod = Duration.seconds(60)

    /// What an event changed: the engine's values, and what to log.
    struct Update: Equatable {
        var changes: [Change] = []
        var notes: [Note] = []
    }

    /// What the last message on a topic said.
    private enum Received: Equatable {
        /// Nothing since the last connect.
        case nothing
        case value(NodeValue)
        /// An empty retained message: the publisher took its value away.
        case cleared
        /// A payload that means neither on nor off, or for a numeric input is not a
        /// decimal number (its first bytes, for the reason).
        case meaningless(String)
    }

    private enum NodeStatus: Equatable {
        case online
        case offline
        /// A status payload that is neither `online` nor `offline`, or an empty one.
        case other
    }

    private struct Entry {
        var declaration: RemoteInputDeclaration
        /// The gpioagg node whose value this is, if the topic is one.
        var node: String?
        var received: Received = .nothing
        /// For another node's number: its `<name>/available` topic, and whether that
        /// said `offline` since the last connect.
        var availabilityTopic: String?
        var unavailableThere = false
        /// What the engine has now.
        var current: NodeValue
        /// Why `current` is the fallback; nil while it is a value the topic held (or is
        /// held through a loss).
        var reason: String?
        /// While a loss is being ridden out: when it began, and what it is now.
        var heldSince: UInt64?
        var loss: String?
        /// Whether the loss under way was told (its end is told only if so).
        var lossTold = false
        /// Until when further losses are counted instead of told, and how many were.
        var quietUntil: UInt64?
        var untold = 0
        /// Since when what `reason` says holds, for `why`; nil: since start.
        var reasonSince: UInt64?
    }

    private var entries: [Entry]
    private var connected = false
    /// What each gpioagg node's status topic said since the last connect.
    private var statuses: [String: NodeStatus] = [:]
    let prefix: String

    init(_ declarations: [RemoteInputDeclaration], prefix: String) {
        self.prefix = prefix
        entries = declarations.map { declaration in
            let node = TopicLayout.node(ofStateTopic: declaration.topic, prefix: prefix)
            let availability = node != nil && declaration.number != nil
                ? declaration.topic + "/" + TopicLayout.availabilityLevel : nil
            return Entry(declaration: declaration, node: node, availabilityTopic: availability,
                         current: Self.fallback(of: declaration), reason: "no message on \(declaration.topic) yet")
        }
    }

    /// The inputs of `declarations`, taking over from `previous` what it knew of each
    /// input whose declaration is unchanged (its value, a hold under way) and of each
    /// node: a reload that does not change an input does not change its value.
    init(_ declarations: [RemoteInputDeclaration], prefix: String, continuing previous: RemoteInputs) {
        self.init(declarations, prefix: prefix)
        guard previous.prefix == prefix else { return }
        connected = previous.connected
        statuses = previous.statuses
        for index in entries.indices {
            let declaration = entries[index].declaration
            guard let old = previous.entry(unchangedIn: declaration) else { continue }
            entries[index] = old
            entries[index].declaration = declaration
        }
    }

    /// The entry of the input `declaration` declares, if it is declared here as it is
    /// there but for where it is written.
    private func entry(unchangedIn declaration: RemoteInputDeclaration) -> Entry? {
        entries.first { declaration.isUnchanged(from: $0.declaration) }
    }

    /// The topics to subscribe to: each remote input's, and the status topic of each
    /// gpioagg node they come from.
    var topics: [String] {
        var topics: [String] = []
        // A number's availability before its value: the broker sends retained messages in
        // the order of the subscriptions, so the value is never taken before what its
        // availability says is known.
        for entry in entries {
            for case let topic? in [entry.availabilityTopic, entry.declaration.topic] where !topics.contains(topic) {
                topics.append(topic)
            }
        }
        for entry in entries {
            guard let node = entry.node else { continue }
            let status = TopicLayout(prefix: prefix, node: node).statusTopic
            if !topics.contains(status) { topics.append(status) }
        }
        return topics
    }

    /// The topics whose inputs start afresh here, compared with `previous`: new ones, and
    /// those whose input's declaration changed (their retained value is read again).
    func freshTopics(since previous: RemoteInputs) -> Set<String> {
        Set(entries.filter { previous.entry(unchangedIn: $0.declaration) == nil }.map(\.declaration.topic))
    }

    /// Each input's value now: what the engine has (a reload's next engine starts each
    /// unchanged remote input at its previous engine's value).
    var values: [(name: String, value: NodeValue)] { entries.map { ($0.declaration.name, $0.current) } }

    /// Why each input is at its fallback now, for the log at start.
    var fallbackReasons: [Change] {
        entries.compactMap { entry in
            entry.reason.map { Change(name: entry.declaration.name, value: entry.current, reason: $0) }
        }
    }

    /// When the earliest hold under way runs out; nil: none is under way.
    var nextDeadline: UInt64? {
        entries.flatMap { entry in
            [entry.heldSince.map { $0 &+ entry.declaration.hold.wholeNanoseconds },
             entry.untold > 0 ? entry.quietUntil : nil].compactMap { $0 }
        }.min()
    }

    /// What holds `name` where it is, for `why`: `at its fallback: node shed is offline
    /// (for 42s)`, `holding its last value: the broker is unreachable (for 3s; the
    /// fallback in 27s)`; nil for an input following its topic, or no remote input.
    func explanation(of name: String, now: UInt64) -> String? {
        guard let entry = entries.first(where: { $0.declaration.name == name }) else { return nil }
        if let since = entry.heldSince, let loss = entry.loss {
            let end = since &+ entry.declaration.hold.wholeNanoseconds
            return "holding its last value: \(loss) (for \(ReadableDuration.format(nanoseconds: now &- since)); "
                + "the fallback in \(ReadableDuration.format(nanoseconds: end > now ? end - now : 0)))"
        }
        guard let reason = entry.reason else { return nil }
        let span = entry.reasonSince.map { "for \(ReadableDuration.format(nanoseconds: now &- $0))" } ?? "since start"
        return "at its fallback: \(reason) (\(span))"
    }

    mutating func connected(now: UInt64) -> Update {
        connected = true
        return settle(now: now)
    }

    mutating func disconnected(now: UInt64) -> Update {
        connected = false
        // Retained values and statuses come again on the next connect; until then
        // nothing the broker said before is known to be current.
        statuses = [:]
        for index in entries.indices {
            entries[index].received = .nothing
            entries[index].unavailableThere = false
        }
        return settle(now: now)
    }

    /// A message arrived on `topic`, its payload as the broker delivered it (bytes that
    /// are not UTF-8 mean nothing).
    mutating func message(topic: String, payload: [UInt8], now: UInt64) -> Update {
        var touched = false
        for index in entries.indices where entries[index].declaration.topic == topic {
            let declaration = entries[index].declaration
            if payload.isEmpty {
                entries[index].received = .cleared
            } else if let value = Self.value(of: payload, for: declaration) {
                entries[index].received = .value(value)
            } else {
                entries[index].received = .meaningless(Self.quoted(payload))
            }
            touched = true
        }
        for index in entries.indices where entries[index].availabilityTopic == topic {
            entries[index].unavailableThere = payload.elementsEqual(HomeAssistantAvailability.offline.utf8)
            touched = true
        }
        if let node = TopicLayout.node(ofStatusTopic: topic, prefix: prefix) {
            let status: NodeStatus = payload.elementsEqual(HomeAssistantAvailability.online.utf8) ? .online
                : payload.elementsEqual(HomeAssistantAvailability.offline.utf8) ? .offline : .other
            touched = touched || statuses.updateValue(status, forKey: node) != status
        }
        return touched ? settle(now: now) : Update()
    }

    /// `message(topic:payload:now:)` with a payload written as text.
    mutating func message(topic: String, payload: String, now: UInt64) -> Update {
        message(topic: topic, payload: Array(payload.utf8), now: now)
    }

    /// The holds that ran out by `now` end in the fallback.
    mutating func expire(now: UInt64) -> Update {
        settle(now: now)
    }

    // MARK: Deciding

    /// Where an input's value stands: taken from its topic, a loss (ridden out for the
    /// hold), or nothing to take (the fallback at once).
    private enum Standing {
        case value(NodeValue)
        case loss(String)
        case nothing(String)
    }

    private func standing(of entry: Entry) -> Standing {
        guard connected else { return .loss("the broker is unreachable") }
        if let node = entry.node {
            switch statuses[node] {
            case .online: break
            case .offline: return .loss("node \(node) is offline")
            case .other: return .loss("node \(node)'s status is neither online nor offline")
            case nil: return .loss("no status from node \(node) yet")
            }
            if entry.unavailableThere {
                return .nothing("node \(node) says \(entry.declaration.topic) is unavailable")
            }
        }
        switch entry.received {
        case .value(let value): return .value(value)
        case .nothing: return .loss("no message on \(entry.declaration.topic) yet")
        case .cleared: return .nothing("\(entry.declaration.topic) was cleared (an empty retained message)")
        case .meaningless(let payload) where entry.declaration.number != nil:
            return .nothing("the last message on \(entry.declaration.topic), \(payload), is not a decimal number")
        case .meaningless(let payload):
            return .nothing("the last message on \(entry.declaration.topic), \(payload), is neither "
                + "\(entry.declaration.payloadOn ?? "ON") nor \(entry.declaration.payloadOff ?? "OFF")")
        }
    }

    /// Brings each input to what it should be at `now`.
    private mutating func settle(now: UInt64) -> Update {
        var update = Update()
        for index in entries.indices {
            var entry = entries[index]
            let name = entry.declaration.name
            let value: NodeValue
            var reason: String?
            // What the log says of a fallback that begins now, when not `reason`.
            var told: String?
            var reasonSince = now
            if let quietUntil = entry.quietUntil, now >= quietUntil {
                if entry.untold > 0 {
                    update.notes.append(.repeated(name: name, count: entry.untold, within: Self.quietPeriod))
                }
                entry.quietUntil = nil
                entry.untold = 0
            }
            switch standing(of: entry) {
            case .value(let received):
                if let since = entry.heldSince, entry.lossTold {
                    update.notes.append(.recovered(name: name, after: .nanoseconds(Int64(clamping: now &- since))))
                }
                entry.heldSince = nil
                entry.loss = nil
                value = received
            case .nothing(let why):
                entry.heldSince = nil
                entry.loss = nil
                (value, reason) = (Self.fallback(of: entry.declaration), why)
            case .loss(let loss):
                let hold = entry.declaration.hold
                // Only a value taken from the topic is held; a fallback stays a fallback.
                if entry.reason == nil, hold > .zero {
                    let since = entry.heldSince ?? now
                    if entry.heldSince == nil {
                        if entry.quietUntil != nil {
                            entry.untold += 1
                            entry.lossTold = false
                        } else {
                            update.notes.append(.holding(name: name, value: entry.current, hold: hold, loss: loss))
                            entry.lossTold = true
                            entry.quietUntil = now &+ Self.quietPeriod.wholeNanoseconds
                        }
                    }
                    if now &- since < hold.wholeNanoseconds {
                        entry.heldSince = since
                        entry.loss = loss
                        entries[index] = entry
                        continue
                    }
                    (value, reason) = (Self.fallback(of: entry.declaration), loss)
                    told = "\(loss) for \(ReadableDuration.format(hold))"
                    reasonSince = since
                } else {
                    (value, reason) = (Self.fallback(of: entry.declaration), loss)
                }
                entry.heldSince = nil
                entry.loss = nil
            }
            // A change of value, or the start of a fallback, is told once; what keeps an
            // input at its fallback may then change without a word (`why` shows it).
            if value != entry.current || (reason != nil && entry.reason == nil) {
                update.changes.append(Change(name: name, value: value, reason: told ?? reason))
            }
            if reason != entry.reason { entry.reasonSince = reasonSince }
            entry.current = value
            entry.reason = reason
            entries[index] = entry
        }
        return update
    }

    /// The value of `declaration` while its topic gives none: its `fallback:`, a level,
    /// or for a numeric input a number in its unit, or unavailable.
    static func fallback(of declaration: RemoteInputDeclaration) -> NodeValue {
        guard let number = declaration.number else { return .level(declaration.fallback) }
        return number.fallback.map { .number($0, number.number.unit) } ?? .unavailable
    }

    /// What `payload` says for `declaration`: a level word (the config's own first), or
    /// for a numeric input a decimal number in the input's unit; nil for anything else.
    private static func value(of payload: [UInt8], for declaration: RemoteInputDeclaration) -> NodeValue? {
        guard let number = declaration.number else {
            return RemoteInputPayload(payloadOn: declaration.payloadOn, payloadOff: declaration.payloadOff)
                .level(of: payload).map(NodeValue.level)
        }
        return String(validating: payload, as: UTF8.self).flatMap(DecimalText.parse)
            .map { .number($0, number.number.unit) }
    }

    /// A payload for a person: its first 32 characters, quoted; `(not UTF-8)` for bytes
    /// that are not text.
    private static func quoted(_ payload: [UInt8]) -> String {
        guard let text = String(validating: payload, as: UTF8.self) else { return "(not UTF-8)" }
        let shown = text.unicodeScalars.prefix(32).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : String($0) }
            .joined()
        return "'\(shown)\(text.unicodeScalars.count > 32 ? "..." : "")'"
    }
}
