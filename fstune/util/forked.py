"""A function run in a forked child while this process goes on; its result comes back pickled.

A thread does not help when both sides run Python: the GIL lets one run at a time. A child
process runs on another core. ``fstune`` starts the wizard's first device scan this way before
Textual is imported, and the Disks screen takes the child's ``Inventory`` (docs/ARCHITECTURE.md,
"Start-up").

    call = ForkedCall("fstune.devices:scan")   # the parent imports nothing of it
    ...
    inventory = call.result(timeout=20)        # raises ForkedCallFailed; the child is reaped

The target is named, not passed, so that the parent does not import its module before forking
(unpickling the result imports what the result's classes need, in the thread that asks).
Fork only while this process runs one thread: the child gets a copy of the calling thread
alone, and a lock another thread held would stay locked in it for good.
"""

from __future__ import annotations

import importlib
import os
import pickle
import select
import signal
import time


class ForkedCallFailed(Exception):
    """The child raised, died, sent something unreadable, or took longer than allowed."""


class ForkedCall:
    """``target`` ("package.module:function", called without arguments) running in a child."""

    def __init__(self, target: str) -> None:
        self.target = target
        self._read, write = os.pipe()
        try:
            self.pid = os.fork()
        except OSError:  # no process to spare (EAGAIN, ENOMEM): the caller goes without
            os.close(self._read)
            os.close(write)
            raise
        if self.pid == 0:  # the child: never returns
            os.close(self._read)
            _child(target, write)
        os.close(write)
        self._done = False

    def ready(self) -> bool:
        """Whether the child has finished (its result, or its failure, can be read at once)."""
        return not self._done and bool(select.select([self._read], [], [], 0)[0])

    def result(self, timeout: float) -> object:
        """The target's return value; ``ForkedCallFailed`` says why there is none. Once only."""
        if self._done:
            raise ForkedCallFailed("the result was already taken")
        deadline = time.monotonic() + timeout
        chunks = []
        try:
            while True:
                left = deadline - time.monotonic()
                if left <= 0 or not select.select([self._read], [], [], left)[0]:
                    raise ForkedCallFailed(f"{self.target} took longer than {timeout:g} s")
                chunk = os.read(self._read, 1 << 16)
                if not chunk:
                    break
                chunks.append(chunk)
        finally:
            self.cancel()
        try:
            ok, value = pickle.loads(b"".join(chunks))
        except Exception as error:  # the child died mid-write (a signal): nothing usable came
            raise ForkedCallFailed(f"{self.target} sent no result ({type(error).__name__})") from None
        if not ok:
            raise ForkedCallFailed(f"{self.target} failed: {value}")
        return value

    def cancel(self) -> None:
        """Stop the child if it still runs, and reap it; safe to call again."""
        if self._done:
            return
        self._done = True
        os.close(self._read)
        try:
            if os.waitpid(self.pid, os.WNOHANG) == (0, 0):
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass  # reaped already (someone waited for every child)


def _child(target: str, write: int) -> None:
    """Call ``target``, write ``(ok, value)`` pickled to ``write``, and leave without running
    the parent's exit handlers or flushing the parent's buffered output a second time."""
    code = 0
    try:
        module, _, name = target.partition(":")
        payload = pickle.dumps((True, getattr(importlib.import_module(module), name)()))
    except BaseException as error:  # Ctrl-C included: the parent is told, then scans itself
        payload = pickle.dumps((False, f"{type(error).__name__}: {error}"))
        code = 1
    try:
        view = memoryview(payload)
        while view:
            view = view[os.write(write, view):]
    except OSError:
        code = 1  # the parent is gone or stopped listening
    finally:
        os._exit(code)
