import MQTTCore

/// The `mqtt:` section in `gpioagg check`.
extension ConfigSummary {
    /// The broker, the topics and discovery, each a row made by `row(name, details)`.
    static func mqttRows(_ mqtt: MQTTDeclaration, row: (String, String) -> String) -> [String] {
        [row("broker", mqtt.broker.description
             + (mqtt.username.map { ", username \($0)" } ?? "")
             + (mqtt.passwordFile == nil ? "" : ", password from a file")
             + (mqtt.tls == nil ? "" : ", TLS files given")),
         row("topics", mqtt.topics.stateTopic(of: "NAME") + ", status " + mqtt.topics.statusTopic),
         row("discovery", mqtt.discovery.map { "Home Assistant under \($0)/" } ?? "off")]
    }
}
