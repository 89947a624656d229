"""The shape every workload module fills in, and the pieces they share.

A workload is a subclass of ``Workload`` whose class attributes declare it once: its parameters
(``Param``: type, default, bounds, help; the command line and the wizard both render them), its
metrics (``fstune.workloads.metrics.Metric``), which parameter its duration follows; and whose
methods are its steps, its parser, its time estimate and its tool's progress parser. Register it
with ``@register`` (``fstune.workloads.registry``); see docs/ARCHITECTURE.md, "Workloads: one
module each".

Also here: the context a workload's steps are made in, cold-cache steps, and the parsers shared
by timed phases and by phases wrapped in the write counter.
"""

from __future__ import annotations

import json
import math
import shlex
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from fstune.errors import UsageError
from fstune.figures import MeasurementError, Sample
from fstune.steps import CACHE, Step
from fstune.units import format_size, parse_size
from fstune.util.progress import ProgressParser
from fstune.workloads.metrics import Metric

# fstune's own helper commands, run through the installed console script
HELPER = ("fstune", "workload-helper")
CACHE_SECONDS = 3  # settle, unmount, flush and mount again before a measured phase, in the time estimates


@dataclass(frozen=True)
class Param:
    name: str
    kind: str  # int | size | text | choice
    default: object
    help: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    unit: str = ""  # of an int: "s" for a duration
    wizard: bool = True  # False: too specialised for a field in the wizard; the study's value is kept

    def describe(self) -> str:
        """The values it takes, in words (the command line's help)."""
        unit = f" {self.unit}" if self.unit else ""
        if self.kind == "int":
            if self.maximum is None:
                return f"a whole number of at least {self.minimum}{unit}"
            return f"a whole number from {self.minimum} to {self.maximum}{unit}"
        if self.kind == "size":
            text = "a size (e.g. 64M)"
            if self.minimum is not None:
                text += f" of at least {format_size(self.minimum)}"
            return text + (", or auto" if self.default == "auto" else "")
        if self.kind == "choice":
            return f"one of {', '.join(self.choices)}"
        return "a non-empty text"

    def parse(self, value: object, workload: str) -> object:
        where = f"{workload}.{self.name}"
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, (int, str)) or not str(value).isdigit():
                raise UsageError(f"{where} must be a whole number, not {value!r}.")
            number = int(value)
            if (self.minimum is not None and number < self.minimum) or (
                self.maximum is not None and number > self.maximum
            ):
                raise UsageError(f"{where}={number} is out of range ({self.minimum} to {self.maximum}).")
            return number
        if self.kind == "size":
            if value == "auto" and self.default == "auto":
                return "auto"
            number = parse_size(str(value))
            if self.minimum is not None and number < self.minimum:
                raise UsageError(f"{where}={value} is too small (at least {self.minimum} bytes).")
            return number
        if self.kind == "choice":
            if value not in self.choices:
                raise UsageError(f"{where}={value!r} must be one of: {', '.join(self.choices)}.")
            return value
        if not isinstance(value, str) or not value.strip():
            raise UsageError(f"{where} must be a non-empty text.")
        return value


@dataclass(frozen=True)
class WorkloadContext:
    config: str  # configuration name
    fs_name: str
    mountpoint: str  # where the filesystem under test is mounted
    workdir: str  # this configuration's scratch directory, outside the filesystem under test
    shared_dir: str  # the plan's scratch directory, for inputs shared by all configurations
    data_device: str  # /dev/… of the filesystem under test
    journal_device: str | None  # /dev/… of the external journal/log, if any
    target_size: int  # bytes
    params: dict[str, object] = field(default_factory=dict)
    # the plan's own mount command for this filesystem (options, journal/log device as planned):
    # the cold-cache steps mount it again with exactly these words
    mount_argv: tuple[str, ...] = ()

    def devices(self) -> list[str]:
        return [self.data_device] + ([self.journal_device] if self.journal_device else [])


COLD_CACHE = "cold-cache"  # the helper action that unmounts, flushes the buffers and mounts again


