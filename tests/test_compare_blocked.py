"""compare() on a run measured in interleaved blocks: the paired, group-sequential verdicts."""

from __future__ import annotations

import dataclasses
import math

import pytest

from fstune.errors import UsageError
from fstune.figures import HIGHER, LOWER, RepeatResult, Sample
from fstune.results.blocked import DESCRIBED, NOT_YET, PRIMARY, SECONDARY, WAITING, comparison_schedule
from fstune.results.compare import LEGACY_NOTE, NOISE, compare_runs
from fstune.stats.judge import judge_primary
from fstune.results.records import ConfigDescription, RunRecord
from fstune.stats.scales import MetricRule
from fstune.stats.sequential import METHOD
from fstune.stats.verdict import Verdict

A = ConfigDescription("a", "ext4")
B = ConfigDescription("b", "ext4", mount_options=(("noatime", None),))
C = ConfigDescription("c", "ext4", mount_options=(("commit", "30"),))
DESIGN = {"primary": {"workload": "metadata", "metric": "dbench.throughput_mbs"},
          "delta": {"default": 0.02, "metrics": {}}, "looks": [5, 10, 15], "max_blocks": 15,
          "order": [], "dropped_blocks": {}, "stopped": "decided"}
# block-to-block noise shared by both sides of a block, plus a little of each measurement's own
SHARED = [1.00, 1.10, 0.92, 1.05, 0.97, 1.08, 0.95, 1.02, 0.99, 1.04, 0.93, 1.06, 1.01, 0.96, 1.03]
OWN = [0.004, -0.006, 0.003, -0.002, 0.005, -0.004, 0.001, -0.003, 0.006, -0.005, 0.002, -0.001, 0.004,
       -0.006, 0.003]


def dbench(config: str, block: int, value: float, latency: float = 50.0, dropped: str | None = None,
           failed: str | None = None) -> RepeatResult:
    return RepeatResult(config, "metadata", block,
                        [Sample("metadata", "dbench.throughput_mbs", value, "MB/s", HIGHER),
                         Sample("metadata", "dbench.max_latency_ms", latency, "ms", LOWER)],
                        block=block, position=1, dropped=dropped, failed=failed)


def fio(config: str, block: int, rate: float, lat: float) -> RepeatResult:
    return RepeatResult(config, "throughput", block,
                        [Sample("throughput", "seqwrite.rate_mbs", rate, "MB/s", HIGHER),
                         Sample("throughput", "seqwrite.lat_avg_ms", lat, "ms", LOWER)],
                        block=block, position=2)


def run(factors: dict[str, float], blocks: int = 15, design=DESIGN, extra=(), method=METHOD) -> RunRecord:
    configs = [c for c in (A, B, C) if c.name in factors]
    results = [dbench(name, block, 100.0 * factor * SHARED[block - 1] * (1 + OWN[block - 1] * (i + 1)))
               for block in range(1, blocks + 1) for i, (name, factor) in enumerate(factors.items())]
    return RunRecord("s", "S", 0.0, "finished", configs, results + list(extra), method=method, design=dict(design))


def the(comparison, config, metric="dbench.throughput_mbs"):
    [found] = [r for r in comparison.rows if r.config == config and r.metric == metric]
    return found


def test_a_clear_gain_is_better_with_its_interval_and_detectable_change():
    comparison = compare_runs([run({"a": 1.0, "b": 1.10})])
    row = the(comparison, "b")
    assert not comparison.legacy and comparison.method == METHOD
    assert row.verdict == Verdict.BETTER and row.p_value is None and not row.legacy
    judgement = row.judgement
    assert judgement.role == PRIMARY and judgement.unit == "%" and judgement.final
    assert judgement.low > 2.0 and judgement.low < judgement.change < judgement.high
    assert judgement.change == pytest.approx(10.0, abs=1.0) and row.change_pct == judgement.change
    assert 0 < judgement.detectable < 5
    said = " ".join(row.said())
    assert "primary" in said and "[+" in said and "detectable ±" in said


