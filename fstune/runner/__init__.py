"""The runner: a Plan's Steps executed one at a time, each in a pseudo-terminal, as typed events.

    runner = Runner(plan, identities=recorded)  # the baseline recorded at the confirmation
    outcome = runner.run(on_event)              # synchronous; on_event gets every event
    for event in Runner(plan).events(): ...     # or iterate (the run happens in a thread)

Most callers want the run session (``fstune.session``), which adds the checks before a run
and the stored record after it; the Runner is what it drives. It runs exactly the dry-run
script's steps (``fstune.plan.render_script``) and adds:

- **A pty per step** (pexpect). Tools behave as they do for a person (progress, questions).
  A pty merges stdout and stderr, so a step with ``stdout`` gets its fd 1 pointed at the file
  in the child right before exec (``preexec_fn``: open + ``dup2``) while fd 2 stays on the
  pty — exactly what ``cmd > file`` does in the script. The redirect happens in the child, not
  through a shell, so no argv word is ever interpreted. ONLCR is switched off on the pty in
  the same hook, so every ``\\r`` the runner sees was written by the tool (progress) rather
  than added by the line discipline.
- **Events** in order and complete: ``OutputLine`` per line (lines a tool rewrites with
  ``\\r``/backspaces come as one line updated in place), ``Progress`` parsed from mke2fs,
  badblocks, fio and dbench, ``Prompt`` when a tool asks a question.
- **No answers on anyone's behalf**: a question is a ``Prompt``; the caller answers (an
  ``answer`` callable, or ``prompt.reply()`` from any thread). Declining stops the step.
- **Safety right before every destructive step**: identity (major:minor, size,
  serial/PARTUUID) against what was recorded when the run was built, not mounted, not swap,
  no holders, an ``O_EXCL`` open that is closed again, and the lab guard
  (``FSTUNE_LAB_ONLY=1``). Any difference aborts before the tool starts.
- **One owner per device**: ``run()`` holds the lock of every disk the plan writes
  (``fstune.devlock``: a BSD flock on the whole-disk node, the convention systemd-udevd and
  util-linux follow) from before its first step to after its last cleanup step; a disk
  another process holds fails the run before anything ran. Steps run as children of this
  process and never take that lock themselves.
- **The right filesystem is measured**: before every step of a benchmark repeat and after
  each measured step, the repeat's directory must still be the chosen device's filesystem
  (``fstune.runner.mountcheck``); otherwise the run stops as failed and that
  repeat yields no figures. Each mountpoint directory is immutable underneath while the run
  uses it (``fstune.runner.mountguard``), so what a benchmark writes after its filesystem was
  unmounted never lands on the filesystem below.
- **Cleanup always**, also on ``cancel()`` (first: the step's process group gets SIGINT, then
  SIGTERM, then SIGKILL) — and a state file with the pid in the run directory, so that
  ``find_leftovers()`` can tell mounts of a dead run from those of a live one.
- **An audit log** (``fstune.runner.audit``) of every command, its output and its outcome.
- **A gate** for guided mode (``StepGate``): each plan step is announced with ``StepWaiting``
  and starts only after ``gate.allow(index)``; ``cancel()`` opens the way to the cleanup.

The modules, each one job:

| module | what it does |
|---|---|
| ``engine`` | ``Runner``: step order, locks, safety and mount checks before steps, the cleanup path |
| ``events`` | the states, the events, the outcome (``RunOutcome``), ``Prompt``, ``StepGate`` |
| ``terminal`` | a step in a pty: spawn, the output as lines (``LineAssembler``), questions, stopping it |
| ``progress`` | the tools' progress lines → ``Progress`` |
| ``safety`` | device identities, the checks before a destructive step, what happened to a device |
| ``leftovers`` | the run state file; what dead runs left mounted, and cleaning it up |
| ``output`` | a step's lines to the audit log and the consumer, with progress; a failed step's message |
| ``kernellog`` | reading the kernel's warnings from /dev/kmsg |
| ``signals`` | SIGINT/SIGTERM/SIGHUP for a headless run |
| ``tools`` | is every tool installed, and which package brings it |
| ``audit`` | the audit log: every command, its output and its outcome |
| ``mountcheck`` | is the directory a benchmark measures really the filesystem under test |
| ``mountguard`` | a mountpoint's directory kept unwritable underneath; what landed there anyway, removed |

This module's names are the package's API: ``from fstune.runner import Runner, OutputLine, …``.
Nothing here imports Textual; the TUI and the headless CLI both consume these events.
"""

from __future__ import annotations

from fstune.runner.engine import Runner
from fstune.runner.events import (
    CANCELLED, DECLINED, FAIL_DECLINED, FAIL_ERROR, FAIL_SAFETY, FAIL_STEP, FAILED, FINISHED, OK, WARNING, Answer,
    Event, FailKind, Level, Notice, OutputLine, Progress, Prompt, RunCancelled, RunFailed, RunFinished, RunOutcome,
    RunStarted, RunStatus, StepFinished, StepGate, StepResult, StepStarted, StepStatus, StepWaiting, StepsInserted,
)
from fstune.runner.leftovers import (
    STATE_FILE, CleanReport, Leftover, clean_leftovers, find_leftovers, refuse_live_run,
)
from fstune.runner.progress import PercentProgress, progress_parser_for
from fstune.runner.safety import (
    check_device, confirmed_device_answerer, devices_written_by, is_mounted, mountpoints_of, plan_devices,
    read_identity, record_identities,
)
from fstune.runner.signals import handle_signals
from fstune.runner.terminal import LineAssembler, match_prompt, waiting_for_input
from fstune.runner.tools import missing_tools, package_hint, package_of

__all__ = [
    "CANCELLED", "DECLINED", "FAIL_DECLINED", "FAIL_ERROR", "FAIL_SAFETY", "FAIL_STEP", "FAILED", "FINISHED", "OK",
    "STATE_FILE", "WARNING", "Answer", "CleanReport", "Event", "FailKind", "Level",
    "Leftover", "LineAssembler", "Notice", "OutputLine", "PercentProgress", "Progress", "Prompt", "RunCancelled",
    "RunFailed", "RunFinished", "RunOutcome", "RunStarted", "RunStatus", "Runner", "StepFinished", "StepGate",
    "StepResult", "StepStarted", "StepStatus", "StepWaiting", "StepsInserted", "check_device", "clean_leftovers",
    "confirmed_device_answerer", "devices_written_by", "find_leftovers", "handle_signals", "is_mounted",
    "match_prompt", "missing_tools", "mountpoints_of", "package_hint", "package_of", "plan_devices",
    "progress_parser_for", "read_identity", "record_identities", "refuse_live_run", "waiting_for_input",
]
