"""thread_events: a callback-reporting run iterated from another thread (fstune/util/threaded.py)."""

import threading

import pytest

from fstune.util.threaded import thread_events


def test_events_come_in_order_and_the_runs_error_after_them():
    def run(emit):
        for number in range(5):
            emit(number)
        raise ValueError("broke after 5")

    seen = []
    with pytest.raises(ValueError, match="broke after 5"):
        for event in thread_events(run, lambda reason: None, name="test-events"):
            seen.append(event)
    assert seen == [0, 1, 2, 3, 4]


def test_an_event_that_is_an_exception_is_yielded_not_raised():
    events = list(thread_events(lambda emit: emit(KeyError("an event")), lambda reason: None, name="test-events"))
    assert len(events) == 1 and isinstance(events[0], KeyError)


def test_leaving_early_cancels_and_hands_what_comes_meanwhile_to_unread():
    """The run waits for an answer to its question after the reader left: ``unread`` answers it,
    so the run reaches its end (its cleanup) and the thread is gone when the loop is left."""
    cancelled = threading.Event()
    answered = threading.Event()
    unread = []
    finished = []

    def run(emit):
        emit("first")
        cancelled.wait(5)
        emit(answered)  # a question: the run waits for its answer
        assert answered.wait(5), "nobody answered"
        emit("cleanup done")
        finished.append(True)

    def unread_one(event):
        unread.append(event)
        if event is answered:
            answered.set()

    for event in thread_events(run, lambda reason: (cancelled.set(), unread.append(reason)), name="test-events",
                               reason="gone", unread=unread_one):
        assert event == "first"
        break
    assert finished == [True]
    assert unread[:2] == ["gone", answered]  # what came after the answer may arrive after the thread ended
    assert not any(thread.name == "test-events" for thread in threading.enumerate())