def test_compare_decides_exactly_as_judge_primary_on_the_paired_blocks():
    record = run({"a": 1.0, "b": 1.01})
    base = [r.samples[0].value for r in record.results if r.config == "a"]
    other = [r.samples[0].value for r in record.results if r.config == "b"]
    direct = judge_primary("dbench.throughput_mbs", base, other, MetricRule(), comparison_schedule(DESIGN, 1),
                           outlook=False)
    row = the(compare_runs([record]), "b")
    assert row.verdict == direct.decision.verdict.value
    assert row.judgement.low == pytest.approx(direct.interval_percent[0])
    assert row.judgement.high == pytest.approx(direct.interval_percent[1])


def test_other_metrics_are_described_without_a_verdict():
    row = the(compare_runs([run({"a": 1.0, "b": 1.10})]), "b", "dbench.max_latency_ms")
    assert row.verdict == DESCRIBED and row.judgement.role == "description" and not row.judged
    assert row.judgement.change == pytest.approx(0.0)


def test_two_variants_share_alpha_and_a_pair_beyond_that_budget_is_described_not_judged():
    record = run({"a": 1.0, "b": 1.10, "c": 1.20})
    comparison = compare_runs([record])
    assert the(comparison, "b").judgement.alpha == pytest.approx(0.025)
    pair = compare_runs([record], pair=("b", "c"))
    assert pair.pair == ("b", "c") and pair.baseline == "b" and pair.configs == ["b", "c"]
    row = the(pair, "c")
    assert row.verdict == DESCRIBED and not row.judged
    assert row.judgement.notes[0].startswith("Described, not judged: the run's error budget is shared by each "
                                             "variant against the baseline (a)")
    assert row.judgement.change == pytest.approx(100 * (1.20 / 1.10 - 1), abs=1.0)
    reversed_ = the(compare_runs([record], pair=("c", "a")), "a")  # with the baseline: in the budget
    assert reversed_.verdict == Verdict.WORSE and reversed_.judgement.alpha == pytest.approx(0.025)
    with pytest.raises(UsageError, match="no configuration 'x'"):
        compare_runs([record], pair=("b", "x"))
    with pytest.raises(UsageError, match="two different"):
        compare_runs([record], pair=("b", "b"))


def test_only_repeats_that_count_are_paired_and_missing_blocks_are_said():
    record = run({"a": 1.0, "b": 1.10})
    for result in record.results:
        if result.block == 3:
            result.dropped = "pressure spike"
        if result.block == 7 and result.config == "b":
            result.failed = "dbench died"
    row = the(compare_runs([record]), "b")
    assert row.judgement.pairs == 13
    assert row.judgement.missing == (7,)
    assert any("Blocks 7 lack a figure" in line for line in row.said())


def test_before_the_first_look_there_is_no_verdict_yet():
    row = the(compare_runs([run({"a": 1.0, "b": 1.10}, blocks=4)]), "b")
    assert row.verdict == NOT_YET and not row.judged
    assert "first look is after 5" in " ".join(row.said())


def too_noisy_run() -> RunRecord:
    """Identical configurations whose measurements each wobble by 20 %: nothing can be shown."""
    record = run({"a": 1.0, "b": 1.0})
    for result in record.results:
        if result.config == "b":
            wobble = 1.25 if result.block % 2 else 0.8
            result.samples[0] = Sample("metadata", "dbench.throughput_mbs", result.samples[0].value * wobble,
                                       "MB/s", HIGHER)
    return record


def test_identical_noisy_configurations_at_the_cap_say_why_nothing_could_be_shown():
    record = too_noisy_run()
    row = the(compare_runs([record]), "b")
    assert row.verdict == Verdict.TOO_NOISY
    assert row.judgement.cap_undecided
    said = " ".join(row.said())
    assert "Cap reached while undecided" in said and "could not show a change of ±2.0 %" in said


