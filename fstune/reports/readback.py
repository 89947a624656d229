"""Each block's order and each repeat's readback, as the Markdown and HTML reports show them.

A run measured in blocks keeps, per repeat, where it ran (block, position) and what the
filesystem really was before it was measured ("readback": the journal or log and its device
and UUID, the mount options as the kernel applied them, and after the workloads the sectors
written to an external journal's device; docs/verdicts.md, "Proof that the variant ran").
This module turns that into rows, one per configuration's turn in a block (the workloads of
one turn share their filesystem, so they share its readback), with whether the turn counted,
failed or was dropped and why. Legacy runs (before blocks) have no rows.
"""

from __future__ import annotations

from dataclasses import dataclass

from fstune.results.records import RunRecord
from fstune.units import format_size
from fstune.workloads.helpers import SECTOR

TITLE = "Blocks"
INTRO = ("Each block made, mounted and measured every configuration once, in the order shown; before each "
         "turn was measured, fstune read back what the filesystem really was (the journal or log and its "
         "device and UUID, the mount options the kernel applied) and, after it, what was written to an "
         "external journal's device (docs/verdicts.md, \"Proof that the variant ran\").")
COLUMNS = ("block", "position", "configuration", "counted?", "journal or log (read back)",
           "mount options (as applied)", "journal device writes")


@dataclass(frozen=True)
class Turn:
    """One configuration's turn in one block, as the reports show it."""

    block: int
    position: int | None
    config: str
    status: str  # "counted", "failed: …", "dropped: …"
    journal: str  # "external on /dev/sdc1 (8:33), UUID …", "internal", "not read back"
    mount: str  # "rw,noatime; rw,commit=30"
    journal_writes: str  # "1.2 MiB", "none", "–"

    def cells(self) -> tuple[str, ...]:
        return (str(self.block), str(self.position) if self.position is not None else "–", self.config,
                self.status, self.journal, self.mount, self.journal_writes)


def block_order(run: RunRecord) -> list[tuple[int, list[str]]]:
    """Each block's configurations in the order they ran: [(1, ["internal", "external"]), …]."""
    positions: dict[int, dict[str, int]] = {}
    for result in run.results:
        if result.block is not None:
            positions.setdefault(result.block, {})[result.config] = result.position or 0
    return [(block, sorted(configs, key=lambda name: (configs[name], name)))
            for block, configs in sorted(positions.items())]


def turns(run: RunRecord) -> list[Turn]:
    """One row per configuration and block, in the order they ran."""
    grouped: dict[tuple[int, str], list] = {}
    for result in run.results:
        if result.block is not None:
            grouped.setdefault((result.block, result.config), []).append(result)
    rows = []
    for (block, config), results in grouped.items():
        readback: dict = {}
        for result in results:
            readback = readback or result.conditions.get("readback") or {}
        rows.append(Turn(block, results[0].position, config, _status(results), _journal(readback),
                         _mount(readback), _journal_writes(readback)))
    return sorted(rows, key=lambda row: (row.block, row.position or 0, row.config))


def _status(results) -> str:
    dropped = next((r.dropped for r in results if r.dropped), None)
    if dropped:
        return f"dropped: {dropped}"
    failed = [r for r in results if r.failed]
    if failed:
        several = len(results) > 1
        return "failed: " + "; ".join(f"{r.workload}: {r.failed}" if several else r.failed for r in failed)
    notes = []
    warm = sorted({r.workload for r in results if r.warm_cache})
    if warm:
        notes.append(f"warm cache: {', '.join(warm)}")
    model = next(((r.conditions.get("host") or {}).get("model") for r in results
                  if (r.conditions.get("host") or {}).get("model")), None)
    if model:  # a modelled lab disk: how much of its busy time the model gave (fstune/lab/fidelity.py)
        from fstune.lab.fidelity import describe

        notes += [f"{role}: {describe(record)}" for role, record in sorted((model.get("devices") or {}).items())]
    syncs = next(((r.conditions.get("host") or {}).get("foreign_syncs") for r in results
                  if (r.conditions.get("host") or {}).get("foreign_syncs")), None)
    if syncs and (model or not syncs.get("not_counted")):  # why not counted matters where the rule reads it
        from fstune.measure.syncwatch import describe as describe_syncs

        notes += [text for text in (describe_syncs(syncs),) if text]
    return f"counted ({'; '.join(notes)})" if notes else "counted"


def _journal(readback: dict) -> str:
    kind = readback.get("journal")
    if not kind:
        return "not read back"
    if kind != "external":
        return kind
    where = [part for part in (readback.get("expected_journal_device"), readback.get("journal_device")) if part]
    text = "external"
    if where:
        text += f" on {where[0]}" + (f" ({where[1]})" if len(where) > 1 and where[1] != where[0] else "")
    if readback.get("journal_uuid"):
        text += f", UUID {readback['journal_uuid']}"
    return text


def _mount(readback: dict) -> str:
    parts = [readback.get(key) for key in ("mount_options", "super_options")]
    return "; ".join(part for part in parts if part) or "–"


def _journal_writes(readback: dict) -> str:
    sectors = readback.get("journal_write_sectors")
    if sectors is None:
        return "–"
    return "none" if sectors <= 0 else format_size(int(sectors) * SECTOR)
