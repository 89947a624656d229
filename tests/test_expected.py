"""Expected outcomes: the seed experiments' results as study data, set beside a run's verdicts.

The loader keeps and checks ``[[expected]]`` (fstune/studies.py); ``fstune.reports.expected``
says whether a run agrees in direction and size, is much smaller or larger, went the opposite way,
cannot tell, or was measured where the effect cannot show;
every report and the results command show it (docs/verdicts.md, "Expected outcomes").
"""

from __future__ import annotations

import csv
import io
import json
import re
from html import escape as escape_html

import pytest

from fstune.figures import LOWER, RepeatResult, Sample
from fstune.reports import reports
from fstune.results.blocked import DESCRIBED
from fstune.results.compare import compare_runs
from fstune.reports.expected import (AGREES, CANNOT_SHOW, CANNOT_TELL, LARGER, OPPOSITE, SIZE_FACTOR, SMALLER,
                                     judge_agreement, outcomes, outcomes_for)
from fstune.results.records import ConfigDescription, DeviceRecord, RunRecord
from fstune.results.store import Store
from fstune.stats.verdict import Position, Verdict
from fstune.studies import Expectation, load_studies
from fstune.stats.sequential import METHOD
from test_compare_blocked import C, DESIGN, OWN, SHARED, run, too_noisy_run
from test_results_cli import assert_fits_80_columns, fstune
from test_store import realistic_run
from test_studies import SEEDS, _error, _valid

# --- the data ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def shipped():
    return load_studies(extra_dirs=[])


def test_every_seed_study_carries_its_original_results(shipped):
    seeds = [study for study in shipped.values() if "seed" in study.tags]
    assert len(seeds) == 10
    for study in seeds:
        assert study.expected, f"{study.name} has no [[expected]]"
        names = [c.name for c in study.configurations]
        for e in study.expected:
            assert e.configuration in names and e.against in names and e.configuration != e.against
            assert e.key.split(":")[0] in study.workloads
            assert e.hardware and e.reference.startswith("Seed 00"), (study.name, e)
            assert "[" not in e.hardware + e.reference + e.note + e.why_different  # Rich reads [...] as markup
            assert not e.why_different or e.percent is not None  # a reason for a size needs a size
    # studies that are not seed experiments carry none
    assert not [s.name for s in shipped.values() if "seed" not in s.tags and s.expected]


def test_the_seeds_own_figures_are_kept(shipped):
    ext3 = shipped["ext3-external-journal"]
    [dbench] = [e for e in ext3.expected if e.metric == "dbench.throughput_mbs"]
    assert (dbench.before, dbench.after, dbench.unit, dbench.direction) == (15.44, 17.25, "MB/s", "higher")
    assert dbench.percent == pytest.approx(11.72, abs=0.01) and set(dbench.needs) == {"seeks", "separate-disks"}
    notail = shipped["reiserfs-external-log"].expected[0]
    assert (notail.configuration, notail.against) == ("external-notail", "external")
    clean = next(e for e in shipped["ext4-journal-writes"].expected if e.metric == "clean.mb_written")
    assert clean.percent == pytest.approx(-47.3, abs=0.1) and not clean.needs  # bytes need no disk arm
    jfs = shipped["jfs-external-log"].expected[0]
    assert jfs.percent is None and "4 min 8 s" in jfs.note  # the seed gives no percentage


def test_no_expectation_text_is_copied_from_the_seeds(shipped):
    def shingles(text: str, size: int = 8) -> set[tuple[str, ...]]:
        words = re.findall(r"[a-z0-9']+", text.lower())
        return {tuple(words[i:i + size]) for i in range(len(words) - size + 1)}

    seed = set()
    for path in SEEDS.iterdir():
        seed |= shingles(path.read_text(errors="replace"))
    for study in shipped.values():
        for e in study.expected:
            for text in (e.hardware, e.reference, e.note, e.why_different):
                assert not shingles(text) & seed, (study.name, text)


EXPECTED = '''
[[expected]]
configuration = "variant"
metric = "metadata:dbench.throughput_mbs"
direction = "higher"
before = 10
after = 12
unit = "MB/s"
hardware = "2003, IDE disks"
reference = "Seed 000, a test"
'''


