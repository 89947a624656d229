"""command (the user's own command, timed, writes counted): its contract, and its unknown time."""

from __future__ import annotations

import pytest

from fstune import workloads
from fstune.errors import UsageError
from fstune.figures import LOWER
from wlcontract import Contract, Recorded, context

COUNTED = {"mb_written": ("MB", LOWER, "exact"), "data_mb_written": ("MB", LOWER, "exact"),
           "journal_mb_written": ("MB", LOWER, "difference"), "seconds": ("s", LOWER, "ratio")}

CONTRACTS = {
    "command": Contract(
        params={"command": ""},
        wizard=("command",),
        duration_param=None,
        estimate=3,  # only the cache flush before it is known
        metrics={f"command.{quantity}": facts for quantity, facts in COUNTED.items()},
        primary="command.seconds",
        secondary=(),
        packages={},
        recorded=Recorded(phase="command", result="count-writes-journal.json", journal=True,
                          params={"command": "make -j2"}),
        reported=tuple(f"command.{quantity}" for quantity in COUNTED),
        progress=None,
    ),
}


def test_its_own_time_is_not_in_the_estimate_and_the_wizard_says_so():
    command = workloads.get("command")
    assert command.estimate_seconds(command.resolve({"command": "sleep 3600"})) == 3
    assert command.estimate_note == "plus your command's own time"


def test_without_a_command_there_is_nothing_to_run():
    command = workloads.get("command")
    with pytest.raises(UsageError, match="needs a command"):
        command.repeat_steps(context(command), 1)