def test_secondaries_wait_for_the_primary_and_are_judged_under_holm():
    extra = [fio(name, block, rate * SHARED[block - 1], 2.0)
             for block in range(1, 16) for name, rate in (("a", 200.0), ("b", 300.0))]
    comparison = compare_runs([run({"a": 1.0, "b": 1.10}, extra=extra)])
    rate = the(comparison, "b", "seqwrite.rate_mbs")
    assert rate.judgement.role == SECONDARY and rate.verdict == Verdict.BETTER
    assert "Holm rank 1 of 1" in " ".join(rate.said())
    assert the(comparison, "b", "seqwrite.lat_avg_ms").verdict == DESCRIBED
    undecided = compare_runs([run({"a": 1.0, "b": 1.10}, blocks=4, extra=extra)])
    waiting = the(undecided, "b", "seqwrite.rate_mbs")
    assert waiting.verdict == WAITING and not waiting.judged  # never counted or exported as a verdict


def test_study_delta_per_metric_is_used():
    design = {**DESIGN, "delta": {"default": 0.02, "metrics": {"metadata:dbench.throughput_mbs": 0.5}}}
    row = the(compare_runs([run({"a": 1.0, "b": 1.10}, design=design)]), "b")
    assert row.verdict == Verdict.PROBABLY_BETTER and row.judgement.qualifier == "below δ"
    assert row.judgement.delta == pytest.approx(50.0)


def test_a_legacy_run_keeps_the_old_display_marked_legacy():
    record = run({"a": 1.0, "b": 1.0}, method="")
    for result in record.results:
        result.block = result.position = None
    comparison = compare_runs([record])
    row = the(comparison, "b")
    assert comparison.legacy and row.legacy and row.verdict in (NOISE, "better", "worse")
    assert row.said() == [LEGACY_NOTE] and row.judgement is None


def test_a_second_run_beside_a_blocked_one_is_described_not_paired():
    first, second = run({"a": 1.0, "b": 1.10}), run({"a": 1.0, "b": 1.2})
    first.id, second.id = 1, 2
    comparison = compare_runs([first, second])
    assert the(comparison, "1:b").verdict == Verdict.BETTER
    other = the(comparison, "2:b")
    assert other.verdict == DESCRIBED and "another run" in " ".join(other.said())
    assert not math.isnan(other.change_pct)


def test_a_pair_from_a_later_run_is_judged_by_that_runs_own_method():
    """--pair 2:a 2:b beside run 1: the pair's run is blocked, so it is paired, not the legacy rule;
    and a pair from a blocked run beside a legacy one is paired too."""
    first, second = run({"a": 1.0, "b": 1.10}), run({"a": 1.0, "b": 1.3, "c": 1.1})
    first.id, second.id = 3, 7
    row = the(compare_runs([first, second], pair=("7:a", "7:b")), "7:b")
    assert row.verdict == Verdict.BETTER and not row.legacy
    assert row.judgement.alpha == pytest.approx(0.025)  # run 7 has two variants: its own alpha split
    legacy = run({"a": 1.0, "b": 1.10}, method="")
    legacy.id = 3
    row = the(compare_runs([legacy, second], pair=("7:a", "7:b")), "7:b")
    assert row.verdict == Verdict.BETTER and not row.legacy
    row = the(compare_runs([second, legacy], pair=("3:a", "3:b")), "3:b")
    assert row.legacy  # and the legacy run's own pair keeps the legacy rule


def test_a_figure_in_percent_from_zero_changes_by_points_not_by_a_relative_percent():
    """over_2s_pct 0 → about 3.3: a change of 3.3 percentage points, never "+3.3 %" (which every
    report would read as a relative change, beside cpu_pct's true relative one)."""
    extra = [RepeatResult(name, "throughput", block,
                          [Sample("throughput", "randread.over_2s_pct", value, "%", LOWER)], block=block, position=3)
             for block in range(1, 16)
             for name, value in (("a", 0.0), ("b", 3.3 + OWN[block - 1] * 50))]
    comparison = compare_runs([run({"a": 1.0, "b": 1.10}, extra=extra)])
    row = the(comparison, "b", "randread.over_2s_pct")
    assert row.judgement.unit == "points" and row.judgement.change == pytest.approx(3.3, abs=0.2)
    assert row.judgement.interval_text().startswith("+3.3 points (sd ")  # described: no verdict, its spread
    assert row.change_pct != pytest.approx(row.judgement.change)  # the relative column is not fed points