def test_a_user_study_without_expectations_and_one_with_them_load(tmp_path):
    from fstune.studies import load_study_file

    plain = tmp_path / "plain.toml"
    plain.write_text(_valid())
    assert load_study_file(plain).expected == ()
    with_them = tmp_path / "with.toml"
    with_them.write_text(_valid() + EXPECTED)
    [e] = load_study_file(with_them).expected
    assert (e.configuration, e.against, e.workload, e.metric, e.percent) == (
        "variant", "base", "metadata", "dbench.throughput_mbs", 20.0)


@pytest.mark.parametrize("change, key, words", [
    (('metric = "metadata:dbench.throughput_mbs"', 'metric = "metadata:dbench.speed"'), "expected[0].metric",
     "workload metadata has no metric 'dbench.speed'"),
    (('metric = "metadata:dbench.throughput_mbs"', 'metric = "writes:build.mb_written"'), "expected[0].metric",
     "'writes' is not one of the study's workloads"),
    (('configuration = "variant"', 'configuration = "tuned"'), "expected[0].configuration",
     "'tuned' is not a configuration of this study; it has: base, variant"),
    (('configuration = "variant"', 'configuration = "variant"\nagainst = "nothing"'), "expected[0].against",
     "'nothing' is not a configuration"),
    (('direction = "higher"', 'direction = "faster"'), "expected[0].direction",
     "'faster' must be one of: higher, lower, unchanged"),
    (('direction = "higher"', 'direction = "lower"'), "expected[0].direction", "contradicts the figures (+20.0 %)"),
    (('after = 12\n', ''), "expected[0].after", "give both the figure before and the figure after"),
    (('unit = "MB/s"\n', ''), "expected[0].unit", "say what unit before and after are in"),
    (('hardware = "2003, IDE disks"', 'hardware = "2003"\nneeds = ["spindles"]'), "expected[0].needs",
     "'spindles' is not one of: seeks, separate-disks"),
    (('reference', 'references'), "expected[0].references", "is not a known key. Did you mean 'reference'?"),
])
def test_a_bad_expectation_is_refused_naming_file_line_and_key(tmp_path, change, key, words):
    text = _valid() + EXPECTED.replace(*change)
    message = _error(tmp_path, text)
    assert f": {key}: " in message and words in message, message
    written = key.split(".")[-1]
    line = next((i for i, l in enumerate(text.splitlines(), 1) if l.startswith(f"{written} =")
                 and i > text.splitlines().index("[[expected]]")), None)
    if line is not None:
        assert f", line {line}: " in message, message


def test_a_reason_for_a_difference_in_size_is_data_and_needs_a_size(tmp_path):
    from fstune.studies import load_study_file

    reason = 'why_different = "The original ran on a busier disk."\n'
    with_reason = tmp_path / "with.toml"
    with_reason.write_text(_valid() + EXPECTED + reason)
    [e] = load_study_file(with_reason).expected
    assert e.why_different == "The original ran on a busier disk."
    assert Expectation.from_json(json.loads(json.dumps(e.as_json()))) == e  # a run records it
    assert Expectation.from_json({k: v for k, v in e.as_json().items() if k != "why_different"}).why_different == ""
    sizeless = _valid() + EXPECTED.replace("before = 10\nafter = 12\nunit = \"MB/s\"\n", "") + reason
    message = _error(tmp_path, sizeless)
    assert ": expected[0].why_different: " in message and "gives no size" in message, message


# --- agreement ---------------------------------------------------------------------------------


def expect(direction: str = "higher", config: str = "b", against: str = "a", metric: str = "dbench.throughput_mbs",
           workload: str = "metadata", needs: tuple[str, ...] = ()) -> Expectation:
    return Expectation(config, against, workload, metric, direction, "2003, IDE disks", "Seed 000, a test",
                       percent={"higher": 12.0, "lower": -12.0, "unchanged": None}[direction], needs=needs)


def real_disks(record):
    record.devices = [DeviceRecord("/dev/sdb1", "target", "WDC WD2003FZEX", transport="sata", rotational=True),
                      DeviceRecord("/dev/sdc1", "journal", "WDC WD2003FZEX", transport="sata", rotational=True)]
    record.environment["placement"] = {"/dev/sdb1": {"disk": "sdb"}, "/dev/sdc1": {"disk": "sdc"}}
    record.configs[1] = ConfigDescription("b", "ext4", journal="external", log_device="/dev/sdc1")
    return record


