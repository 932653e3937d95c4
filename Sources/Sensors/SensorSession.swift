import SystemCore
import Values

/// One sensor as the reader's thread keeps it between reads: its device's folder and
/// the files to read there, found once and found again only after a read shows the
/// device gone; and whether the last 1-Wire read was 85.000 °C, the DS18B20's power-on
/// value, which is taken only when the next read confirms it.
///
/// Used by one thread at a time: the one `SensorReader` hands its job to (the reader's
/// lock orders the hand-overs); tests drive it directly.
///
/// ```swift
/// let session = SensorSession(sensor: cpu, locator: SensorLocator(root: "/sys"))
/// session.read()   // .success(48.312) in °C, or .failure(SensorFailure)
/// ```
final class SensorSession {
    let sensor: Sensor
    let locator: SensorLocator
    private(set) var folder: String?
    private var plan: SensorReadPlan?
    /// Found at least once: a search that then finds nothing means it disappeared.
    private var wasFound = false
    /// The last 1-Wire read was the power-on value.
    private var powerOnPending = false
    /// How many times the device was searched for (for the tests of "found once").
    private(set) var searches = 0
    /// What its reads share with other sensors' once it is found: the 1-Wire bus master
    /// of a thermometer (a bus that hangs holds them all), else its device's folder.
    /// `SensorReader` reads one lane's sensors on one thread at a time.
    private(set) var lane: String?

    init(sensor: Sensor, locator: SensorLocator) {
        self.sensor = sensor
        self.locator = locator
    }

    /// The 1-Wire bus master folder the device sits on (where `therm_bulk_read` is),
    /// for a located 1-Wire thermometer; nil otherwise.
    var w1Master: String? {
        guard sensor.device.kind == .w1, let folder = locateIfNeeded().folder,
              let resolved = SysfsFiles.resolved(folder) else { return nil }
        return SysfsFiles.parent(resolved)
    }

    /// One read: the value in the sensor's unit, or why there is none.
    func read() -> Result<Double, SensorFailure> {
        let located = locateIfNeeded()
        guard let folder = located.folder, let plan else {
            return .failure(located.failure ?? SensorFailure(device: sensor.device, cause: .noChannel))
        }
        switch readKernelValue(plan) {
        case .success(let kernelValue):
            if sensor.device.kind == .w1, kernelValue == 85_000 {
                // A sensor that lost power mid-conversion reads 85.000 °C: believed only
                // when two reads in a row say it.
                if !powerOnPending {
                    powerOnPending = true
                    return .failure(SensorFailure(device: sensor.device, cause: .powerOnValue, path: plan.path))
                }
            } else {
                powerOnPending = false
            }
            return sensor.value(fromKernel: kernelValue, in: plan.path)
        case .failure(let failure):
            if case .readFailed(let error) = failure.cause, SysfsFiles.isGone(error), !SysfsFiles.exists(folder) {
                forget()
                return .failure(SensorFailure(device: sensor.device, cause: .disappeared, path: failure.path))
            }
            return .failure(failure)
        }
    }

    /// Finds the device, when it is not found yet, in `scan`'s look at its class folder,
    /// shared with the other sensors found together; why not, when it cannot be.
    func locate(with scan: inout SensorDeviceScan) -> SensorFailure? {
        locateIfNeeded(with: &scan).failure
    }

    /// The folder and plan, searched for only when there is none yet.
    private func locateIfNeeded() -> (folder: String?, failure: SensorFailure?) {
        if let folder { return (folder, nil) }
        var scan = SensorDeviceScan(locator)
        return locateIfNeeded(with: &scan)
    }

    private func locateIfNeeded(with scan: inout SensorDeviceScan) -> (folder: String?, failure: SensorFailure?) {
        if let folder { return (folder, nil) }
        searches += 1
        switch scan.locate(sensor.device) {
        case .success(let found):
            guard let plan = SensorReadPlan.plan(for: sensor, in: found) else {
                return (nil, SensorFailure(device: sensor.device, cause: .noChannel, path: found))
            }
            folder = found
            self.plan = plan
            wasFound = true
            lane = sensor.device.kind == .w1 ? SysfsFiles.resolved(found).map(SysfsFiles.parent) ?? found : found
            return (found, nil)
        case .failure(let failure):
            if wasFound, case .notFound = failure.cause {
                return (nil, SensorFailure(device: sensor.device, cause: .disappeared))
            }
            return (nil, failure)
        }
    }

    private func forget() {
        folder = nil
        plan = nil
        lane = nil
        powerOnPending = false
    }

    /// The value in the kernel's unit.
    private func readKernelValue(_ plan: SensorReadPlan) -> Result<Double, SensorFailure> {
        switch plan {
        case .input(let path):
            return number(at: path)
        case .raw(let raw, let offset, let scale):
            let rawValue: Double, offsetValue: Double, scaleValue: Double
            switch number(at: raw) {
            case .success(let value): rawValue = value
            case .failure(let failure): return .failure(failure)
            }
            switch offset.map(number(at:)) ?? .success(0) {
            case .success(let value): offsetValue = value
            case .failure(let failure): return .failure(failure)
            }
            switch scale.map(number(at:)) ?? .success(1) {
            case .success(let value): scaleValue = value
            case .failure(let failure): return .failure(failure)
            }
            // sysfs-bus-iio: (raw + offset) * scale, which files of the kernel's (or a
            // device's bug) can take past what a Double holds.
            let value = (rawValue + offsetValue) * scaleValue
            guard value.isFinite else {
                let computation = "(\(DecimalText.shortest(rawValue)) + \(DecimalText.shortest(offsetValue))) × "
                    + DecimalText.shortest(scaleValue)
                return .failure(SensorFailure(device: sensor.device, cause: .notFinite(computation: computation), path: raw))
            }
            return .success(value)
        case .w1Slave(let path):
            switch text(at: path) {
            case .failure(let failure): return .failure(failure)
            case .success(let text):
                switch W1SlaveText.parse(text) {
                case .temperature(let value): return .success(value)
                case .crcMismatch: return .failure(SensorFailure(device: sensor.device, cause: .crcMismatch, path: path))
                case .unparsable:
                    return .failure(SensorFailure(device: sensor.device, cause: .unparsable(text: text.trimmingTrailingNewlines), path: path))
                }
            }
        }
    }

    private func text(at path: String) -> Result<String, SensorFailure> {
        do throws(SystemCallError) {
            return .success(try SysfsFiles.readAttribute(path))
        } catch {
            return .failure(SensorFailure(device: sensor.device, cause: .readFailed(error), path: path))
        }
    }

    private func number(at path: String) -> Result<Double, SensorFailure> {
        text(at: path).flatMap { text in
            guard let value = DecimalText.parse(text) else {
                return .failure(SensorFailure(device: sensor.device, cause: .unparsable(text: text.trimmingTrailingNewlines), path: path))
            }
            return .success(value)
        }
    }
}
