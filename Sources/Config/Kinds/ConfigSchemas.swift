/// Every kind's schema, for what walks them all (the tests that hold the schemas to the
/// docs and to the readers).
enum ConfigSchemas {
    static var all: [any ConfigSchema.Type] {
        [
            ChipSchema.self,
            LineInputSchema.self, CommandInputSchema.self, PressedInputSchema.self, RemoteInputSchema.self,
            SensorInputSchema.self,
            SignalSchema.self,
            OutputSchema.self, PWMOutputSchema.self,
            InterlockSchema.self, CoverSchema.self,
            MQTTSchema.self,
            ClockSchema.self,
            WebSchema.self,
        ]
    }
}