def one_disk_loop_lab(record):
    record.devices = [DeviceRecord("/dev/loop7p1", "target", transport="loop"),
                      DeviceRecord("/dev/loop7p2", "journal", transport="loop")]
    where = {"disk": "loop7", "backing_file": "/var/tmp/fstune-lab/disk0.img", "backing_device": "/dev/sda3",
             "backing_dev": "8:3", "lab": True}
    record.environment["placement"] = {"/dev/loop7p1": where, "/dev/loop7p2": where}
    record.configs[1] = ConfigDescription("b", "ext4", journal="external", log_device="/dev/loop7p2")
    return record


def vm_lab(record, accel: str):
    record.environment["lab"] = {"lab": "vm", "disk_model": {"name": "deskstar-7k250"}, "disk_serving": "nbdkit",
                                 "accel": accel, "guest_kernel": "6.1.0-21-amd64"}
    record.devices = [DeviceRecord("/dev/vdb1", "target", transport="virtio"),
                      DeviceRecord("/dev/vdc1", "journal", transport="virtio")]
    record.environment["placement"] = {"/dev/vdb1": {"disk": "vdb"}, "/dev/vdc1": {"disk": "vdc"}}
    return record


def outcome(record, expectation):
    [found] = outcomes([expectation], compare_runs([record]), record)
    return found


def test_a_gain_in_the_seeds_direction_agrees():
    record = real_disks(run({"a": 1.0, "b": 1.10}))
    found = outcome(record, expect(needs=("seeks", "separate-disks")))
    assert found.verdict == Verdict.BETTER and found.agreement == AGREES and not found.reason
    assert found.low > 2.0 and "[" in found.interval
    text = found.text()
    assert text.startswith("b against a: the original measurement: dbench throughput +12.0% (2003, IDE disks)")
    assert f"/ yours: {found.interval}, better — agrees" in text


# --- the rule itself (judge_agreement): direction and size ----------------------------------------


def rule(original, low, high, change=None, direction=None, **kwargs):
    direction = direction or ("higher" if original > 0 else "lower")
    return judge_agreement(original, direction, (low + high) / 2 if change is None else change, low, high, **kwargs)


def test_the_loop_lab_s_build_is_much_smaller_than_the_seed_s():
    """ext4-journal-writes on the loop lab (issue 28): build -1.9 % [-2.3, -1.6] against -12.0 %."""
    found = rule(-12.0, -2.3, -1.6, change=-1.9)
    assert (found.word, found.said) == (SMALLER, "same direction, much smaller")
    assert found.text() == "same direction, much smaller (-1.9 % against -12.0 %)"


@pytest.mark.parametrize("original, low, high, word", [
    (-4.0, -2.0, -1.6, AGREES),  # populate, -1.8 % against -4.0 %: an interval reaching -2.0 % agrees
    (-4.0, -1.9, -1.7, SMALLER),  # a narrower one does not
    (-47.3, -56.0, -52.0, AGREES),  # clean, -54.1 % against -47.3 %: outside the interval, within the factor
    (-47.3, -90.0, -20.0, AGREES),  # however wide the interval around it
    (-47.3, -50.0, -45.0, AGREES),  # inside it
])
def test_the_other_phases_of_that_run_are_judged_by_the_same_factor(original, low, high, word):
    assert rule(original, low, high).word == word


def test_agreement_inside_the_interval_says_so_and_within_the_factor_says_that_too():
    inside = rule(-47.3, -50.0, -45.0, change=-47.5)
    assert inside.text() == "agrees (-47.5 % against -47.3 %)"
    near = rule(-47.3, -56.0, -52.0, change=-54.1)
    assert near.text() == f"agrees (-54.1 % against -47.3 %): within a factor of {SIZE_FACTOR:g} of the interval"


