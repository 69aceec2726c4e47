# kunit.py --qemu_config for the coverage run (x86_64, TCG).
#
# The command line ends in " --", so the "kunit_shutdown=reboot" that
# kunit.py appends goes to init instead of the kernel: after the suites the
# kernel goes on into the initramfs /init (coverage/gcov-collect.c), which
# streams the .gcda files over the serial console and then reboots, which
# ends QEMU (kunit.py runs it with -no-reboot).
import os

from ..qemu_config import QemuArchParams

_TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_BUILD = os.environ.get('BUILD', os.path.join(_TOP, 'build'))
_INITRAMFS = os.path.join(_BUILD, 'coverage', 'initramfs.list')

QEMU_ARCH = QemuArchParams(linux_arch='x86_64',
			   kconfig=f'''
CONFIG_SERIAL_8250=y
CONFIG_SERIAL_8250_CONSOLE=y
CONFIG_BLK_DEV_INITRD=y
CONFIG_INITRAMFS_SOURCE="{_INITRAMFS}"''',
			   qemu_arch='x86_64',
			   kernel_path='arch/x86/boot/bzImage',
			   kernel_command_line='console=ttyS0 --',
			   extra_qemu_params=['-bios', 'qboot.rom'])
