import Config
import HomeAssistant

/// What each remote input's value is, from what the broker said: the last value on its
/// topic while it is known, else its `fallback`, with the reason a person reads in the
/// log. Pure: the bridge feeds it events and applies what it returns.
///
/// A remote input takes its fallback until the first message on its topic, while the
/// broker is unreachable, and, when its topic is another gpioagg node's
/// (`<prefix>/<node>/<name>` under this node's prefix), while that node's status is
/// `offline`.
///
/// ```swift
/// var remote = RemoteInputs(configuration.remoteInputs, prefix: "gpioagg")
/// remote.connected()                                                  // [] (still no message)
/// remote.message(topic: "gpioagg/shed/door_open", payload: "ON")      // [.init(name: "shed_door", value: true, reason: nil)]
/// remote.disconnected()     // [.init(name: "shed_door", value: false, reason: "the broker is unreachable")]
/// ```
struct RemoteInputs {
    /// A remote input's value changed; `reason` says why it is the fallback (nil: a
    /// value the topic holds).
    struct Change: Equatable {
        var name: String
        var value: Bool
        var reason: String?
    }

    private struct Entry {
        var declaration: RemoteInputDeclaration
        /// The gpioagg node whose value this is, if the topic is one.
        var node: String?
        /// The last value the topic held (nil: none yet, or a payload that means nothing).
        var received: Bool?
        /// What the engine has now.
        var current: Bool
        var reason: String?
    }

    private var entries: [Entry]
    private var connected = false
    /// Nodes known to be offline (their status topic said so).
    private var offlineNodes = Set<String>()
    let prefix: String

    init(_ declarations: [RemoteInputDeclaration], prefix: String) {
        self.prefix = prefix
        entries = declarations.map { declaration in
            Entry(declaration: declaration, node: Self.node(of: declaration.topic, prefix: prefix), received: nil,
                  current: declaration.fallback, reason: "no message on \(declaration.topic) yet")
        }
    }

    /// The topics to subscribe to: each remote input's, and the status topic of each
    /// gpioagg node they come from.
    var topics: [String] {
        var topics: [String] = []
        for entry in entries where !topics.contains(entry.declaration.topic) { topics.append(entry.declaration.topic) }
        for entry in entries {
            guard let node = entry.node else { continue }
            let status = "\(prefix)/\(node)/status"
            if !topics.contains(status) { topics.append(status) }
        }
        return topics
    }

    /// Why each input is at its fallback now, for the log at start.
    var fallbackReasons: [Change] {
        entries.compactMap { entry in
            entry.reason.map { Change(name: entry.declaration.name, value: entry.current, reason: $0) }
        }
    }

    mutating func connected(_ isConnected: Bool = true) -> [Change] {
        connected = isConnected
        if !isConnected {
            // Retained messages come again on the next connect.
            for index in entries.indices { entries[index].received = nil }
        }
        return settle()
    }

    mutating func disconnected() -> [Change] { connected(false) }

    /// A message arrived on `topic`, its payload as the broker delivered it (bytes that
    /// are not UTF-8 mean nothing).
    mutating func message(topic: String, payload: [UInt8]) -> [Change] {
        var touched = false
        for index in entries.indices where entries[index].declaration.topic == topic {
            let declaration = entries[index].declaration
            entries[index].received = RemoteInputPayload(payloadOn: declaration.payloadOn,
                                                         payloadOff: declaration.payloadOff).level(of: payload)
            touched = true
        }
        if let node = statusNode(topic) {
            let wasOffline = offlineNodes.contains(node)
            if payload.elementsEqual(HomeAssistantAvailability.offline.utf8) {
                offlineNodes.insert(node)
            } else {
                offlineNodes.remove(node)
            }
            touched = touched || wasOffline != offlineNodes.contains(node)
        }
        return touched ? settle() : []
    }

    /// `message(topic:payload:)` with a payload written as text.
    mutating func message(topic: String, payload: String) -> [Change] {
        message(topic: topic, payload: Array(payload.utf8))
    }

    /// Brings each input to what it should be now; returns the inputs that changed value
    /// or reason.
    private mutating func settle() -> [Change] {
        var changes: [Change] = []
        for index in entries.indices {
            let entry = entries[index]
            let value: Bool
            let reason: String?
            if !connected {
                (value, reason) = (entry.declaration.fallback, "the broker is unreachable")
            } else if let node = entry.node, offlineNodes.contains(node) {
                (value, reason) = (entry.declaration.fallback, "node \(node) is offline")
            } else if let received = entry.received {
                (value, reason) = (received, nil)
            } else {
                (value, reason) = (entry.declaration.fallback, "no message on \(entry.declaration.topic) yet")
            }
            guard value != entry.current || reason != entry.reason else { continue }
            entries[index].current = value
            entries[index].reason = reason
            changes.append(Change(name: entry.declaration.name, value: value, reason: reason))
        }
        return changes
    }

    private func statusNode(_ topic: String) -> String? {
        guard topic.hasPrefix(prefix + "/"), topic.hasSuffix("/status") else { return nil }
        let middle = topic.dropFirst(prefix.count + 1).dropLast("/status".count)
        return middle.isEmpty || middle.contains("/") ? nil : String(middle)
    }

    /// `<prefix>/<node>/<name>` under this prefix: the node.
    static func node(of topic: String, prefix: String) -> String? {
        guard topic.hasPrefix(prefix + "/") else { return nil }
        let levels = topic.dropFirst(prefix.count + 1).split(separator: "/", omittingEmptySubsequences: false)
        guard levels.count == 2, !levels[0].isEmpty, !levels[1].isEmpty, levels[1] != "status" else { return nil }
        return String(levels[0])
    }
}
