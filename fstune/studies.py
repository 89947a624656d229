"""Studies: a baseline configuration and the tuned variants measured against it.

A study is a TOML file. fstune ships its own in ``fstune.recipes`` (the repository's
``recipes/``); users add theirs in ``~/.config/fstune/recipes/`` and ``/etc/fstune/recipes/``.
A user's study with the same name as a shipped one replaces it.

File format (every key is checked; an error names the file, the line, the key and what is
allowed, and a broken user file leaves out only itself: README "Studies")::

    title = "ext3: journal inside vs on a second disk"
    summary = "One line for lists."
    explanation = "Paragraphs, in plain words: what this tests and why it may help."
    workloads = ["throughput", "metadata"]   # names from fstune.workloads
    repeats = 5                               # optional, at least 3: blocks before the first look
    primary = "metadata:dbench.throughput_mbs"  # WORKLOAD:METRIC the study stops on (docs/verdicts.md)
    delta_percent = 2                         # optional: the smallest change that matters, in %
    source = "Where the idea and reference figures come from."  # optional
    look_for = "What to watch in the results, for the whole study."  # optional (guided mode)

    [workload_params.metadata]                # optional per-workload parameters
    clients = 15

    [delta_percent_by_metric]                 # optional: δ for single metrics, "WORKLOAD:METRIC" keys
    "metadata:dbench.max_latency_ms" = 10

    [[configurations]]                        # the first one is the baseline
    name = "internal"
    title = "journal inside the filesystem"
    filesystem = "ext3"
    mkfs_options = ["-b", "4096"]             # argv words, never a shell string
    journal = "internal"                      # internal | external | none
    journal_attach = "mkfs"                   # JFS only: "mkfs" or "tune" (jfs_tune -J later)
    mount_options = ["noatime"]               # or "noatime,commit=30"
    look_for = "What to watch in the results for this configuration."  # optional

    [[expected]]                              # optional: what the original experiment found
    configuration = "external"                # the variant it is about
    against = "internal"                      # optional: the reference (the baseline if left out)
    metric = "metadata:dbench.throughput_mbs" # WORKLOAD:METRIC, as for primary
    direction = "higher"                      # higher | lower | unchanged: what the figure did
    before = 15.44                            # optional: the original figures, with their unit;
    after = 17.25                             #   the change in percent is worked out from them
    unit = "MB/s"
    percent = 12                              # optional, instead of before/after: the change in %
    needs = ["seeks", "separate-disks"]       # optional: what the effect depends on (NEEDS)
    hardware = "2003, kernel 2.4.20, IDE disks"   # the machine of the time, one short line
    reference = "Seed 000: ext3 external journal, dbench"  # where it was measured, one line
    note = "Anything a reader must know to compare."     # optional
    why_different = "Why this run's size may differ from the original's."  # optional, needs a size

``primary`` may be left out when one of the listed workloads declares a primary metric (the
first such workload's is used); a study whose workloads declare none must name one. Its blocks
go on until that metric's interval decides, up to the cap (fstune/stats/sequential.py).

``[[expected]]`` tables are facts about the original measurement, never a target: the results
and the exports set each beside the run's own verdict and say whether they agree, or why the
machine cannot show the effect (fstune/reports/expected.py; docs/verdicts.md, "Expected
outcomes"). They change nothing in the plan.

Guided mode (``fstune --guided``) shows a configuration's ``look_for`` once it is measured,
else the study's ``look_for``, else the "What to look for" paragraph of the explanation.
"""

from __future__ import annotations

import os
import re
import tomllib
import dataclasses
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path

from fstune import filesystems
from fstune.errors import StudyError, UsageError

MIN_REPEATS = 3
# blocks before the first look when a study does not say: the first of the default looks
# (5, 10, 15; fstune/measure/measurement.py), whose limits are in the checked-in table
DEFAULT_BLOCKS = 5
DEFAULT_DELTA_PERCENT = 2.0  # the practical threshold δ (docs/verdicts.md, "δ, the change that matters")
NAME_RE = re.compile(r"^[a-z0-9][a-z0-9-]{0,62}$")

