// The boards' chips, as their kernels show them (gpiodetect, gpioinfo).
//
// Line names are the device trees' gpio-line-names, read from the Raspberry Pi kernel
// tree (github.com/raspberrypi/linux, downstream rpi-6.x branches: the files under
// arch/arm/boot/dts/broadcom/, a directory those branches have from rpi-6.5.y on). Each
// board names the file and the commit its names were read at. Chip labels are the
// drivers' (pinctrl-bcm2835.c, pinctrl-rp1.c, gpio-brcmstb.c, gpio-raspberrypi-exp.c
// "raspberrypi-exp-gpio" with 8 lines, gpio-bcm-virt.c "brcmvirt-gpio" with 2); chip
// numbers are those of current Raspberry Pi OS kernels. Every board's SoC thermometer is
// the thermal zone `cpu-thermal` (the device trees' `cpu_thermal: cpu-thermal` node).
//
// PWM controllers are named by their device (the `device` link of /sys/class/pwm/
// pwmchipN: the device tree node's unit address and name), since the pwmchipN numbers
// changed between Raspberry Pi kernels. The Pi 4's PWM0 (bcm2711 `pwm@7e20c000`, at
// fe20c000 in the ARM's map) has two channels: 0 on GPIO12 or GPIO18, 1 on GPIO13 or
// GPIO19. The Pi 5's RP1 PWM0 (`pwm@98000`, 1f00098000.pwm) has four: 0 on GPIO12, 1 on
// GPIO13, 2 on GPIO18, 3 on GPIO19; the fan connector is on the RP1's second PWM,
// which the fan's own driver holds. Neither appears until an overlay routes its pins.

extension BoardProfile {
    /// `GPIO<first>` to `GPIO<last>`.
    private static func gpios(_ range: ClosedRange<Int>) -> [String] {
        range.map { "GPIO\($0)" }
    }

    /// Raspberry Pi 3 Model B.
    ///
    /// bcm2710-rpi-3-b.dts at commits 1047fc3b and c0ca52f4 (same names): the header
    /// lines keep the schematic's function names (SDA1, SCL1, GPIO_GCLK, SPI_CE1_N ...,
    /// TXD1, RXD1), unlike the 3 B+ and the later boards. The expander behind the
    /// firmware and the virtual GPIO of the activity LED are chips of their own.
    public static let pi3 = BoardProfile(
        name: "pi3", model: "Raspberry Pi 3 Model B",
        chips: [
            Chip(name: "gpiochip0", label: "pinctrl-bcm2835", lineNames: [
                "ID_SDA", "ID_SCL", "SDA1", "SCL1", "GPIO_GCLK", "GPIO5", "GPIO6",
                "SPI_CE1_N", "SPI_CE0_N", "SPI_MISO", "SPI_MOSI", "SPI_SCLK", "GPIO12", "GPIO13",
                "TXD1", "RXD1",
            ] + gpios(16...27) + [
                "NC", "LAN_RUN_BOOT",
                "CTS0", "RTS0", "TXD0", "RXD0",
                "SD1_CLK", "SD1_CMD", "SD1_DATA0", "SD1_DATA1", "SD1_DATA2", "SD1_DATA3",
                "PWM0_OUT", "PWM1_OUT", "ETH_CLK", "WIFI_CLK", "SDA0", "SCL0", "SMPS_SCL", "SMPS_SDA",
                "SD_CLK_R", "SD_CMD_R", "SD_DATA0_R", "SD_DATA1_R", "SD_DATA2_R", "SD_DATA3_R",
            ]),
            Chip(name: "gpiochip1", label: "brcmvirt-gpio", lineNames: ["", ""]),
            Chip(name: "gpiochip2", label: "raspberrypi-exp-gpio", lineNames: [
                "BT_ON", "WL_ON", "STATUS_LED", "LAN_RUN", "HDMI_HPD_N", "CAM_GPIO0", "CAM_GPIO1", "PWR_LOW_N",
            ]),
        ],
        thermalZones: ["cpu-thermal"])

