import Bridge

extension MQTTBridge {
    /// What the bridge's transport needs that may fail before it can run: libmosquitto,
    /// the password file, the client id; thrown as a message for the log.
    struct SetupError: Error, CustomStringConvertible {
        var message: String

        var description: String { message }
    }
}