def test_an_original_exactly_on_a_bound_agrees_and_just_past_the_factor_does_not():
    assert rule(12.0, 12.0, 20.0).text().startswith("agrees (")  # the interval is closed
    assert rule(12.0, 5.0, 12.0).text().startswith("agrees (")
    assert rule(12.0, 5.0, 6.0).word == AGREES  # the far end times the factor is 12: on the bound
    assert rule(12.0, 5.0, 5.9).word == SMALLER
    assert rule(12.0, 24.0, 30.0).word == AGREES  # near end / factor = 12
    larger = rule(12.0, 24.5, 30.0, change=27.0)
    assert (larger.word, larger.text()) == (LARGER, "same direction, much larger (+27.0 % against +12.0 %)")


def test_an_interval_across_zero_cannot_tell_unless_it_falls_far_short_of_the_original():
    wide = rule(-12.0, -8.0, +5.0)
    assert (wide.word, wide.text()) == (CANNOT_TELL, "cannot tell: the interval spans 0")
    assert rule(-12.0, -6.0, +5.0).word == CANNOT_TELL  # reaches -6: doubled, the original
    short = rule(-12.0, -1.5, +0.9, change=-0.3)
    assert (short.word, short.text()) == (SMALLER, "much smaller, no change found (-0.3 % against -12.0 %)")
    assert rule(-12.0, 0.0, 4.0).word == SMALLER  # a closed interval touching 0 does not exclude it
    assert rule(12.0, 0.0, 6.0).word == CANNOT_TELL  # ... and reaching 6, doubled 12, it may be the original


def test_opposite_signs_are_the_opposite_direction_whatever_the_size():
    found = rule(-12.0, +1.0, +3.0, direction="lower", change=2.0)
    assert (found.word, found.text()) == (OPPOSITE, "opposite direction (+2.0 % against -12.0 %)")
    assert rule(+12.0, -30.0, -10.0, direction="higher").word == OPPOSITE


def test_an_original_of_0_percent_is_read_against_delta_by_the_verdict_s_position():
    def unchanged(low, high, position):
        return judge_agreement(0.0, "unchanged", (low + high) / 2, low, high, position=position)

    same = unchanged(-1.0, 1.0, Position.INSIDE)
    assert (same.word, same.text()) == (AGREES, "agrees (+0.0 % against no change): within ±δ")
    assert unchanged(0.5, 1.5, Position.BELOW_DELTA_UP).word == AGREES
    moved = unchanged(5.0, 9.0, Position.BEYOND_UP)
    assert (moved.word, moved.said) == (LARGER, "a change where the original found none")
    assert unchanged(-8.0, 9.0, Position.WIDE).text() == "cannot tell: the interval reaches ±δ"
    assert unchanged(1.0, 5.0, Position.UNCLEAR_UP).word == CANNOT_TELL


def test_a_direction_alone_or_a_change_in_the_metric_s_unit_is_compared_in_direction_only():
    found = judge_agreement(None, "higher", 5.0, 2.0, 8.0)
    assert found.text() == "agrees (+5.0 % against higher): the original gives only a direction"
    assert judge_agreement(None, "higher", 5.0, -2.0, 8.0).word == CANNOT_TELL
    megabytes = judge_agreement(-12.0, "lower", -30.0, -40.0, -20.0, unit="MB")
    assert megabytes.word == AGREES and "only its direction is compared" in megabytes.why


# --- the rule applied to runs -----------------------------------------------------------------------


def test_the_study_s_reason_is_shown_beside_a_difference_in_size_only():
    from dataclasses import replace as changed

    reason = "The original build ran over many more journal commits."
    record = real_disks(run({"a": 1.0, "b": 1.10}))
    smaller = outcome(record, changed(expect(), percent=40.0, why_different=reason))
    assert smaller.agreement == SMALLER and smaller.likely() == reason
    assert smaller.judged().endswith(f"against +40.0 %); likely reason: {reason}")
    assert smaller.as_dict()["likely_reason"] == reason and smaller.as_dict()["original"]["why_different"] == reason
    agrees = outcome(record, changed(expect(), why_different=reason))
    assert agrees.agreement == AGREES and agrees.likely() == "" and reason not in agrees.text()
    # every way out shows it on the judgement's row
    from rich.console import Console

    from fstune.reports.terminal import expected_table

    record.settings = {"expected": [changed(expect(), percent=40.0, why_different=reason).as_json()]}
    comparison = compare_runs([record])
    markdown = reports.to_markdown([record], comparison)
    assert f"| **same direction, much smaller** (+" in markdown and f"; likely reason: {reason} |" in markdown
    assert f"; likely reason: {escape_html(reason)}</small>" in reports.to_html([record], comparison)
    console = Console(width=100, record=True)
    console.print(expected_table([record], comparison))
    lines = console.export_text().splitlines()
    start = next(i for i, line in enumerate(lines) if "likely reason:" in line)
    column = lines[start].index("likely reason:")
    said = " ".join(line[column:column + 45].strip() for line in lines[start:start + 2])
    assert said == f"likely reason: {reason}"  # in the wide column, on the judgement's row


