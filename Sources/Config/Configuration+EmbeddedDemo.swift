import GPIO

extension Configuration {
    /// `config/gpioagg.yaml`, built in, so that `gpioagg --simulate` needs no file.
    /// Keep the two identical: a test compares them.
    public static let embeddedDemoText = """
        # gpioagg example configuration: three switches to ground, and a LED that lights only
        # while all three are closed. Installed as /etc/gpioagg/gpioagg.yaml.
        #
        # `gpioagg --simulate` runs this same graph on simulated lines (the embedded demo).

        chips:
          main: { label: pinctrl-bcm2711 }      # or path: /dev/gpiochip0, or name: gpiochip0

        inputs:
          switch1: { chip: main, line: GPIO17, active: low, bias: pull-up, debounce: 10ms }
          switch2: { chip: main, line: GPIO27, active: low, bias: pull-up, debounce: 10ms }
          switch3: { chip: main, line: 22, active: low, bias: pull-up, debounce: 10ms }

        signals:
          all_on: { all: [switch1, switch2, switch3] }

        outputs:
          ready_led: { chip: main, line: GPIO5, follows: all_on, initial: off, safe: off }

        """

    /// The demo graph: inputs `switch1`...`switch3`, the signal `all_on` (all three on),
    /// the output `ready_led` following it. `file` is `<embedded demo>`.
    ///
    /// ```swift
    /// Configuration.embeddedDemo.signals.map(\.name)   // ["all_on"]
    /// ```
    public static let embeddedDemo: Configuration = {
        do {
            return try ConfigLoader.parse(embeddedDemoText, file: "<embedded demo>")
        } catch {
            // The text is a constant checked by the tests; this cannot fail at run time.
            fatalError("the embedded demo config is invalid:\n\(error)")
        }
    }()

    /// The demo graph on `board`: its chip is the board's header controller (the lines
    /// it uses, GPIO17, GPIO27, offset 22 and GPIO5, are on every 40-pin Pi's header).
    ///
    /// ```swift
    /// Configuration.embeddedDemo(on: .pi5).chips[0].locator   // .label("pinctrl-rp1")
    /// ```
    public static func embeddedDemo(on board: BoardProfile) -> Configuration {
        var demo = embeddedDemo
        for index in demo.chips.indices {
            demo.chips[index].locator = .label(board.headerController.info.label)
        }
        return demo
    }
}
