import Config
import GPIO
import Testing

/// `gpioagg check --board`: what the board lacks comes in one report with the file's
/// other errors, in source order, not once they are fixed.
@Suite("A config checked against a board reports every error at once")
struct BoardCheckTests {
    /// A Pi 4 header controller, a line the Pi 4 lacks (GPIO45, line 4), one line under
    /// two names (GPIO17 and PIN11, lines 5 and 6) and `extra` on the output (line 8):
    /// a key no output has by default.
    static func text(extra: String = ", colour: red") -> String {
        """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          door: { chip: main, line: GPIO45 }
          bell: { chip: main, line: GPIO17 }
          window: { chip: main, line: PIN11 }
        outputs:
          lamp: { chip: main, line: GPIO5, follows: door\(extra) }
        """
    }

    /// The errors of `text`, each as `LINE:COL message`.
    static func errors(_ text: String, board: BoardProfile?) -> [String] {
        do throws(ConfigErrors) {
            _ = try ConfigLoader.parse(text, file: "test.yaml", board: board)
            return []
        } catch {
            return error.errors.map { "\($0.location.line):\($0.location.column) \($0.message)" }
        }
    }

    @Test("an unknown key, a line the Pi 4 lacks and a line claimed twice: three errors in one report, by place")
    func boardErrorsWithTheRest() throws {
        let plain = Self.errors(Self.text(), board: nil)
        #expect(plain.count == 1 && plain.first?.hasPrefix("8:") == true && plain.first?.contains("colour") == true,
                "without a board only the key: \(plain)")
        let onPi4 = Self.errors(Self.text(), board: .pi4)
        #expect(onPi4.count == 3, "\(onPi4)")
        #expect(onPi4.map { $0.prefix { $0 != " " } } == ["4:29", "6:31", "8:51"], "\(onPi4)")
        #expect(onPi4.first?.hasSuffix("input 'door': no line named 'GPIO45' on gpiochip0 [pinctrl-bcm2711] of the Raspberry Pi 4 Model B") == true)
        #expect(onPi4.dropFirst().first?.hasSuffix("line PIN11 (offset 17) of gpiochip0 [pinctrl-bcm2711] is already used by input 'bell' (line 5, as GPIO17)") == true)
        #expect(onPi4.last == plain.first, "the key's error as without a board")
    }

    @Test("the board's errors are those Configuration.resolved(on:) gives on the fixed file")
    func sameAsResolution() throws {
        let fixed = Self.text(extra: "")
        let configuration = try ConfigLoader.parse(fixed, file: "test.yaml")
        var resolved: [String] = []
        do throws(ConfigErrors) {
            _ = try configuration.resolved(on: .pi4)
        } catch {
            resolved = error.errors.map { "\($0.location.line):\($0.location.column) \($0.message)" }
        }
        #expect(resolved.count == 2)
        #expect(Self.errors(fixed, board: .pi4) == resolved)
    }

    @Test("a line written twice the same way is the file's error, reported once, not again for the board")
    func claimedTwiceAsWritten() {
        let text = """
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              bell: { chip: main, line: GPIO17 }
              door: { chip: main, line: GPIO17 }
            """
        let plain = Self.errors(text, board: nil)
        #expect(plain.count == 1, "\(plain)")
        #expect(Self.errors(text, board: .pi4) == plain)
    }

    @Test("a file that fits the board parses as without it")
    func fits() throws {
        let text = """
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              bell: { chip: main, line: GPIO17 }
            """
        #expect(try ConfigLoader.parse(text, file: "test.yaml", board: .pi4) == ConfigLoader.parse(text, file: "test.yaml"))
    }
}