def test_the_other_way_a_change_where_none_was_or_none_where_one_was():
    record = real_disks(run({"a": 1.0, "b": 1.10}))
    other = outcome(record, expect("lower"))
    assert other.agreement == OPPOSITE and other.judged().startswith("opposite direction (+")
    still = outcome(record, expect("unchanged"))
    assert still.agreement == LARGER and still.headline() == "a change where the original found none"
    same = real_disks(run({"a": 1.0, "b": 1.0}))
    assert outcome(same, expect("unchanged")).agreement == AGREES
    nothing = outcome(same, expect("higher"))
    assert nothing.verdict == Verdict.NO_DIFFERENCE and nothing.agreement == SMALLER
    assert nothing.judged().startswith("much smaller, no change found (") and "against +12.0 %)" in nothing.judged()


def test_too_noisy_or_undecided_cannot_tell():
    noisy = outcome(real_disks(too_noisy_run()), expect())
    assert noisy.verdict == Verdict.TOO_NOISY and (noisy.agreement, noisy.reason) == (CANNOT_TELL,
                                                                                        "the interval spans 0")
    early = outcome(real_disks(run({"a": 1.0, "b": 1.10}, blocks=4)), expect())
    assert early.agreement == CANNOT_TELL and "not enough blocks" in early.reason
    waiting = outcome(real_disks(run({"a": 1.0, "b": 1.10}, blocks=4)), expect("lower", metric="dbench.max_latency_ms"))
    assert waiting.agreement == CANNOT_TELL and "the primary metric is undecided" in waiting.reason
    assert not waiting.beside and "judged here" not in waiting.yours()


def test_a_figure_the_run_only_describes_is_judged_beside_the_original():
    """The run's own table describes dbench's latency; its expected outcome is judged all the same,
    after the primary, as a family of its own, and the run's own rows stay as they were."""
    record = real_disks(run({"a": 1.0, "b": 1.10}))
    comparison = compare_runs([record])
    [row] = [r for r in comparison.rows if r.metric == "dbench.max_latency_ms"]
    assert row.verdict == DESCRIBED
    found = outcome(record, expect("lower", metric="dbench.max_latency_ms"))
    assert found.beside and found.verdict == Verdict.NO_DIFFERENCE and found.low is not None
    assert found.yours() == "+0.0 % exactly, no detectable difference (judged here only)"
    assert found.judged() == "much smaller, no change found (+0.0 % against -12.0 %)"
    assert found.as_dict()["yours"]["judged_here"] is True
    assert [r.verdict for r in compare_runs([record]).rows] == [r.verdict for r in comparison.rows]


def test_judged_beside_is_holm_across_the_study_s_described_figures_after_the_primary():
    from fstune.results.blocked import BESIDE, WAITING
    from fstune.results.compare import judge_described

    phases = {"a": (("populate", 367.7), ("clean", 14.6)), "b": (("populate", 353.0), ("clean", 7.7))}
    record = run({"a": 1.0, "b": 1.10}, extra=[
        RepeatResult(name, "writes", block, [Sample("writes", f"{phase}.mb_written", mb * (1 + 0.01 * (block % 3)),
                                                    "MB", LOWER) for phase, mb in values], block=block, position=2)
        for block in range(1, 16) for name, values in phases.items()])
    keys = [("writes", "populate.mb_written"), ("writes", "clean.mb_written"), ("metadata", "dbench.throughput_mbs")]
    judged = judge_described(record, "b", keys)
    assert set(judged) == set(keys[:2])  # the primary keeps its own verdict
    for word, judgement in judged.values():
        assert judgement.role == BESIDE and judgement.low is not None and word != WAITING
        assert "Judged beside the original measurement, Holm rank" in " ".join(judgement.notes)
        assert "of 2" in " ".join(judgement.notes)
    early = judge_described(run({"a": 1.0, "b": 1.10}, blocks=4), "b", [("metadata", "dbench.max_latency_ms")])
    assert early[("metadata", "dbench.max_latency_ms")][0] == WAITING
    legacy = run({"a": 1.0, "b": 1.10}, method="")
    assert judge_described(legacy, "b", keys) == {}


