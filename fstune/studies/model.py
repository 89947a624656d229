"""What a study is, once read: its configurations, what the original experiment found, and the
figure its blocks stop on. ``fstune.studies.parse`` makes these from a study file; this module
names no file.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field, replace

from fstune import filesystems
from fstune.errors import UsageError

MIN_REPEATS = 3
# blocks before the first look when a study does not say: the first of the default looks
# (5, 10, 15; fstune/measure/measurement.py), whose limits are in the checked-in table
DEFAULT_BLOCKS = 5
DEFAULT_DELTA_PERCENT = 2.0  # the practical threshold δ (docs/verdicts.md, "δ, the change that matters")
NAME_RE = re.compile(r"^[a-z0-9][a-z0-9-]{0,62}$")
# what an expected figure did, in the metric's own terms (not better/worse)
HIGHER_VALUE, LOWER_VALUE, UNCHANGED = "higher", "lower", "unchanged"
DIRECTIONS = (HIGHER_VALUE, LOWER_VALUE, UNCHANGED)
# what an original effect depends on; fstune/reports/expected.py says where each cannot show
SEEKS, SEPARATE_DISKS = "seeks", "separate-disks"
NEEDS = {SEEKS: "a disk whose head moves: a rotating disk, or the VM lab's disk model",
         SEPARATE_DISKS: "the journal or log on another physical disk than the data"}



@dataclass(frozen=True)
class Configuration:
    """One way of making and mounting the filesystem under test."""

    name: str
    title: str
    filesystem: str
    mkfs_options: tuple[str, ...] = ()
    journal: str = filesystems.INTERNAL
    journal_attach: str = "mkfs"
    mount_options: tuple[tuple[str, str | None], ...] = ()
    look_for: str = ""

    @property
    def external_journal(self) -> bool:
        return self.journal == filesystems.EXTERNAL

    @property
    def mount_option_string(self) -> str:
        return filesystems.join_options(list(self.mount_options))


@dataclass(frozen=True)
class Expectation:
    """What the original experiment found for one figure: a fact to set beside a run's verdict."""

    configuration: str
    against: str  # the reference configuration: the baseline unless the file says otherwise
    workload: str
    metric: str
    direction: str  # one of DIRECTIONS
    hardware: str
    reference: str
    percent: float | None = None  # the original change in percent, when known
    before: float | None = None  # the original figures, in ``unit``
    after: float | None = None
    unit: str = ""
    needs: tuple[str, ...] = ()  # names from NEEDS
    note: str = ""
    # the likely reason a run's change differs in size from the original's, from the study's own
    # facts; shown beside "much smaller" / "much larger", never used to judge
    why_different: str = ""

    @property
    def key(self) -> str:
        return f"{self.workload}:{self.metric}"

    def as_json(self) -> dict:
        """As a run records it (``RunRecord.settings["expected"]``), so its report keeps what the
        study expected when it ran, whatever the study file says later."""
        return {**dataclasses.asdict(self), "needs": list(self.needs)}

    @classmethod
    def from_json(cls, data: dict) -> Expectation:
        known = {f.name for f in dataclasses.fields(cls)}
        fields = {key: value for key, value in data.items() if key in known}
        return cls(**{**fields, "needs": tuple(fields.get("needs") or ())})


