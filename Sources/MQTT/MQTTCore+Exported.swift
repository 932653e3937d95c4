// The client's configuration names its broker by a `BrokerURL` (MQTTCore), so whoever
// imports MQTT gets it too, as before the URL grammar had a module of its own.
@_exported import MQTTCore