def test_the_one_disk_loop_lab_cannot_show_a_second_disk_s_effect():
    record = one_disk_loop_lab(run({"a": 1.0, "b": 1.10}))
    found = outcome(record, expect(needs=("seeks", "separate-disks")))
    assert found.agreement == CANNOT_SHOW and found.alone.startswith("agrees (+10.")
    assert "the journal and the data share one physical disk, so seek benefits cannot show" in found.reason
    assert found.reason.startswith("one-disk loop lab: ")
    assert "cannot show here: one-disk loop lab: " in found.text() and "(the verdict alone: agrees (+" in found.text()
    # an effect that needs neither (notail, byte counts) is judged as measured
    assert outcome(record, expect()).agreement == AGREES


def test_tcg_cannot_show_timed_effects_but_counts_bytes_as_well_as_kvm():
    timed = outcome(vm_lab(run({"a": 1.0, "b": 1.10}), "TCG"), expect(needs=("seeks", "separate-disks")))
    assert timed.agreement == CANNOT_SHOW and timed.reason.startswith("TCG: the emulated guest CPU")
    kvm = outcome(vm_lab(run({"a": 1.0, "b": 1.10}), "KVM"), expect(needs=("seeks", "separate-disks")))
    assert kvm.agreement == AGREES  # the disk model's heads move and the two disks are two
    flat = vm_lab(run({"a": 1.0, "b": 1.10}), "KVM")
    flat.environment["lab"]["disk_model"] = None
    assert "no head to move" in outcome(flat, expect(needs=("seeks",))).reason
    writes = vm_lab(run({"a": 1.0, "b": 1.0}, extra=[
        RepeatResult(name, "writes", block, [Sample("writes", "clean.mb_written", value, "MB", LOWER)], block=block,
                     position=2)
        for block in range(1, 16) for name, value in (("a", 14.6), ("b", 7.7))]), "TCG")
    counted = outcome(writes, expect("lower", workload="writes", metric="clean.mb_written"))
    assert counted.agreement == LARGER and counted.beside  # judged as counted: TCG does not stop it
    assert counted.judged() == "same direction, much larger (-47.3 % against -12.0 %)"


def test_an_expectation_against_another_configuration_is_read_as_that_pair():
    """c against b: a pair of two variants is beyond the run's error budget, described, so the
    expectation cannot be told; against the baseline it is judged."""
    record = run({"a": 1.0, "b": 1.0, "c": 1.2})
    record.configs[2] = C
    found = outcome(record, expect(config="c", against="b"))
    pair = compare_runs([record], pair=("b", "c"))
    [row] = [r for r in pair.rows if r.metric == "dbench.throughput_mbs"]
    assert found.verdict == row.verdict == DESCRIBED and found.agreement == CANNOT_TELL and not found.beside
    assert found.reason == "described only: a pair of two variants is beyond the run's error budget"
    assert found.pair == "c against b"
    judged = outcome(record, expect(config="c", against="a"))
    assert judged.verdict == Verdict.BETTER and judged.agreement == AGREES
    missing = outcome(run({"a": 1.0, "b": 1.1}), expect(config="c"))
    assert missing.agreement == CANNOT_TELL and missing.judged() == "not measured: c not in this run"
    fio = outcome(run({"a": 1.0, "b": 1.1}), expect(workload="throughput", metric="seqwrite.rate_mbs"))
    assert (fio.judged(), fio.yours()) == ("not measured: the throughput workload did not run", "not measured")


