"""Turning a run into figures: parse each measured step as it finishes, prove each repeat measured
the configuration it claims, add blocks until the study's question is answered, and describe the
whole run for the results store.

``Measurement`` sits between the Runner and whoever shows the run: feed it every event
(``observe``) and give the Runner its ``extend`` hook; what it decides reaches the front ends as
events (``fstune.measure.events``). The host's conditions and the drop rule are in
``conditions``, the mount-option checks in ``applied``, the store's record in ``record``. It
never invents a number: a step that failed, or whose output its workload's parser rejects, marks
that repeat failed with the reason.

The design (docs/verdicts.md): the plan holds the blocks up to the first look; at each look the
study's primary metric is judged for every variant against the baseline (``judge_primary``), and
while any variant is undecided the run gets the blocks up to the next look, until the cap. Around
every repeat it records what the filesystem really was ("readback": the record step's output
parsed by the filesystem module, the mount options from /proc/self/mountinfo, whether the
external journal was written) and the host's conditions ("host": times, device counters, load,
pressure, steal); a repeat whose configuration was not applied fails the run with the option
that is missing, and a block the declared drop rule rejects (outside I/O during it; on the
modelled lab, a disk the host set the pace of) is dropped and replaced, up to the rule's limit.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from fstune import filesystems
from fstune import steps as kinds
from fstune.diskmodel.dilation import Dilation, convert_samples, of_environment
from fstune.errors import FstuneError
from fstune.figures import MeasurementError, RepeatResult
from fstune.lab import fidelity
from fstune.measure.applied import majmin, missing_mount_option, mount_of
from fstune.measure.conditions import DROP_RULE, drop_limit, host_delta, host_snapshot, outside_drop
from fstune.measure.eta import MAKE_SECONDS, RunEta
from fstune.measure.events import BlockDropped, BlocksEnded, LookDecided, ProgressSnapshot
from fstune.measure.record import raw_output
from fstune.plan import Plan, schedule_looks
from fstune.results.records import CANCELLED as RUN_CANCELLED
from fstune.results.records import FINISHED as RUN_FINISHED
from fstune.stats.sequential import Reason
from fstune.steps import Step
from fstune.workloads import WORKLOADS
from fstune.workloads.base import COLD_CACHE
from fstune.workloads import metric as declared_metric

# How the blocks ended (RunRecord.design["stopped"])
DECIDED = "decided"
CAP_UNDECIDED = "cap reached while undecided"
CANCELLED = "cancelled"
FAILED = "failed"
TOO_FEW = "too few blocks to decide (fewer than 3)"


@dataclass
class _Pending:
    """The output of the step that is running now."""

    index: int
    step: Step
    lines: list[str] = field(default_factory=list)


@dataclass
class _Turn:
    """One configuration's turn in one block: what was read back and the host around it."""

    config: str
    block: int
    position: int
    readback: dict = field(default_factory=dict)
    host: dict = field(default_factory=dict)
    start: dict | None = None  # counters when its first repeat step started
    problem: str | None = None  # why its configuration was not applied
    reported: bool = False  # the run was stopped for it
    drops_start: int | None = None  # the kernel's page-cache drop count when its first measured step started


def _ceiling_seconds(plan: Plan) -> float:
    """The raw-device pass before the first block (``--ceiling``): its timed phases, plus writing
    its stretch of the device once, guessed like one configuration's making until measured."""
    name = next((step.workload for step in plan.ceiling if step.workload), None)
    context = plan.configs[0].contexts.get(name) if name and plan.configs else None
    if context is None:
        return 0.0
    workload = WORKLOADS[name]
    return workload.ceiling_seconds(workload.resolve(context.params)) + MAKE_SECONDS


def lab_dilation() -> Dilation | None:
    """The time dilation of the VM lab this command runs in (None: not in one, or not dilated)."""
    from fstune.vmlab import current_environment

    return of_environment(current_environment())


