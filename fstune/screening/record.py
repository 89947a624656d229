"""A screening run as the results store keeps it, and its result read back from the figures.

A screening run is stored like any run (its configurations are the design's distinct runs, its
blocks the replicates) with one more entry in its design, ``design["screening"]``: the setup,
the factors and their levels, the design's kind, rows, seed and orders, the budget it was planned
with, and the figure it is judged on (``to_record``). ``plan_from_record`` makes the same
``ScreeningPlan`` again (pyDOE and the seed give the same matrix and orders, checked against the
stored ones), and ``result_from_run`` analyses the stored repeats: each run of the design takes
the primary figure of its configuration in its block, and a run without one (a failed repeat, a
run that stopped early) is a missing figure (docs/screening.md, "Running a screening").

Pure: the repeats are read through their attributes (``config``, ``workload``, ``block``,
``failed``, ``samples``), so the store's layer calls this without this package importing it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from fstune.errors import UsageError
from fstune.filesystems import ScreeningFactor
from fstune.screening.analysis import ScreeningResult
from fstune.screening.budget import plan_budget
from fstune.screening.design import base_design, make_design
from fstune.screening.factors import Setup, describe
from fstune.screening.study import ScreeningPlan

SCHEMA = 1
KEY = "screening"  # RunRecord.design[KEY]


def config_name(row: int) -> str:
    """The configuration of base row ``row`` (0-based): "run-01"."""
    return f"run-{row + 1:02d}"


def config_title(plan: ScreeningPlan, row: int) -> str:
    """"noatime, commit=60, data=ordered": each factor's level in that row."""
    codes = plan.design.base.rows[row]
    return ", ".join(factor.level_text(code) for factor, code in zip(plan.factors, codes))


def to_record(plan: ScreeningPlan, *, workload: str, metric: str, better: str, delta: float,
              workloads: tuple[str, ...] = (), workload_params: Mapping | None = None) -> dict:
    """What the store keeps of a screening run's design (JSON-shaped); ``workloads`` and their
    parameters are what a confirmation measures again."""
    design, budget = plan.design, plan.budget
    return {
        "schema": SCHEMA,
        "setup": {"filesystem": plan.setup.filesystem, "journal": plan.setup.journal,
                  "mount_options": list(plan.setup.mount_options), "mkfs_options": list(plan.setup.mkfs_options)},
        "factors": [{"name": f.name, "kind": f.kind, "first": list(f.first), "second": list(f.second), "help": f.help}
                    for f in plan.factors],
        "kind": design.base.kind, "title": design.base.title, "rows": [list(row) for row in design.base.rows],
        "configs": [config_name(row) for row in range(design.base.runs)],
        "seed": design.seed, "replicates": design.replicates, "orders": [list(order) for order in design.orders],
        # the cap it was chosen within (None: blocks of at most MAX_BLOCK_RUNS); with the kind, it
        # makes this design again (a record from before the foldover has 16 or more, and no foldover)
        "max_runs": plan.max_runs,
        "primary": {"workload": workload, "metric": metric, "better": better},
        "delta": delta,
        "workloads": list(workloads or (workload,)),
        "workload_params": {name: dict(values) for name, values in (workload_params or {}).items()},
        "budget": {"seconds_per_run": budget.seconds_per_run, "budget_seconds": budget.budget_seconds,
                   "spread": budget.spread, "power": budget.power, "detectable": budget.detectable},
        "words": plan.words(),
    }


