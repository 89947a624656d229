"""Plans: a pure function from the user's choices to the ordered Steps fstune will run.

A run is a sequence of **blocks** (docs/verdicts.md, "Blocks, and why the order is drawn").
Each block takes every chosen configuration once, in an order drawn for the block from the run's
seed (``block_order``): prepare the external journal/log device when there is one, make the filesystem on
the target afresh, mount it on a temporary mountpoint with its options, record how it was
really made, run one repeat of every workload, and unmount. Two configurations go A B or B A;
more take a row of a Williams design, in which over one cycle each configuration comes first
equally often and each ordered pair is adjacent equally often, so a drift over time or a
carry-over from the configuration before falls on every side alike on average, and a disturbance
that comes back every block or two cannot line up with the order.

The plan holds the first look's blocks; the run adds blocks up to the next look while the
study's question is open (``Plan.block``, fstune/measure/measurement.py). Nothing here touches
the machine; the same Plan is rendered as the dry-run script (``fstune.plan.script``) and executed
by the runner.
"""

from __future__ import annotations

import os
import random
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from fstune import filesystems, workloads
from fstune import steps as kinds
from fstune.errors import DeviceError, UsageError
from fstune.filesystems import MkfsJob
from fstune.plan.dilation import dilate_durations, dilate_timers, lab_time_dilation
from fstune.steps import Step
from fstune.studies import Configuration, Study
from fstune.units import format_size
from fstune.util import paths
from fstune.workloads import WORKLOADS, WorkloadContext

DEFAULT_MOUNT_ROOT = "/run/fstune"  # tmpfs: leftovers vanish at reboot; names say who made them
# another directory for every run's mountpoints, for example a test suite's own, so that other
# work's leftovers on a shared machine are not its business (docs/safety.md, "Leftovers")
MOUNT_ROOT_ENV = "FSTUNE_MOUNT_ROOT"
DEFAULT_LOOKS = (5, 10, 15)  # fstune.stats.sequential.DEFAULT_SCHEDULE's looks, the cap last

# a run id names a directory under each root and the audit log's file: one plain path component
RUN_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


def check_run_id(run_id: str) -> str:
    """``run_id`` if it is safe as one file name; else a UsageError saying what is allowed.

    No separators and no ``..``: "../../x" would put the run's mountpoints, tool reports and
    audit log outside fstune's own directories.
    """
    if not RUN_ID_RE.match(run_id) or ".." in run_id:
        raise UsageError(f"--run-id {run_id!r} cannot name a run: use 1 to 64 letters, digits, '.', '_' "
                         "and '-', starting with a letter or digit, without '/' or '..'.",
                         "Leave --run-id out to name the run after the current time.")
    return run_id


def schedule_looks(first: int, cap: int) -> tuple[int, ...]:
    """The looks for a run that plans ``first`` blocks and may run up to ``cap``: the first look
    after the planned blocks, then the default looks that fall between, then the cap.
    () when fewer than 3 blocks are allowed: such a run cannot decide."""
    first = min(first, cap)
    if first < 3:
        return ()
    looks = [first, *(n for n in DEFAULT_LOOKS if first < n < cap)]
    if cap > first:
        looks.append(cap)
    return tuple(looks)


def check_max_blocks(cap: int) -> int:
    """``cap`` if it can bound a run's blocks; else a UsageError."""
    if cap < 1:
        raise UsageError("--max-blocks must be at least 1 (3 or more for a verdict).", "E.g. --max-blocks 10.")
    return cap


def new_run_id() -> str:
    """A default run id: the time to the second and the pid, so that two runs started in the
    same second never share a run directory (a live run's directory is refused, leftovers.py)."""
    return f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}"


@dataclass(frozen=True)
class DeviceChoice:
    """A device the user picked, as the plan needs it."""

    path: str
    size: int  # bytes
    disk: str | None = None  # the whole disk it is on, to warn when journal and data share it
    description: str = ""  # e.g. "holds ext4 'data'" — shown in the script's header
    assumed: bool = False  # given by path for a dry run; not seen on this machine
    # what the saved script checks again before it writes (fstune/plan/script_guard.py)
    majmin: str | None = None
    partuuid: str | None = None
    backing_file: str | None = None  # a loop device's (or its partition's) backing file
    lab: bool = False  # a lab disk's: what is on it is fstune's, so no overwrite confirmation is asked
    # why `fstune run --yes` may not write it: it holds a filesystem no --overwrite UUID=… names
    # (fstune.devices.overwrite); empty when it may
    unconfirmed: str = ""


