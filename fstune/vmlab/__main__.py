"""``python -m fstune.vmlab guest-serve``; the VM itself runs fstune/vmlab/guest.py directly."""

import sys

from fstune.vmlab import guest


def main(argv: list[str] | None = None) -> int:
    return guest.main(argv)


if __name__ == "__main__":
    sys.exit(main())