def cold_cache_steps(ctx: WorkloadContext, before: str, repeat: int | None = None,
                     workload: str | None = None) -> list[Step]:
    """Flush dirty data, wait until it is written, then evict the filesystem under test from
    memory, and only it: unmount it (its pages, dentries and inodes go), drop its devices' buffer
    cache (BLKFLSBUF: ext* metadata lives there) and mount it again with the plan's own mount
    command, so the next phase reads from the device. The machine's other caches stay: a global
    drop would evict every other workload's cache on the server being tuned and make other runs'
    turns re-read what they had cached (docs/verdicts.md, "Quiet, repeatable preconditions")."""
    if not ctx.mount_argv:
        raise ValueError(f"configuration '{ctx.config}' has no mount command to mount it again with")
    flush = [word for device in ctx.devices() for word in ("--flushbufs", device)]
    return [
        Step((*HELPER, "settle"), title="Flush dirty data and wait until it is written", kind=CACHE,
             needs_root=False,
             why=f"so that {before} does not pay for writes left over from earlier steps",
             config=ctx.config, workload=workload, repeat=repeat),
        Step((*HELPER, COLD_CACHE, "--umount", ctx.mountpoint, *flush, "--", *ctx.mount_argv),
             title="Evict the filesystem under test from memory: unmount, drop its buffers, mount again",
             kind=CACHE,
             why=(f"so that {before} reads from the device, not from memory: the filesystem is unmounted, "
                  "its devices' buffer cache flushed and it is mounted again as before. Only its cache goes; "
                  "dropping the whole machine's would evict every other program's and disturb other "
                  "measurements beside this one"),
             allow_failure="the filesystem under test could not be evicted from memory; the next figures are "
                           "from a warm cache",
             config=ctx.config, workload=workload, repeat=repeat, mountpoint=ctx.mountpoint),
    ]


class Workload:
    """Base class; each workload module defines one subclass and registers it.

    A subclass sets every attribute in ``REQUIRED`` and overrides every method in
    ``REQUIRED_METHODS``; registration refuses it otherwise, so nothing falls back to a silent
    default. The other attributes default to "nothing special" (no progress parser of its own,
    no note on its estimate).
    """

    REQUIRED = ("name", "title", "description", "summary", "measures", "params", "metrics", "duration_param")
    REQUIRED_METHODS = ("repeat_steps", "parse", "estimate_seconds")

    # name: str                 how studies, the command line and stored results call it
    # title: str                one line, for lists
    # description: str          what it does and what it shows, for the wizard
    # summary: str              one line for the wizard's help screen ("": not listed there)
    # measures: str             what the figures are, in a few words (the guide says it)
    # params: dict[str, Param]  its parameters, in the order the wizard and the help show them
    # metrics: tuple[Metric, ...]  every figure its parser can report
    # duration_param: str | None   the parameter its run time grows with (None: it has none)
    tools: tuple[str, ...] = ()  # executables it needs (pre-flight checks them)
    packages: Mapping[str, str] = {}  # each tool's Debian package, for "install it" messages
    # how the tools whose version a run records tell it (fstune.results.environment); a workload
    # whose figures depend on a tool's version lists it here
    version_argv: Mapping[str, tuple[str, ...]] = {}
    estimate_note = ""  # how far to trust estimate_seconds, said next to it ("" when it is sound)
    listing_order = 1000  # where it appears in lists; lower first
    # The raw-device pass before the first mkfs (``fstune run --ceiling``; docs/ARCHITECTURE.md,
    # "The ceiling"): a workload that can measure the raw target device defines both, as methods
    # ``ceiling_steps(ctx, result_dir) -> list[Step]`` and ``ceiling_seconds(params) -> float``
    # (its phases' wall time). None: it cannot.
    ceiling_steps: Callable[[WorkloadContext, str], list[Step]] | None = None
    ceiling_seconds: Callable[[dict[str, object]], float] | None = None

    def check_params(self, values: dict) -> dict[str, object]:
        checked = {}
        for key, value in values.items():
            if key not in self.params:
                known = ", ".join(self.params) or "none"
                raise UsageError(f"'{key}' is not a parameter of workload {self.name}; it has: {known}.")
            checked[key] = self.params[key].parse(value, self.name)
        return checked

    def resolve(self, values: dict[str, object]) -> dict[str, object]:
        """Defaults overlaid with the checked ``values``."""
        resolved = {name: param.default for name, param in self.params.items()}
        resolved.update(values)
        return resolved

    def prepare_steps(self, ctx: WorkloadContext) -> list[Step]:
        return []

    def setup_steps(self, ctx: WorkloadContext) -> list[Step]:
        return []

    def repeat_steps(self, ctx: WorkloadContext, repeat: int) -> list[Step]:
        raise NotImplementedError

    def describe(self) -> str:
        return self.description

    def estimate_seconds(self, params: dict[str, object]) -> float:
        """A rough wall time of one repeat with the resolved ``params``, on an ordinary disk."""
        raise NotImplementedError(f"workload {self.name} has no time estimate")

    def progress_parser(self, argv: tuple[str, ...]) -> ProgressParser | None:
        """A parser of the progress ``argv`` prints when it runs this workload's own tool;
        None leaves the step to the runner's generic percentage parser."""
        return None

    def parse(self, step: Step, output: str, seconds: float, exit_status: int,
              result_text: str | None) -> list[Sample]:
        """Turn one measured step's real output into figures.

        ``output`` is everything the step printed on its terminal, ``seconds`` its wall time,
        ``exit_status`` how it ended and ``result_text`` the contents of ``step.result_file``
        (None when the step has none or the tool never wrote it). A failed or partial run raises
        ``MeasurementError`` with the reason; it never becomes a number.
        """
        raise NotImplementedError(f"workload {self.name} has no parser")

    def measured_phase(self, step: Step) -> str:
        """The step's phase; a step without one is not a measurement (a caller's mistake)."""
        if step.phase is None:
            raise ValueError(f"step '{step.title}' is not a measured step (it has no phase)")
        if step.workload not in (None, self.name):
            raise ValueError(f"step '{step.title}' belongs to workload {step.workload}, not {self.name}")
        return step.phase

    # --- the declared metrics ---------------------------------------------------------------

    def metric(self, name: str) -> Metric | None:
        """The declaration of metric ``name`` ("seqwrite.rate_mbs"), or None."""
        return next((metric for metric in self.metrics if metric.name == name), None)

    def sample(self, name: str, value: float) -> Sample:
        """A figure of declared metric ``name``: its unit and direction come from the declaration."""
        metric = self.metric(name)
        if metric is None:
            raise ValueError(f"workload {self.name} reports '{name}' but does not declare it in its metrics")
        return Sample(self.name, name, value, metric.unit, metric.better)

    def declaration_problems(self) -> list[str]:
        """What registration refuses beyond a missing attribute: contradictory declarations."""
        found = [problem for metric in self.metrics for problem in metric.problems()]
        names = [metric.name for metric in self.metrics]
        found += [f"metric '{name}' is declared twice" for name in dict.fromkeys(names) if names.count(name) > 1]
        if not self.metrics:
            found.append("it declares no metrics")
        primaries = [metric.name for metric in self.metrics if metric.primary]
        if len(primaries) > 1:
            found.append(f"more than one primary metric ({', '.join(primaries)})")
        found += [f"params['{key}'] is called '{param.name}'" for key, param in self.params.items()
                  if key != param.name]
        if self.duration_param is not None and self.duration_param not in self.params:
            found.append(f"duration_param '{self.duration_param}' is not one of its params")
        found += [f"tool '{tool}' has no package in packages" for tool in self.tools if tool not in self.packages]
        if (self.ceiling_steps is None) != (self.ceiling_seconds is None):
            found.append("it defines only one of ceiling_steps() and ceiling_seconds(); a raw-device pass needs both")
        return found


