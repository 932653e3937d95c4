#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GPIO

extension KernelSuite {
    /// `gpioagg detect` and `gpioagg info` against the kernel, when the harness put the
    /// daemon's binary in the guest (`run --extra .../gpioagg`).
    func checkCommands() throws {
        let gpioagg = "/bin/gpioagg"
        guard access(gpioagg, X_OK) == 0 else {
            tap.skip("gpioagg detect and info", reason: "no \(gpioagg) in this guest")
            return
        }
        let detect = try capture(gpioagg, ["detect"])
        tap.expect(detect.status == 0
                   && detect.output.contains("\(sim.chipName) [\(sim.label)] (\(sim.lineCount) lines)\n"),
                   "gpioagg detect lists \(sim.chipName) [\(sim.label)]", [detect.output])

        let held = try chip.requestInputs([InputLineConfig(offset: LineMap.spare, activeLow: true,
                                                           bias: .pullUp)],
                                          consumer: "info-check")
        defer { held.release() }
        let info = try capture(gpioagg, ["info", sim.label])
        let lines = info.output.split(separator: "\n").map(String.init)
        tap.expect(info.status == 0 && lines.first == "\(sim.chipName) [\(sim.label)] - \(sim.lineCount) lines:"
                   && lines.count == 1 + sim.lineCount,
                   "gpioagg info \(sim.label) prints a header and every line", [info.output])
        let spare = lines.first { $0.contains("\"spare\"") } ?? ""
        tap.expect(spare.contains("\"info-check\"") && spare.contains("active-low")
                   && spare.contains("bias=pull-up") && spare.contains("[used]"),
                   "gpioagg info shows a held line's consumer, active-low, bias and [used]", [spare])
        let unnamed = lines.first { $0.hasPrefix("\tline  \(LineMap.unnamed):") } ?? ""
        tap.expect(unnamed.contains("unnamed") && unnamed.contains("unused"),
                   "gpioagg info shows an unnamed, unused line", [unnamed])

        let missing = try capture(gpioagg, ["info", "no-such-chip"])
        tap.expect(missing.status == 1 && missing.output.contains("hint: chips on this system:")
                   && missing.output.contains("\(sim.chipName) [\(sim.label)]"),
                   "gpioagg info with an unknown label exits 1 and lists the chips", [missing.output])
    }

    /// Runs a program and returns its exit status and its standard output and error.
    private func capture(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw CheckFailure("pipe: errno \(errno)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            throw CheckFailure("posix_spawn \(path): error \(spawned)")
        }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = Glibc.read(pipeEnds[0], &chunk, chunk.count)
            if count > 0 { output += chunk[0..<count] } else if count == 0 || errno != EINTR { break }
        }
        close(pipeEnds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exitStatus, String(decoding: output, as: UTF8.self))
    }
}
