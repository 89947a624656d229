"""A screening design as a plan: each distinct run of the design is a configuration of one study,
each replicate a block whose runs go in the design's drawn order (docs/screening.md, "Running a
screening").

The plan that comes out is an ordinary ``Plan``: the same script, the same runner, the same
session checks (preflight, leftovers, locks, identities) and the same readback of each run's
mount options and filesystem as every paired study. Only two things differ, both in the
``Choices``: the block orders are the design's (``block_orders``, drawn from the design's seed,
which is also the plan's ``order_seed`` so the script states it), and the number of blocks is the
replicates the budget fits, with no looks: a design is judged once, by its model.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path

from fstune import filesystems, workloads
from fstune.errors import StudyError, UsageError
from fstune.filesystems import ScreeningFactor
from fstune.plan.build import Choices
from fstune.screening import ScreeningPlan, Setup, check_factors
from fstune.screening.factors import check_journal_given, describe, parse_factor
from fstune.screening.record import config_name, config_title
from fstune.studies import Configuration, Study


def screening_study(plan: ScreeningPlan, *, workloads: tuple[str, ...], primary: tuple[str, str],
                    workload_params: dict[str, dict[str, object]] | None = None,
                    delta_percent: float | None = None) -> Study:
    """The study whose configurations are the design's runs (base rows), in row order."""
    setup = plan.setup
    configurations = []
    for row in range(plan.design.base.runs):
        options = plan.configuration(plan.design.base.rows[row])
        configurations.append(Configuration(
            name=config_name(row), title=config_title(plan, row), filesystem=setup.filesystem,
            mkfs_options=tuple(options.mkfs), journal=options.journal,
            mount_options=tuple(filesystems.split_options(list(options.mount)))))
    factors = "; ".join(describe(factor) for factor in plan.factors)
    fs = filesystems.get(setup.filesystem)
    study = Study(
        name=f"screen-{setup.filesystem}", title=f"Screening: which of {len(plan.factors)} options matter on {fs.title}",
        summary=f"{plan.design.base.title}, {plan.design.replicates} replicates: {factors}.",
        explanation="Each run of the design sets every factor to one of its two levels; one linear model then "
                    "judges every factor (docs/screening.md).",
        configurations=tuple(configurations), workloads=tuple(workloads), repeats=plan.design.blocks,
        workload_params=dict(workload_params or {}), primary_metric=primary, tags=("screening",))
    if delta_percent is not None:
        study = replace(study, delta_percent=delta_percent)
    return study


def screening_choices(choices: Choices, plan: ScreeningPlan) -> Choices:
    """``choices`` (made for the screening study) with the design's blocks: its orders and seed,
    one block per replicate (a foldover's two, the design and its mirror), and no more."""
    blocks = plan.design.blocks
    return replace(choices, block_orders=plan.design.orders, order_seed=plan.design.seed, repeats=blocks,
                   max_blocks=blocks)


# --- the confirmation ----------------------------------------------------------------------------------


def confirmation_study(run_id, screened) -> Study:
    """The paired study that confirms a stored screening run's proposal (``screened``:
    ``record.result_from_run``): every factor at its first level (the baseline) against the factors
    that matter at their better level (the proposal), on the screening's figure, workloads and
    parameters."""
    from fstune.screening.record import BASELINE, PROPOSAL

    proposal = screened.proposal()
    if proposal is None:
        why = screened.result.lines()[-1] if screened.result is not None else screened.refusal or ""
        raise UsageError(f"run {run_id} proposes nothing to confirm: {why[:1].lower()}{why[1:]}")
    setup = screened.plan.setup
    data = screened.data

    def config(name: str, title: str, options: dict) -> Configuration:
        # a proposal stored before the place factor has no "journal": the setup's, shared by every run
        return Configuration(name=name, title=title, filesystem=setup.filesystem, mkfs_options=tuple(options["mkfs"]),
                             journal=options.get("journal") or setup.journal,
                             mount_options=tuple(filesystems.split_options(list(options["mount"]))))

    matter = ", ".join(f"{name} at {level}" for name, level in proposal["matter"])
    primary = (data["primary"]["workload"], data["primary"]["metric"])
    return Study(
        name=f"confirm-screen-{run_id}", title=f"Confirming screening run {run_id}: {matter}",
        summary=f"The proposal of screening run {run_id} against every factor at its first level.",
        explanation=f"Screening run {run_id} found {matter}; this paired study measures that configuration "
                    "against the baseline before it may be rolled out (docs/screening.md).",
        configurations=(config(BASELINE, "every factor at its first level", proposal["baseline"]),
                        config(PROPOSAL, matter, proposal["proposal"])),
        workloads=tuple(data.get("workloads") or (primary[0],)),
        workload_params={name: dict(values) for name, values in (data.get("workload_params") or {}).items()},
        primary_metric=primary, source=f"fstune screen run {run_id}", tags=("screening-confirmation",))


# --- screening studies as files ------------------------------------------------------------------------
#
# A screening study is a TOML file like any study (fstune/studies.py), kept apart in a screening/
# folder of the recipes (shipped) or given by its path, since it has factors rather than
# configurations:
#
#     name = "ext4-options"
#     title = "ext4: which options matter for dbench"
#     summary = "One line for lists."
#     explanation = "What it screens and why."
#     filesystem = "ext4"
#     journal = "internal"                 # optional: where the journal is, for every run (not
#                                          # with the place factor, which sets it run by run)
#     mount_options = ["nodiscard"]        # optional: shared by every run, not screened
#     factors = ["data", "noatime", "commit=5,60", "barrier"]   # as fstune screen --factor takes them
#     workloads = ["metadata"]
#     primary = "metadata:dbench.throughput_mbs"   # optional: the workloads' declared one
#     budget = "30m"
#     [workload_params.metadata]
#     seconds = 20

