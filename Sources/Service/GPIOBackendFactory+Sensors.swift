import Config
import Engine

extension GPIOBackendFactory {
    /// What keeps `configuration` from running on these chips: on the kernel's, a sensor
    /// input, since nothing reads sensors there yet and a value that never changes would
    /// pretend to be read; nil under `--simulate`, where sensor inputs are set by hand.
    public func refusal(of configuration: Configuration) -> EngineError? {
        guard !isSimulated, let sensor = configuration.sensorInputs.first else { return nil }
        return EngineError.sensorNotRead(sensor)
    }
}