    /// Raspberry Pi 3 Model B+.
    ///
    /// bcm2710-rpi-3-b-plus.dts at commit 0172c431: GPIO2 to GPIO27 on the header.
    public static let pi3plus = BoardProfile(
        name: "pi3plus", model: "Raspberry Pi 3 Model B+",
        chips: [
            Chip(name: "gpiochip0", label: "pinctrl-bcm2835", lineNames: ["ID_SDA", "ID_SCL"] + gpios(2...27) + [
                "HDMI_HPD_N", "STATUS_LED_G",
                "CTS0", "RTS0", "TXD0", "RXD0",
                "SD1_CLK", "SD1_CMD", "SD1_DATA0", "SD1_DATA1", "SD1_DATA2", "SD1_DATA3",
                "PWM0_OUT", "PWM1_OUT", "ETH_CLK", "WIFI_CLK", "SDA0", "SCL0", "SMPS_SCL", "SMPS_SDA",
                "SD_CLK_R", "SD_CMD_R", "SD_DATA0_R", "SD_DATA1_R", "SD_DATA2_R", "SD_DATA3_R",
            ]),
            Chip(name: "gpiochip1", label: "raspberrypi-exp-gpio", lineNames: [
                "BT_ON", "WL_ON", "PWR_LED_R", "LAN_RUN", "NC", "CAM_GPIO0", "CAM_GPIO1", "NC",
            ]),
        ],
        thermalZones: ["cpu-thermal"])

    /// Raspberry Pi 4 Model B.
    ///
    /// bcm2711-rpi-4-b.dts at commit 01a175bf. (Early Pi 4 kernels named the header
    /// lines as the Pi 3 B does.)
    public static let pi4 = BoardProfile(
        name: "pi4", model: "Raspberry Pi 4 Model B",
        chips: [
            Chip(name: "gpiochip0", label: "pinctrl-bcm2711", lineNames: ["ID_SDA", "ID_SCL"] + gpios(2...27) + [
                "RGMII_MDIO", "RGMIO_MDC",
                "CTS0", "RTS0", "TXD0", "RXD0",
                "SD1_CLK", "SD1_CMD", "SD1_DATA0", "SD1_DATA1", "SD1_DATA2", "SD1_DATA3",
                "PWM0_MISO", "PWM1_MOSI", "STATUS_LED_G_CLK", "SPIFLASH_CE_N", "SDA0", "SCL0",
                "RGMII_RXCLK", "RGMII_RXCTL", "RGMII_RXD0", "RGMII_RXD1", "RGMII_RXD2", "RGMII_RXD3",
                "RGMII_TXCLK", "RGMII_TXCTL", "RGMII_TXD0", "RGMII_TXD1", "RGMII_TXD2", "RGMII_TXD3",
            ]),
            Chip(name: "gpiochip1", label: "raspberrypi-exp-gpio", lineNames: [
                "BT_ON", "WL_ON", "PWR_LED_OFF", "GLOBAL_RESET", "VDD_SD_IO_SEL", "CAM_GPIO", "SD_PWR_ON", "SD_OC_N",
            ]),
        ],
        thermalZones: ["cpu-thermal"],
        pwmControllers: [
            PWMControllerProfile(
                deviceName: "fe20c000.pwm",
                channels: [.init(number: 0, gpios: [12, 18]), .init(number: 1, gpios: [13, 19])],
                enabling: "dtoverlay=pwm-2chan in /boot/firmware/config.txt (channel 0 on GPIO18, 1 on GPIO19; "
                    + "its pin= and func= parameters move them to GPIO12 and GPIO13; dtoverlay=pwm for channel 0 alone), "
                    + "then a reboot; analogue audio must not hold the pins"),
        ])

