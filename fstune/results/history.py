"""What earlier stored runs on the same devices say before a run: the floor for correlated blocks,
and what the run can decide at the noise they showed (docs/verdicts.md, "Correlated blocks" and
"How a run is planned and stopped").

A run's own 5 to 15 blocks measure the correlation of consecutive blocks too roughly, so the
widening takes a floor from outside the run: the stored blocked runs measured on the same devices
of the same machine with the same primary metric (``earlier_lag1_floor``), or, with fewer than
``paired.MIN_FLOOR_BLOCKS`` such blocks, the declared first-run floor (``run_lag1_floor``). The
run keeps the entry in its design (``design["lag1_floor"]``), so every later judgement of it
uses the same floor. The same earlier runs give the plan its figures: whether "no detectable
difference" is reachable at their noise, and the smallest change "better" finds over the whole
design (``before_the_run``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from fstune.results.blocked import block_values, comparison_schedule, declared, metric_rule, paired
from fstune.stats.scales import DEFAULT_DELTA, Scale, ScaleError, paired_contrasts

# how many of the newest stored runs the floor for correlated blocks is looked for in
FLOOR_RUNS = 50


def same_device(settings: Mapping, other: Mapping) -> bool:
    """Were two runs measured on the same devices of the same machine (``settings``)?"""
    return bool(settings.get("machine_id")) and all(
        settings.get(key) == other.get(key) for key in ("machine_id", "lab_kind", "device_roles"))


@dataclass(frozen=True)
class Earlier:
    """The primary metric's paired contrasts of the stored runs on the same devices: one series
    per run and variant, in block order, on the metric's declared scale."""

    workload: str
    metric: str
    series: tuple[tuple[float, ...], ...]
    runs: tuple[int, ...]
    scale: Scale | None

    @property
    def blocks(self) -> int:
        return sum(len(values) for values in self.series)

    @property
    def where(self) -> str:
        return f"{self.workload}:{self.metric}"

    def spread(self) -> float | None:
        """One block's contrast spread, pooled over the series (each around its own mean); None
        below two series' worth of degrees of freedom."""
        usable = [values for values in self.series if len(values) >= 2]
        freedom = sum(len(values) - 1 for values in usable)
        if freedom < 2:
            return None
        square = math.fsum((v - math.fsum(values) / len(values)) ** 2 for values in usable for v in values)
        return math.sqrt(square / freedom)


def earlier_contrasts(records: Iterable, settings: Mapping, primary: tuple[str, str]) -> Earlier:
    """The stored blocked runs ``records`` measured on the same devices (``same_device``) with the
    same primary metric, each variant's contrasts against its baseline."""
    workload, metric = primary
    series, used, scale = [], [], None
    for record in records:
        design = record.design or {}
        if not record.method or (design.get("primary") or {}) != {"workload": workload, "metric": metric}:
            continue
        if not same_device(settings, record.settings or {}):
            continue
        known = declared(workload, metric)
        rule = metric_rule(workload, metric, known.better if known is not None else "higher", DEFAULT_DELTA)
        base = block_values(record.results, record.baseline, workload, metric)
        found = False
        for config in record.configs:
            if config.name == record.baseline:
                continue
            _blocks, left, right, _missing = paired(base, block_values(record.results, config.name, workload, metric))
            try:
                contrasts = paired_contrasts(left, right, rule)
            except (ScaleError, ValueError):
                continue
            series.append(tuple(contrasts.values))
            scale = scale or contrasts.scale
            found = True
        if found and record.id is not None:
            used.append(record.id)
    return Earlier(workload, metric, tuple(series), tuple(sorted(used)), scale)


def _floor_entry(earlier: Earlier) -> dict | None:
    from fstune.stats.paired import lag1_floor

    floor = lag1_floor(earlier.series)
    if floor is None:
        return None
    runs = ", ".join(map(str, earlier.runs)) or "earlier runs"
    return floor.as_design(f"stored runs {runs} on these devices ({earlier.where})")


def earlier_lag1_floor(records: Iterable, settings: Mapping, primary: tuple[str, str] | None) -> dict | None:
    """The correlation of consecutive blocks known before a run, from the stored runs on the same
    devices with the same primary metric, pooled by ``paired.lag1_floor``; None when they hold too
    few blocks (docs/verdicts.md, "Correlated blocks")."""
    if primary is None:
        return None
    return _floor_entry(earlier_contrasts(records, settings, primary))


def _first_run_entry(earlier: Earlier) -> dict:
    from fstune.stats.paired import DEFAULT_FLOOR_SOURCE, first_run_floor

    return first_run_floor(len(earlier.runs), earlier.blocks).as_design(DEFAULT_FLOOR_SOURCE)


def run_lag1_floor(records: Iterable, settings: Mapping, primary: tuple[str, str] | None) -> dict | None:
    """The floor a run of paired-gs-obf/4 keeps in its design: the earlier runs' (``earlier_lag1_floor``),
    else the declared first-run floor (``paired.first_run_floor``), which says how many earlier blocks
    there were. None only without a primary metric (nothing is judged)."""
    if primary is None:
        return None
    earlier = earlier_contrasts(records, settings, primary)
    return _floor_entry(earlier) or _first_run_entry(earlier)


