"""Signals for a headless run: SIGINT, SIGTERM and SIGHUP cancel it cleanly.

The wizard has its own key bindings and stops on SIGHUP/SIGTERM through its App
(``fstune.screens.app``); the CLI wraps ``Runner.run`` in ``handle_signals``.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
from collections.abc import Callable
from typing import TYPE_CHECKING

from fstune.errors import ExitCode

if TYPE_CHECKING:
    from fstune.runner.engine import Runner

log = logging.getLogger(__name__)


@contextlib.contextmanager
def handle_signals(runner: Runner, on_signal: Callable[[str], None] | None = None):
    """While the block runs: SIGINT/SIGTERM/SIGHUP cancel the run cleanly; a second SIGINT
    kills the current step and exits at once with status 130 (no cleanup; leftovers are found
    by the next ``fstune run``). Only usable from the main thread. ``runner``: the Runner, or what
    stands for it with the same ``cancel`` and ``abort_now`` (the CLI passes its run session, so
    that its view hears of the cancel too).
    """
    count = {"int": 0}

    def interrupt(number, frame) -> None:
        if number == signal.SIGINT:
            count["int"] += 1
            if count["int"] >= 2:
                runner.abort_now("stopped at once: second Ctrl-C")
                with contextlib.suppress(OSError):
                    os.write(2, b"\nfstune: stopped at once; anything left mounted is offered for "
                                b"cleanup by the next `fstune run`.\n")
                os._exit(ExitCode.INTERRUPTED)
            reason = "interrupted (Ctrl-C)"
        elif number == signal.SIGTERM:
            reason = "stopped by SIGTERM"
        else:
            reason = "the terminal was lost (SIGHUP)"
        log.info("%s: cancelling the run", signal.Signals(number).name)
        runner.cancel(reason)
        if on_signal is not None:
            on_signal(reason)

    previous = {number: signal.signal(number, interrupt) for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