@dataclass(frozen=True)
class Study:
    name: str
    title: str
    summary: str
    explanation: str
    configurations: tuple[Configuration, ...]
    workloads: tuple[str, ...]
    repeats: int = DEFAULT_BLOCKS  # blocks planned before the first look
    source: str = ""
    workload_params: dict[str, dict[str, object]] = field(default_factory=dict)
    tags: tuple[str, ...] = ()
    look_for: str = ""  # what to watch in the results (guided mode); configurations may have their own
    path: str = ""  # the file it came from
    origin: str = "shipped"  # shipped | user | system
    # the figure the study stops on, (workload, metric); None only for a study without workloads
    primary_metric: tuple[str, str] | None = None
    delta_percent: float = DEFAULT_DELTA_PERCENT
    delta_percent_by_metric: dict[tuple[str, str], float] = field(default_factory=dict)
    expected: tuple[Expectation, ...] = ()  # what the original experiment found ([[expected]])

    @property
    def primary(self) -> tuple[str, str]:
        """(workload, metric) of the figure whose decision ends the study's blocks."""
        if self.primary_metric is None:
            raise UsageError(f"study '{self.name}' measures nothing, so it has no primary metric.")
        return self.primary_metric

    def with_primary(self, text: str, chosen: tuple[str, ...]) -> Study:
        """This study stopping on ``text`` ("WORKLOAD:METRIC", one of the ``chosen`` workloads'
        metrics) instead of its own primary: ``--primary``."""
        return replace(self, primary_metric=metric_key(text, chosen))

    def primary_for(self, chosen: tuple[str, ...]) -> tuple[tuple[str, str] | None, str | None]:
        """The figure a run of the ``chosen`` workloads stops on, and a note when it is not the
        study's own: the study's primary when its workload runs, else the first chosen workload's
        declared primary (docs/verdicts.md, "How a run is planned and stopped"). (None, None)
        without workloads. A run whose workloads declare none is refused (UsageError): with no
        figure to judge, fstune could not tell when its blocks may stop."""
        if not chosen:
            return None, None
        if self.primary_metric and self.primary_metric[0] in chosen:
            return self.primary_metric, None
        for name in chosen:
            declared = _declared_primary(name)
            if declared:
                return (name, declared), (f"The study's primary metric is not measured by the chosen workloads; "
                                          f"the blocks stop on {name}:{declared} instead.")
        from fstune import workloads

        own = f" and the study's own ({':'.join(self.primary_metric)}) is not among them" if self.primary_metric else ""
        with_one = [w.name for w in workloads.all() if _declared_primary(w.name)]
        example = f"{chosen[0]}:{workloads.WORKLOADS[chosen[0]].metrics[0].name}"
        raise UsageError(
            f"none of the chosen workloads ({', '.join(chosen)}) declares a primary metric{own}, so fstune "
            "could not tell when the blocks may stop: choose a workload that declares one "
            f"({', '.join(with_one)}), or name the figure to stop on, e.g. --primary {example} on the command "
            f"line or primary = \"{example}\" in the study file.",
            "docs/verdicts.md, \"How a run is planned and stopped\", says how the primary metric is chosen.")

    def delta_for(self, workload: str, metric: str) -> float:
        """δ for one metric as a fraction (0.02 = 2 %): its own, else the study's."""
        return self.delta_percent_by_metric.get((workload, metric), self.delta_percent) / 100.0

    @property
    def baseline(self) -> Configuration:
        return self.configurations[0]

    @property
    def variants(self) -> tuple[Configuration, ...]:
        return self.configurations[1:]

    @property
    def filesystems(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c.filesystem for c in self.configurations))

    @property
    def needs_journal_device(self) -> bool:
        return any(c.external_journal for c in self.configurations)

    def configuration(self, name: str) -> Configuration:
        for config in self.configurations:
            if config.name == name:
                return config
        known = ", ".join(c.name for c in self.configurations)
        raise UsageError(f"study '{self.name}' has no configuration '{name}'; it has: {known}.")



def metric_key(text: object, chosen: tuple[str, ...], whose: str = "the workloads that run") -> tuple[str, str]:
    """"WORKLOAD:METRIC" checked against the ``chosen`` workloads (``whose``, in the error) and
    what each declares."""
    from fstune import workloads

    if not isinstance(text, str) or text.count(":") != 1:
        raise UsageError(f'{text!r} must be "WORKLOAD:METRIC", e.g. "metadata:dbench.throughput_mbs".')
    workload, metric = (part.strip() for part in text.split(":"))
    if workload not in chosen:
        raise UsageError(f"'{workload}' is not one of {whose} ({', '.join(chosen) or 'none'}).")
    declared = [m.name for m in workloads.WORKLOADS[workload].metrics]
    if metric not in declared:
        raise UsageError(f"workload {workload} has no metric '{metric}'; it reports: {', '.join(declared)}.")
    return workload, metric



def _declared_primary(workload: str) -> str | None:
    """The metric a workload declares primary, if it declares one (fstune/workloads/)."""
    from fstune import workloads

    return next((m.name for m in workloads.WORKLOADS[workload].metrics if m.primary), None)

