"""Turning a run into figures: parse each measured step as it finishes, add repeats while the
figures are still too noisy, and describe the whole run for the results store.

``Measurement`` sits between the Runner and whoever shows the run: feed it every event
(``observe``) and give the Runner its ``extend`` hook. It never invents a number: a step that
failed, or whose output its workload's parser rejects, marks that repeat failed with the reason.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from fstune import filesystems
from fstune import steps as kinds
from fstune.figures import MeasurementError, RepeatResult
from fstune.plan import Plan
from fstune.results.compare import ConfigDescription
from fstune.results.records import CANCELLED, FAILED, FINISHED
from fstune.results.stats import needs_more_repeats
from fstune.steps import Step
from fstune.units import format_percent
from fstune.workloads import WORKLOADS

DEFAULT_RSD_THRESHOLD = 0.03  # keep repeating while the steering figures vary more than 3 %
DEFAULT_MAX_REPEATS = 10
RAW_LIMIT = 256 * 1024  # keep at most this much of one step's output in the store


@dataclass
class _Pending:
    """The output of the step that is running now."""

    index: int
    step: Step
    lines: list[str] = field(default_factory=list)


class Measurement:
    """Collects RepeatResults from a run's events and decides on extra repeats."""

    def __init__(self, plan: Plan, *, rsd_threshold: float = DEFAULT_RSD_THRESHOLD,
                 max_repeats: int = DEFAULT_MAX_REPEATS, adaptive: bool = True) -> None:
        self.plan = plan
        self.rsd_threshold = rsd_threshold
        self.max_repeats = max(max_repeats, plan.repeats)
        # below 3 planned repeats the user chose a quick look; do not second-guess that
        self.adaptive = adaptive and plan.repeats >= 3 and bool(plan.workloads)
        self.results: dict[tuple[str, str, int], RepeatResult] = {}
        self._current: _Pending | None = None
        # the last step of each configuration's last repeat: when it is done, decide on more
        self._last_repeat_step = {cp.config.name: self._last_measuring_step(cp.steps) for cp in plan.configs}
        self._repeats_done = {cp.config.name: plan.repeats for cp in plan.configs}
        self.added_repeats: dict[str, int] = {}

    @staticmethod
    def _last_measuring_step(steps: tuple[Step, ...]) -> Step | None:
        last = None
        for step in steps:
            if step.repeat is not None:
                last = step
        return last

    # --- events ---------------------------------------------------------------------------------

    def observe(self, event: object) -> None:
        """Feed every runner event here, in order."""
        from fstune import runner  # the runner imports the plan machinery; keep this module light

        if isinstance(event, runner.StepStarted):
            self._current = _Pending(event.index, event.step)
        elif isinstance(event, runner.OutputLine) and self._current and event.index == self._current.index:
            # every line arrives exactly once in its final form (partial=False); an `update`
            # flag on it only says it replaces a partial line, which was never stored here
            if not event.partial:
                self._current.lines.append(event.text)
        elif isinstance(event, runner.StepFinished):
            pending = self._current if self._current and self._current.index == event.index else None
            self._current = None
            self._finished(event, "\n".join(pending.lines) if pending else "")

    def _repeat(self, step: Step) -> RepeatResult:
        key = (step.config, step.workload, step.repeat)
        if key not in self.results:
            self.results[key] = RepeatResult(step.config, step.workload, step.repeat)
        return self.results[key]

    def _finished(self, event, output: str) -> None:
        step: Step = event.step
        if event.cleanup or step.config is None or step.workload is None or step.repeat is None:
            return
        repeat = self._repeat(step)
        if step.kind == kinds.CACHE:
            from fstune.runner import WARNING  # imported here: see observe

            if event.status == WARNING:
                repeat.warm_cache = True  # caches could not be dropped before this repeat
            return
        if not step.phase:
            return
        if repeat.failed:
            return  # one failed phase already spoils the repeat
        if event.status != "ok":
            repeat.failed = event.message or f"step '{step.title}' did not finish"
            return
        result_text = None
        if step.result_file:
            try:
                result_text = Path(step.result_file).read_text(errors="replace")
            except OSError as error:
                repeat.failed = f"{step.result_file} could not be read: {error.strerror}"
                return
        raw = output if result_text is None else f"{output}\n--- {step.result_file} ---\n{result_text}"
        repeat.raw[step.phase] = raw[-RAW_LIMIT:]
        try:
            samples = WORKLOADS[step.workload].parse(step, output, event.duration, event.exit_status or 0, result_text)
        except MeasurementError as error:
            repeat.failed = f"{step.phase}: {error}"
            repeat.samples.clear()
            return
        repeat.samples.extend(samples)

    # --- adaptive repeats ---------------------------------------------------------------------------

    def values(self, config: str, workload: str, metric: str) -> list[float]:
        return [s.value for r in self.results.values() if r.ok and r.config == config and r.workload == workload
                for s in r.samples if s.metric == metric]

    def noisy_workloads(self, config: str) -> list[str]:
        """Workloads of ``config`` whose steering figures still vary more than the threshold."""
        noisy = []
        for name in self.plan.workloads:
            steering = WORKLOADS[name].steering
            metrics = {s.metric for r in self.results.values() if r.ok and r.config == config
                       and r.workload == name for s in r.samples if s.metric.endswith(steering)}
            if any(needs_more_repeats(self.values(config, name, m), self.rsd_threshold, self.max_repeats)
                   for m in metrics):
                noisy.append(name)
        return noisy

    def extend(self, index: int, step: Step) -> list[Step]:
        """Runner hook: after a configuration's last repeat, add one more while it is noisy."""
        if not self.adaptive or step.config is None or step != self._last_repeat_step.get(step.config):
            return []
        config = step.config
        if self._repeats_done[config] >= self.max_repeats:
            return []
        noisy = self.noisy_workloads(config)
        if not noisy:
            return []
        repeat = self._repeats_done[config] + 1
        contexts = next(cp.contexts for cp in self.plan.configs if cp.config.name == config)
        extra: list[Step] = []
        for name in noisy:
            extra += WORKLOADS[name].repeat_steps(contexts[name], repeat)
        self._repeats_done[config] = repeat
        self.added_repeats[config] = self.added_repeats.get(config, 0) + 1
        self._last_repeat_step[config] = self._last_measuring_step(tuple(extra))
        return extra

    # --- the record -------------------------------------------------------------------------------

    def repeat_results(self) -> list[RepeatResult]:
        ordered = sorted(self.results.values(), key=lambda r: (self._config_order(r.config), r.workload, r.repeat))
        # a repeat whose measured steps never ran (the run stopped first) is not a result
        return [r for r in ordered if r.samples or r.failed]

    def _config_order(self, name: str) -> int:
        return next((i for i, cp in enumerate(self.plan.configs) if cp.config.name == name), 99)


