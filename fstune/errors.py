"""Errors a user can act on.

Every failure that reaches the command line is an ``FstuneError``: one sentence saying what is
wrong and, where there is one, a hint saying what to do. The CLI prints them on stderr and exits
with ``exit_code``; it never prints a traceback for them.
"""

from __future__ import annotations

import errno
from enum import IntEnum

# what opening or stat'ing a device node gives once the device itself has gone (unplugged, its
# loop device detached, its partition deleted): said as "is gone", not as the call that failed
GONE_ERRNOS = frozenset({errno.ENOENT, errno.ENXIO, errno.ENODEV})
GONE_HINT = "It was unplugged, detached or deleted after you chose it: choose the device again."


def device_gone(path: str, why: str = "no such device") -> str:
    """"/dev/loop3p2 is gone (no such device)": the wording for a device that vanished before
    fstune wrote to it; one that goes away while a step runs is said at the run's end ("has
    disappeared", fstune.runner.safety.device_trouble; docs/safety.md)."""
    return f"{path} is gone ({why})"


class ExitCode(IntEnum):
    """What fstune's exit status means; documented in ``fstune --help`` and the README."""

    OK = 0
    FAILED = 1  # the work ran and failed (a step, a benchmark)
    USAGE = 2  # bad input, a locked device, an unknown study: nothing was done
    UNSAFE = 3  # a safety guard stopped a write
    INTERRUPTED = 130  # Ctrl-C, SIGTERM or a lost terminal; cleaned up, the partial run kept


class FstuneError(Exception):
    """A problem the user can fix: bad input, a locked device, a missing tool."""

    exit_code = ExitCode.USAGE

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return self.message if not self.hint else f"{self.message} {self.hint}"


class UsageError(FstuneError):
    """The command line or a study file asks for something impossible or unknown."""


class DeviceError(FstuneError):
    """A device is missing, locked, or not what the user chose."""


class StudyError(FstuneError):
    """A study (recipe) file is malformed; the message names the file, the line and the key.

    ``path``, ``line`` and ``key`` say the same for listings (None where not known); ``detail``
    is the message without them.
    """

    def __init__(self, message: str, hint: str | None = None, *, path: str | None = None,
                 line: int | None = None, key: str | None = None, detail: str | None = None) -> None:
        super().__init__(message, hint)
        self.path, self.line, self.key = path, line, key
        self.detail = message if detail is None else detail


class UnsafeDeviceError(DeviceError):
    """A write was about to reach a block device that the safety guard does not allow."""

    exit_code = ExitCode.UNSAFE
