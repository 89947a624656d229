"""What a reader must know before acting on a run's verdicts, derived from the run's record alone.

One function, ``caveats(record)``, says it for every place a figure appears: the end of
``fstune run``, ``fstune results show``, the Markdown, CSV, JSON and HTML reports, the results
screen, guided mode and the deploy exports' headers (``caveat_lines`` gives plain strings for
those). Each caveat is a fact of the record (docs/verdicts.md, "Caveats"):

- the environment: a real disk (named with its model, rotating or not), the one-disk loop lab
  (its backing files and the host device under them — a loop device is never called a rotating
  disk), the modelled lab (its disk model: each disk a served spindle with a head) or the VM lab
  (its disk model, KVM or TCG, and the time dilation its figures were converted back by);
- the journal/log and the data share one physical disk (two partitions of one disk, or loop
  devices whose backing files lie on one host filesystem), so seek benefits cannot show;
- a legacy run (measured before blocks; its verdicts are not comparable by the current method);
- a run measured under an older version of the method: its blocks stopped by that version's
  limits, its verdicts shown are today's (docs/verdicts.md, "Method versions");
- blocks dropped by the declared rule, the cap reached while the primary was undecided, drift;
- repeats measured with a warm cache;
- turns during which other processes called sync() more often than the modelled lab's rule
  allows (fstune/measure/syncwatch.py): on any lab or disk, said; on the modelled lab the rule
  also dropped their blocks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from fstune.diskmodel.dilation import Dilation, timers_stretched
from fstune.results.records import DeviceRecord, RunRecord
from fstune.results.settings import LOOP_DEVICES, LOOP_LAB, MODELLED_LAB, REAL_DEVICES, VM_LAB

ENVIRONMENT, ONE_DISK, LEGACY, METHOD_VERSION, DROPPED, CAP, DRIFT, WARM = (
    "environment", "one disk", "legacy", "method version", "dropped blocks", "cap", "drift", "warm cache")
SYNCS = "foreign syncs"  # other processes called sync() often while turns were measured
CORRELATED = "correlated blocks"  # the widening took a floor from earlier runs (docs/verdicts.md)
ONE_DISK_TEXT = "the journal and the data share one physical disk, so seek benefits cannot show"


@dataclass(frozen=True)
class Caveat:
    kind: str  # one of the names above
    text: str  # one sentence or two, plain text

    def __str__(self) -> str:
        return self.text


def _is_loop(device: DeviceRecord, placement: dict) -> bool:
    return (device.transport == "loop" or Path(device.path).name.startswith("loop")
            or "backing_file" in placement.get(device.path, {}))


@dataclass(frozen=True)
class Place:
    """Where a run was measured, as facts (``place``): what ``environment`` words and what the
    expected outcomes (fstune/reports/expected.py) read to say which effects could show."""

    kind: str  # settings.VM_LAB, MODELLED_LAB, LOOP_LAB, LOOP_DEVICES or REAL_DEVICES
    disk: str  # "disk model NAME", "no disk model (flat disks)", the host device(s), the target's model
    # does a request's cost depend on where the last one was (a head that moves): the VM lab's
    # disk model and a rotating disk yes; flat VM disks, loop devices and solid-state disks no;
    # None when the kernel did not say
    heads_move: bool | None
    accel: str = ""  # "KVM" or "TCG" in the VM lab
    shared_disk: str = ""  # why the journal and the data share one physical disk ("" if they do not)
    # the VM lab's time dilation (its disk model slowed as much as the guest's CPU; the figures
    # converted back): None when time was not dilated
    dilation: Dilation | None = None

    @property
    def loop(self) -> bool:
        return self.kind in (LOOP_LAB, LOOP_DEVICES)

    def summary(self) -> str:
        """One short line: "VM lab, disk model deskstar-7k250, KVM", "loop lab on /dev/sda"."""
        if self.kind == VM_LAB:
            dilated = f", time dilated {self.dilation.label()}" if self.dilation else ""
            return f"VM lab, {self.disk}, {self.accel or '?'}{dilated}"
        if self.kind == MODELLED_LAB:
            return f"{MODELLED_LAB}, {self.disk}"
        if self.loop:
            return f"{self.kind} on {self.disk}"
        kind = {True: "rotating disk", False: "solid-state disk", None: "disk"}[self.heads_move]
        return f"{kind} {self.disk}"


def place(record: RunRecord) -> Place | None:
    """Where ``record`` was measured; None when it names no device and no lab."""
    lab = record.environment.get("lab")
    placement = record.environment.get("placement") or {}
    shared = one_disk(record)
    shared_text = shared.text if shared else ""
    if isinstance(lab, dict) and lab.get("lab") == "vm":
        model = lab.get("disk_model")
        disk = (f"disk model {model.get('name', '?')}" if isinstance(model, dict) else "no disk model (flat disks)")
        dilation = Dilation.from_dict(lab.get("dilation")) if isinstance(model, dict) else None
        return Place(VM_LAB, disk, isinstance(model, dict), str(lab.get("accel") or "?").upper(),
                     shared_disk=shared_text, dilation=dilation if dilation and dilation.factor > 1 else None)
    devices = [d for d in record.devices if d.role in ("target", "journal")]
    if not devices:
        return None
    models = {placement.get(d.path, {}).get("disk_model") for d in devices}
    if None not in models and all(_is_loop(d, placement) for d in devices):
        # the modelled lab: each disk its own served spindle, timed by the disk model
        return Place(MODELLED_LAB, "disk model " + ", ".join(sorted(models)), True, shared_disk=shared_text)
    if all(_is_loop(d, placement) for d in devices):
        under = sorted({f"{placement[d.path]['backing_device']}" for d in devices
                        if placement.get(d.path, {}).get("backing_device")})
        kind = LOOP_LAB if any(placement.get(d.path, {}).get("lab") for d in devices) else LOOP_DEVICES
        # loop devices write into files through the host's page cache: no head of theirs moves,
        # and a second one's files lie on the same host disk unless placement says otherwise
        return Place(kind, ", ".join(under) or "an unrecorded host device", False,
                     shared_disk=shared_text or (ONE_DISK_TEXT if len(under) <= 1 else ""))
    target = next((d for d in devices if d.role == "target"), devices[0])
    return Place(REAL_DEVICES, f"{target.path} ({target.model or 'unknown model'})", target.rotational,
                 shared_disk=shared_text)


def environment(record: RunRecord) -> Caveat | None:
    """Where the figures were measured: real disk, the one-disk loop lab, or the VM lab."""
    where = place(record)
    if where is None:
        return None
    lab = record.environment.get("lab")
    placement = record.environment.get("placement") or {}
    if where.kind == VM_LAB:
        if where.dilation is not None:
            # the disk model ran as much slower as the guest's CPU (docs/vmlab.md, "Time dilation")
            commits = " ".join(timers_stretched(record.warnings))
            return Caveat(ENVIRONMENT, f"VM lab under {where.accel}, {where.dilation.describe()}. {where.disk}, served "
                                       f"by {lab.get('disk_serving') or '?'}; the figures describe the modelled disk, "
                                       "not this machine's." + (f" {commits}" if commits else ""))
        # under TCG a CPU-heavy workload (dbench) is paced by the emulated CPU, not by the disk model
        slow = (" (software-emulated CPU: far slower than hardware, so the guest's CPU rather than the modelled "
                "disk may set the pace)") if where.accel == "TCG" else ""
        return Caveat(ENVIRONMENT, f"VM lab: {where.disk}, served by {lab.get('disk_serving') or '?'}, "
                                   f"{where.accel}{slow}; the figures describe the modelled disk, not this machine's.")
    if where.kind == MODELLED_LAB:
        return Caveat(ENVIRONMENT, f"Modelled lab: {where.disk}, each lab disk served through it on this machine's "
                                   "kernel (nbdkit → nbdfuse → loop); the figures describe the modelled disk, not "
                                   "this machine's. Each turn records how much of the disk's busy time the model "
                                   "gave; a block the host paced is dropped (docs/modelled-lab.md).")
    if where.loop:
        devices = [d for d in record.devices if d.role in ("target", "journal")]
        under = sorted({f"{placement[d.path]['backing_device']}" for d in devices
                        if placement.get(d.path, {}).get("backing_device")})
        files = sorted({str(Path(placement[d.path]["backing_file"]).parent) for d in devices
                        if placement.get(d.path, {}).get("backing_file")})
        at = (f"backing files in {', '.join(files)} on host device {', '.join(under)}" if under
              else "backing device not recorded")
        return Caveat(ENVIRONMENT, f"One-disk {where.kind} ({at}): every write lands in files on one host disk, "
                                   "through its page cache; the figures describe that disk, not a server's.")
    kind = {True: "rotating disk", False: "solid-state disk", None: "disk"}[where.heads_move]
    return Caveat(ENVIRONMENT, f"Real {kind}: {where.disk}.")


def one_disk(record: RunRecord) -> Caveat | None:
    """The journal/log device and the target on one physical disk (or one host filesystem)."""
    target = next((d for d in record.devices if d.role == "target"), None)
    journal = next((d for d in record.devices if d.role == "journal"), None)
    if target is None or journal is None or not any(c.journal == "external" for c in record.configs):
        return None
    placement = record.environment.get("placement") or {}
    a, b = placement.get(target.path, {}), placement.get(journal.path, {})
    why = ""
    if a.get("backing_dev") is not None and a.get("backing_dev") == b.get("backing_dev"):
        why = (f"{target.path} and {journal.path} are loop devices whose backing files lie on one host filesystem "
               f"(device {a.get('backing_device', '?')})")
    elif a.get("disk") and a.get("disk") == b.get("disk") and "backing_file" not in a:
        why = f"{target.path} and {journal.path} are partitions of one disk ({a['disk']})"
    if not why:
        return None
    return Caveat(ONE_DISK, f"One physical disk: {ONE_DISK_TEXT} ({why}).")


def caveats(record: RunRecord, comparison=None) -> list[Caveat]:
    """Every caveat the record supports, most important first. ``comparison`` (the run's own
    ``compare_runs([record])``) is worked out when not given."""
    found = [c for c in (environment(record), one_disk(record)) if c is not None]
    if record.legacy:
        if record.results:
            from fstune.results.compare import LEGACY_NOTE

            found.append(Caveat(LEGACY, LEGACY_NOTE[0].upper() + LEGACY_NOTE[1:] + "; its verdicts use the old rule."))
    else:
        found += [c for c in (older_method(record),) if c is not None]
        found += _blocked(record, comparison)
    found += [c for c in (foreign_syncs(record),) if c is not None]
    warm = sorted({(r.config, r.workload) for r in record.results if r.warm_cache and r.ok})
    if warm:
        found.append(Caveat(WARM, "Warm cache: the caches could not be dropped before some repeats ("
                                  + "; ".join(f"{c} {w}" for c, w in warm)
                                  + "): their read figures may come partly from memory and look better than the "
                                  "disk is."))
    return found


def older_method(record: RunRecord) -> Caveat | None:
    """A blocked run measured under another version of the method: every verdict shown is today's
    (one method judges everything shown, so no two verdicts on a screen follow different rules),
    but when its blocks stopped was decided by the version it ran under."""
    from fstune.stats.sequential import METHOD

    if record.legacy or record.method == METHOD:
        return None
    return Caveat(METHOD_VERSION, f"Measured under {record.method}, whose limits decided when its blocks stopped; "
                                  f"its verdicts here are judged by today's {METHOD}, which may read the same blocks "
                                  "differently (a look where it is undecided shows as interim).")


def _blocked(record: RunRecord, comparison) -> list[Caveat]:
    found = []
    dropped = dict((record.design or {}).get("dropped_blocks") or {})
    for result in record.results:
        if result.dropped and result.block is not None:
            dropped.setdefault(str(result.block), result.dropped)
    if dropped:
        said = "; ".join(f"block {block}: {why}" for block, why in sorted(dropped.items(), key=lambda i: int(i[0])))
        found.append(Caveat(DROPPED, f"{len(dropped)} block(s) dropped by the declared rule and not compared ({said})."))
    disturbed = dict((record.design or {}).get("disturbed_blocks") or {})
    if disturbed:  # past the rule's limit: kept and compared, so the reader must know
        said = "; ".join(f"block {block}" for block in sorted(disturbed, key=int))
        found.append(Caveat(DROPPED, f"{len(disturbed)} block(s) disturbed from outside the run were kept and compared, "
                                     f"because the drop rule had dropped its limit ({said})."))
    floor = (record.design or {}).get("lag1_floor")
    if floor:
        from fstune.results.history import floor_note

        found.append(Caveat(CORRELATED, floor_note(floor)))
    if comparison is None:
        from fstune.results.compare import compare_runs

        comparison = compare_runs([record])
    rows = [row for row in comparison.rows if row.judgement is not None]
    capped = sorted({row.config for row in rows if row.judgement.cap_undecided and not row.judgement.shown_beyond_delta})
    if capped:
        found.append(Caveat(CAP, "Cap reached while undecided: the primary metric's interval still crossed δ after "
                                 f"the last look ({', '.join(capped)})."))
    stricter = sorted({row.config for row in rows if row.judgement.cap_undecided and row.judgement.shown_beyond_delta})
    if stricter:
        found.append(Caveat(CAP, "Cap reached while undecided: the primary metric's interval shown lies beyond δ, but "
                                 f"the stricter one a claim beyond δ needs still crossed δ after the last look "
                                 f"({', '.join(stricter)})."))
    for row in rows:
        if row.judgement.drift:
            found.append(Caveat(DRIFT, f"{row.config}, {row.workload} {row.metric}: {row.judgement.drift}"))
    return found


def foreign_syncs(record: RunRecord) -> Caveat | None:
    """Turns during which a process outside the run called sync() in a loop (the modelled lab's
    rule, ``fidelity.syncs_paced``): each call wrote the filesystem's dirty data and journal out
    when that process chose, so such a turn measured the workload and those calls together."""
    from fstune.lab.fidelity import SYNC_SHARE_MAX, syncs_paced

    turns: dict[tuple[int, str], dict] = {}
    for result in record.results:
        counted = (result.conditions.get("host") or {}).get("foreign_syncs")
        if result.block is not None and counted:
            turns.setdefault((result.block, result.config), counted)
    busy = {key: counted for key, counted in turns.items() if syncs_paced(counted)}
    if not busy:
        return None
    calls = sum(counted.get("sync") or 0 for counted in busy.values())
    names = sorted({counted["longest"]["name"] for counted in busy.values()})
    who = ", ".join(names)
    return Caveat(SYNCS, f"{len(busy)} of {len(turns)} turn(s) ran while a process outside the run ({who}) "
                         f"was inside sync() more than {SYNC_SHARE_MAX:.0%} of the time ({calls} calls by others in "
                         "those turns): each call wrote the filesystem's dirty data and journal out when that process "
                         "chose, not the workload, so those turns measured both.")


def caveat_lines(record: RunRecord, comparison=None) -> list[str]:
    """The caveats as plain strings (for the deploy exports' headers and other plain text)."""
    return [caveat.text for caveat in caveats(record, comparison)]


def caveats_of_runs(records: Sequence[RunRecord], comparison=None) -> list[Caveat]:
    """The caveats of several runs, each labelled with its run when there are several."""
    if comparison is not None and (comparison.pair is not None or not comparison.rows and records[0].results):
        comparison = None  # only the run's own comparison says where it was capped or drifted
    if len(records) == 1:
        return caveats(records[0], comparison)
    found = []
    for record in records:
        label = f"run {record.id}" if record.id is not None else "a run"
        found += [Caveat(c.kind, f"{label.capitalize()}: {c.text}") for c in caveats(record)]
    return found


__all__ = ["CAP", "CORRELATED", "DRIFT", "DROPPED", "ENVIRONMENT", "LEGACY", "METHOD_VERSION", "ONE_DISK", "ONE_DISK_TEXT", "WARM",
           "SYNCS", "Caveat", "Place", "caveat_lines", "caveats", "caveats_of_runs", "environment", "foreign_syncs",
           "older_method", "one_disk",
           "place"]