    /// Raspberry Pi 5.
    ///
    /// arch/arm64/boot/dts/broadcom/bcm2712-rpi-5-b.dts at commits 09186d79 and
    /// 9ac6cb25 (same names). The header is on the RP1 (`pinctrl-rp1`): gpiochip0 since
    /// the 6.6.47 kernels, gpiochip4 before (the SoC's four GPIO banks were gpiochip0
    /// to 3 and are now gpiochip10 to 13). Some trees (arch/arm/boot/dts/broadcom/
    /// bcm2712-rpi-5-b.dts at 010e0bed) name the header lines ID_SD, ID_SC, PIN3 ...;
    /// `PINn` in a config resolves by pin number either way. The SoC banks' names skip
    /// to entry 32 for each second bank, as gpio-brcmstb reads them.
    public static let pi5 = BoardProfile(
        name: "pi5", model: "Raspberry Pi 5",
        chips: [
            Chip(name: "gpiochip0", label: "pinctrl-rp1", lineNames: ["ID_SDA", "ID_SCL"] + gpios(2...27) + [
                "PCIE_RP1_WAKE", "FAN_TACH", "HOST_SDA", "HOST_SCL", "ETH_RST_N", "-",
                "CD0_IO0_MICCLK", "CD0_IO0_MICDAT0", "RP1_PCIE_CLKREQ_N", "-", "CD0_SDA", "CD0_SCL", "CD1_SDA",
                "CD1_SCL", "USB_VBUS_EN", "USB_OC_N", "RP1_STAT_LED", "FAN_PWM", "CD1_IO0_MICCLK", "2712_WAKE",
                "CD1_IO1_MICDAT1", "EN_MAX_USB_CUR", "-", "-", "-", "-",
            ]),
            Chip(name: "gpiochip10", label: "gpio-brcmstb@107d508500", lineNames: [
                "-", "2712_BOOT_CS_N", "2712_BOOT_MISO", "2712_BOOT_MOSI", "2712_BOOT_SCLK",
                "-", "-", "-", "-", "-", "-", "-", "-", "-",
                "PCIE_SDA", "PCIE_SCL", "-", "-", "-", "-", "PWR_GPIO", "2712_G21_FS", "-", "-",
                "BT_RTS", "BT_CTS", "BT_TXD", "BT_RXD", "WL_ON", "BT_ON", "WIFI_SDIO_CLK", "WIFI_SDIO_CMD",
            ]),
            Chip(name: "gpiochip11", label: "gpio-brcmstb@107d508520", lineNames: [
                "WIFI_SDIO_D0", "WIFI_SDIO_D1", "WIFI_SDIO_D2", "WIFI_SDIO_D3",
            ]),
            Chip(name: "gpiochip12", label: "gpio-brcmstb@107d517c00", lineNames: [
                "RP1_SDA", "RP1_SCL", "RP1_RUN", "SD_IOVDD_SEL", "SD_PWR_ON", "SD_CDET_N", "SD_FLG_N", "-",
                "2712_WAKE", "2712_STAT_LED", "-", "-", "PMIC_INT", "UART_TX_FS", "UART_RX_FS", "-", "-",
            ]),
            Chip(name: "gpiochip13", label: "gpio-brcmstb@107d517c20", lineNames: [
                "HDMI0_SCL", "HDMI0_SDA", "HDMI1_SCL", "HDMI1_SDA", "PMIC_SCL", "PMIC_SDA",
            ]),
        ],
        formerChipNames: ["gpiochip4": "where kernels before 6.6.47 put the header controller; declare it as label: pinctrl-rp1"],
        thermalZones: ["cpu-thermal"],
        pwmControllers: [
            PWMControllerProfile(
                deviceName: "1f00098000.pwm",
                channels: [.init(number: 0, gpios: [12]), .init(number: 1, gpios: [13]),
                           .init(number: 2, gpios: [18]), .init(number: 3, gpios: [19])],
                enabling: "the RP1's PWM0: dtoverlay=pwm-2chan in /boot/firmware/config.txt (channels 2 and 3 on "
                    + "GPIO18 and GPIO19; its pin= and func= parameters move them to GPIO12 and GPIO13 for channels "
                    + "0 and 1), then a reboot"),
        ])

    /// Raspberry Pi Zero 2 W.
    ///
    /// bcm2710-rpi-zero-2-w.dts at commit 656a52a8: GPIO2 to GPIO27 on the header. The
    /// tree at 9e601fb6 (the rpi-6.6.y era) names lines 2 to 15 as the Pi 3 B does (SDA1,
    /// SCL1, GPIO_GCLK, SPI_CE1_N ..., TXD1, RXD1). No expander: the camera, Wi-Fi and
    /// Bluetooth lines are on the SoC's controller.
    public static let zero2 = BoardProfile(
        name: "zero2", model: "Raspberry Pi Zero 2 W",
        chips: [
            Chip(name: "gpiochip0", label: "pinctrl-bcm2835", lineNames: ["ID_SDA", "ID_SCL"] + gpios(2...27) + [
                "HDMI_HPD_N", "STATUS_LED_N",
                "CTS0", "RTS0", "TXD0", "RXD0",
                "SD1_CLK", "SD1_CMD", "SD1_DATA0", "SD1_DATA1", "SD1_DATA2", "SD1_DATA3",
                "CAM_GPIO1", "WL_ON", "BT_ON", "WIFI_CLK", "SDA0", "SCL0", "SMPS_SCL", "SMPS_SDA",
                "SD_CLK_R", "SD_CMD_R", "SD_DATA0_R", "SD_DATA1_R", "SD_DATA2_R", "SD_DATA3_R",
            ]),
        ],
        thermalZones: ["cpu-thermal"])
}