def config_descriptions(plan: Plan) -> list[ConfigDescription]:
    log = plan.choices.log_device.path if plan.choices.log_device else None
    descriptions = []
    for cp in plan.configs:
        description = ConfigDescription.from_configuration(cp.config, log if cp.config.external_journal else None)
        # the options the mount really used (command-line --option included), less the journal
        # device option fstune adds itself: "+ external journal on …" already says that
        managed = filesystems.get(cp.config.filesystem).managed_options
        options = tuple((n, v) for n, v in cp.mount_options if n not in managed)
        descriptions.append(ConfigDescription(description.name, description.filesystem, description.journal,
                                              description.log_device, description.mkfs_options, options))
    return descriptions


def run_record(plan: Plan, measurement: Measurement, outcome, started: float, inventory=None):
    """Everything the store keeps about this run."""
    from fstune.results.environment import capture_environment, describe_device
    from fstune.results.records import RunRecord

    devices = []
    for role, choice in (("target", plan.choices.target), ("journal", plan.choices.log_device)):
        if choice is None or (role == "journal" and not plan.study.needs_journal_device):
            continue
        found = inventory.find(choice.path) if inventory is not None else None
        devices.append(describe_device(choice.path, role, model=getattr(found, "model", None),
                                       transport=getattr(found, "transport", None)))
    mkfs_argv: dict[str, list[tuple[str, ...]]] = {}
    for cp in plan.configs:
        mkfs_argv[cp.config.name] = [s.argv for s in cp.steps if s.destructive]
    warnings = list(plan.warnings) + list(getattr(outcome, "warnings", ()))
    for config, added in measurement.added_repeats.items():
        warnings.append(f"{config}: {added} repeat(s) added because the figures varied more than "
                        f"{format_percent(measurement.rsd_threshold, None)}")
    status = {FINISHED: FINISHED, CANCELLED: CANCELLED}.get(outcome.status, FAILED)
    return RunRecord(
        study=plan.study.name, title=plan.study.title, started=started, finished=time.time(),
        status=status, reason=outcome.reason or "", configs=config_descriptions(plan),
        results=measurement.repeat_results(), environment=capture_environment(), devices=devices,
        mkfs_argv=mkfs_argv, baseline=plan.study.baseline.name, repeats=plan.repeats, warnings=warnings,
    )

