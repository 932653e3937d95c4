/// `mqtt: { broker, node, ... }`: the broker and how this board appears there.
enum MQTTSchema: ConfigSchema {
    static let title = "the mqtt: section"
    static let section = "mqtt"
    static let documentedUnder = ["## MQTT"]
    static let example = "broker: mqtt://127.0.0.1:1883"
    static let keys = [
        ConfigKey("broker", "mqtt://127.0.0.1:1883", "the broker's mqtt:// or mqtts:// URL"),
        ConfigKey("node", "garage", "this board's name in topics and the client id"),
        ConfigKey("prefix", "home", "the first levels of every topic"),
        ConfigKey("username", "gpioagg", "the user name"),
        ConfigKey("password_file", "/etc/gpioagg/mqtt-password", "a file holding the password"),
        ConfigKey("tls", "{ ca_file: /etc/ssl/certs/ca-certificates.crt }", "the CA file, and a client certificate's files"),
        ConfigKey("discovery", "false", "Home Assistant's discovery prefix, or false"),
        ConfigKey("max_message_size", "64KiB", "the largest message taken"),
    ]
    /// The keys of `tls:`.
    static let tlsKeys = [
        ConfigKey("ca_file", "/etc/ssl/certs/ca-certificates.crt", "the CA certificates the broker's is checked against"),
        ConfigKey("cert_file", "/etc/gpioagg/client.crt", "the client certificate"),
        ConfigKey("key_file", "/etc/gpioagg/client.key", "the client certificate's key"),
    ]
}