def plan_from_record(data: Mapping) -> ScreeningPlan:
    """The ``ScreeningPlan`` a stored run was made from; UsageError when the record is not one fstune
    can read, or pyDOE no longer makes the same design from it."""
    if not data or data.get("schema") != SCHEMA:
        raise UsageError("this run's screening design was stored in a form this fstune cannot read.")
    setup_data = data["setup"]
    setup = Setup(setup_data["filesystem"], setup_data["journal"], tuple(setup_data["mount_options"]),
                  tuple(setup_data["mkfs_options"]))
    factors = tuple(ScreeningFactor(f["name"], f["kind"], tuple(f["first"]), tuple(f["second"]), f.get("help", ""))
                    for f in data["factors"])
    names = [factor.name for factor in factors]
    stored_cap = data.get("max_runs")
    try:
        base = base_design(names, int(stored_cap) if stored_cap is not None else None, kind=data.get("kind"))
    except UsageError:
        base = None
    if base is None or [list(row) for row in base.rows] != [list(row) for row in data["rows"]]:
        raise UsageError("this run's stored design is not the one pyDOE makes for its factors today; its figures "
                         "cannot be put back on their runs.")
    design = make_design(base, int(data["replicates"]), int(data["seed"]))
    if [list(order) for order in design.orders] != [list(order) for order in data["orders"]]:
        raise UsageError("this run's stored block orders are not the ones its seed draws.")
    stored = data["budget"]
    budget = plan_budget(base, stored["seconds_per_run"], stored["budget_seconds"], stored["spread"],
                         power=stored["power"], delta=data["delta"])
    return ScreeningPlan(setup, factors, design, budget, int(stored_cap) if stored_cap is not None else None)


def figures(plan: ScreeningPlan, data: Mapping, repeats: Iterable) -> list[float | None]:
    """The primary figure of every run of the design, in ``design.runs`` order; None where the run
    gave none (its repeat failed, or the run stopped before it). Blocks the paired studies' drop
    rules set aside count here: a screening replaces no block, and the block effect of the model
    takes out what was common to a whole block (docs/screening.md)."""
    workload, metric = data["primary"]["workload"], data["primary"]["metric"]
    found: dict[tuple[str, int], float] = {}
    for repeat in repeats:
        if repeat.workload != workload or repeat.failed or repeat.block is None:
            continue
        values = [sample.value for sample in repeat.samples if sample.metric == metric]
        if values and values[0] is not None and math.isfinite(values[0]) and values[0] > 0:
            found[(repeat.config, repeat.block)] = float(values[0])
    configs = data["configs"]
    return [found.get((configs[run.row], run.block)) for run in plan.design.runs]


@dataclass(frozen=True)
class Screened:
    """A stored screening run read back: its plan, the figures, and the result (or why none)."""

    plan: ScreeningPlan
    data: Mapping
    values: tuple[float | None, ...]
    result: ScreeningResult | None
    refusal: str | None  # why there is no result (too many runs missing …)
    readback: tuple[str, ...] = ()  # ``readback_lines``: what the kernel showed of each factor's level
    pacing: tuple[str, ...] = ()  # ``pacing_lines``: on a modelled lab, the runs the host paced

    @property
    def primary(self) -> str:
        return f"{self.data['primary']['workload']}:{self.data['primary']['metric']}"

    @property
    def factor_words(self) -> str:
        return "; ".join(describe(factor) for factor in self.plan.factors)

    def proposal(self) -> dict | None:
        """The configuration to confirm, as mount and mkfs options beside the baseline's: None
        when nothing is to be confirmed."""
        if self.result is None:
            return None
        pair = self.plan.confirmation(self.result)
        if pair is None:
            return None
        baseline, proposal = pair
        return {"baseline": {"mount": list(baseline.mount), "mkfs": list(baseline.mkfs),
                             "journal": baseline.journal},
                "proposal": {"mount": list(proposal.mount), "mkfs": list(proposal.mkfs),
                             "journal": proposal.journal},
                "matter": [list(item) for item in self.result.confirmation.matter]}


def result_from_run(design: Mapping, repeats: Iterable) -> Screened:
    """A stored run's screening result (``design`` is RunRecord.design)."""
    data = design.get(KEY)
    plan = plan_from_record(data)
    repeats = list(repeats)
    values = figures(plan, data, repeats)
    readback = tuple(readback_lines(plan, data, repeats))
    pacing = tuple(pacing_lines(data, repeats))
    try:
        result = plan.analyse(values, data["primary"]["better"], delta=data["delta"])
    except UsageError as refused:
        return Screened(plan, data, tuple(values), None, refused.message, readback, pacing)
    return Screened(plan, data, tuple(values), result, None, readback, pacing)


def is_screening(design: Mapping | None) -> bool:
    return bool(design) and KEY in design


# --- confirmation and export ------------------------------------------------------------------------

CONFIRMS = "confirms_screening"  # RunRecord.design[CONFIRMS] of a confirmation run
PROPOSAL, BASELINE = "proposal", "baseline"  # the confirmation study's configurations


