import SystemCore

extension TimeZoneRules {
    /// The zone names under `root`, links included: from `root/tzdata.zi` (its `Z name`
    /// and `L target alias` lines) when there is one, otherwise from the files found by
    /// walking `root`. For "did you mean" suggestions and for listing.
    public static func zoneNames(root: String = defaultZoneRoot) -> [String] {
        if let bytes = try? SystemCall.readRegularFile(root + "/tzdata.zi", limit: 1 << 22) {
            var names: [String] = []
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                let words = line.split(separator: " ")
                if words.count >= 2, words[0] == "Z" { names.append(String(words[1])) }
                if words.count >= 3, words[0] == "L" { names.append(String(words[2])) }
            }
            if !names.isEmpty { return names.sorted() }
        }
        var names: [String] = []
        walk(root, prefix: "", depth: 0, into: &names)
        return names.sorted()
    }

    /// Files under `folder` that start like TZif files, without the `posix` and `right`
    /// copies; three levels deep at most (`America/Argentina/Salta`).
    private static func walk(_ folder: String, prefix: String, depth: Int, into names: inout [String]) {
        for entry in SysfsFiles.names(in: folder) {
            let path = folder + "/" + entry
            let name = prefix + entry
            if depth == 0, entry == "posix" || entry == "right" { continue }
            if let head = try? SystemCall.readRegularFile(path, limit: fileLimit), head.starts(with: Array("TZif".utf8)) {
                names.append(name)
            } else if depth < 3, !SysfsFiles.names(in: path).isEmpty {
                walk(path, prefix: name + "/", depth: depth + 1, into: &names)
            }
        }
    }
}
