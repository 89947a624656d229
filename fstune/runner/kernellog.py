"""The kernel's own words about a failure: warnings and errors from /dev/kmsg since a step began.

A failed ``mount`` says little ("wrong fs type, bad option, bad superblock"); the kernel logs
the reason ("ext4: Unknown parameter 'x'", "XFS (loop3p1): log size mismatch"). The runner
quotes the last such message in the step's failure message.
"""

from __future__ import annotations

import errno
import os
import re

# the kernel prints a few messages with their prefix twice ("EXT4-fs: EXT4-fs: inode_readahead_blks …")
_REPEATED_PREFIX = re.compile(r"^([\w-]+(?: \([^)]*\))?: )\1+")


# /dev/kmsg stamps records with the kernel's own clock (local_clock), which is not quite the one
# time.monotonic() reads: in a VM it ran 10.5 ms behind it here, so a mount that fails 18 ms into
# its step logged "before" the step began. Records this much older than ``since`` still count; the
# words and the warning level keep an earlier step's lines out (a mount says "mounted" at info).
KMSG_CLOCK_SLACK = 0.5


def kernel_messages(words: list[str], since: float) -> list[str]:
    """Kernel warnings and errors since ``since`` (monotonic seconds, less ``KMSG_CLOCK_SLACK``)
    that name one of ``words``.

    "ext4: Unknown parameter 'x'" names the filesystem, "XFS (loop3p1): …" the device.
    """
    patterns = [re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])", re.I) for word in words if word]
    found = []
    try:
        fd = os.open("/dev/kmsg", os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return found
    try:
        while True:
            try:
                record = os.read(fd, 8192)
            except BlockingIOError:
                break
            except OSError as error:
                if error.errno == errno.EPIPE:  # overwritten while reading: skip ahead
                    continue
                break
            if not record:
                break
            head, _, message = record.decode("utf-8", "replace").partition(";")
            parts = head.split(",")
            try:
                level, stamp = int(parts[0]) & 7, int(parts[2]) / 1e6
            except (IndexError, ValueError):
                continue
            message = _REPEATED_PREFIX.sub(r"\1", message.split("\n", 1)[0].strip())
            if stamp >= since - KMSG_CLOCK_SLACK and level <= 4 and any(p.search(message) for p in patterns):
                found.append(message)
    finally:
        os.close(fd)
    return found
