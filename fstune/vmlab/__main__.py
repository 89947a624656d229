"""``python -m fstune.vmlab guest-serve``; the VM itself runs fstune/vmguest.py directly."""

import sys

from fstune import vmguest


def main(argv: list[str] | None = None) -> int:
    return vmguest.main(argv)


if __name__ == "__main__":
    sys.exit(main())