def confirmation_design(screening_run: int, screened: Screened) -> dict:
    """What a confirmation run stores of the screening it confirms."""
    return {"run": screening_run, "matter": screened.proposal()["matter"], "factors": screened.factor_words,
            "primary": screened.primary}


def export_refusal(design: Mapping, run_id) -> str | None:
    """Why a configuration of this run may not be rolled out without --force: a screening run
    suggests and never decides (its proposal is confirmed in a paired run first)."""
    if not is_screening(design):
        return None
    return (f"run {run_id} is a screening: it suggests which options matter and does not decide. Confirm its "
            f"proposal first (fstune screen --confirm {run_id}), then export the confirmation run's "
            f"'{PROPOSAL}' configuration, which is refused unless it was measured better.")


def export_lines(design: Mapping, run_id) -> list[str]:
    """What an export's header says of the screening behind it: both runs, cited."""
    if is_screening(design):
        return [f"Proposed by screening run {run_id} and not confirmed: a screening suggests; it does not decide."]
    confirms = design.get(CONFIRMS) if design else None
    if not confirms:
        return []
    matter = ", ".join(f"{name} at {level}" for name, level in confirms.get("matter", []))
    return [f"Proposed by screening run {confirms['run']} ({matter}; judged on {confirms.get('primary', '')}), and "
            f"confirmed against its baseline in run {run_id}, an ordinary paired study."]


# --- the readback, factor by factor ---------------------------------------------------------------------


def readback_lines(plan: ScreeningPlan, data: Mapping, repeats: Iterable) -> list[str]:
    """What the kernel showed of each mount factor's level, run by run: the proof that each run
    was the design's. A level's option counts where the kernel shows it in /proc/self/mountinfo
    (some run showed it); a run whose shown options contradict its coded level is named. The run
    itself already stopped on an option that was not applied (the readback every study has); this
    says, for the report, which factors the kernel's own words confirm."""
    from fstune.filesystems import MOUNT_FACTOR, PLACE_FACTOR

    configs = data["configs"]
    rows = {name: plan.design.base.rows[index] for index, name in enumerate(configs)}
    shown_by_run: dict[tuple[str, int], set[str]] = {}
    for repeat in repeats:
        readback = (getattr(repeat, "conditions", None) or {}).get("readback") or {}
        if repeat.config in rows and "mount_options" in readback:
            words = set(str(readback.get("mount_options", "")).split(",")) | set(
                str(readback.get("super_options", "")).split(","))
            shown_by_run[(repeat.config, repeat.block)] = words
    if not shown_by_run:
        return ["Readback: no run recorded the kernel's mount options.", *placement_lines(plan, data, repeats)]
    seen = set().union(*shown_by_run.values())
    confirmed, unseen, wrong = [], [], []
    for index, factor in enumerate(plan.factors):
        if factor.kind == PLACE_FACTOR:
            continue  # the record step shows it (``placement_lines``)
        if factor.kind != MOUNT_FACTOR:
            unseen.append(factor.name)
            continue
        visible = [[word for word in factor.level(code) if word in seen] for code in (-1, 1)]
        if not any(visible):
            unseen.append(factor.name)
            continue
        bad = [f"{config} in block {block}" for (config, block), words in sorted(shown_by_run.items())
               if any(word not in words for word in visible[0 if rows[config][index] < 0 else 1])
               or any(word in words for word in visible[1 if rows[config][index] < 0 else 0])]
        (wrong if bad else confirmed).append(f"{factor.name} ({', '.join(bad[:3])})" if bad else factor.name)
    lines = [f"Readback: in {len(shown_by_run)} runs the kernel's mount options showed each run's level of "
             + (", ".join(confirmed) if confirmed else "no factor") + "."]
    lines += placement_lines(plan, data, repeats)
    if unseen:
        lines.append(f"Not shown by the kernel at either level, so checked only as every study checks its "
                     f"options (and its mkfs options by the record step): {', '.join(unseen)}.")
    if wrong:
        lines.append(f"NOT the design's level in some runs: {'; '.join(wrong)}. Those factors' effects cannot be "
                     "trusted.")
    return lines


