import Config

extension EngineError {
    /// A sensor input on the kernel's chips: nothing reads kernel sensors yet outside
    /// `--simulate`, and an input that never changes would pretend to be read.
    public static func sensorNotRead(_ input: SensorInputDeclaration) -> EngineError {
        EngineError(.configuration(
            "input '\(input.name)' reads \(input.sensor), and gpioagg reads sensors only under --simulate so far",
            hint: "run with --simulate to set it by hand (gpioagg sim set \(input.name) NUMBER), or remove the input"),
            at: input.location)
    }
}