class Measurement:
    """Collects RepeatResults from a run's events, checks each repeat, and adds blocks."""

    def __init__(self, plan: Plan, *, max_blocks: int | None = None, looks: tuple[int, ...] | None = None,
                 sequential: bool = True, snapshot=None, clock=time.monotonic, cache_drops=None,
                 emit: Callable[[object], None] | None = None, dilation: Dilation | None | bool = True) -> None:
        self.plan = plan
        # where its decisions go as events (fstune.measure.events): the session passes them on
        self.emit: Callable[[object], None] = emit or (lambda event: None)
        # in a time-dilated VM lab every figure is converted back as it is parsed (True: the lab's
        # own, from the environment the host gave this command; tests pass their own or None)
        self.dilation = lab_dilation() if dilation is True else dilation or None
        self._snapshot = snapshot or host_snapshot  # the host's counters now (tests pass their own)
        # how often anyone dropped the page cache so far (/proc/vmstat; tests pass their own)
        self._cache_drops = cache_drops or fidelity.cache_drops
        self._clock = clock
        study = plan.study
        planned = len(plan.blocks)
        # the plan's cap and looks (``Plan.looks``); tests may set their own
        self.max_blocks = max(max_blocks if max_blocks is not None else plan.max_blocks, 1)
        self.looks = tuple(looks) if looks is not None else schedule_looks(planned, self.max_blocks)
        if self.looks:
            self.max_blocks = self.looks[-1]
        self.notes: list[str] = []
        # the figure the blocks stop on; the plan's warnings say so when it is not the study's own
        self.primary, _ = study.primary_for(plan.workloads)
        # with no primary metric or fewer than 3 blocks nothing can be decided: the plan runs as it is
        self.sequential = sequential and self.primary is not None and bool(self.looks)
        self.results: dict[tuple[str, str, int], RepeatResult] = {}
        self.orders: dict[int, tuple[str, ...]] = {b.number: b.order for b in plan.blocks}
        self.scheduled = planned  # blocks in the run so far, dropped ones included
        self.dropped_blocks: dict[int, str] = {}
        self.disturbed_blocks: dict[int, str] = {}  # the rule's limit was reached: kept, marked
        # the correlation of consecutive blocks known from earlier runs on these devices
        # (``history.run_lag1_floor``; set before the run starts, kept in the design)
        self.lag1_floor: dict | None = None
        self._model_dropped: set[int] = set()  # blocks the modelled lab's rule dropped (its limit)
        self.ceiling: dict[str, dict[str, float]] = {}  # the raw-device pass: workload → metric → value
        self.ceiling_raw: dict[str, dict[str, str]] = {}  # … and what its tools printed: workload → phase → text
        self.stopped = ""
        self.judged: dict[str, object] = {}  # variant → its latest PrimaryResult
        self.look_lines: list[str] = []  # one line per look taken (each also emitted as a LookDecided)
        self._current_block: int | None = None
        self._making_started: dict[tuple[str, int], float] = {}
        # the time left, from the plan's block and then the measured ones
        workload_seconds = sum(WORKLOADS[name].estimate_seconds(WORKLOADS[name].resolve(ctx.params))
                               for cp in plan.configs[:1] for name, ctx in cp.contexts.items())
        self.eta = RunEta(workload_seconds, len(plan.configs), planned, prelude_seconds=_ceiling_seconds(plan),
                          clock=clock)
        self._current: _Pending | None = None
        self._turns: dict[tuple[str, int], _Turn] = {}
        log = plan.choices.log_device
        self._devices = {"data": plan.choices.target.path}
        if log is not None and study.needs_journal_device:
            self._devices["journal"] = log.path

    # --- events ---------------------------------------------------------------------------------

    def observe(self, event: object) -> None:
        """Feed every runner event here, in order."""
        from fstune import runner  # the runner imports the plan machinery; keep this module light

        self.eta.start()
        if isinstance(event, runner.StepStarted):
            self._current = _Pending(event.index, event.step)
            self._started(event.step)
        elif isinstance(event, runner.OutputLine) and self._current and event.index == self._current.index:
            # every line arrives exactly once in its final form (partial=False); an `update`
            # flag on it only says it replaces a partial line, which was never stored here
            if not event.partial:
                self._current.lines.append(event.text)
        elif isinstance(event, runner.StepFinished):
            pending = self._current if self._current and self._current.index == event.index else None
            self._current = None
            self._finished(event, "\n".join(pending.lines) if pending else "")
        elif isinstance(event, (runner.RunFinished, runner.RunFailed, runner.RunCancelled)):
            self.eta.end()

    def _turn(self, step: Step) -> _Turn | None:
        if step.config is None or step.block is None:
            return None
        key = (step.config, step.block)
        if key not in self._turns:
            self._turns[key] = _Turn(step.config, step.block, step.position or 0)
        return self._turns[key]

    def _started(self, step: Step) -> None:
        if step.block is not None:
            self.eta.block_started(step.block)
            self._current_block = step.block
            key = (step.config or "", step.block)
            if step.kind in (kinds.JOURNAL, kinds.MKFS) and key not in self._making_started:
                self._making_started[key] = self._clock()
            elif step.repeat is not None and key in self._making_started:
                self.eta.making(self._clock() - self._making_started.pop(key))
        turn = self._turn(step)
        if turn is None:
            return
        if step.repeat is not None and turn.start is None:
            turn.start = self._snapshot(self._devices)
        elif step.kind == kinds.UMOUNT and turn.start is not None and not turn.host:
            turn.host.update(host_delta(turn.start, self._snapshot(self._devices)))
            self._foreign_drops(turn)
            self._check_journal_written(turn)
        if step.kind == kinds.MEASURE and turn.drops_start is None:
            turn.drops_start = self._cache_drops()

    def _foreign_drops(self, turn: _Turn) -> None:
        """On a modelled lab: global page-cache drops while the turn was measured go into the
        declared rule. fstune's own cold cache evicts only the filesystem under test (it does not
        count in /proc/vmstat's drop_pagecache), so every drop counted is another process's."""
        model = turn.host.get("model")
        now = self._cache_drops()
        if not model or turn.drops_start is None or now is None:
            return
        model["foreign_cache_drops"] = max(0, now - turn.drops_start)
        model["host_paced"] = fidelity.judge(model["devices"], model["foreign_cache_drops"])

    def _repeat(self, step: Step) -> RepeatResult:
        key = (step.config, step.workload, step.repeat)
        if key not in self.results:
            turn = self._turn(step)
            conditions = {"readback": turn.readback, "host": turn.host} if turn is not None else {}
            self.results[key] = RepeatResult(step.config, step.workload, step.repeat, block=step.block,
                                             position=step.position, conditions=conditions)
        return self.results[key]

    def _finished(self, event, output: str) -> None:
        step: Step = event.step
        if event.cleanup:
            return
        from fstune.runner import OK, WARNING  # imported here: see observe

        if step.kind == kinds.RECORD and event.status == OK:
            self._read_back(step, output)
            return
        if step.kind == kinds.CEILING:
            self._ceiling(step, event, output)
            return
        if step.config is None or step.workload is None or step.repeat is None:
            return
        repeat = self._repeat(step)
        if step.kind == kinds.CACHE:
            if event.status == WARNING:
                repeat.warm_cache = True  # the filesystem could not be evicted from memory before this repeat
            elif event.status == OK and COLD_CACHE in step.argv:
                self._check_remount(step)
            match = re.search(r"settled: (\d+) kB dirty\+writeback after ([\d.]+) s( \(timed out)?", output)
            if match:
                repeat.conditions.setdefault("settle", []).append(
                    {"pending_kib": int(match[1]), "seconds": float(match[2]), "timed_out": bool(match[3])})
            return
        if not step.phase:
            return
        if repeat.failed:
            return  # one failed phase already spoils the repeat
        if event.status != OK:
            repeat.failed = event.message or f"step '{step.title}' did not finish"
            return
        result_text = None
        if step.result_file:
            try:
                result_text = Path(step.result_file).read_text(errors="replace")
            except OSError as error:
                repeat.failed = f"{step.result_file} could not be read: {error.strerror}"
                return
        repeat.raw[step.phase] = raw_output(step, output, result_text)
        try:
            samples = WORKLOADS[step.workload].parse(step, output, event.duration, event.exit_status or 0, result_text)
        except MeasurementError as error:
            repeat.failed = f"{step.phase}: {error}"
            repeat.samples.clear()
            return
        repeat.samples.extend(self._native(samples))

    def _ceiling(self, step: Step, event, output: str) -> None:
        """A measured step of the raw-device pass, read by its workload's own parser."""
        from fstune.runner import OK

        if not step.phase or event.status != OK:
            return  # a failed step stops the run, which says why
        try:
            result_text = Path(step.result_file).read_text(errors="replace") if step.result_file else None
        except OSError as error:
            self.notes.append(f"The raw-device pass ({step.phase}) gave no figures: {step.result_file} could not "
                              f"be read ({error.strerror}).")
            return
        # kept before it is parsed, as a repeat's is: a later parser may read what this one cannot
        self.ceiling_raw.setdefault(step.workload, {})[step.phase] = raw_output(step, output, result_text)
        try:
            samples = WORKLOADS[step.workload].parse(step, output, event.duration, event.exit_status or 0, result_text)
        except MeasurementError as error:
            self.notes.append(f"The raw-device pass ({step.phase}) gave no figures: {error}")
            return
        self.ceiling.setdefault(step.workload, {}).update({s.metric: s.value for s in self._native(samples)})

    def _native(self, samples: list) -> list:
        """A dilated VM lab's figures in native time (docs/vmlab.md, "Time dilation"); the raw
        outputs keep the guest's own, and the run's environment the factor."""
        return convert_samples(samples, self.dilation.factor) if self.dilation is not None else samples

    # --- proof that the variant ran (docs/verdicts.md, "Proof that the variant ran") --------------

    def _config_plan(self, name: str):
        return next(cp for cp in self.plan.configs if cp.config.name == name)

    def _read_back(self, step: Step, output: str) -> None:
        """The record step's output, the kernel's mount options, and the checks on both."""
        turn = self._turn(step)
        if turn is None:
            return
        cp = self._config_plan(step.config)
        fs = filesystems.get(cp.config.filesystem)
        found = fs.parse_record(output)
        turn.readback.update(found)
        mount = mount_of(cp.mountpoint)
        if mount is not None:
            turn.readback["mount_options"] = mount.options
            turn.readback["super_options"] = mount.super_options
        log = self.plan.choices.log_device
        journal_device = log.path if cp.config.external_journal and log is not None else None
        if journal_device:
            turn.readback["expected_journal_device"] = journal_device
        problem = fs.placement_problem(found, cp.config.journal, journal_device, majmin(journal_device))
        if problem is None and mount is not None:
            problem = missing_mount_option(cp.mount_options, fs, mount)
        if problem:
            self._not_applied(turn, problem)

    def _check_remount(self, step: Step) -> None:
        """After the cold cache mounted the filesystem again: the kernel applied the configuration's
        mount options again, as the record step's readback found them the first time."""
        turn = self._turn(step)
        mount = mount_of(step.mountpoint) if step.mountpoint else None
        if turn is None or mount is None:
            return  # not mounted: the runner's mount check stops the run before the next step
        cp = self._config_plan(step.config)
        problem = missing_mount_option(cp.mount_options, filesystems.get(cp.config.filesystem), mount)
        if problem:
            self._not_applied(turn, f"once mounted again for a cold cache, {problem}")

    def _check_journal_written(self, turn: _Turn) -> None:
        cp = self._config_plan(turn.config)
        if not cp.config.external_journal or "journal" not in self._devices:
            return
        written = turn.host.get("devices", {}).get("journal", {}).get("write_sectors")
        turn.readback["journal_write_sectors"] = written
        if written is not None and written <= 0:
            self._not_applied(turn, f"the external journal {self._devices['journal']} was not written while "
                              "the workloads ran")

    def _not_applied(self, turn: _Turn, problem: str) -> None:
        turn.problem = problem
        turn.readback["not_applied"] = problem
        for workload in self.plan.workloads:
            key = (turn.config, workload, turn.block)
            if key not in self.results:
                self.results[key] = RepeatResult(turn.config, workload, turn.block, block=turn.block,
                                                 position=turn.position,
                                                 conditions={"readback": turn.readback, "host": turn.host})
            result = self.results[key]
            result.failed = result.failed or f"configuration not applied: {problem}"

    # --- blocks and looks -------------------------------------------------------------------------

    def extend(self, index: int, step: Step) -> list[Step]:
        """Runner hook, after every step that succeeded: at the end of a block apply the drop rule,
        and at the end of the last block scheduled take the look and add blocks if it is open."""
        turn = self._turn(step)
        if turn is not None and turn.problem and not turn.reported:
            turn.reported = True
            # loud: the runner stops the run (its cleanup still runs) with this as the reason
            raise FstuneError(f"Block {turn.block}: configuration '{turn.config}' was not applied: "
                              f"{turn.problem}. Its figures count for nothing.")
        if step.block is None or step.kind != kinds.RMDIR or step.position != len(self.orders.get(step.block, ())):
            return []
        self.eta.block_finished(step.block)
        self._apply_drop_rule(step.block)
        self._apply_model_rule(step.block)
        self._drop_unpaired(step.block)
        if step.block != self.scheduled or not self.sequential:
            return []
        more = self._blocks_wanted()
        if more <= 0:
            return []
        extra: list[Step] = []
        for number in range(self.scheduled + 1, self.scheduled + more + 1):
            block = self.plan.block(number)
            self.orders[number] = block.order
            extra += block.steps
        self.scheduled += more
        return extra

    def _counted(self) -> list[int]:
        finished = {b for (c, b), t in self._turns.items() if t.host}
        complete = [b for b in sorted(finished) if all((name, b) in self._turns and self._turns[(name, b)].host
                                                          for name in self.orders.get(b, ()))]
        return [b for b in complete if b not in self.dropped_blocks]

    def _blocks_wanted(self) -> int:
        """How many blocks to add now: 0 when the question is answered or the cap is reached."""
        counted = len(self._counted())
        if self.scheduled - len(self.dropped_blocks) > counted:
            return 0  # blocks still running (cannot happen at the last block's end)
        upcoming = next((n for n in self.looks if n > counted), None)
        # only at a planned look: after a dropped block the count passes between looks, where the
        # decision is still the last look's and a second line would only repeat it
        if counted in self.looks:
            self.judge()
            line = self._describe_look(counted, upcoming)
            self.look_lines.append(line)
            self.emit(LookDecided(counted, line))
            if self.judged and not any(result.decision.action == "continue" for result in self.judged.values()):
                answered = all(result.decision.reason != Reason.CAP for result in self.judged.values())
                self._stop(DECIDED if answered else CAP_UNDECIDED)
                return 0
        if upcoming is None:
            self._stop(CAP_UNDECIDED)
            return 0
        # never more than twice the cap in all, dropped blocks included
        room = 2 * self.max_blocks - self.scheduled
        return max(0, min(upcoming - counted, room))

    def _stop(self, why: str) -> None:
        self.stopped = why
        self.emit(BlocksEnded(len(self.orders), why))

    def values(self, config: str, workload: str, metric: str) -> list[float]:
        """Every counted value of one metric for ``config``, in block order."""
        ordered = sorted((r for r in self.results.values() if r.counts and r.config == config
                          and r.workload == workload), key=lambda r: (r.block or 0, r.repeat))
        return [s.value for r in ordered for s in r.samples if s.metric == metric]

    def primary_values(self, config: str) -> dict[int, float]:
        """The primary metric's value per counted block for ``config``."""
        from fstune.results.blocked import block_values  # the one reader compare pairs with too

        return {} if self.primary is None else block_values(self.results.values(), config, *self.primary)

    def use_lag1_floor(self, entry: dict | None) -> None:
        """Widen every look's interval at least for the correlation earlier runs on these devices
        showed, or the declared first-run floor (``history.run_lag1_floor``); the run's notes say
        where it came from."""
        from fstune.results.history import floor_note

        self.lag1_floor = dict(entry) if entry else None
        if entry:
            self.notes.append(floor_note(entry))

    def judge(self) -> dict[str, object]:
        """The primary metric's decision for each variant against the baseline, on the blocks that
        count and have both values; alpha is split evenly between the variants."""
        from fstune.results.blocked import comparison_schedule, metric_rule
        from fstune.stats.judge import judge_primary

        workload, metric = self.primary
        rule = metric_rule(workload, metric, declared_metric(workload, metric).better,
                           self.plan.study.delta_for(workload, metric))
        baseline = self.plan.configs[0].config.name
        variants = [cp.config.name for cp in self.plan.configs[1:]]
        # the very schedule compare decides with, so the run and its report cannot disagree
        schedule = comparison_schedule({"looks": list(self.looks), "lag1_floor": self.lag1_floor}, len(variants))
        counted = set(self._counted())
        base = self.primary_values(baseline)
        seconds = self.eta.measured_block_seconds()
        judged = {}
        for name in variants:
            other = self.primary_values(name)
            blocks = [b for b in sorted(counted) if b in base and b in other]
            if len(blocks) < self.looks[0]:
                continue
            judged[name] = judge_primary(metric, [base[b] for b in blocks], [other[b] for b in blocks], rule,
                                         schedule, block_seconds=seconds, names=(baseline, name))
        self.judged = judged
        return judged

    def _describe_look(self, counted: int, upcoming: int | None) -> str:
        """"Look at 5 blocks: external too noisy to tell, +3.1 % [−20.4, +33.5]; about 5 more blocks
        (4 min), decided by the cap in 62 % of forecasts"."""
        from fstune.stats.judge import percent_or_unit
        from fstune.units import format_elapsed

        parts = [f"{name} {result.decision.verdict}, {percent_or_unit(result)}" for name, result in self.judged.items()]
        line = f"Look at {counted} blocks: " + ("; ".join(parts) or "no variant has paired values yet")
        outlooks = [r.decision.outlook for r in self.judged.values() if r.decision.outlook is not None]
        if outlooks and upcoming is not None:
            further = max(o.expected_further_blocks for o in outlooks)
            chance = min(o.decision_probability for o in outlooks)
            seconds = further * self.eta.block_seconds()
            line += (f"; about {further:.0f} more blocks expected ({format_elapsed(seconds)}),"
                     f" decided by the cap in {chance:.0%} of forecasts")
        return line

    @property
    def drop_limit(self) -> int:
        return drop_limit(self.max_blocks)

    def _apply_drop_rule(self, block: int) -> None:
        """The declared rule (``outside_drop``) on the turns' host conditions, block by block."""
        hosts: dict[int, list[dict]] = {}
        for (_name, number), turn in self._turns.items():
            if turn.host:
                hosts.setdefault(number, []).append(turn.host)
        call = outside_drop(hosts, self.dropped_blocks, block, self.drop_limit)
        if call is None:
            return
        if call.drop:
            self._drop(block, call.reason)
        else:
            self._disturbed(block, call.reason)

    def _apply_model_rule(self, block: int) -> None:
        """The declared rule on a modelled lab (fstune/lab/fidelity.py): a block in which some
        configuration's turn was paced by the host rather than the modelled disk is dropped, up to
        the same limit as the outside-I/O rule; past it the block is kept and marked, so a busy host
        cannot take the planned looks away (docs/verdicts.md, "Dropped blocks")."""
        if block in self.dropped_blocks:
            return
        for name in self.orders.get(block, ()):
            turn = self._turns.get((name, block))
            paced = ((turn.host.get("model") or {}).get("host_paced") if turn is not None and turn.host else None)
            if not paced:
                continue
            reason = f"{name}: {paced}"
            if len(self._model_dropped) >= self.drop_limit:
                reason += f"; kept: the rule has dropped its limit of {self.drop_limit} blocks"
                self._disturbed(block, reason)
            else:
                self._model_dropped.add(block)
                self._drop(block, reason)
            return

    def _drop_unpaired(self, block: int) -> None:
        """A block where a configuration has no primary figure (its repeat failed) pairs nothing:
        it is dropped and replaced like a disturbed block, so every look is taken on the pairs it planned
        (docs/verdicts.md, "Dropped blocks")."""
        if self.primary is None or block in self.dropped_blocks:
            return
        workload, metric = self.primary
        for name in self.orders.get(block, ()):
            result = next((r for r in self.results.values()
                           if (r.config, r.workload, r.block) == (name, workload, block)), None)
            if result is not None and result.counts and any(s.metric == metric for s in result.samples):
                continue
            why = (result.failed if result is not None and result.failed else "no figure was measured")
            self._drop(block, f"{name} has no {workload} {metric} in it ({why})")
            return

    def _disturbed(self, block: int, reason: str) -> None:
        self.disturbed_blocks[block] = reason
        event = BlockDropped(block, reason, kept=True)
        self.notes.append(event.line)
        self.emit(event)

    def _drop(self, block: int, reason: str) -> None:
        self.dropped_blocks[block] = reason
        event = BlockDropped(block, reason)
        self.notes.append(event.line)
        self.emit(event)
        for result in self.results.values():
            if result.block == block:
                result.dropped = reason

    # --- progress ------------------------------------------------------------------------------------

    @property
    def blocks_at_most(self) -> int:
        """The most blocks this run can still come to (what the cap could add is said against it)."""
        if not self.sequential or self.stopped:
            return self.scheduled
        return max(self.scheduled, self.max_blocks + len(self.dropped_blocks))

    def snapshot(self) -> ProgressSnapshot:
        """How far the run is, for the progress panes; called in the run's thread only, after each
        event that moves the run on (the session sends it to the front ends, which say it at their
        own moment with ``ProgressSnapshot.at``). The share is of the blocks scheduled now
        (``fstune.measure.eta``: it starts again when blocks are added, and the snapshot says the new
        total) and the time left is for them, with what the cap could add."""
        adding = self.sequential and not self.stopped
        self.eta.schedule(self.scheduled, self.blocks_at_most if adding else None)
        self.eta.estimate()  # the share shown now is the one the next estimate never falls below
        block = self._current_block
        return ProgressSnapshot(self.eta.state(), block, self.scheduled,
                                self.blocks_at_most if adding else self.scheduled,
                                tuple(self.orders.get(block, ())) if block is not None else ())

    # --- the record -------------------------------------------------------------------------------

    def repeat_results(self) -> list[RepeatResult]:
        ordered = sorted(self.results.values(),
                         key=lambda r: (self._config_order(r.config), r.workload, r.repeat))
        # a repeat whose measured steps never ran (the run stopped first) is not a result
        return [r for r in ordered if r.samples or r.failed]

    def _config_order(self, name: str) -> int:
        return next((i for i, cp in enumerate(self.plan.configs) if cp.config.name == name), 99)

    def _modelled(self) -> bool:
        return any((t.host or {}).get("model") for t in self._turns.values())

    def design(self, status: str) -> dict:
        """RunRecord.design: what was decided how, and why the blocks ended."""
        study = self.plan.study
        stopped = self.stopped
        if status == RUN_CANCELLED:
            stopped = CANCELLED
        elif status != RUN_FINISHED:
            stopped = FAILED
        elif not self.sequential:
            stopped = stopped or (TOO_FEW if not self.looks else DECIDED)
        workload, metric = self.primary if self.primary else ("", "")
        deltas = {f"{w}:{m}": value / 100 for (w, m), value in study.delta_percent_by_metric.items()}
        run = sorted({r.block for r in self.results.values() if r.block})
        design = {
            "primary": {"workload": workload, "metric": metric},
            "delta": {"default": study.delta_percent / 100, "metrics": deltas},
            "looks": list(self.looks),
            "max_blocks": self.max_blocks,
            "order": [list(self.orders[n]) for n in run if n in self.orders],
            "order_seed": self.plan.choices.order_seed,
            "dropped_blocks": {str(n): reason for n, reason in self.dropped_blocks.items()},
            "disturbed_blocks": {str(n): reason for n, reason in self.disturbed_blocks.items()},
            "drop_rule": DROP_RULE,
            "stopped": stopped,
        }
        if self.lag1_floor:  # set by the session (earlier runs or the first-run floor); absent when none learned
            design["lag1_floor"] = dict(self.lag1_floor)
        if self._modelled():  # the key appears only on a modelled lab: other runs' records are unchanged
            design["model_rule"] = fidelity.RULE
        return design
