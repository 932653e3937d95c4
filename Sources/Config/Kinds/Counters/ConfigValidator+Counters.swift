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

    /// `window:` of a rate: at least `per:` long (a shorter window would count a fraction
    /// of a `per:`), and never beside `timeout:`: a rate over a window is 0 once a whole
    /// window has passed without a pulse. False when refused (reported at the key).
    mutating func checkRateWindow(_ rate: RateDeclaration, entries: [String: SourceNode.Entry], in what: String) -> Bool {
        guard let window = rate.window, let entry = entries["window"] else { return true }
        var valid = true
        if window < rate.per {
            let per = ConfigText.duration(rate.per)
            report(entry.value.location, "window: \(ConfigText.duration(window)) in \(what) is shorter than per: \(per)",
                   hint: "the window holds the pulses the rate is counted from, at least one per:; write window: \(per) "
                       + "or longer, e.g. window: \(ConfigText.duration(rate.per * 10)), or a shorter per:")
            valid = false
        }
        if let timeout = entries["timeout"] {
            report(timeout.keyLocation, "timeout: in \(what) does not apply with window:",
                   hint: "a rate over a window is 0 once a whole window has passed without a pulse; leave timeout: out, "
                       + "or window: out to measure the time between pulses")
            valid = false
        }
        return valid
    }
}
