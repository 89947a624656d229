"""Guided mode (workshops): what each step does and why, typed commands, notes and caveats.

Everything the guided wizard says is worked out here, without Textual, from facts: the step's
kind, argv and configuration, the study's texts, the measured figures and the devices.

- ``explain_step(step, plan)``: the command exactly as it runs, what it does, why it is there.
- ``check_typed(text, step)``: did the attendee type this step's command? If not, what differs.
  Only ever a comparison: what runs is always the step's own argv.
- ``GuidePolicy``: which steps pause. Every step does, except the repeats after the first of a
  workload in a configuration once the attendee chose to run them without stopping.
- ``look_for_note(study, config)``: what to look for once a configuration is done (its
  ``look_for``, else the study's, else the "What to look for" part of its explanation).
- ``summarize(comparison, plan, …, record=…)``: per metric the verdict with its figures (a
  blocked run: with its interval and smallest detectable change; a legacy run: better / worse /
  within noise, marked legacy), and caveats: the stored run's own (fstune.reports.caveats), one
  physical disk under an external journal, repeats that stayed noisy, failed repeats, what "too
  noisy to tell" or "within noise" means.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from fstune import filesystems, workloads
from fstune import steps as kinds
from fstune.results.blocked import WAITING
from fstune.results.compare import BETTER, NO_DATA, NOISE, WORSE, Comparison, Row, option_diff
from fstune.devices.labdisk import BackingInfo, loop_backing
from fstune.errors import UsageError
from fstune.plan import Plan, command_line
from fstune.steps import Step
from fstune.studies import Configuration, Study
from fstune.units import format_percent

# --- refusing what makes no sense --------------------------------------------------------------


def check_guided_mode(*, dry_run: bool, is_root: bool) -> None:
    """Raise UsageError when ``fstune --guided`` cannot do what it promises."""
    if dry_run:
        raise UsageError(
            "--guided runs every command for real, one at a time, and --dry-run runs none; use one of them.",
            "For a reviewable script use `fstune --dry-run` (every command in it comes with the reason it runs).",
        )
    if not is_root:
        raise UsageError(
            "guided mode formats, mounts and measures real (or lab) devices, so it needs root.",
            "Run `sudo fstune --guided` (with `sudo fstune lab up` first when there is no spare disk), "
            "or `fstune --dry-run` to only see the commands.",
        )


# --- one step: command, what, why ---------------------------------------------------------------


@dataclass(frozen=True)
class StepExplanation:
    command: str  # exactly as it runs (the dry-run script's line)
    what: str  # what the command does, in plain words
    why: str  # why fstune runs it here
    erases: tuple[str, ...] = ()  # devices it wipes


def _config_of(plan: Plan, name: str | None):
    for position, cp in enumerate(plan.configs):
        if cp.config.name == name:
            return position, cp
    return None, None


def _option_words(fs_name: str, options: Iterable[tuple[str, str | None]]) -> str:
    fs = filesystems.find(fs_name)
    parts = []
    for name, value in options:
        word = name if value is None else f"{name}={value}"
        option = fs.mount_options.get(name) if fs else None
        if option is not None and option.managed:
            parts.append(f"{word} (where the external journal/log is)")
        elif option is not None and option.help:
            parts.append(f"{word} ({option.help})")
        else:
            parts.append(word)
    return "; ".join(parts)


def _role(plan: Plan, config: Configuration) -> str:
    from fstune.measure.record import config_descriptions

    position, _ = _config_of(plan, config.name)
    if position == 0:
        return (f"This is the baseline, '{config.name}' ({config.title}): every variant is measured "
                "against it, so it is made the ordinary way.")
    described = {d.name: d for d in config_descriptions(plan)}
    baseline = plan.configs[0].config
    diff = option_diff(described[baseline.name], described[config.name]) if config.name in described else ""
    text = f"This is the tuned variant '{config.name}' ({config.title})"
    if diff:
        text += f": compared with the baseline '{baseline.name}' it changes {diff}"
    return text + "."


def explain_step(step: Step, plan: Plan) -> StepExplanation:
    """The command, what it does and why it runs, from the step and the study."""
    study = plan.study
    _, cp = _config_of(plan, step.config)
    config = cp.config if cp else None
    fs = filesystems.find(config.filesystem) if config else None
    fs_title = fs.title if fs else (config.filesystem if config else "")
    argv = step.argv
    why = step.why[:1].upper() + step.why[1:] if step.why else ""
    if why and not why.endswith("."):
        why += "."
    erases = step.written_devices if step.destructive else ()
    kind = step.kind

    if kind == kinds.MKFS and config:
        what = f"Formats {step.device} as {fs_title}"
        journal_on = next((d for d in step.also_writes if d != step.device), None)
        if journal_on:
            what += f" with the journal on {journal_on}"
        elif config.journal == filesystems.NONE:
            what += " without any journal"
        what += "."
        if config.mkfs_options:
            what += f" The study's mkfs options: {' '.join(config.mkfs_options)}."
        why = f"{_role(plan, config)} {study.summary}"
        if step.why and "force flag" in step.why:
            why += " The force flag is there because you confirmed the device; fstune passes it once."
    elif kind == kinds.JOURNAL:
        noun = fs.journal_noun if fs else "journal"
        what = (f"Turns {step.device} into a {noun}-only device for {fs_title}: it will hold nothing but the "
                f"{noun} of the filesystem made next. Its old contents are erased.")
        why = (f"Configuration '{step.config}' keeps its {noun} away from the data, on a device of its own. "
               f"{why}")
    elif kind == kinds.TUNE:
        what = f"{step.title}: attaches an external log to the filesystem made just before."
    elif kind == kinds.MKDIR:
        what = f"Creates the empty directory {step.mountpoint or argv[-1]}; the new filesystem is mounted there."
    elif kind == kinds.MOUNT and config:
        options = cp.mount_options
        shown = _option_words(config.filesystem, options) if options else "the defaults"
        what = f"Mounts the new filesystem on {step.mountpoint} with {shown}."
        why = f"{why} Mount options change behaviour without reformatting, so they are part of the configuration."
    elif kind == kinds.RECORD:
        what = (f"Prints, without changing anything, how the filesystem was really made ({argv[0]}): "
                "block size, features and where the journal lives.")
    elif kind == kinds.CACHE and "settle" in argv:
        what = ("Writes everything that still waits in memory out to the devices, and waits until the "
                "kernel's dirty data has drained (at most 30 s).")
    elif kind == kinds.CACHE:
        devices = [argv[i + 1] for i, word in enumerate(argv[:-1]) if word == "--flushbufs"]
        what = (f"Unmounts the filesystem under test from {step.mountpoint}, drops the buffer cache of "
                f"{' and '.join(devices) or 'its devices'} and mounts it again with the same options: the "
                "kernel forgets this filesystem's files, directories and metadata, so the next phase reads "
                "them from the disk.")
        why = (f"{why} If something keeps the filesystem busy, it stays mounted and the next figures are "
               "marked warm-cache.")
    elif kind == kinds.MEASURE:
        workload = workloads.find(step.workload or "")
        what = f"Runs the benchmark step '{step.title}'"
        if workload is not None:
            what += f" — {workload.title}. fstune keeps: {workload.measures}" if workload.measures \
                else f" — {workload.title}"
        what += "."
        if step.repeat:
            planned = plan.repeats
            what += (f" Repeat {step.repeat} of at least {planned}, one per block: each block measures every "
                     "configuration once, in an order drawn for each block, and the paired differences separate an effect "
                     "from noise.")
        if config:
            what += f" Configuration: '{config.name}' ({config.title})."
    elif kind == kinds.UMOUNT:
        what = f"Unmounts the filesystem from {step.mountpoint}; its figures are already kept."
    elif kind == kinds.RMDIR:
        what = f"Removes {argv[-1]}, which this run made."
    elif kind == kinds.CEILING:
        what = (f"{step.title}. This runs on the raw device, before any filesystem exists on it: what "
                "the device itself can do, the ceiling each configuration's figures are set against at the end.")
        if step.destructive:
            what += f" It writes straight onto {step.device}, which the first mkfs formats next anyway."
    elif kind == kinds.PREPARE:
        what = f"{step.title}."
    else:
        what = f"{step.title}."
    if step.stdout:
        what += f" Its normal output goes to {step.stdout}."
    return StepExplanation(command_line(step), what, why.strip(), tuple(erases))


# --- typing the command --------------------------------------------------------------------------


@dataclass(frozen=True)
class TypedCheck:
    ok: bool
    message: str


def _words(text: str) -> list[str]:
    try:
        return shlex.split(text)
    except ValueError:  # an unclosed quote: compare what is there, word by word
        return text.split()


def _quote(words: Iterable[str]) -> str:
    return " ".join(words) or "(nothing)"


def check_typed(text: str, step: Step) -> TypedCheck:
    """Whether ``text`` is this step's command (spaces and shell quoting normalised).

    The answer never runs ``text``: on a match the caller runs the step's own argv.
    """
    expected = _words(command_line(step))
    typed = _words(text.strip())
    if not typed:
        return TypedCheck(False, "Nothing typed. Type the command shown, or press Enter on an empty line to run it.")
    if typed == expected:
        return TypedCheck(True, "That is the command. Running it.")
    if sorted(typed) == sorted(expected):
        return TypedCheck(False, "The same words, in a different order: options and devices must come "
                                 "where the command shows them.")
    first = next((i for i, (a, b) in enumerate(zip(typed, expected)) if a != b), None)
    if first is None:
        if len(typed) < len(expected):
            return TypedCheck(False, f"Not finished: missing at the end: {_quote(expected[len(typed):])}")
        return TypedCheck(False, f"Too much: this step does not run {_quote(typed[len(expected):])} "
                                 "(only the command shown can run here).")
    # one word replaced, missing or extra at ``first``?
    if typed[first + 1:] == expected[first + 1:]:
        detail = f"word {first + 1} is '{typed[first]}'; the step has '{expected[first]}'"
    elif typed[first:] == expected[first + 1:]:
        detail = f"'{expected[first]}' is missing before '{typed[first]}'" if first < len(typed) else \
            f"'{expected[first]}' is missing"
    elif typed[first + 1:] == expected[first:]:
        detail = f"'{typed[first]}' is one word too many (word {first + 1})"
    else:
        detail = f"from word {first + 1} on you typed '{_quote(typed[first:])}'; the step has '{_quote(expected[first:])}'"
    return TypedCheck(False, f"Not the same command: {detail}. Nothing ran.")


# --- which steps pause ----------------------------------------------------------------------------


class GuidePolicy:
    """Every step pauses, except later repeats the attendee chose to run without stopping.

    The first repeat of a workload in a configuration is where there is something to learn
    (what runs, what it prints); the later ones run the same commands again to measure the
    noise. From repeat 2 on, the pause offers "run the remaining repeats of this workload in
    this configuration without stopping"; extra repeats fstune adds while the figures are
    noisy count as remaining repeats too. The next configuration pauses again from its start.
    """

    def __init__(self) -> None:
        self._unattended: set[tuple[str, str]] = set()

    @staticmethod
    def _key(step: Step) -> tuple[str, str] | None:
        if step.config and step.workload and step.repeat and step.repeat >= 2:
            return (step.config, step.workload)
        return None

    def should_pause(self, step: Step) -> bool:
        key = self._key(step)
        return key is None or key not in self._unattended

    def can_run_rest(self, step: Step) -> bool:
        key = self._key(step)
        return key is not None and key not in self._unattended

    def run_rest(self, step: Step) -> bool:
        key = self._key(step)
        if key is None:
            return False
        self._unattended.add(key)
        return True


def configuration_done(plan: Plan, step: Step) -> str | None:
    """The configuration whose turn in a block ends with ``step`` (its mountpoint removed), else None."""
    _, cp = _config_of(plan, step.config)
    if cp is not None and step.kind == kinds.RMDIR and step.mountpoint == cp.mountpoint:
        return cp.config.name
    return None


# --- what to look for -------------------------------------------------------------------------------


def _explanation_look_for(explanation: str) -> str:
    paragraphs = [" ".join(p.split()) for p in explanation.split("\n\n") if p.strip()]
    for paragraph in paragraphs:
        if paragraph.lower().startswith("what to look for"):
            return paragraph.split(":", 1)[1].strip() if ":" in paragraph[:30] else paragraph
    return paragraphs[0] if paragraphs else ""


def look_for_note(study: Study, config_name: str) -> str:
    """What to watch once ``config_name`` is measured: its own note, the study's, or the explanation's."""
    try:
        config = study.configuration(config_name)
    except UsageError:
        config = None
    for text in ((config.look_for if config else ""), study.look_for):
        if text and text.strip():
            return " ".join(text.split())
    return _explanation_look_for(study.explanation)


# --- the end: what the measurements say ---------------------------------------------------------------


def metric_label(workload: str, metric: str) -> str:
    """"seqwrite rate": the phase, then the words the workload declares for the quantity."""
    phase, _, quantity = metric.partition(".")
    declared = workloads.metric(workload, metric)
    quantity = declared.words if declared is not None else quantity.replace("_", " ")
    return f"{phase} {quantity}" if phase != quantity else phase


def figures_so_far(results: Iterable, config: str, limit: int = 8) -> str:
    """The medians measured so far for ``config`` (from a run's repeat results, in order), one
    short item per metric: what guided mode shows when a configuration is done."""
    from fstune.reports.formatting import fmt_value
    from fstune.stats.classic import median

    items = []
    seen: dict[tuple[str, str], list[float]] = {}
    units: dict[tuple[str, str], str] = {}
    for result in results:
        if result.config != config or not result.ok:
            continue
        for sample in result.samples:
            seen.setdefault((sample.workload, sample.metric), []).append(sample.value)
            units[(sample.workload, sample.metric)] = sample.unit
    for (workload, metric), values in seen.items():
        items.append(f"{metric_label(workload, metric)} {fmt_value(median(values))} {units[(workload, metric)]}"
                     f" (n={len(values)})")
    return "; ".join(items[:limit]) + (" …" if len(items) > limit else "")


@dataclass(frozen=True)
class Finding:
    """One metric of one variant against the baseline, said in words with its figures."""

    workload: str
    metric: str
    variant: str
    verdict: str
    text: str


@dataclass(frozen=True)
class GuideSummary:
    headline: str
    findings: tuple[Finding, ...]
    caveats: tuple[str, ...]

    def lines(self) -> list[str]:
        out = [self.headline, ""]
        out += [f"- {finding.text}" for finding in self.findings]
        if self.caveats:
            out += ["", "Caveats:"]
            out += [f"- {caveat}" for caveat in self.caveats]
        return out


def _only_in_variant(row: Row) -> bool:
    """A figure of a device only the variant has: the external journal's MB written."""
    declared = workloads.metric(row.workload, row.metric)
    return (declared is not None and declared.external_journal_only and row.baseline.n == 0
            and row.variant.n > 0)


def _share_of_a_total(row: Row) -> bool:
    """One device's share of what was written (data or journal device): where the writes went."""
    declared = workloads.metric(row.workload, row.metric)
    return declared is not None and bool(declared.part_of)


def _finding(row: Row) -> Finding:
    from fstune.reports.formatting import fmt_change, fmt_p, fmt_summary

    label = metric_label(row.workload, row.metric)
    figures = f"{fmt_summary(row.baseline, n=False)} → {fmt_summary(row.variant, n=False)} {row.unit}".rstrip()
    n = f"n={row.baseline.n}/{row.variant.n}"
    if _only_in_variant(row):
        text = (f"{label} ({row.config}): {fmt_summary(row.variant, n=False)} {row.unit}; the baseline has no "
                "such device, so this is not a comparison: it is part of the total MB written.")
    elif row.verdict == NO_DATA:
        text = f"{label} ({row.config}): not enough successful repeats to judge ({n})."
    elif row.judgement is not None:  # a blocked run: the verdict with its interval, or a description
        from fstune.reports.views import verdict_text

        text = f"{label} ({row.config}): {verdict_text(row)}; {figures} ({n})."
        explanation = row.judgement.explanation(row.verdict)
        if explanation:
            text += " " + explanation
    else:
        change = fmt_change(row.change_pct)
        direction = {BETTER: "better", WORSE: "worse", NOISE: "within noise"}[row.verdict]
        p = fmt_p(row.p_value)
        text = (f"{label} ({row.config}): {direction}, {figures} ({change}, {n}{', ' + p if p else ''}; legacy: "
                "measured before blocks).")
    return Finding(row.workload, row.metric, row.config, row.verdict, text)


def one_disk_reason(plan: Plan, backing: Callable[[str], BackingInfo | None] = loop_backing) -> str | None:
    """Why the target and the journal/log device share one physical disk, or None.

    Facts only: both partitions of the same disk (the inventory's parent disk), or both loop
    devices whose backing files lie on the same host filesystem.
    """
    target, log = plan.choices.target, plan.choices.log_device
    if log is None:
        return None
    if target.disk and log.disk and target.disk == log.disk:
        return f"{target.path} and {log.path} are partitions of the same disk ({target.disk})"
    a, b = backing(target.path), backing(log.path)
    if a is None or b is None or a.host_dev is None or a.host_dev != b.host_dev:
        return None
    where = "lab disks" if a.lab and b.lab else "loop devices"
    return (f"{target.path} and {log.path} are {where} whose backing files ({Path(a.backing_file).name}, "
            f"{Path(b.backing_file).name}) lie on the same host filesystem, in {Path(a.backing_file).parent}")


def _failed_note(comparison: Comparison, consequence: str) -> str:
    failed = ", ".join(f"{r.workload} repeat {r.repeat} of '{r.config}'" for r in comparison.failed[:4])
    return f"{len(comparison.failed)} repeat(s) failed and gave no figures ({failed}); {consequence}."


def _record_caveats(record, comparison: Comparison, skip: tuple[str, ...] = ()) -> list[str]:
    if record is None:
        return []
    from fstune.reports.caveats import caveats

    return [caveat.text for caveat in caveats(record, comparison) if caveat.kind not in skip]


def _summarize_blocked(comparison: Comparison, rows: list[Row], findings, variants: str, record) -> GuideSummary:
    """A blocked run: the verdicts of the primary (and secondaries) with their intervals; the rest
    is description. Its caveats come from the record (fstune.reports.caveats)."""
    judged = [row for row in rows if row.judged]
    words: dict[str, int] = {}
    for row in judged:
        words[row.verdict] = words.get(row.verdict, 0) + 1
    parts = [f"{count} {word}" for word, count in words.items()] or ["no verdict yet"]
    waiting = sum(row.verdict == WAITING for row in rows)
    described = len(rows) - len(judged) - waiting
    headline = (f"{len(judged)} verdict(s) of {variants} against the baseline '{comparison.baseline}': "
                f"{', '.join(parts)}"
                + (f"; {waiting} secondary figure(s) not judged while the primary is undecided" if waiting else "")
                + (f"; {described} figure(s) described without a verdict." if described else "."))
    caveats = _record_caveats(record, comparison)
    if any(row.verdict == "too noisy to tell" for row in judged):
        caveats.append("'Too noisy to tell': the interval contains 0 and reaches δ; the run could not show a change "
                       "of δ. It does not prove the configurations equal.")
    if comparison.failed:
        caveats.append(_failed_note(comparison, "their blocks are left out of the pairs"))
    return GuideSummary(headline, findings, tuple(caveats))


def _pct(value: float | None) -> str:
    return "–" if value is None else format_percent(value, unit=" %")


def summarize(comparison: Comparison, plan: Plan, *, rsd_threshold: float = 0.03,
              backing: Callable[[str], BackingInfo | None] = loop_backing, record=None) -> GuideSummary:
    """What the measurements say, metric by metric, and the caveats that apply to this run
    (with ``record``, the stored run's own caveats first: fstune.reports.caveats)."""
    findings = tuple(_finding(row) for row in comparison.rows)
    # a figure that only a variant can have (its journal device) is said, not counted
    rows = [row for row in comparison.rows if not _only_in_variant(row)]
    variants = ", ".join(f"'{v}'" for v in comparison.variants) or "none"
    if not comparison.legacy:
        return _summarize_blocked(comparison, rows, findings, variants, record)
    counts = {verdict: sum(1 for row in rows if row.verdict == verdict) for verdict in (BETTER, WORSE, NOISE, NO_DATA)}
    parts = [f"{counts[BETTER]} better", f"{counts[WORSE]} worse", f"{counts[NOISE]} within noise"]
    if counts[NO_DATA]:
        parts.append(f"{counts[NO_DATA]} without enough data")
    headline = (f"{len(rows)} comparison(s) of {variants} against the baseline '{comparison.baseline}': "
                f"{', '.join(parts)}.")
    moved = [row for row in rows if row.verdict in (BETTER, WORSE)]
    # the one-disk caveat is said below with the plan's own detail
    caveats: list[str] = _record_caveats(record, comparison, skip=("one disk",))

    # one physical disk under a separate journal/log
    external = [cp.config.name for cp in plan.configs if cp.config.external_journal]
    reason = one_disk_reason(plan, backing) if external else None
    if reason:
        from fstune.reports.formatting import fmt_change

        text = (f"One physical disk: {reason}. A journal or log on its own device saves head travel only when "
                "that device is a separate disk (a second spindle writes the journal while the first serves the "
                f"data); here every write of '{', '.join(external)}' still lands on the same disk, so this run "
                "cannot show that saving.")
        # with the journal elsewhere the data device alone receives fewer writes by construction:
        # only the total over both devices says whether the journal costs less
        split = [r for r in moved if _share_of_a_total(r)]
        real = [r for r in moved if r not in split]
        if real:
            shown = ", ".join(f"{metric_label(r.workload, r.metric)} of '{r.config}' ({r.verdict}, "
                              f"{fmt_change(r.change_pct)})" for r in real)
            text += f" What still moved beyond noise: {shown}."
        if split:
            text += (" The data device alone receives fewer writes when the journal lives on another one; "
                     "that is where the writes went, not a saving: compare the total MB written.")
        if not moved:
            text += " No metric moved beyond noise here, which is what one disk predicts."
        caveats.append(text)

    # repeats that stayed noisy
    noisy = []
    for (config, workload, metric), summary in sorted(comparison.summaries.items()):
        if summary.rsd is not None and summary.n >= 2 and summary.rsd > rsd_threshold:
            noisy.append(f"{metric_label(workload, metric)} of '{config}' (RSD {_pct(summary.rsd)}, n={summary.n})")
    if noisy:
        listed = ", ".join(noisy[:5]) + (f" and {len(noisy) - 5} more" if len(noisy) > 5 else "")
        caveats.append(f"The repeats varied more than the {_pct(rsd_threshold)} threshold for {listed}. A verdict on "
                       "those figures is weaker: more repeats, or a machine doing nothing else, would sharpen it.")

    if counts[NOISE]:
        caveats.append(f"'Within noise' ({counts[NOISE]} of {len(rows)}): the difference of the medians is no larger "
                       "than the repeats' own scatter (Welch's t-test p ≥ 0.05, or the bootstrap interval of the "
                       "difference includes zero). It does not prove the configurations equal: a smaller effect can "
                       "hide in the noise.")
    if counts[NO_DATA]:
        caveats.append(f"{counts[NO_DATA]} comparison(s) had fewer than two successful repeats on a side: no verdict.")
    if comparison.warm:
        caveats.append("Some repeats ran with warm caches (they could not be dropped): reads may come from memory, "
                       "and read figures then flatter both sides.")
    if comparison.failed:
        caveats.append(_failed_note(comparison, "the verdicts use the others"))
    if plan.repeats < 3:
        caveats.append(f"Only {plan.repeats} repeat(s) per configuration were planned; fstune's verdicts need 3.")
    return GuideSummary(headline, findings, tuple(caveats))