def test_a_drift_note_names_the_configuration_that_drifted():
    """c rises block after block; its note names c, in the run's comparison and in a --pair b c."""
    record = run({"a": 1.0, "b": 1.0, "c": 1.0})
    for result in record.results:
        if result.config == "c":
            rate = result.samples[0]
            result.samples[0] = dataclasses.replace(rate, value=rate.value * (1 + 0.04 * result.block))
    assert the(compare_runs([record]), "c").judgement.drift.startswith("Drift: c rises")
    pair = the(compare_runs([record], pair=("c", "a")), "a").judgement.drift
    assert pair.startswith("Drift: c rises") and "variant" not in pair and "baseline" not in pair


def test_every_pair_table_lists_each_pair_once():
    from rich.console import Console

    from fstune.reports.terminal import pair_table

    record = run({"a": 1.0, "b": 1.10, "c": 1.20})
    console = Console(width=100, record=True)
    console.print(pair_table(record))
    text = console.export_text()
    # the two pairs with the baseline are judged; b against c is beyond the budget and described
    assert text.count("better") == 2 and text.count(DESCRIBED) == 1 and "Every pair on the primary metric" in text
    assert pair_table(run({"a": 1.0, "b": 1.1})) is None


def test_a_json_export_keeps_the_blocks_and_the_class_merge_judges_them_the_same_way():
    import json

    from fstune.reports import classroom, reports

    record = run({"a": 1.0, "b": 1.10})
    record.id = 4
    document = json.loads(reports.to_json(record, compare_runs([record])))
    [row] = [r for r in document["comparison"]["rows"] if r["metric"] == "dbench.throughput_mbs"]
    assert row["verdict"] == "better" and row["judgement"]["role"] == PRIMARY and row["judgement"]["interval"]
    assert document["runs"][0]["method"] == METHOD and document["runs"][0]["repeats"][0]["block"] == 1
    assert document["caveats"] == []  # no devices, no drift, nothing dropped: nothing to say
    back = classroom.run_from_json(document["runs"][0])
    assert back.method == METHOD and [r.block for r in back.results] == [r.block for r in record.results]
    assert the(compare_runs([back]), "b").verdict == Verdict.BETTER


def test_an_interim_interval_beyond_a_thousand_percent_is_not_printed_digit_by_digit():
    # two degrees of freedom and a spent alpha make exp(t·se) astronomically wide at the first look
    from fstune.results.blocked import Judgement

    wide = Judgement(role="primary", pairs=3, unit="%", change=12.3, low=-100.0, high=4.1e29, detectable=1.7e34)
    assert wide.interval_text() == "+12.3 % [-100.0, > +1000]"
    assert wide.detectable_text() == "detectable: only beyond ±1000 %"
    # only percentages are capped: a metric shown in its own unit keeps its figure
    assert Judgement(role="primary", pairs=3, unit="MB/s", change=5e6, low=4e6, high=6e6).interval_text() \
        == "+5e+06 MB/s [+4e+06, +6e+06]"


