import CommandParsing
@preconcurrency import Glibc

/// `--sysfs-root DIR`: the folder laid out as `/sys` is, where `run` reads its sensor
/// inputs and `detect` looks for sensors (a fake tree, for tests and benchmarks). One
/// parse for both, so both refuse a folder that is not there in the same words.
enum SysfsRoot {
    static func option(help: String, defaultValue: String? = nil) -> OptionSpec {
        .option("sysfs-root", valueName: "dir", help: help, defaultValue: defaultValue)
    }

    /// The folder given, nil when none was; a usage error when it is not a folder.
    static func parse(_ arguments: ParsedArguments) throws(UsageError) -> String? {
        guard let root = arguments.value("sysfs-root") else { return nil }
        var status = stat()
        guard stat(root, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw UsageError("--sysfs-root \(root): no such folder",
                             hint: "give the folder that holds the tree's bus/, class/ and devices/ folders")
        }
        return root
    }
}