SCREENING_FOLDER = "screening"
_KEYS = {"name", "title", "summary", "explanation", "filesystem", "journal", "mount_options", "factors", "workloads",
         "primary", "budget", "workload_params", "source"}


@dataclass(frozen=True)
class ScreeningStudy:
    name: str
    title: str
    summary: str
    explanation: str
    filesystem: str
    factors: tuple[str, ...]  # as typed: each goes through parse_factor
    workloads: tuple[str, ...]
    budget: str
    journal: str | None = None
    mount_options: tuple[str, ...] = ()
    primary: str | None = None
    workload_params: dict[str, dict[str, object]] = field(default_factory=dict)
    source: str = ""
    path: str = ""

    def setup(self) -> Setup:
        return Setup(self.filesystem, self.journal, self.mount_options)

    def parsed_factors(self) -> tuple[ScreeningFactor, ...]:
        return tuple(parse_factor(self.filesystem, text) for text in self.factors)


def parse_screening_study(text: str, path: str) -> ScreeningStudy:
    """A screening study file, every key checked: StudyError naming the file and the key."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise StudyError(f"{path}: not valid TOML: {error}", path=path) from None
    for key in data:
        if key not in _KEYS:
            raise StudyError(f"{path}: {key}: is not a key of a screening study; allowed: {', '.join(sorted(_KEYS))}.",
                             path=path, key=key)

    def text_of(key: str, required: bool = True) -> str:
        value = data.get(key, "")
        if not isinstance(value, str) or (required and not value.strip()):
            raise StudyError(f"{path}: {key}: must be a non-empty text.", path=path, key=key)
        return value.strip()

    def words(key: str) -> tuple[str, ...]:
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(item, str) and item.strip() for item in value):
            raise StudyError(f"{path}: {key}: must be a list of texts.", path=path, key=key)
        return tuple(item.strip() for item in value)

    params = data.get("workload_params", {})
    if not isinstance(params, dict) or not all(isinstance(v, dict) for v in params.values()):
        raise StudyError(f"{path}: workload_params: must be tables, one per workload.", path=path,
                         key="workload_params")
    study = ScreeningStudy(
        name=text_of("name"), title=text_of("title"), summary=text_of("summary"), explanation=text_of("explanation"),
        filesystem=text_of("filesystem"), factors=words("factors"), workloads=words("workloads"),
        budget=text_of("budget"), journal=text_of("journal", False) or None, mount_options=words("mount_options"),
        primary=text_of("primary", False) or None, workload_params={k: dict(v) for k, v in params.items()},
        source=text_of("source", False), path=path)
    try:  # every factor known and every pair allowed, as the command checks them
        study.setup()
        check_journal_given(study.journal, study.parsed_factors())
        check_factors(study.setup(), study.parsed_factors())
        for name in study.workloads:
            workloads.get(name)
    except UsageError as error:
        raise StudyError(f"{path}: {error.message}", path=path) from None
    return study


def shipped_screening_studies() -> dict[str, ScreeningStudy]:
    folder = resources.files("fstune.recipes") / SCREENING_FOLDER
    found = {}
    if folder.is_dir():
        for entry in sorted(folder.iterdir(), key=lambda item: item.name):
            if entry.name.endswith(".toml"):
                study = parse_screening_study(entry.read_text(encoding="utf-8"), f"recipes/screening/{entry.name}")
                found[study.name] = study
    return found


def find_screening_study(name: str) -> ScreeningStudy:
    """A shipped screening study by name, or a file by its path."""
    path = Path(name)
    if name.endswith(".toml") or path.is_file():
        try:
            return parse_screening_study(path.read_text(encoding="utf-8"), str(path))
        except OSError as error:
            raise UsageError(f"cannot read the screening study {name}: {error.strerror}.") from None
    shipped = shipped_screening_studies()
    if name not in shipped:
        raise UsageError(f"there is no screening study '{name}'; shipped: {', '.join(shipped) or 'none'}.",
                         "Or give the path of a screening study file.")
    return shipped[name]


def screening_study_toml(study: ScreeningStudy) -> str:
    """The study as a file ``parse_screening_study`` reads back the same."""
    def quoted(value: str) -> str:
        return json.dumps(value, ensure_ascii=False)

    def listed(values) -> str:
        return "[" + ", ".join(quoted(v) for v in values) + "]"

    lines = [f"name = {quoted(study.name)}", f"title = {quoted(study.title)}", f"summary = {quoted(study.summary)}",
             f"explanation = {quoted(study.explanation)}", f"filesystem = {quoted(study.filesystem)}"]
    if study.journal:
        lines.append(f"journal = {quoted(study.journal)}")
    if study.mount_options:
        lines.append(f"mount_options = {listed(study.mount_options)}")
    lines += [f"factors = {listed(study.factors)}", f"workloads = {listed(study.workloads)}"]
    if study.primary:
        lines.append(f"primary = {quoted(study.primary)}")
    lines.append(f"budget = {quoted(study.budget)}")
    if study.source:
        lines.append(f"source = {quoted(study.source)}")
    for name, values in study.workload_params.items():
        lines += ["", f"[workload_params.{name}]"]
        lines += [f"{key} = {json.dumps(value)}" for key, value in values.items()]
    return "\n".join(lines) + "\n"