@dataclass(frozen=True)
class OptionOverride:
    """``[CONFIG:]NAME[=VALUE]`` from the command line: one mount option for one or all configs."""

    name: str
    value: str | None
    config: str | None = None

    @classmethod
    def parse(cls, text: str) -> "OptionOverride":
        config = None
        head, sep, value = text.partition("=")
        if ":" in head:
            config, _, head = head.partition(":")
        if not head.strip():
            raise UsageError(f"--option '{text}' names no option; write NAME or NAME=VALUE (or CONFIG:NAME=VALUE).")
        return cls(head.strip(), value.strip() if sep else None, config.strip() if config else None)


def default_mount_root() -> str:
    """Where runs make their mountpoints: ``$FSTUNE_MOUNT_ROOT``, else /run/fstune."""
    root = os.environ.get(MOUNT_ROOT_ENV, "").strip()
    if not root:
        return DEFAULT_MOUNT_ROOT
    if not os.path.isabs(root) or root == "/":
        raise UsageError(f"{MOUNT_ROOT_ENV}={root} is not a directory fstune can make mountpoints in.",
                         f"Give an absolute path other than /, or unset it for {DEFAULT_MOUNT_ROOT}.")
    return os.path.normpath(root)


@dataclass(frozen=True)
class Choices:
    study: Study
    target: DeviceChoice
    log_device: DeviceChoice | None = None
    options: tuple[OptionOverride, ...] = ()
    workloads: tuple[str, ...] | None = None  # None: the study's own list
    workload_params: dict[str, dict[str, object]] = field(default_factory=dict)
    repeats: int | None = None  # None: the study's own number
    max_blocks: int | None = None  # the cap on blocks in all (--max-blocks); None: DEFAULT_LOOKS[-1]
    configs: tuple[str, ...] | None = None  # None: every configuration; else these, baseline first
    mkfs_options: dict[str, tuple[str, ...]] = field(default_factory=dict)  # config → replaces its mkfs options
    force: bool = True  # pass each mkfs tool's force flag once (the user confirmed the devices)
    ceiling: bool = False  # a short raw-device pass before the first mkfs (``ceiling_workload``)
    # UUIDs of the filesystems the user agreed to destroy (--overwrite UUID=…): the saved script
    # refuses a device holding any other (fstune.devices.overwrite)
    overwrite: tuple[str, ...] = ()
    run_id: str = "plan"
    mount_root: str = field(default_factory=lambda: default_mount_root())
    # a time-dilated VM lab's factor (docs/vmlab.md, "Time dilation"): a workload whose length is a
    # time runs that many times longer in the guest, so it covers the same native time; 1: none
    time_dilation: float = field(default_factory=lambda: lab_time_dilation())
    work_root: str = field(default_factory=lambda: str(paths.reports_root()))  # tool reports, inputs
    # draws the order of the configurations in each block (``block_order``); None: drawn now, so
    # every run gets its own, and the plan, the script and the record show it
    order_seed: int | None = None
    # a screening design's own orders: per block, the configurations' indices as they run
    # (fstune/plan/screening.py); None: the rows of a Williams design drawn from order_seed
    block_orders: tuple[tuple[int, ...], ...] | None = None

    def __post_init__(self) -> None:
        if self.order_seed is None:
            object.__setattr__(self, "order_seed", draw_order_seed())


@dataclass(frozen=True)
class ConfigPlan:
    config: Configuration
    mount_options: tuple[tuple[str, str | None], ...]  # what the mount step passes, managed ones included
    mountpoint: str
    steps: tuple[Step, ...]  # its steps in the first block: make, mount, record, measure, unmount
    contexts: dict[str, WorkloadContext] = field(default_factory=dict)  # workload → where it runs

    def mount_argv(self, device: str) -> tuple[str, ...]:
        """The command that mounts it: its mount step's, and again the cold-cache steps' between a
        workload's phases (fstune.workloads.base.cold_cache_steps)."""
        return filesystems.get(self.config.filesystem).mount_argv(device, self.mountpoint, list(self.mount_options))


@dataclass(frozen=True)
class Block:
    """One block: every configuration once, in ``order``; its repeats are numbered ``number``."""

    number: int  # 1-based
    order: tuple[str, ...]  # configuration names, as they run
    steps: tuple[Step, ...]

    def describe(self, of: int | str | None = None) -> str:
        """"block 2/5: external, internal" (``of``: the planned blocks, or "up to N")."""
        return f"block {self.number}{f'/{of}' if of is not None else ''}: {', '.join(self.order)}"


