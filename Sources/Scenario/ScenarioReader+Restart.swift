import Config
import Values

extension ScenarioReader {
    static let restartStepHint = "write restart: {} (the daemon stopped as on SIGTERM, then started) "
        + "or restart: { kill: true } (killed with SIGKILL, then started)"

    /// `restart: {}` (or `restart:` alone), `restart: { kill: true }`, `restart: { kill: false }`.
    mutating func restartStep(_ entry: SourceNode.Entry) -> ScenarioStep.Restart? {
        switch entry.value.content {
        case .null:
            return .orderly
        case .mapping(let settings):
            var restart = ScenarioStep.Restart.orderly
            var valid = true
            for setting in settings {
                guard setting.key == "kill" else {
                    report(setting.keyLocation, "unknown key '\(setting.key)' in restart:",
                           hint: NearestNames.didYouMean(setting.key, among: ["kill"], list: Self.restartStepHint))
                    valid = false
                    continue
                }
                guard let text = scalar(setting, hint: Self.restartStepHint) else { valid = false; continue }
                guard let kill = LevelWord.level(of: text) else {
                    report(setting.value.location, "kill: in restart: takes true or false, found '\(text)'",
                           hint: LevelWord.meaning(of: text).map { "'\(text)' means \($0): write restart: { kill: \($0) }" }
                               ?? Self.restartStepHint)
                    valid = false
                    continue
                }
                restart = kill ? .kill : .orderly
            }
            return valid ? restart : nil
        case .reported:
            return nil
        case .scalar, .sequence:
            report(entry.value.location, "restart: takes a mapping, found \(entry.value.kindDescription)",
                   hint: Self.restartStepHint)
            return nil
        }
    }
}