_STUDY_KEYS = {"name", "title", "summary", "explanation", "workloads", "repeats", "source",
               "workload_params", "configurations", "tags", "look_for", "primary", "delta_percent",
               "delta_percent_by_metric", "expected"}
_CONFIG_KEYS = {"name", "title", "filesystem", "mkfs_options", "journal", "journal_attach",
                "mount_options", "look_for"}
_EXPECTED_KEYS = {"configuration", "against", "metric", "direction", "before", "after", "unit", "percent", "needs",
                  "hardware", "reference", "note", "why_different"}
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


def _fail(path: str, key: str, message: str) -> StudyError:
    return StudyError(f"{path}: {key}: {message}", path=path, key=key, detail=message)  # parse_study adds the line


_TABLE = re.compile(r"^\s*\[")


def _key_line(text: str, key: str) -> int | None:
    """The line (1-based) where ``key`` ("repeats", "configurations[1].journal",
    "workload_params.metadata") is written in ``text``; None when it is not (a missing key)."""
    lines = text.splitlines()

    def assigned(name: str, start: int, stop: int) -> int | None:
        pattern = re.compile(rf"^\s*[\"']?{re.escape(name)}[\"']?\s*=")
        return next((i + 1 for i in range(start, stop) if pattern.match(lines[i])), None)

    def section_end(start: int) -> int:
        return next((i for i in range(start + 1, len(lines)) if _TABLE.match(lines[i])), len(lines))

    table = re.match(r"^(configurations|expected)(?:\[(\d+)\])?(?:\.(.+))?$", key)
    if table:
        name = table.group(1)
        headers = [i for i, line in enumerate(lines) if re.match(rf"^\s*\[\[\s*{name}\s*\]\]", line)]
        index = int(table.group(2) or 0)
        if index >= len(headers):
            return assigned(name, 0, len(lines))
        start = headers[index]
        found = assigned(table.group(3), start + 1, section_end(start)) if table.group(3) else None
        return found or start + 1
    head, _, rest = key.partition(".")
    if rest:  # workload_params.metadata: its own table, or a key in [workload_params]
        header = re.compile(rf"^\s*\[\s*{re.escape(key)}\s*\]")
        found = next((i + 1 for i, line in enumerate(lines) if header.match(line)), None)
        return found or assigned(rest, 0, len(lines)) or assigned(head, 0, len(lines))
    top = next((i for i, line in enumerate(lines) if _TABLE.match(line)), len(lines))
    return assigned(key, 0, top)


def _str(data: dict, key: str, path: str, where: str, *, required: bool = True, default: str = "") -> str:
    if key not in data:
        if required:
            raise _fail(path, f"{where}{key}", "is missing (a text is required).")
        return default
    value = data[key]
    if not isinstance(value, str) or (required and not value.strip()):
        raise _fail(path, f"{where}{key}", f"must be a non-empty text, not {value!r}.")
    return value.strip()


def _unknown_keys(data: dict, allowed: set[str], path: str, where: str) -> None:
    for key in data:
        if key not in allowed:
            import difflib

            close = difflib.get_close_matches(key, sorted(allowed), n=1)
            hint = f" Did you mean '{close[0]}'?" if close else ""
            raise _fail(path, f"{where}{key}", f"is not a known key.{hint} Allowed: {', '.join(sorted(allowed))}.")