def journal_writes_run(build: float = -0.019, populate: float = -0.018, clean: float = -0.541):
    """ext4-journal-writes as the loop lab measured it (issue 28): 15 blocks, the build's
    megabytes the primary; each block's figures vary a little, as counted bytes do. The study is
    read from this checkout's file (an installed fstune may map its recipes elsewhere)."""
    from pathlib import Path

    from fstune.studies import load_study_file

    study = load_study_file(Path(__file__).resolve().parent.parent / "recipes" / "ext4-journal-writes.toml")
    design = {**DESIGN, "primary": {"workload": "writes", "metric": "build.mb_written"}}
    base = {"populate": 60.0, "build": 64.0, "clean": 0.9}
    change = {"populate": populate, "build": build, "clean": clean}
    results = []
    for block in range(1, 16):
        for position, name in enumerate(("journal", "no-journal"), 1):
            # the block's own level, shared by both sides, and a little of each measurement's own
            wobble = SHARED[block - 1] * (1 + (OWN[block - 1] / 2 if name == "no-journal" else 0))
            results.append(RepeatResult(name, "writes", block, [
                Sample("writes", f"{phase}.mb_written",
                       mb * wobble * (1 + (change[phase] if name == "no-journal" else 0)), "MB", LOWER)
                for phase, mb in base.items()], block=block, position=position))
    configs = [ConfigDescription("journal", "ext4", mount_options=(("strictatime", None),)),
               ConfigDescription("no-journal", "ext4", journal="none", mount_options=(("strictatime", None),))]
    record = RunRecord(study.name, study.title, 0.0, "finished", configs, results, method=METHOD, design=design,
                       settings={"expected": [e.as_json() for e in study.expected]})
    return record, compare_runs([record])


def test_the_loop_lab_s_journal_writes_read_by_the_one_rule():
    record, comparison = journal_writes_run()
    found = {o.expectation.metric.split(".")[0]: o for o in outcomes_for([record], comparison)}
    build = found["build"]
    assert not build.beside and build.agreement == SMALLER
    assert build.judged().startswith("same direction, much smaller (-1.9 % against -12.0 %); likely reason: "
                                     "Both configurations are mounted strictatime")
    clean = found["clean"]  # described by the run, judged beside the original
    assert clean.beside and clean.judged().startswith("agrees (-54.1 % against -47.3 %)")
    populate = found["populate"]
    assert populate.beside and populate.verdict and populate.agreement in (AGREES, SMALLER)
    assert populate.likely() == ""  # the study gives a reason for the build only
    assert "described only" not in " ".join(o.judged() for o in found.values())


# --- shown everywhere --------------------------------------------------------------------------


def seed_run():
    record = realistic_run()  # ext3-external-journal: dbench 15.44 → 17.25 MB/s on two real disks
    record.id = 7
    return record, compare_runs([record])


def test_reports_show_the_original_beside_yours():
    record, comparison = seed_run()
    found = outcomes_for([record], comparison)
    assert [o.metric_title for o in found][0] == "dbench throughput" and found[0].agreement == AGREES
    markdown = reports.to_markdown([record], comparison)
    section = markdown[markdown.index("## Expected"):markdown.index("## Environment")]
    assert "| external against internal | metadata dbench.throughput_mbs | dbench throughput +11.7%, 15.44 → " \
           "17.25 MB/s (2003, kernel 2.4.20, IDE disks, the journal on a second drive); Seed 000" in section
    assert "| **agrees** (+11.1 % against +11.7 %) |" in section and "| **cannot tell**: within noise |" in section
    # a legacy verdict's bootstrap interval, as a percentage of the baseline, is read like any other
    assert "| -8.0%, worse (legacy rule) | **a change where the original found none** (-8.0 % against no change) |" \
        in section
    assert markdown.index("## Expected") > markdown.index("## throughput")  # after the verdict tables
    document = json.loads(reports.to_json([record], comparison))
    first = document["expected"][0]
    assert (first["configuration"], first["against"], first["agreement"]) == ("external", "internal", AGREES)
    assert first["original"]["before"] == 15.44 and first["yours"]["verdict"] == "better"
    assert len(document["expected"]) == 5
    page = reports.to_html([record], comparison)
    assert "<h2>Expected: what the original experiment found, beside yours</h2>" in page
    assert '<td class="better">agrees <small>(+11.1 % against +11.7 %)</small></td>' in page
    assert "15.44 → 17.25 MB/s" in page
    rows = list(csv.DictReader(io.StringIO(reports.to_csv([record], comparison))))
    [dbench] = [r for r in rows if (r["config"], r["metric"]) == ("external", "dbench.throughput_mbs")]
    assert dbench["expected"].startswith("external against internal: the original measurement: dbench throughput")
    assert dbench["expected"].endswith("— agrees (+11.1 % against +11.7 %)")
    assert not [r for r in rows if r["config"] == "internal" and r["expected"]]


