# shellcheck shell=bash
# The package test's guest machine for one architecture, sourced by scripts/deb-test/
# prepare and run with $arch set (amd64 or arm64). Sets:
#
#   guest_qemu      the qemu command: machine, CPU, memory, no display, no network,
#                   no reboot (the guest's reboot or power-off ends qemu)
#   guest_console   the kernel's console device (its log goes to the first file below)
#   guest_tap       the guest's device for the checks' TAP stream (the second file)
#   guest_channels FILE TAP  sets guest_channel_args: the two channels, each to a file
#
# amd64: the pc machine, its two serial ports. arm64: the virt machine, a Cortex-A72
# (a Raspberry Pi 4's core; TCG, no KVM across architectures), its PL011 as the
# console and a virtio console (hvc0) as the second channel, the virt machine having
# one UART.
case $arch in
    amd64)
        guest_qemu=(qemu-system-x86_64 -accel tcg -m 1024 -smp 2 -display none -vga none -nic none -no-reboot)
        guest_console=ttyS0
        guest_tap=ttyS1
        ;;
    arm64)
        guest_qemu=(qemu-system-aarch64 -machine virt -cpu cortex-a72 -accel tcg -m 1024 -smp 2
                    -display none -nic none -no-reboot)
        guest_console=ttyAMA0
        guest_tap=hvc0
        ;;
    *)
        echo "deb-test: --arch $arch is not a guest here: say --arch amd64 or --arch arm64" >&2
        exit 2
        ;;
esac
guest_channels() {  # console file, TAP file
    case $arch in
        amd64) guest_channel_args=(-serial "file:$1" -serial "file:$2") ;;
        arm64) guest_channel_args=(-serial "file:$1" -chardev "file,id=tap,path=$2"
                                   -device virtio-serial-pci -device "virtconsole,chardev=tap") ;;
    esac
}