def describe_exit(exit_status: int) -> str:
    """How a step ended, in words: a negative status is the signal that killed it."""
    if exit_status < 0:
        return f"was killed by signal {-exit_status}"
    if exit_status > 128:
        # a shell or pty reports death by signal N as 128+N
        return f"exited with status {exit_status} (signal {exit_status - 128}?)"
    return f"exited with status {exit_status}"


def check_exit(step: Step, exit_status: int) -> None:
    """A step that failed yields no figures, whatever it printed before failing."""
    if exit_status != 0:
        where = f"phase '{step.phase}': " if step.phase else ""
        raise MeasurementError(f"{where}'{step.argv[0]}' {describe_exit(exit_status)}; its figures are not used.")


def wall_time_samples(workload: Workload, phase: str, step: Step, seconds: float, exit_status: int) -> list[Sample]:
    """``PHASE.seconds`` from a step's wall time, for phases that are simply timed."""
    check_exit(step, exit_status)
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not math.isfinite(seconds) or seconds <= 0:
        raise MeasurementError(f"the wall time of phase '{phase}' is not a positive duration ({seconds!r}).")
    return [workload.sample(f"{phase}.seconds", float(seconds))]


def _command_after_dashes(argv: tuple[str, ...]) -> tuple[str, ...]:
    return argv[argv.index("--") + 1:] if "--" in argv else argv


def _counted_devices(argv: tuple[str, ...]) -> list[str]:
    """The ``--device`` words of a count-writes command line, in order (the data device first)."""
    words = argv[:argv.index("--")] if "--" in argv else argv
    return [words[i + 1] for i, word in enumerate(words[:-1]) if word == "--device"]


