"""The runner: a Plan's Steps executed one at a time, each in a pseudo-terminal, as typed events.

    runner = Runner(plan)                       # records the chosen devices' identities now
    outcome = runner.run(on_event)              # synchronous; on_event gets every event
    for event in Runner(plan).events(): ...     # or iterate (the run happens in a thread)

Most callers want the run session (``fstune.session``), which adds the checks before a run
and the stored record after it; the Runner is what it drives. The modules, each one job:

| module | what it does |
|---|---|
| ``engine`` | ``Runner``: step order, locks, safety and mount checks before steps, the cleanup path |
| ``events`` | the states, the events, the outcome (``RunOutcome``), ``Prompt``, ``StepGate`` |
| ``terminal`` | a step in a pty: spawn, the output as lines (``LineAssembler``), questions, stopping it |
| ``progress`` | the tools' progress lines → ``Progress`` |
| ``safety`` | device identities, the checks before a destructive step, what happened to a device |
| ``leftovers`` | the run state file; what dead runs left mounted, and cleaning it up |
| ``failures`` | a failed step's message: its first complaint, the kernel's words about a mount |
| ``kernellog`` | reading the kernel's warnings from /dev/kmsg |
| ``signals`` | SIGINT/SIGTERM/SIGHUP for a headless run |
| ``tools`` | is every tool installed, and which package brings it |
| ``audit`` | the audit log: every command, its output and its outcome |
| ``mountcheck`` | is the directory a benchmark measures really the filesystem under test |

This module's names are the package's API: ``from fstune.runner import Runner, OutputLine, …``.
Nothing here imports Textual; the TUI and the headless CLI both consume these events.
"""

from __future__ import annotations

from fstune.runner.engine import Runner
from fstune.runner.events import (
    CANCELLED, DECLINED, FAIL_DECLINED, FAIL_ERROR, FAIL_SAFETY, FAIL_STEP, FAILED, FINISHED, OK, WARNING, Answer,
    Event, FailKind, Level, Notice, OutputLine, Progress, Prompt, RunCancelled, RunFailed, RunFinished, RunOutcome,
    RunStarted, RunStatus, StepFinished, StepGate, StepResult, StepStarted, StepStatus, StepWaiting,
)
from fstune.runner.leftovers import STATE_FILE, CleanReport, Leftover, clean_leftovers, find_leftovers
from fstune.runner.progress import DbenchProgress, FioProgress, PercentProgress, progress_parser_for
from fstune.runner.safety import (
    check_device, confirmed_device_answerer, devices_written_by, is_mounted, mountpoints_of, plan_devices,
    read_identity, record_identities,
)
from fstune.runner.signals import handle_signals
from fstune.runner.terminal import LineAssembler, match_prompt, waiting_for_input
from fstune.runner.tools import missing_tools, package_hint, package_of

__all__ = [
    "CANCELLED", "DECLINED", "FAIL_DECLINED", "FAIL_ERROR", "FAIL_SAFETY", "FAIL_STEP", "FAILED", "FINISHED", "OK",
    "STATE_FILE", "WARNING", "Answer", "CleanReport", "DbenchProgress", "Event", "FailKind", "FioProgress", "Level",
    "Leftover", "LineAssembler", "Notice", "OutputLine", "PercentProgress", "Progress", "Prompt", "RunCancelled",
    "RunFailed", "RunFinished", "RunOutcome", "RunStarted", "RunStatus", "Runner", "StepFinished", "StepGate",
    "StepResult", "StepStarted", "StepStatus", "StepWaiting", "check_device", "clean_leftovers",
    "confirmed_device_answerer", "devices_written_by", "find_leftovers", "handle_signals", "is_mounted",
    "match_prompt", "missing_tools", "mountpoints_of", "package_hint", "package_of", "plan_devices",
    "progress_parser_for", "read_identity", "record_identities", "waiting_for_input",
]