ORDER_SEED_LIMIT = 2**31


def draw_order_seed() -> int:
    """A new seed for a run's block orders, from the system's randomness."""
    return secrets.randbelow(ORDER_SEED_LIMIT)


def block_order(count: int, number: int, seed: int) -> tuple[int, ...]:
    """The order of ``count`` configurations in block ``number`` (1-based): one of the rows of
    ``balanced_orders``, drawn for each block on its own from ``seed``, so that no disturbance that
    comes back every block or two can line up with the order. Drawn per pair of blocks instead (A B
    then B A, or B A then A B), a neighbour every two blocks still made the two blocks of a pair
    err alike, and 14 % of identical pairs differed (docs/verdicts.md, "Blocks, and why the order
    is drawn"). The same seed gives the same orders, however many blocks the run adds."""
    rows = balanced_orders(count)
    return random.Random(f"{seed}:{number}").choice(rows)


def balanced_orders(count: int) -> tuple[tuple[int, ...], ...]:
    """The rows of a Williams design for ``count`` configurations, block after block.

    Two alternate (0 1, 1 0). For more, row i is the first row shifted by i, the first row being
    0, 1, n−1, 2, n−2 …; with an odd count the mirrored rows follow, since one square cannot
    balance the pairs. Over the cycle every configuration is first equally often and every
    ordered pair is adjacent equally often.
    """
    if count < 1:
        raise ValueError("a block needs at least one configuration")
    if count == 1:
        return ((0,),)
    first, low, high = [0], 1, count - 1
    while len(first) < count:
        first.append(low)
        low += 1
        if len(first) < count:
            first.append(high)
            high -= 1
    rows = [tuple((value + shift) % count for value in first) for shift in range(count)]
    if count % 2:
        rows += [tuple(reversed(row)) for row in rows]
    return tuple(rows)


@dataclass(frozen=True)
class Plan:
    choices: Choices
    prepare: tuple[Step, ...]
    configs: tuple[ConfigPlan, ...]
    finish: tuple[Step, ...]
    warnings: tuple[str, ...]
    workloads: tuple[str, ...]
    repeats: int  # blocks planned before the run decides on more (one repeat per workload each)
    blocks: tuple[Block, ...] = ()
    # makes block N (the run asks for blocks beyond the planned ones); not part of equality
    make_block: Callable[[int], Block] | None = field(default=None, compare=False, repr=False)
    ceiling: tuple[Step, ...] = ()  # the raw-device pass, after the inputs and before the first mkfs
    max_blocks: int = DEFAULT_LOOKS[-1]  # the cap: the run never adds blocks beyond it

    @property
    def looks(self) -> tuple[int, ...]:
        """After how many blocks the run judges the primary metric (the cap last); () decides nothing."""
        return schedule_looks(len(self.blocks), self.max_blocks)

    @property
    def steps(self) -> list[Step]:
        return [*self.prepare, *self.ceiling, *(s for b in self.blocks for s in b.steps), *self.finish]

    def block(self, number: int) -> Block:
        """Block ``number``: a planned one, or a further one made exactly as the planned ones."""
        if 1 <= number <= len(self.blocks):
            return self.blocks[number - 1]
        if self.make_block is None or number < 1:
            raise ValueError(f"this plan cannot make block {number}")
        return self.make_block(number)

    @property
    def study(self) -> Study:
        return self.choices.study

    @property
    def run_dir(self) -> str:
        return f"{self.choices.mount_root}/{self.choices.run_id}"

    @property
    def work_dir(self) -> str:
        return f"{self.choices.work_root}/{self.choices.run_id}"

    def destructive_devices(self) -> list[str]:
        return list(dict.fromkeys(d for s in self.steps if s.destructive for d in s.written_devices))

    def written_choices(self) -> list[DeviceChoice]:
        """The chosen devices this plan writes: the target, and the journal/log device only when a
        step writes it (a study without an external journal leaves it alone, "X is not used"), so
        only these are identity-checked and locked, by a run and by the saved script alike."""
        written = set(self.destructive_devices())
        target, log = self.choices.target, self.choices.log_device
        return [target, *([log] if log is not None and log.path in written else [])]


# --- building ------------------------------------------------------------------------------


