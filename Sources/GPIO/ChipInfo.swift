/// What a chip says about itself, as `gpiodetect` prints it.
public struct ChipInfo: Hashable, Sendable {
    /// `/dev/gpiochip0`.
    public var path: String
    /// `gpiochip0`.
    public var name: String
    /// `pinctrl-bcm2711`.
    public var label: String
    public var lineCount: Int

    public init(path: String, name: String, label: String, lineCount: Int) {
        self.path = path
        self.name = name
        self.label = label
        self.lineCount = lineCount
    }
}

/// What the kernel says about one line, as `gpioinfo` prints it.
public struct LineInfo: Hashable, Sendable {
    public var offset: UInt32
    /// Empty when the line has no name.
    public var name: String
    /// Who holds the line; empty when nobody has requested it or the holder gave no name.
    public var consumer: String
    public var used: Bool
    public var direction: Direction
    public var activeLow: Bool
    public var bias: Bias
    public var drive: Drive
    /// Zero when the line is not debounced (or the backend cannot tell).
    public var debounce: Duration

    public init(offset: UInt32, name: String = "", consumer: String = "", used: Bool = false,
                direction: Direction = .input, activeLow: Bool = false, bias: Bias = .asIs,
                drive: Drive = .pushPull, debounce: Duration = .zero) {
        self.offset = offset
        self.name = name
        self.consumer = consumer
        self.used = used
        self.direction = direction
        self.activeLow = activeLow
        self.bias = bias
        self.drive = drive
        self.debounce = debounce
    }
}
