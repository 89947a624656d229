"""After each cold cache (unmount, flush, the same mount again) the measurement reads the applied
mount options back again: a remount that lost one fails the turn's repeats as "not applied",
exactly like the first mount's readback (docs/verdicts.md, "Proof that the variant ran")."""

from __future__ import annotations

from types import SimpleNamespace

from fstune import steps as kinds
from fstune.measure.measurement import Measurement
from test_measure import dbench_output, feed, make_plan, quiet_host  # noqa: F401  (the fixture keeps the host quiet)


def run_turn(monkeypatch, options: str):
    """Feed the variant's first turn, the kernel showing ``options`` after every cold cache."""
    plan = make_plan()
    measurement = Measurement(plan, sequential=False)
    remounts = []

    def mount_of(mountpoint):
        remounts.append(mountpoint)
        return SimpleNamespace(options=options, super_options="rw")

    monkeypatch.setattr("fstune.measure.measurement.mount_of", mount_of)
    turn = [(i, s) for i, s in enumerate(plan.steps) if s.config == "ext" and s.block == 1]
    for index, step in turn:
        if step.kind == kinds.RECORD:
            continue  # its readback is the first mount's, tested elsewhere
        feed(measurement, index, step, dbench_output(10.0) if step.phase == "dbench" else "")
    return plan, measurement, remounts


def test_the_options_are_read_back_after_every_remount(monkeypatch):
    plan, measurement, remounts = run_turn(monkeypatch, "rw,noatime")
    cold = [s for s in plan.steps if s.config == "ext" and s.block == 1 and "cold-cache" in s.argv]
    assert cold and remounts == [s.mountpoint for s in cold]
    assert not any(r.failed for r in measurement.repeat_results())


def test_a_remount_that_lost_an_option_fails_the_turn(monkeypatch):
    _, measurement, _ = run_turn(monkeypatch, "rw,relatime")
    [result] = [r for r in measurement.repeat_results() if r.config == "ext"]
    assert result.failed.startswith("configuration not applied: once mounted again for a cold cache, "
                                    "mount option 'noatime' is not among the options the kernel applied")