def test_a_change_found_at_an_early_look_is_labelled_as_likely_overstated():
    from fstune.results.blocked import EARLY_STOP

    from fstune.results.blocked import ADJUSTED_WORDS

    row = the(compare_runs([run({"a": 1.0, "b": 1.10})]), "b")
    assert row.verdict == Verdict.BETTER and row.judgement.look == 1
    [note] = [line for line in row.judgement.lines(row.verdict) if EARLY_STOP.format(look=1, looks=3) in line]
    # beside the raw change, the change adjusted for stopping early: smaller, still inside the interval
    judgement = row.judgement
    assert judgement.low < judgement.adjusted <= judgement.change
    assert "Adjusted for stopping early, the change is " in note
    # far beyond the limit, little is selected: the adjusted figure is the raw one, said once
    assert judgement.interval_text() == "+10.1 % [+7.8, +12.5]"
    shown = dataclasses.replace(judgement, adjusted=8.7)
    assert shown.interval_text() == f"+10.1 % [+7.8, +12.5] (+8.7 % {ADJUSTED_WORDS})"
    same = the(compare_runs([run({"a": 1.0, "b": 1.0})]), "b")  # nothing found: nothing to overstate
    assert not any(note.startswith("Stopped early") for note in same.judgement.notes)


def test_a_change_that_moves_over_the_blocks_is_said_to_move_not_plainly_better():
    from fstune.reports.headline import headline

    record = run({"a": 1.0, "b": 1.0, "c": 1.0})
    for result in record.results:
        if result.config == "c":  # c gains 4 % more with every block: the change grows
            rate = result.samples[0]
            result.samples[0] = dataclasses.replace(rate, value=rate.value * (1 + 0.04 * result.block))
    comparison = compare_runs([record])
    row = the(comparison, "c")
    # the trend makes consecutive blocks err alike, so the widened interval waits for the cap
    assert row.judgement.moved.startswith("+") and " over the first 7 blocks, +" in row.judgement.moved
    line = next(line.text for line in headline([record], comparison).lines if line.config == "c")
    assert line.startswith("c: dbench throughput moved during the run (") and "; on average +" in line
    assert not the(comparison, "b").judgement.moved  # b did not move


def test_a_noisy_run_says_no_detectable_difference_is_out_of_reach_and_what_spread_it_needs():
    import random

    rng = random.Random(1)
    record = run({"a": 1.0, "b": 1.0})
    for result in record.results:  # each figure off by up to 15 %: far noisier than ±2 % allows
        result.samples[0] = dataclasses.replace(result.samples[0], value=result.samples[0].value * rng.uniform(0.85, 1.15))
    row = the(compare_runs([record]), "b")
    assert row.verdict == Verdict.TOO_NOISY
    [said] = [note for note in row.judgement.notes if note.startswith('"No detectable difference"')]
    # δ √15 / c at the cap: 0.0198 × 3.873 / 2.2105 = 3.5 %
    assert "spread less than about 3.5 % by the cap of 15 blocks" in said and "never that there is none" in said
    # and what "better" would need over the whole design at this noise, by simulation
    from fstune.stats.sequential import design_detectable

    [reach] = [note for note in row.judgement.notes if note.startswith("Over the whole design")]
    again = the(compare_runs([record]), "b").judgement  # judged again: the same sentence (the figure is cached)
    assert again.notes == row.judgement.notes
    assert "looks after 5, 10, 15 blocks" in reach and "ratios of geometric means" in reach
    # more than one look's smallest detectable change (an interval excluding 0, once)
    assert again.detectable < float(reach.split("change of about ")[1].split(" %")[0]) < 1000
    quiet = the(compare_runs([run({"a": 1.0, "b": 1.0})]), "b")  # a quiet run can reach it: nothing said
    assert not any(note.startswith('"No detectable') for note in quiet.judgement.notes)