def test_a_run_keeps_the_expectations_its_study_had_when_it_ran():
    """The run records them; a study file edited (or removed) later does not change its report."""
    from fstune.plan import build_plan
    from fstune.results.settings import run_settings
    from fstune.studies import Expectation, load_studies
    from test_plan import golden_choices

    study = load_studies()["ext3-external-journal"]
    recorded = run_settings(build_plan(golden_choices(study)), machine_id_path="/nonexistent")["expected"]
    assert [Expectation.from_json(entry) for entry in json.loads(json.dumps(recorded))] == list(study.expected)
    record, comparison = seed_run()
    record.settings = {"expected": [{**recorded[0], "hardware": "the machine of the day it ran"}]}
    [found] = outcomes_for([record], comparison)
    assert "the machine of the day it ran" in found.original()
    record.study = "a-study-that-no-longer-exists"
    assert len(outcomes_for([record], comparison)) == 1
    record.settings = {"expected": []}  # the study expected nothing then: nothing is added now
    assert outcomes_for([record], comparison) == []


def test_runs_side_by_side_and_studies_without_expectations_show_none():
    record, comparison = seed_run()
    other = realistic_run(seed=5)
    other.id = 8
    assert outcomes_for([record, other], compare_runs([record, other])) == []
    assert "## Expected" not in reports.to_markdown([record, other], compare_runs([record, other]))
    record.study = "ext4-writeback-commit"
    assert "## Expected" not in reports.to_markdown([record], comparison)
    assert json.loads(reports.to_json([record], comparison))["expected"] == []


def test_results_show_prints_the_expected_outcomes(tmp_path):
    record, _ = seed_run()
    record.id = None
    with Store(tmp_path) as store:
        store.save_run(record)
    shown = fstune(tmp_path, "show", "1")
    assert shown.returncode == 0, shown.stderr
    text = shown.stdout
    assert "Expected: what the original experiment found, beside yours" in text
    assert_fits_80_columns(text)
    lines = text[text.index("Expected:"):text.index("Notes")].splitlines()
    assert any(line.startswith("external against") and "agrees (+11.1 %" in line for line in lines)
    assert any("15.44 → 17.25" in line for line in lines) and any("within noise" in line for line in lines)
    assert text.index("Workload: throughput") < text.index("Expected:") < text.index("Notes")


async def test_the_results_screen_shows_them(tmp_path):
    from textual.widgets import Static

    from fstune.screens.results import ResultsScreen
    from test_tui_results import HostApp, plain

    record, comparison = seed_run()
    screen = ResultsScreen(record, comparison, services=None, export_dir=tmp_path)
    async with HostApp(screen).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = " ".join(plain(screen.query_one("#expected", Static)).split())
    assert "the original measurement" in text and "dbench throughput +11.7%" in text and "agrees" in text


def test_the_environment_caveat_reads_the_same_place():
    from fstune.reports.caveats import environment, place

    record = one_disk_loop_lab(run({"a": 1.0, "b": 1.1}))
    where = place(record)
    assert (where.kind, where.heads_move, where.loop) == ("loop lab", False, True) and where.shared_disk
    assert environment(record).text.startswith("One-disk loop lab (backing files in /var/tmp/fstune-lab on host "
                                               "device /dev/sda3)")
    vm = place(vm_lab(run({"a": 1.0, "b": 1.1}), "TCG"))
    assert vm.summary() == "VM lab, disk model deskstar-7k250, TCG" and vm.heads_move and not vm.shared_disk
