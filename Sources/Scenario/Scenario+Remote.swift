import Config

extension Scenario {
    /// What `remote:` and `broker:` steps need that `configuration` does not have: `mqtt:`
    /// and a remote input to move, a followed topic for each message (with the nearest
    /// suggested), a node some remote input comes from for each status.
    ///
    /// ```
    /// siren.test.yaml:6:15: error: no remote input follows 'shed/dor'
    /// hint: did you mean 'shed/door'? (followed: gpioagg/shed/door)
    /// ```
    public func remoteErrors(against configuration: Configuration) -> [ConfigError] {
        let topics = RemoteTopics(configuration)
        var errors: [ConfigError] = []
        for step in steps {
            let key: String
            switch step.action {
            case .remote: key = "remote:"
            case .broker: key = "broker:"
            default: continue
            }
            guard configuration.mqtt != nil else {
                errors.append(ConfigError(location: step.location,
                                          message: "\(key) moves remote inputs on MQTT, and \(configuration.file) has no mqtt:",
                                          hint: "add mqtt: { broker: mqtt://HOST } and inputs with topic: to the config, "
                                              + "or move its inputs with set:"))
                continue
            }
            guard !configuration.remoteInputs.isEmpty else {
                errors.append(ConfigError(location: step.location,
                                          message: "\(key) moves remote inputs, and \(configuration.file) has none",
                                          hint: "declare an input with topic: (e.g. shed_door: { topic: gpioagg/shed/door }), "
                                              + "or remove the step"))
                continue
            }
            guard case .remote(let remote) = step.action else { continue }
            let followed = "followed: " + topics.followed.joined(separator: ", ")
            switch remote {
            case .publish(let messages):
                for message in messages where topics.topic(written: message.topic) == nil {
                    errors.append(ConfigError(location: message.location,
                                              message: "no remote input follows '\(message.topic)'",
                                              hint: NearestNames.didYouMean(message.topic, among: topics.writable,
                                                                            list: followed)))
                }
            case .status(let node, _, let location) where !topics.nodes.contains(node):
                let nodes = topics.nodes.isEmpty
                    ? "no remote input is another gpioagg node's (<prefix>/<node>/<name>); \(followed)"
                    : "nodes: " + topics.nodes.joined(separator: ", ")
                errors.append(ConfigError(location: location,
                                          message: "no remote input comes from node '\(node)'",
                                          hint: NearestNames.didYouMean(node, among: topics.nodes, list: nodes)))
            case .status:
                break
            }
        }
        return errors
    }
}
