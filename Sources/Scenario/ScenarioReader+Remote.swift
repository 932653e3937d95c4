import Config

extension ScenarioReader {
    static let remoteStepHint = "write remote: { shed/door: \"ON\" } (a payload, retained on a remote input's topic), "
        + "or remote: { node: shed, status: offline } (another gpioagg node's status)"
    static let brokerStepHint = "write broker: down (the broker unreachable) or broker: up (reachable again)"

    /// `remote: { TOPIC: PAYLOAD, ... }` or `remote: { node: NODE, status: online|offline }`.
    /// Topics are checked against the config later (`Scenario.remoteErrors(against:)`).
    mutating func remoteStep(_ entry: SourceNode.Entry) -> ScenarioStep.Remote? {
        let entries: [SourceNode.Entry]
        switch entry.value.content {
        case .mapping(let found) where !found.isEmpty:
            entries = found
        case .reported:
            return nil
        case .null, .mapping:
            report(entry.keyLocation, "remote: needs at least one topic and its payload", hint: Self.remoteStepHint)
            return nil
        default:
            report(entry.value.location, "remote: takes a mapping of topics and payloads, found \(entry.value.kindDescription)",
                   hint: Self.remoteStepHint)
            return nil
        }
        if entries.contains(where: { $0.key == "node" || $0.key == "status" }) {
            return nodeStatus(entries, at: entry.keyLocation)
        }
        var messages: [ScenarioStep.RemoteMessage] = []
        for item in entries {
            switch item.value.content {
            case .scalar(let payload, _):
                messages.append(ScenarioStep.RemoteMessage(item.key, payload, at: item.keyLocation))
            case .reported:
                continue
            case .null:
                report(item.keyLocation, "\(item.key): in remote: has no payload",
                       hint: "write \(item.key): \"ON\" (or a number); \(item.key): \"\" clears its retained value")
            default:
                report(item.value.location, "the payload of \(item.key) in remote: must be a single value, "
                       + "found \(item.value.kindDescription)", hint: "write \(item.key): \"ON\" (or a number)")
            }
        }
        return messages.isEmpty ? nil : .publish(messages)
    }

    /// `{ node: shed, status: offline }`.
    private mutating func nodeStatus(_ entries: [SourceNode.Entry], at location: SourceLocation) -> ScenarioStep.Remote? {
        let hint = "write remote: { node: shed, status: offline } (or online), one node a step"
        var node: String?
        var nodeLocation = location
        var online: Bool?
        var valid = true
        for item in entries {
            switch item.key {
            case "node":
                node = scalar(item, hint: hint)
                nodeLocation = item.value.location
                valid = valid && node != nil
            case "status":
                guard let word = scalar(item, hint: hint) else { valid = false; continue }
                guard word == "online" || word == "offline" else {
                    report(item.value.location, "a node's status in remote: is online or offline, found '\(word)'", hint: hint)
                    valid = false
                    continue
                }
                online = word == "online"
            default:
                report(item.keyLocation, "unknown key '\(item.key)' in remote: { node:, status: }",
                       hint: "a node's status is its own step: \(hint)")
                valid = false
            }
        }
        guard valid else { return nil }
        guard let node else {
            report(location, "remote: with status: needs node:, the gpioagg node whose status it is", hint: hint)
            return nil
        }
        guard let online else {
            report(location, "remote: with node: needs status: online or offline", hint: hint)
            return nil
        }
        return .status(node: node, online: online, location: nodeLocation)
    }

    /// `broker: down` or `broker: up`.
    mutating func brokerStep(_ entry: SourceNode.Entry) -> ScenarioStep.Broker? {
        guard let word = scalar(entry, hint: Self.brokerStepHint) else { return nil }
        guard let state = ScenarioStep.Broker(rawValue: word) else {
            report(entry.value.location, "broker: is down or up, found '\(word)'",
                   hint: NearestNames.didYouMean(word, among: ScenarioStep.Broker.allCases.map(\.rawValue),
                                                 list: Self.brokerStepHint))
            return nil
        }
        return state
    }
}