def _configuration(data: object, index: int, path: str) -> Configuration:
    where = f"configurations[{index}]."
    if not isinstance(data, dict):
        raise _fail(path, f"configurations[{index}]", "must be a table ([[configurations]]).")
    _unknown_keys(data, _CONFIG_KEYS, path, where)
    name = _str(data, "name", path, where)
    if not NAME_RE.match(name):
        raise _fail(path, f"{where}name", f"'{name}' must be lower-case letters, digits and dashes.")
    fs_name = _str(data, "filesystem", path, where)
    if fs_name not in filesystems.FILESYSTEMS:
        raise _fail(path, f"{where}filesystem", f"'{fs_name}' is not one of: {', '.join(filesystems.FILESYSTEMS)}.")
    fs = filesystems.FILESYSTEMS[fs_name]
    journal = _str(data, "journal", path, where, required=False, default=fs.placements[0])
    if journal not in filesystems.PLACEMENTS:
        raise _fail(path, f"{where}journal", f"'{journal}' must be one of: {', '.join(filesystems.PLACEMENTS)}.")
    if journal not in fs.placements:
        allowed = ", ".join(fs.placements)
        reason = fs.notes or f"{fs.title} allows: {allowed}."
        raise _fail(path, f"{where}journal", f"{fs.title} cannot have journal = \"{journal}\" ({allowed} only). {reason}")
    attach = _str(data, "journal_attach", path, where, required=False, default="mkfs")
    if attach not in ("mkfs", "tune"):
        raise _fail(path, f"{where}journal_attach", f"'{attach}' must be \"mkfs\" or \"tune\".")
    if attach == "tune" and not (fs.journal_attach_tool and journal == filesystems.EXTERNAL):
        later = " or ".join(other.short_title for other in filesystems.all() if other.journal_attach_tool)
        raise _fail(path, f"{where}journal_attach",
                    f"\"tune\" is only for a {later} configuration with an external journal.")
    mkfs_options = data.get("mkfs_options", [])
    if not isinstance(mkfs_options, list) or not all(isinstance(a, str) for a in mkfs_options):
        raise _fail(path, f"{where}mkfs_options", "must be a list of argument words, e.g. [\"-b\", \"4096\"].")
    raw_mount = data.get("mount_options", [])
    if isinstance(raw_mount, str):
        raw_mount = [raw_mount]
    if not isinstance(raw_mount, list) or not all(isinstance(a, str) for a in raw_mount):
        raise _fail(path, f"{where}mount_options", "must be a list of options or one comma-separated text.")
    mount_options = filesystems.split_options(",".join(raw_mount))
    try:
        filesystems.check_mkfs_options(fs_name, mkfs_options, journal)
    except UsageError as error:
        raise _fail(path, f"{where}mkfs_options", error.message) from None
    try:
        filesystems.check_mount_options(fs_name, mount_options, journal=journal)
    except UsageError as error:
        raise _fail(path, f"{where}mount_options", error.message) from None
    return Configuration(
        name=name,
        title=_str(data, "title", path, where),
        filesystem=fs_name,
        mkfs_options=tuple(mkfs_options),
        journal=journal,
        journal_attach=attach,
        mount_options=tuple(mount_options),
        look_for=_str(data, "look_for", path, where, required=False),
    )