def _check_devices(choices: Choices, study: Study) -> list[str]:
    warnings = []
    target, log = choices.target, choices.log_device
    if study.needs_journal_device and log is None:
        names = ", ".join(c.name for c in study.configurations if c.external_journal)
        raise UsageError(
            f"study '{study.name}' puts the journal/log on a second device (configuration {names}).",
            "Name a spare partition with --log-device DEV.",
        )
    for config in study.configurations:
        fs = filesystems.get(config.filesystem)
        if target.size < fs.min_bytes:
            raise DeviceError(
                f"{target.path} is too small for {fs.title}: it needs at least {format_size(fs.min_bytes)}"
                f" and this is {format_size(target.size)}."
            )
    if log is None:
        return warnings
    if log.path == target.path:
        raise DeviceError(
            f"the journal/log device cannot be the target itself ({target.path}).",
            "Choose a spare partition, ideally on another disk.",
        )
    if not study.needs_journal_device:
        warnings.append(f"{log.path} is not used: no configuration of '{study.name}' has an external journal.")
        return warnings
    if target.disk and log.disk and target.disk == log.disk:
        warnings.append(
            f"{log.path} is on the same disk as {target.path} ({target.disk}): the journal gains no "
            "seek savings there, so expect little or no benefit from moving it."
        )
    for config in study.configurations:
        fs = filesystems.get(config.filesystem)
        if config.external_journal and fs.external and log.size < fs.external.min_bytes:
            raise DeviceError(
                f"{log.path} is too small for {fs.a_title} external {fs.external.noun}: it needs at least "
                f"{format_size(fs.external.min_bytes)} and this is {format_size(log.size)}."
            )
    return warnings


def _mount_options(config: Configuration, overrides: tuple[OptionOverride, ...], log: DeviceChoice | None,
                   study: Study) -> list[tuple[str, str | None]]:
    options = list(config.mount_options)
    extra = []
    for override in overrides:
        if override.config is not None and override.config not in {c.name for c in study.configurations}:
            study.configuration(override.config)  # raises with the list of names
        if override.config in (None, config.name):
            extra.append((override.name, override.value))
    if extra:
        options = filesystems.merge_options(options, extra)
        try:  # the whole set: an option may clash with one the study sets
            filesystems.check_mount_options(config.filesystem, options, journal=config.journal)
        except UsageError as error:
            raise UsageError(f"--option for configuration '{config.name}': {error.message}") from None
    if config.external_journal and log is not None:
        options += filesystems.get(config.filesystem).journal_mount_options(log.path)
    return options


def _on_loop_device(choices: Choices) -> bool:
    """The target is a loop device (the lab): its mkfs must not discard, which would punch holes
    into the backing file between blocks (docs/verdicts.md, "Quiet, repeatable preconditions")."""
    return Path(choices.target.path).name.startswith("loop")


def _mkfs_steps(config: Configuration, choices: Choices) -> list[Step]:
    """How the configuration is made: each filesystem module says it (fstune/filesystems/)."""
    job = MkfsJob.for_configuration(config, choices.target, choices.log_device, force=choices.force,
                                    discard=not _on_loop_device(choices))
    return filesystems.get(config.filesystem).mkfs_steps(job)


def _record_step(config: Configuration, target: str, mountpoint: str) -> Step | None:
    argv = filesystems.get(config.filesystem).record_argv(target, mountpoint)
    if argv is None:
        return None
    return Step(argv, title="Show how the filesystem was made", kind=kinds.RECORD,
                why="the record proves the journal placement and options the figures belong to",
                config=config.name)


def select_configurations(study: Study, names: tuple[str, ...] | None) -> Study:
    """The study narrowed to the named configurations; the baseline always stays first."""
    if names is None:
        return study
    chosen = [study.configuration(name) for name in names]  # raises on an unknown name
    if study.baseline not in chosen:
        chosen.insert(0, study.baseline)
    ordered = tuple(c for c in study.configurations if c in chosen)
    if len(ordered) < 2:
        raise UsageError(f"--configs leaves only the baseline '{study.baseline.name}'; name at least one variant.")
    return replace(study, configurations=ordered)


def with_mkfs_options(study: Study, edits: dict[str, tuple[str, ...]]) -> Study:
    """The study with some configurations' mkfs options replaced, checked like a study file's."""
    if not edits:
        return study
    configs = []
    for config in study.configurations:
        if config.name in edits:
            words = tuple(edits[config.name])
            try:
                filesystems.check_mkfs_options(config.filesystem, words, config.journal)
            except UsageError as error:
                raise UsageError(f"mkfs options for configuration '{config.name}': {error.message}") from None
            config = replace(config, mkfs_options=words)
        configs.append(config)
    for name in edits:
        study.configuration(name)  # an unknown name is an error, with the list of names
    return replace(study, configurations=tuple(configs))