def first_run_entry() -> dict:
    """The first-run floor of a run whose earlier runs could not be read: none are known."""
    return _first_run_entry(Earlier("", "", (), (), None))


def floor_note(entry: Mapping | None) -> str:
    """What a run with a floor for correlated blocks says about it; "" without one."""
    if not entry:
        return ""
    from fstune.stats.paired import MIN_FLOOR_BLOCKS

    floor = float(entry["floor"])
    if entry.get("default"):
        seen = (f"{entry['blocks']} blocks of earlier runs there, fewer than the {MIN_FLOOR_BLOCKS} a measured floor "
                "needs" if entry.get("blocks") else "no earlier runs there")
        return (f"First run on these devices ({seen}): correlated blocks assumed up to r = {floor:.2f} — "
                f"{entry['source']} — so every interval is widened at least as for that lag-1 correlation between "
                f"consecutive blocks; once {MIN_FLOOR_BLOCKS} blocks of stored runs on these devices measure it, "
                "later runs use theirs.")
    return (f"Correlated blocks: every interval is widened at least as for a lag-1 correlation of "
            f"{floor:.2f} between consecutive blocks — {float(entry['estimate']):.2f} measured over "
            f"{entry['blocks']} blocks of {entry['source']}, plus a margin for that estimate's own error — since a "
            f"run's own blocks measure it too roughly.")


def existing_store():
    """The results store, or None when nothing was ever stored (a read does not create it)."""
    from fstune.results.store import Store, store_path

    return Store() if store_path().exists() else None


def load_recent(open_store=existing_store) -> list | None:
    """The newest FLOOR_RUNS stored runs (``open_store()`` gives a Store, or None when nothing is
    stored yet: then []); None when the store cannot be read."""
    try:
        store = open_store() if open_store is not None else None
        if store is None:
            return []
        try:
            return [store.load_run(summary.id) for summary in store.list_runs(FLOOR_RUNS)]
        finally:
            store.close()
    except Exception:  # a damaged or locked store must not stop a plan: the run then knows no history
        import logging

        logging.getLogger(__name__).info("the stored runs could not be read", exc_info=True)
        return None


def before_the_run(plan, records: Sequence | None, settings: Mapping | None = None) -> list[str]:
    """What the plan can say before the run from the stored runs ``records`` on the same devices
    (None: they could not be read): the floor for correlated blocks that will apply, whether "no
    detectable difference" is reachable at their noise, and the smallest change "better" finds
    over the whole design at it (``sequential.design_detectable``). [] when the plan judges nothing."""
    from fstune.results.settings import run_settings
    from fstune.stats.paired import lag1_inflation
    from fstune.stats.sequential import LookSchedule, design_detectable

    primary, _note = plan.study.primary_for(plan.workloads)
    looks = plan.looks
    if primary is None or not looks or plan.choices.block_orders is not None:
        return []
    settings = settings if settings is not None else run_settings(plan)
    earlier = earlier_contrasts(records or (), settings, primary)
    entry = _floor_entry(earlier) or _first_run_entry(earlier)
    said = [floor_note(entry) if records is not None else
            floor_note(entry) + " (The stored runs could not be read, so none are known.)"]
    spread = earlier.spread() if earlier.scale == Scale.RATIO else None
    if spread is None:
        said.append(f"No earlier runs on these devices measured {earlier.where} in blocks: whether \"no detectable "
                    "difference\" is reachable, and the smallest change \"better\" can find, cannot be known before "
                    "the first look, which says both.")
        return said
    variants = max(1, len(plan.configs) - 1)
    schedule = comparison_schedule({"looks": list(looks), "lag1_floor": entry}, variants)
    threshold = math.log1p(plan.study.delta_for(*primary))
    # their spread as this run's intervals will count it: widened at least for the floor
    effective = spread * math.sqrt(lag1_inflation([], schedule.lag1_floor))
    needed = threshold * math.sqrt(schedule.cap) / schedule.critical_values()[-1]
    runs = f"run{'s' if len(earlier.runs) != 1 else ''} {', '.join(map(str, earlier.runs))}"
    reach = ("within reach at that noise" if effective < needed else
             "out of reach at that noise: the run can show a change beyond δ, never that there is none worth having")
    said.append(f"\"No detectable difference\" (a change inside ±{100 * math.expm1(threshold):.0f} %) needs one "
                f"block's change to spread less than about {100 * needed:.1f} % by the cap of {schedule.cap} blocks; "
                f"earlier {runs} here ({earlier.blocks} blocks of {earlier.where}) spread {100 * effective:.1f} % "
                f"(correlated blocks counted as above): {reach}.")
    detectable = design_detectable(effective, LookSchedule(schedule.looks, schedule.alpha), threshold)
    size = (f"about +{100 * math.expm1(detectable):.0f} %" if math.isfinite(detectable)
            and detectable <= math.log1p(10.0) else "beyond +1000 %")
    said.append(f"At that noise, \"better\" over the whole design (looks after {', '.join(map(str, looks))} blocks) "
                f"comes 8 times in 10 only for a change of {size}.")
    return said


__all__ = ["FLOOR_RUNS", "Earlier", "before_the_run", "earlier_contrasts", "earlier_lag1_floor", "existing_store", "first_run_entry",
           "floor_note", "load_recent", "run_lag1_floor", "same_device"]
