// The daemon's bridge reaches the client through the transport protocol, so that tests
// hand it the in-memory twin instead.
extension MQTTClient: MQTTTransport {}
