import HomeAssistantClasses
import Values

/// What a counter (`count:`) and a rate (`rate:`) must agree with: Home Assistant's
/// statistics for a total, its energy dashboard's units, and the unit of what a rate
/// measures.
extension ConfigValidator {
    /// The units Home Assistant's energy dashboard takes for a total of each class: a
    /// counter of another unit would be shown, but left out of the dashboard.
    static let dashboardUnits: [(deviceClass: String, units: [String])] = [
        ("energy", ["Wh", "kWh", "MWh", "MJ", "GJ"]),
        ("water", ["L", "m³", "gal", "ft³", "CCF"]),
        ("gas", ["m³", "ft³", "CCF"]),
    ]

    /// A counter's `state_class:` (a total: `total_increasing` unless written `total`)
    /// and, for an energy, water or gas counter, a unit the energy dashboard takes.
    /// False when one was reported.
    mutating func checkCounterClasses(_ settings: [SourceNode.Entry], of declaration: inout SignalDeclaration,
                                      in what: String) -> Bool {
        var valid = true
        if let written = settings.first(where: { $0.key == "state_class" }) {
            if declaration.number?.stateClass == .measurement {
                report(written.value.location, "state_class: measurement of \(what) is not a total",
                       hint: "a counter is a total: state_class: total_increasing (the default), or total when "
                           + "it is set lower by hand")
                valid = false
            }
        } else {
            declaration.number?.stateClass = .totalIncreasing
        }
        guard let deviceClass = declaration.deviceClass,
              let accepted = Self.dashboardUnits.first(where: { $0.deviceClass == deviceClass })?.units else { return valid }
        let unit = declaration.number?.unit ?? .none
        guard !accepted.contains(unit.symbol) else { return valid }
        let location = settings.first { $0.key == "unit" }?.value.location
            ?? settings.first { $0.key == "device_class" }?.value.location ?? declaration.location
        report(location, "\(what) is a total of \(deviceClass) in \(unit), a unit Home Assistant's energy dashboard "
            + "does not take for \(deviceClass)",
               hint: "write unit: " + accepted.joined(separator: ", unit: ") + " (with multiply: to convert the pulses)")
        return false
    }

    /// A counter's reset button is `<node>_<name>_reset` in Home Assistant: an input,
    /// signal or output named `<name>_reset` would have the same unique id.
    mutating func checkResetButtonNames() {
        for signal in signals {
            guard case .count(_, let counter) = signal.declaration.expression, counter.reset else { continue }
            let name = signal.declaration.name + "_reset"
            guard let clash = declaredNames.first(where: { $0.name == name }) else { continue }
            report(clash.location, "'\(name)' has the Home Assistant id of the reset button of counter "
                + "'\(signal.declaration.name)' (reset: true)",
                   hint: "rename '\(name)', or leave reset: out of '\(signal.declaration.name)'")
        }
    }

    /// The unit of a rate of something in `unit` per `per`: `L/min` for litres per
    /// minute, `kW` for kWh per hour; nil when the table does not know it.
    static func rateUnit(of unit: MeasurementUnit, per: Duration) -> MeasurementUnit? {
        guard !unit.isNone else { return nil }
        if per == .seconds(3600), let power = ["Wh": "W", "kWh": "kW", "MWh": "MW"][unit.symbol] {
            return MeasurementUnit(power)
        }
        guard let time = timeUnits.first(where: { $0.per == per })?.symbol else { return nil }
        return MeasurementUnit("\(unit.symbol)/\(time)")
    }

    /// The time symbols a rate's unit ends in, and the `per:` each means.
    static let timeUnits: [(symbol: String, per: Duration)] = [
        ("s", .seconds(1)), ("min", .seconds(60)), ("h", .seconds(3600)), ("d", .seconds(86_400)),
    ]

    /// Whether `declared` is a unit the table can weigh for a rate: a quantity per a
    /// time symbol (`L/min`), or a power (`kW`). Others (`rpm`) are taken as written.
    static func isCheckableRateUnit(_ declared: MeasurementUnit) -> Bool {
        if ["W", "kW", "MW"].contains(declared.symbol) { return true }
        guard let slash = declared.symbol.lastIndex(of: "/") else { return false }
        let time = declared.symbol[declared.symbol.index(after: slash)...]
        return timeUnits.contains { $0.symbol == time }
    }
}
