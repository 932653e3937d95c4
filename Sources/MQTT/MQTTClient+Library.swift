extension MQTTClient {
    /// Loads libmosquitto, which gpioagg loads only when MQTT is used (Debian's
    /// libmosquitto1, `libmosquitto.so.1`; OpenSSL comes with it). A client works without
    /// this call, loading the library on its first connection attempt; call it first to
    /// learn, once, why MQTT cannot work here.
    ///
    /// ```swift
    /// do { try MQTTClient.loadLibrary() } catch { logger.error("no MQTT: \(error)") }
    /// ```
    public static func loadLibrary() throws(MQTTError) {
        try MosquittoLibrary.load()
    }
}
