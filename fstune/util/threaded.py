"""A function that reports through a callback, iterated instead: it runs in a thread, and its
events come out of a generator in the caller's thread, in order.

    for event in thread_events(runner.run, runner.cancel, name="fstune-runner"):
        ...

``Runner.events()`` and ``RunSession.events()`` are this (fstune/runner/engine.py, fstune/session.py).
"""

from __future__ import annotations

import contextlib
import queue
import threading
from collections.abc import Callable, Iterator

_DONE = object()


def thread_events(run: Callable[[Callable[[object], None]], object], cancel: Callable[[str], None], *,
                  name: str, reason: str = "the events were no longer read",
                  unread: Callable[[object], None] | None = None) -> Iterator[object]:
    """Yield what ``run(emit)`` emits while it runs in a daemon thread named ``name``.

    An exception ``run`` raises is raised here, after the events it emitted before it. Leaving
    the loop early calls ``cancel(reason)`` and waits for the thread to end; the events that come
    meanwhile go to ``unread`` (the runner declines a question nobody will answer now, so that
    its run does not wait for the answer and can clean up).
    """
    box: queue.SimpleQueue = queue.SimpleQueue()

    def work() -> None:
        try:
            run(box.put)
        except BaseException as error:  # delivered to the reader, not lost in the thread
            box.put(_Raised(error))
        finally:
            box.put(_DONE)

    thread = threading.Thread(target=work, name=name, daemon=True)
    thread.start()
    try:
        while (item := box.get()) is not _DONE:
            if isinstance(item, _Raised):
                raise item.error
            yield item
    finally:
        if thread.is_alive():
            cancel(reason)
            while thread.is_alive():
                with contextlib.suppress(queue.Empty):
                    item = box.get(timeout=0.1)
                    if unread is not None and item is not _DONE and not isinstance(item, _Raised):
                        unread(item)
        thread.join()


class _Raised:
    """An exception ``run`` raised, on its way to the reader (an event could be an exception too)."""

    def __init__(self, error: BaseException) -> None:
        self.error = error