def _helper_report(phase: str, step: Step, exit_status: int, result_text: str | None, helper: str,
                   duration: str) -> dict:
    """The JSON report of a helper that runs a command (count-writes, timed), checked: the command
    ended well and ``report[duration]`` is a positive number of seconds."""
    command = _command_after_dashes(step.argv)
    name = command[0] if command else step.argv[0]
    if command[:2] == HELPER and len(command) > 2:
        name = " ".join(command[:3])  # "fstune workload-helper build", not just "fstune"
    report = None
    if result_text is not None and result_text.strip():
        try:
            report = json.loads(result_text)
        except ValueError as error:
            raise MeasurementError(f"the {helper}'s report for '{phase}' is not complete JSON ({error}).") from None
        if not isinstance(report, dict):
            raise MeasurementError(f"the {helper}'s report for '{phase}' is not a JSON object.")
    if exit_status != 0:
        # the command's own status is in the report when the helper got as far as writing it
        status = report.get("exit_status") if report else None
        if isinstance(status, int) and status != 0:
            raise MeasurementError(f"phase '{phase}': '{name}' {describe_exit(status)}; its figures are not used.")
        raise MeasurementError(f"phase '{phase}': the {helper} around '{name}' {describe_exit(exit_status)}; "
                               "no figures.")
    if report is None:
        raise MeasurementError(f"the {helper} wrote no report for phase '{phase}' ({step.result_file}).")
    status = report.get("exit_status")
    if not isinstance(status, int) or isinstance(status, bool):
        raise MeasurementError(f"the {helper}'s report for '{phase}' has no exit status.")
    if status != 0:
        raise MeasurementError(f"phase '{phase}': '{name}' {describe_exit(status)}; its figures are not used.")
    elapsed = report.get(duration)
    if isinstance(elapsed, bool) or not isinstance(elapsed, (int, float)) or not math.isfinite(elapsed) or elapsed <= 0:
        raise MeasurementError(f"the {helper}'s report for '{phase}' has no usable duration ({elapsed!r}).")
    return report


def timed_samples(workload: Workload, phase: str, step: Step, exit_status: int,
                  result_text: str | None) -> list[Sample]:
    """``PHASE.seconds`` from ``fstune workload-helper timed``' report: the command and the flush
    of the filesystem after it, so the figure is what reached the disk, not the page cache."""
    report = _helper_report(phase, step, exit_status, result_text, "timer", "seconds")
    return [workload.sample(f"{phase}.seconds", float(report["seconds"]))]


def flushed_command(ctx: WorkloadContext, command: tuple[str, ...], result_file: str) -> tuple[str, ...]:
    """Wrap ``command`` so its time includes flushing the filesystem under test after it."""
    return (*HELPER, "timed", "--flush", ctx.mountpoint, "--result", result_file, "--", *command)


def count_writes_samples(workload: Workload, phase: str, step: Step, exit_status: int,
                         result_text: str | None) -> list[Sample]:
    """Figures from ``fstune workload-helper count-writes``' JSON report.

    ``PHASE.mb_written`` is the total over every counted device, ``PHASE.data_mb_written`` the
    first (the filesystem's own device), ``PHASE.journal_mb_written`` the second (an external
    journal or log) when there is one, and ``PHASE.seconds`` the command's run time.
    MB = bytes / 10^6, as the seed's tables and the helper's own message use.
    """
    report = _helper_report(phase, step, exit_status, result_text, "write counter", "seconds")
    elapsed = report["seconds"]
    devices = report.get("devices")
    if not isinstance(devices, dict) or not devices:
        raise MeasurementError(f"the write counter's report for '{phase}' lists no devices.")
    order = _counted_devices(step.argv) or list(devices)
    missing = [device for device in order if device not in devices]
    if missing:
        raise MeasurementError(f"the write counter's report for '{phase}' has no figure for {', '.join(missing)}.")
    if len(order) > 2:
        raise MeasurementError(f"the write counter counted {len(order)} devices for '{phase}'; fstune expects "
                               "the data device and at most one journal device.")
    written = []
    for device in order:
        entry = devices[device]
        value = entry.get("bytes_written") if isinstance(entry, dict) else None
        if isinstance(value, bool) or not isinstance(value, int):
            raise MeasurementError(f"the write counter's report for '{phase}' has no byte count for {device}.")
        if value < 0:
            # /sys/block/*/stat only grows; a drop means the device was re-attached mid-phase
            raise MeasurementError(f"{device}'s write counter went backwards during '{phase}' "
                                   "(the device was replaced or re-attached); the count is meaningless.")
        written.append(value)
    samples = [
        workload.sample(f"{phase}.mb_written", sum(written) / 1e6),
        workload.sample(f"{phase}.data_mb_written", written[0] / 1e6),
    ]
    if len(written) == 2:
        samples.append(workload.sample(f"{phase}.journal_mb_written", written[1] / 1e6))
    samples.append(workload.sample(f"{phase}.seconds", float(elapsed)))
    return samples


def measured_writes(ctx: WorkloadContext, command: tuple[str, ...], result_file: str) -> tuple[str, ...]:
    """Wrap ``command`` so the sectors written to every device under test are counted around it."""
    words = [*HELPER, "count-writes", "--result", result_file]
    for device in ctx.devices():
        words += ["--device", device]
    return (*words, "--", *command)


def shell_words(text: str) -> tuple[str, ...]:
    try:
        words = tuple(shlex.split(text))
    except ValueError as error:
        raise UsageError(f"the command {text!r} cannot be split into words: {error}.") from None
    if not words:
        raise UsageError("the command is empty.")
    return words