def ceiling_workload(names: tuple[str, ...] | list[str]) -> str | None:
    """The first of ``names`` that can measure the raw device (``Workload.ceiling_steps``)."""
    return next((name for name in names if WORKLOADS[name].ceiling_steps is not None), None)


def _refuse_ceiling(names: tuple[str, ...]) -> UsageError:
    able = [name for name in WORKLOADS if ceiling_workload([name])]
    chosen = ", ".join(names) or "none"
    return UsageError(f"--ceiling measures the raw device with the phases of the {' or '.join(able)} workload, "
                      f"which this run does not include (its workloads: {chosen}).",
                      f"Add it with --workloads, or leave out --ceiling.")


def build_plan(choices: Choices) -> Plan:
    """Validate ``choices`` and return the Plan; raise UsageError/DeviceError with the reason."""
    check_run_id(choices.run_id)
    study = with_mkfs_options(select_configurations(choices.study, choices.configs), choices.mkfs_options)
    warnings = _check_devices(choices, study)
    workload_names = study.workloads if choices.workloads is None else choices.workloads
    for name in workload_names:
        workloads.get(name)  # an unknown name is an error, with the list of names
    repeats = study.repeats if choices.repeats is None else choices.repeats
    if repeats < 1:
        raise UsageError("--repeats must be at least 1.")
    max_blocks = check_max_blocks(DEFAULT_LOOKS[-1] if choices.max_blocks is None else choices.max_blocks)
    repeats = min(repeats, max_blocks)  # the cap wins: the plan holds no more blocks than it allows
    if repeats < 3 and workload_names and choices.block_orders is None:  # a design is judged by its model
        warnings.append(f"{repeats} block(s) cannot tell a real change from noise; fstune's verdicts need at least 3.")
    for name in choices.workload_params:
        workloads.get(name)
    params = {name: {**study.workload_params.get(name, {}),
                     **WORKLOADS[name].check_params(choices.workload_params.get(name, {}))}
              for name in workload_names}
    if choices.time_dilation > 1:
        params = dilate_durations(params, choices.time_dilation, warnings)
    # refused when no figure could tell when the blocks stop; said when it is not the study's own.
    # After the parameters: a mistyped value is the more specific thing to say first.
    _, note = study.primary_for(tuple(workload_names))
    if note:
        warnings.append(note)

    run_dir = f"{choices.mount_root}/{choices.run_id}"
    work_dir = f"{choices.work_root}/{choices.run_id}"
    shared_dir = f"{work_dir}/inputs"
    target, log = choices.target, choices.log_device

    def context(config: Configuration, name: str, mountpoint: str, mount_argv: tuple[str, ...] = ()) -> WorkloadContext:
        journal = log.path if config.external_journal and log else None
        return WorkloadContext(config=config.name, fs_name=config.filesystem, mountpoint=mountpoint,
                               workdir=f"{work_dir}/{config.name}", shared_dir=shared_dir,
                               data_device=target.path, journal_device=journal, target_size=target.size,
                               params=params.get(name, {}), mount_argv=mount_argv)

    prepare: list[Step] = []
    if workload_names:
        prepare.append(Step(("mkdir", "-p", shared_dir), title="Make the scratch directory for inputs and results",
                            kind=kinds.PREPARE, needs_root=False,
                            why="generated inputs and tool reports live outside the filesystem under test"))
        first = study.configurations[0]
        for name in workload_names:
            prepare += WORKLOADS[name].prepare_steps(context(first, name, f"{run_dir}/{first.name}"))

    ceiling: list[Step] = []
    if choices.ceiling:
        # after the inputs, before the first mkfs: the target is formatted next anyway, and the
        # runner checks it like before an mkfs (docs/ARCHITECTURE.md, "The ceiling")
        name = ceiling_workload(workload_names)
        if name is None:
            raise _refuse_ceiling(tuple(workload_names))
        first = study.configurations[0]
        ceiling = WORKLOADS[name].ceiling_steps(context(first, name, f"{run_dir}/{first.name}"), work_dir)

    def mount_options(config: Configuration) -> tuple:
        options = _mount_options(config, choices.options, log, study)
        if choices.time_dilation > 1:
            options = dilate_timers(config, options, choices.time_dilation, warnings)
        return tuple(options)

    config_plans = [ConfigPlan(config, mount_options(config), f"{run_dir}/{config.name}", (), {})
                    for config in study.configurations]
    for index, cp in enumerate(config_plans):
        mount_argv = cp.mount_argv(target.path)
        contexts = {name: context(cp.config, name, cp.mountpoint, mount_argv) for name in workload_names}
        config_plans[index] = replace(cp, contexts=contexts)
    seed = choices.order_seed

    def order_of(number: int) -> tuple[int, ...]:
        if choices.block_orders is not None:
            if not 1 <= number <= len(choices.block_orders):
                raise ValueError(f"the design has no block {number}")
            return tuple(choices.block_orders[number - 1])
        return block_order(len(config_plans), number, seed)

    def config_steps(cp: ConfigPlan, block: int, position: int) -> list[Step]:
        """One configuration's turn in a block: made afresh, mounted, measured once, unmounted."""
        config, mountpoint, mount_options = cp.config, cp.mountpoint, list(cp.mount_options)
        steps = _mkfs_steps(config, choices)
        steps.append(Step(("mkdir", "-p", mountpoint), title=f"Make the mountpoint {mountpoint}", kind=kinds.MKDIR,
                          why="a private, temporary mountpoint that fstune removes afterwards",
                          config=config.name, mountpoint=mountpoint))
        shown = filesystems.join_options(mount_options) or "defaults"
        steps.append(Step(cp.mount_argv(target.path),
                          title=f"Mount {target.path} ({shown})",
                          why="the workloads run inside the freshly made filesystem", kind=kinds.MOUNT,
                          config=config.name, mountpoint=mountpoint))
        record = _record_step(config, target.path, mountpoint)
        if record:
            steps.append(record)
        if workload_names:
            steps.append(Step(("mkdir", "-p", f"{work_dir}/{config.name}"),
                              title="Make the directory for this configuration's results", kind=kinds.PREPARE,
                              why="tool reports are kept outside the filesystem under test", needs_root=False,
                              config=config.name))
        for name in workload_names:
            steps += WORKLOADS[name].setup_steps(cp.contexts[name])
        for name in workload_names:
            steps += WORKLOADS[name].repeat_steps(cp.contexts[name], block)
        steps.append(Step(("umount", mountpoint), title=f"Unmount {target.path}", kind=kinds.UMOUNT, cleanup=True,
                          why="the next configuration reformats the device", config=config.name,
                          mountpoint=mountpoint))
        steps.append(Step(("rmdir", mountpoint), title="Remove the mountpoint", kind=kinds.RMDIR, cleanup=True,
                          why="leave nothing behind", config=config.name, mountpoint=mountpoint))
        return [replace(step, block=block, position=position) for step in steps]

    def make_block(number: int) -> Block:
        row = order_of(number)
        steps = [step for position, index in enumerate(row, 1)
                 for step in config_steps(config_plans[index], number, position)]
        return Block(number, tuple(config_plans[index].config.name for index in row), tuple(steps))

    blocks = tuple(make_block(number) for number in range(1, repeats + 1))
    def first_turn_of(index: int) -> tuple[Step, ...]:
        # the first block that runs it: a foldover's mirrored runs are not in block 1
        for number in range(1, repeats + 1):
            row = order_of(number)
            if index in row:
                return tuple(config_steps(config_plans[index], number, row.index(index) + 1))
        raise ValueError(f"no block runs configuration {config_plans[index].config.name}")

    first_turn = {cp.config.name: first_turn_of(i) for i, cp in enumerate(config_plans)}
    config_plans = [replace(cp, steps=first_turn[cp.config.name]) for cp in config_plans]

    finish = [Step(("rmdir", run_dir), title="Remove fstune's run directory", kind=kinds.RMDIR, cleanup=True,
                   why="leave nothing behind", mountpoint=run_dir, allow_failure="the run directory was not empty")]
    if workload_names:
        finish.append(Step(("rm", "-rf", shared_dir), title="Remove the generated inputs", kind=kinds.RMDIR,
                           cleanup=True, needs_root=False,
                           why="only the tools' reports are kept, in " + work_dir))
    return Plan(choices, tuple(prepare), tuple(config_plans), tuple(finish), tuple(warnings),
                tuple(workload_names), repeats, blocks, make_block, tuple(ceiling), max_blocks)
