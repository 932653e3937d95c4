import GPIO

extension Configuration {
    /// Finds every chip declaration and every input's and output's line on `board`'s
    /// profile, or throws every error at once, each at its place in the file:
    ///
    /// ```
    /// gpioagg.yaml:6:31: error: input 'door': no line named 'BCM18' on gpiochip0 [pinctrl-bcm2711] of the Raspberry Pi 4 Model B
    /// hint: BCM numbers are written as the line's name on this board: 'GPIO18' (or PIN12, or offset 18)
    /// ```
    ///
    /// A chip the board does not have is taken for an add-on (an I2C expander) and its
    /// lines are left to the hardware, unless its label belongs to another Raspberry Pi
    /// (`pinctrl-rp1` on a Pi 4), is close to one of the board's (a typo), or its name
    /// is one the board's kernels no longer use (`gpiochip4` on a Pi 5). Lines written
    /// differently (a name, an offset, a header pin) that are the same line on the
    /// board are reported too.
    ///
    /// ```swift
    /// let resolution = try configuration.resolved(on: BoardProfile.named("pi4")!)
    /// ```
    public func resolved(on board: BoardProfile) throws(ConfigErrors) -> BoardResolution {
        var resolver = BoardResolver(board: board)
        let resolution = resolver.resolve(self)
        guard resolver.errors.isEmpty else {
            throw ConfigErrors(ConfigValidator.sortedBySource(resolver.errors))
        }
        return resolution
    }
}