def parse_study(text: str, path: str, origin: str = "shipped") -> Study:
    """Validate a study's TOML text; raise StudyError naming ``path``, the line and the key on any fault."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        where = re.search(r" \(at line (\d+), column (\d+)\)", str(error))
        if where is None:
            detail = f"not valid TOML: {error}."
            raise StudyError(f"{path}: {detail}", path=path, detail=detail) from None
        detail = f"not valid TOML: {str(error).replace(where.group(0), '')} (column {where.group(2)})."
        raise StudyError(f"{path}, line {where.group(1)}: {detail}", path=path, line=int(where.group(1)),
                         detail=detail) from None
    try:
        return _study(data, path, origin)
    except StudyError as error:
        if error.key is None:
            raise
        line = _key_line(text, error.key)
        if line is None:
            raise
        raise StudyError(f"{path}, line {line}: {error.key}: {error.detail}", error.hint, path=path, line=line,
                         key=error.key, detail=error.detail) from None


def _study(data: dict, path: str, origin: str) -> Study:
    from fstune import workloads  # late: workloads import studies' types for parameters

    _unknown_keys(data, _STUDY_KEYS, path, "")
    stem = Path(path).stem
    name = data.get("name", stem)
    if not isinstance(name, str) or not NAME_RE.match(name):
        raise _fail(path, "name", f"{name!r} must be lower-case letters, digits and dashes.")
    raw_configs = data.get("configurations")
    if not isinstance(raw_configs, list) or not raw_configs:
        raise _fail(path, "configurations", "at least one [[configurations]] table is needed (the first is the baseline).")
    configs = tuple(_configuration(c, i, path) for i, c in enumerate(raw_configs))
    if len(configs) < 2:
        raise _fail(path, "configurations", "a study needs a baseline and at least one variant to compare with it.")
    names = [c.name for c in configs]
    for index, config_name in enumerate(names):
        if config_name in names[:index]:
            raise _fail(path, f"configurations[{index}].name", f"the name '{config_name}' is used twice.")
    raw_workloads = data.get("workloads", [])
    if not isinstance(raw_workloads, list) or not all(isinstance(w, str) for w in raw_workloads):
        raise _fail(path, "workloads", "must be a list of workload names.")
    if len(set(raw_workloads)) != len(raw_workloads):
        raise _fail(path, "workloads", "a workload is listed twice.")
    for workload in raw_workloads:
        if workload not in workloads.WORKLOADS:
            raise _fail(path, "workloads", f"'{workload}' is not a workload; known: {', '.join(workloads.WORKLOADS)}.")
    repeats = data.get("repeats", DEFAULT_BLOCKS)
    if not isinstance(repeats, int) or isinstance(repeats, bool) or repeats < MIN_REPEATS:
        raise _fail(path, "repeats", f"must be a whole number of at least {MIN_REPEATS} (one run is not a measurement).")
    params = data.get("workload_params", {})
    if not isinstance(params, dict):
        raise _fail(path, "workload_params", "must be a table of tables, e.g. [workload_params.metadata].")
    checked_params: dict[str, dict[str, object]] = {}
    for workload, values in params.items():
        if workload not in workloads.WORKLOADS:
            raise _fail(path, f"workload_params.{workload}", f"is not a workload; known: {', '.join(workloads.WORKLOADS)}.")
        if not isinstance(values, dict):
            raise _fail(path, f"workload_params.{workload}", "must be a table.")
        try:
            checked_params[workload] = workloads.WORKLOADS[workload].check_params(values)
        except UsageError as error:
            raise _fail(path, f"workload_params.{workload}", error.message) from None
    tags = data.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        raise _fail(path, "tags", "must be a list of words.")
    primary = _primary(data, tuple(raw_workloads), path)
    delta = _delta_percent(data.get("delta_percent", DEFAULT_DELTA_PERCENT), path, "delta_percent")
    by_metric = data.get("delta_percent_by_metric", {})
    if not isinstance(by_metric, dict):
        raise _fail(path, "delta_percent_by_metric", 'must be a table of "WORKLOAD:METRIC" = percent.')
    deltas = {}
    for key, value in by_metric.items():
        where = f"delta_percent_by_metric.{key}"
        deltas[_metric_key(key, tuple(raw_workloads), path, where)] = _delta_percent(value, path, where)
    expected = _expectations(data.get("expected", []), configs, tuple(raw_workloads), path)
    return Study(
        name=name,
        title=_str(data, "title", path, ""),
        summary=_str(data, "summary", path, ""),
        explanation=_str(data, "explanation", path, ""),
        configurations=configs,
        workloads=tuple(raw_workloads),
        repeats=repeats,
        source=_str(data, "source", path, "", required=False),
        workload_params=checked_params,
        tags=tuple(tags),
        look_for=_str(data, "look_for", path, "", required=False),
        path=path,
        origin=origin,
        primary_metric=primary,
        delta_percent=delta,
        delta_percent_by_metric=deltas,
        expected=expected,
    )


def _number(data: dict, key: str, path: str, where: str) -> float | None:
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise _fail(path, f"{where}{key}", f"must be a number, not {value!r}.")
    return float(value)


def _expectations(raw: object, configs: tuple[Configuration, ...], study_workloads: tuple[str, ...],
                  path: str) -> tuple[Expectation, ...]:
    """The [[expected]] tables, each checked against the study's configurations and metrics."""
    if not isinstance(raw, list):
        raise _fail(path, "expected", "must be [[expected]] tables, one per original figure.")
    names = [config.name for config in configs]
    found = []
    for index, data in enumerate(raw):
        where = f"expected[{index}]."
        if not isinstance(data, dict):
            raise _fail(path, f"expected[{index}]", "must be a table ([[expected]]).")
        _unknown_keys(data, _EXPECTED_KEYS, path, where)
        config = _str(data, "configuration", path, where)
        against = _str(data, "against", path, where, required=False, default=names[0])
        for key, value in (("configuration", config), ("against", against)):
            if value not in names:
                raise _fail(path, f"{where}{key}", f"'{value}' is not a configuration of this study; it has: "
                            f"{', '.join(names)}.")
        if config == against:
            raise _fail(path, f"{where}against", f"'{against}' is the configuration itself; name another one "
                        "(or leave it out for the baseline).")
        if "metric" not in data:
            raise _fail(path, f"{where}metric", 'is missing: name the figure as "WORKLOAD:METRIC".')
        workload, metric = _metric_key(data["metric"], study_workloads, path, f"{where}metric")
        direction = _str(data, "direction", path, where)
        if direction not in DIRECTIONS:
            raise _fail(path, f"{where}direction", f"'{direction}' must be one of: {', '.join(DIRECTIONS)} "
                        "(what the figure did, whichever way is better).")
        before, after = _number(data, "before", path, where), _number(data, "after", path, where)
        percent = _number(data, "percent", path, where)
        unit = _str(data, "unit", path, where, required=False)
        if (before is None) != (after is None):
            raise _fail(path, f"{where}{'after' if after is None else 'before'}",
                        "is missing: give both the figure before and the figure after, or neither.")
        if before is not None:
            if percent is not None:
                raise _fail(path, f"{where}percent", "give either before and after (the change is worked out from "
                            "them) or percent, not both.")
            if not unit:
                raise _fail(path, f"{where}unit", "is missing: say what unit before and after are in, e.g. \"MB/s\".")
            if before == 0:
                raise _fail(path, f"{where}before", "is 0: no change in percent can be worked out from it.")
            percent = (after - before) / abs(before) * 100.0
        if percent is not None and ((direction == HIGHER_VALUE and percent <= 0)
                                    or (direction == LOWER_VALUE and percent >= 0)):
            raise _fail(path, f"{where}direction", f"'{direction}' contradicts the figures ({percent:+.1f} %).")
        why_different = _str(data, "why_different", path, where, required=False)
        if why_different and percent is None:
            raise _fail(path, f"{where}why_different", "explains a difference in size, but this expectation gives no "
                        "size: add before and after, or percent (or leave why_different out).")
        needs = data.get("needs", [])
        if not isinstance(needs, list) or not all(isinstance(n, str) for n in needs):
            raise _fail(path, f"{where}needs", f"must be a list of: {', '.join(NEEDS)}.")
        for need in needs:
            if need not in NEEDS:
                raise _fail(path, f"{where}needs", f"'{need}' is not one of: {', '.join(NEEDS)}.")
        found.append(Expectation(
            configuration=config, against=against, workload=workload, metric=metric, direction=direction,
            hardware=_str(data, "hardware", path, where), reference=_str(data, "reference", path, where),
            percent=percent, before=before, after=after, unit=unit, needs=tuple(dict.fromkeys(needs)),
            note=_str(data, "note", path, where, required=False), why_different=why_different))
    return tuple(found)


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