def placement_lines(plan: ScreeningPlan, data: Mapping, repeats: Iterable) -> list[str]:
    """What the record step (dumpe2fs, xfs_info) showed of the journal's/log's place, run by
    run, for a design with a place factor: the proof that each run had its level's placement, and
    which device held an external journal. The run itself already stopped on a placement that was
    not the configuration's (``Filesystem.placement_problem``); this says it for the report."""
    from fstune.filesystems import PLACE_FACTOR

    index = next((i for i, factor in enumerate(plan.factors) if factor.kind == PLACE_FACTOR), None)
    if index is None:
        return []
    factor = plan.factors[index]
    configs = data["configs"]
    rows = {name: plan.design.base.rows[row] for row, name in enumerate(configs)}
    found: dict[tuple[str, int], Mapping] = {}
    for repeat in repeats:
        readback = (getattr(repeat, "conditions", None) or {}).get("readback") or {}
        if repeat.config in rows and readback.get("journal"):
            found[(repeat.config, repeat.block)] = readback
    if not found:
        return [f"Readback: no run recorded where its {factor.name} was; {factor.name} was checked only as every "
                "study checks a placement."]
    counts: dict[str, int] = {}
    devices: list[str] = []
    wrong = []
    for (config, block), readback in sorted(found.items()):
        wanted = factor.level(rows[config][index])[0]
        shown = str(readback.get("journal"))
        if shown != wanted:
            wrong.append(f"{config} in block {block} ({shown}, not {wanted})")
            continue
        counts[shown] = counts.get(shown, 0) + 1
        device = readback.get("expected_journal_device")
        seen = readback.get("journal_device")
        if device or seen:
            where = f"{device} ({seen})" if device and seen and seen != device else str(device or seen)
            if where not in devices:
                devices.append(where)
    parts = [f"{level} in {counts[level]}" + (f", on {' and '.join(devices)}" if level == "external" and devices
                                              else "") for level in sorted(counts)]
    lines = [f"Readback: in {sum(counts.values())} runs the record step showed each run's {factor.name} where the "
             f"design put it: {'; '.join(parts)}."]
    if wrong:
        lines.append(f"NOT the design's {factor.name} in some runs: {'; '.join(wrong[:3])}. The effect of "
                     f"{factor.name} cannot be trusted.")
    return lines


# --- the modelled lab's fidelity rule, run by run ---------------------------------------------------------


def pacing_lines(data: Mapping, repeats: Iterable) -> list[str]:
    """On a modelled lab, what the declared fidelity rule (``model-in-control/1``, docs/modelled-lab.md)
    said of each run of the design: the measurement judged every turn by it and stored its call
    (``conditions.host.model.host_paced``). A paired study drops and replaces a host-paced block; a
    screening replaces no run (``figures``), so the report says how many of its figures the host, not
    the modelled disk, paced. Read from the turns' own records, never from a figure: the rule cannot
    depend on which level did better. Nothing on a lab without a disk model."""
    workload = data["primary"]["workload"]
    calls: dict[tuple[str, int], tuple[str | None, int]] = {}
    rules = set()
    for repeat in repeats:
        host = (getattr(repeat, "conditions", None) or {}).get("host") or {}
        model = host.get("model") if isinstance(host, Mapping) else None
        if repeat.workload != workload or repeat.block is None or not model:
            continue
        rules.add(str(model.get("rule") or "?"))
        calls[(repeat.config, repeat.block)] = (model.get("host_paced"), int(model.get("foreign_cache_drops") or 0))
    if not calls:
        return []
    rule = ", ".join(sorted(rules))
    paced = {place: drops for place, (call, drops) in calls.items() if call}
    if not paced:
        return [f"Modelled disk: by the declared rule {rule}, the modelled disk set the pace in all {len(calls)} "
                "runs the rule judged."]
    by_block: dict[int, int] = {}
    for _config, block in paced:
        by_block[block] = by_block.get(block, 0) + 1
    dropped = sum(1 for drops in paced.values() if drops)
    blocks = ", ".join(f"{block}: {by_block.get(block, 0)}" for block in sorted({b for _c, b in calls}))
    return [f"Modelled disk: by the declared rule {rule}, the host, not the modelled disk, set the pace in "
            f"{len(paced)} of the {len(calls)} runs it judged (by block, {blocks}); in {dropped} of them another "
            "process had dropped the page cache while the workload ran. A screening replaces no run: their figures "
            "are in the model, and its noise holds what the host added."]