def test_earlier_runs_on_the_same_devices_give_the_floor_a_run_records_and_every_judgement_uses():
    from fstune.results.history import earlier_lag1_floor, floor_note
    from fstune.reports.caveats import CORRELATED, caveats

    settings = {"machine_id": "m1", "lab_kind": "loop lab", "device_roles": {"/dev/loop0p1": "data"}}
    earlier = []
    for number, shift in enumerate((0, 3, 6), start=1):
        # consecutive blocks err alike: the variant's own error drifts slowly
        drift = [0.03 * math.sin((block + shift) / 2.5) for block in range(1, 16)]
        results = [dbench(name, block, 100.0 * SHARED[block - 1] * (1 + (drift[block - 1] if name == "b" else 0)))
                   for block in range(1, 16) for name in ("a", "b")]
        record = RunRecord("s", "S", 0.0, "finished", [A, B], results, method=METHOD, design=dict(DESIGN),
                           settings=dict(settings))
        record.id = number
        earlier.append(record)
    entry = earlier_lag1_floor(earlier, settings, ("metadata", "dbench.throughput_mbs"))
    assert entry["runs"] == 3 and entry["blocks"] == 45 and entry["estimate"] > 0.3
    assert entry["floor"] == pytest.approx(min(0.5, entry["estimate"] + 0.1), abs=1e-4)
    assert "stored runs 1, 2, 3" in entry["source"]
    # another machine's runs, or another primary metric, say nothing about this device
    assert earlier_lag1_floor(earlier, {**settings, "machine_id": "m2"}, ("metadata", "dbench.throughput_mbs")) is None
    assert earlier_lag1_floor(earlier, settings, ("metadata", "dbench.max_latency_ms")) is None
    # the run that keeps the floor is judged with it: a wider interval, and a caveat saying where it came from
    plain = run({"a": 1.0, "b": 1.05}, blocks=5)  # both at the first look
    floored = run({"a": 1.0, "b": 1.05}, blocks=5, design={**DESIGN, "lag1_floor": entry})
    assert comparison_schedule(floored.design, 1).lag1_floor == entry["floor"]
    wide, narrow = the(compare_runs([floored]), "b").judgement, the(compare_runs([plain]), "b").judgement
    assert wide.high - wide.low > narrow.high - narrow.low
    said = [c for c in caveats(floored) if c.kind == CORRELATED]
    assert [c.text for c in said] == [floor_note(entry)] and "stored runs 1, 2, 3" in said[0].text
    assert not [c for c in caveats(plain) if c.kind == CORRELATED]


def test_at_the_cap_an_interval_shown_beyond_delta_is_not_called_one_that_crosses_it():
    """A gain whose interval at the cap clears δ while the stricter interval a claim beyond δ needs
    does not: the verdict waits ("probably better, unclear whether it reaches δ"), and what is said
    beside it must not contradict the interval on screen ("still crosses δ")."""
    from fstune.reports.caveats import caveat_lines

    base = [(-1) ** i * (1 + 0.1 * i) for i in range(15)]  # alternating: no lag-1 widening
    centre = sum(base) / 15
    spread = math.sqrt(sum((b - centre) ** 2 for b in base) / 14)
    base = [(b - centre) / spread for b in base]
    found = None
    for step in range(200):  # the mean between the interval's limit and the stricter one's
        mean = math.log(1.02) + 0.0005 * step
        record = run({"a": 1.0})
        record.configs.append(B)
        record.results += [dbench("b", block, 100.0 * SHARED[block - 1] * math.exp(mean + 0.05 * base[block - 1]))
                           for block in range(1, 16)]
        row = the(compare_runs([record]), "b")
        if row.judgement.cap_undecided and row.judgement.shown_beyond_delta:
            found = record, row
            break
    assert found, "no mean between the two limits was found"
    record, row = found
    judgement = row.judgement
    assert judgement.low > judgement.delta and row.verdict == Verdict.PROBABLY_BETTER
    said = " ".join(row.said())
    assert "interval shown lies beyond δ, but the stricter one" in said and "still crosses δ" not in said
    lines = " ".join(caveat_lines(record))
    assert "interval shown lies beyond δ, but the stricter one" in lines and "interval still crossed δ" not in lines
    # an interval that does cross δ keeps the plain sentence
    noisy = the(compare_runs([too_noisy_run()]), "b")
    assert "the interval still crosses δ" in " ".join(noisy.said()) and not noisy.judgement.shown_beyond_delta