def _metric_key(text: object, study_workloads: tuple[str, ...], path: str, key: str) -> tuple[str, str]:
    """"WORKLOAD:METRIC" in a study file: ``metric_key``, its error naming the file and the key."""
    try:
        return metric_key(text, study_workloads, "the study's workloads")
    except UsageError as error:
        raise _fail(path, key, error.message) from None


def _primary(data: dict, study_workloads: tuple[str, ...], path: str) -> tuple[str, str] | None:
    if "primary" in data:
        return _metric_key(data["primary"], study_workloads, path, "primary")
    for name in study_workloads:
        declared = _declared_primary(name)
        if declared:
            return name, declared
    if study_workloads:
        raise _fail(path, "primary", f"is missing: none of the workloads ({', '.join(study_workloads)}) declares a "
                    'primary metric, so name the figure the study stops on, e.g. primary = "WORKLOAD:METRIC".')
    return None


def _declared_primary(workload: str) -> str | None:
    """The metric a workload declares primary, if it declares one (fstune/workloads/)."""
    from fstune import workloads

    return next((m.name for m in workloads.WORKLOADS[workload].metrics if m.primary), None)


def _delta_percent(value: object, path: str, key: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < 100:
        raise _fail(path, key, f"must be a percentage above 0 and below 100 (2 means 2 %), not {value!r}.")
    return float(value)


def load_study_file(path: Path, origin: str = "user") -> Study:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise StudyError(f"{path}: cannot be read ({error.strerror}).") from None
    return parse_study(text, str(path), origin)


def user_study_dirs() -> list[tuple[Path, str]]:
    """Where users' own studies live, lowest priority first."""
    config_home = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return [(Path("/etc/fstune/recipes"), "system"), (config_home / "fstune" / "recipes", "user")]


@dataclass(frozen=True)
class BrokenStudy:
    """A user's or /etc study file that does not load: what it would be called, and why not."""

    name: str  # its ``name`` key where the TOML could be read, else the file's stem
    path: str
    origin: str
    error: StudyError


class StudyCatalog(dict):
    """Every study that loads, by name; ``broken`` lists the user's and /etc files that do not."""

    def __init__(self) -> None:
        super().__init__()
        self.broken: list[BrokenStudy] = []

    def broken_named(self, name: str) -> BrokenStudy | None:
        return next((b for b in self.broken if name in (b.name, Path(b.path).stem)), None)


def _declared_name(path: Path) -> str:
    try:
        name = tomllib.loads(path.read_text(encoding="utf-8")).get("name")
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        name = None
    return name if isinstance(name, str) and name.strip() else path.stem


def load_studies(extra_dirs: list[tuple[Path, str]] | None = None,
                 errors: list[StudyError] | None = None) -> StudyCatalog:
    """Every study, shipped first, then /etc, then the user's own (later ones win by name).

    A broken user or /etc file takes out only itself: it goes to the catalog's ``broken`` list
    (and to ``errors`` when given) and every other study loads; one typo in one file must not
    hide or block the rest. A broken shipped study is fstune's own bug and raises.
    """
    found = StudyCatalog()
    package = resources.files("fstune.recipes")
    for entry in sorted(package.iterdir(), key=lambda item: item.name):
        if entry.name.endswith(".toml"):
            study = parse_study(entry.read_text(encoding="utf-8"), f"recipes/{entry.name}", "shipped")
            found[study.name] = study
    dirs = user_study_dirs() if extra_dirs is None else extra_dirs
    for directory, origin in dirs:
        if directory.is_dir():
            for file in sorted(directory.glob("*.toml")):
                try:
                    study = load_study_file(file, origin)
                except StudyError as error:
                    found.broken.append(BrokenStudy(_declared_name(file), str(file), origin, error))
                    if errors is not None:
                        errors.append(error)
                    continue
                found[study.name] = study
    return found


def find_study(name: str, studies: dict[str, Study] | None = None) -> Study:
    studies = load_studies() if studies is None else studies
    broken = studies.broken_named(name) if isinstance(studies, StudyCatalog) else None
    if broken is not None and (name not in studies or studies[name].origin == "shipped"):
        # asked for by name: say why it does not load. A broken user copy of a shipped study
        # says so too, rather than quietly measuring the shipped one instead
        shipped = " (fstune ships a study of that name; move the file away to use it)" if name in studies else ""
        raise StudyError(broken.error.message, f"Fix the file{shipped}; 'fstune recipes' lists every study "
                         "that loads.", path=broken.error.path, line=broken.error.line, key=broken.error.key,
                         detail=broken.error.detail)
    if name in studies:
        return studies[name]
    candidate = Path(name)
    if candidate.suffix == ".toml" and candidate.is_file():
        return load_study_file(candidate)
    import difflib

    close = difflib.get_close_matches(name, list(studies), n=1)
    hint = f"Did you mean '{close[0]}'? " if close else ""
    raise UsageError(f"there is no study called '{name}'.", f"{hint}'fstune recipes' lists them.")
