"""Class results: ``fstune results merge`` of many machines' JSON exports into one table per metric.

The unit tests use hand-written export documents whose medians are chosen so that every spread
figure is known exactly. The real test runs one small study three times on a lab the test made
(three "machines": three results stores), exports each run with the real CLI, merges them with
the real CLI, and checks the merged table against figures computed here, independently, from the
three exports.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import re
import statistics
import subprocess
import sys
import xml.dom.minidom
from pathlib import Path

import pytest

from fstune.cli import main
from fstune.reports import classroom, classroom_report, reports
from fstune.results.compare import compare_runs
from fstune.reports.formatting import fmt_change, fmt_value, places_for
from fstune.reports.html_report import COLOURS, CSS
from test_results_cli import assert_clean_error, fstune
from test_store import realistic_run

ROOT = Path(__file__).resolve().parent.parent
METRIC = "dbench.throughput_mbs"


def repeat(config: str, number: int, value: float, failed: str | None = None) -> dict:
    samples = [] if failed else [{"workload": "metadata", "metric": METRIC, "value": value, "unit": "MB/s",
                                  "better": "higher"}]
    return {"config": config, "workload": "metadata", "repeat": number, "failed": failed, "warm_cache": False,
            "samples": samples}


def export_doc(host: str | None, values: dict[str, list[float]], *, run_id: int = 1, started: float = 1.7e9,
               study: str = "ext4-journal", version: int = 1, mount: dict[str, list] | None = None,
               baseline: str = "base") -> dict:
    """An export as 'fstune results export RUN --format json' writes it (hand-written: no fstune code)."""
    mount = mount or {}
    environment = {"kernel": "6.1.0", "cpu_model": "Test CPU", "cpu_count": 4, "memory_bytes": 8 << 30,
                   "fstune": "0.1.0", "tools": {"dbench": "4.0"}}
    if host is not None:
        environment["hostname"] = host
    return {
        "format": "fstune-results", "format_version": version, "fstune": "0.1.0", "generated": "2024-05-01T10:00:00",
        "runs": [{
            "id": run_id, "study": study, "title": "a journal study", "status": "finished", "reason": "",
            "started": "2024-05-01T09:00:00+00:00", "finished": None, "started_unix": started,
            "finished_unix": started + 600, "baseline": baseline, "repeats_planned": 3, "warnings": [],
            "environment": environment,
            "devices": [{"path": "/dev/loop0p1", "role": "target", "model": None, "size": 1 << 30,
                         "transport": "loop", "rotational": True, "scheduler": "none"}],
            "configurations": [{"name": name, "filesystem": "ext4", "journal": "internal", "log_device": None,
                                "mkfs_options": [], "mount_options": mount.get(name, []),
                                "mkfs_argv": [["mkfs.ext4", "-F", "/dev/loop0p1"]]} for name in values],
            "repeats": [repeat(name, index + 1, value) for name, figures in values.items()
                        for index, value in enumerate(figures)],
        }],
        "comparison": {}, "notes": [],
    }


# base medians 11, 101, 50.5; tuned medians 21, 101, 60.5
ALICE = {"base": [10.0, 11.0, 12.0], "tuned": [20.0, 21.0, 22.0]}  # +90.909 %, better
BOB = {"base": [100.0, 101.0, 102.0], "tuned": [101.0, 102.0, 100.0]}  # ±0 %, within noise
CAROL = {"base": [50.0, 50.5, 51.0], "tuned": [60.0, 60.5, 61.0]}  # +19.802 %, better


def three() -> list[classroom.Export]:
    docs = [export_doc("alice", ALICE, started=1.7e9), export_doc("bob", BOB, started=1.7e9 + 5),
            export_doc("carol", CAROL, started=1.7e9 + 9)]
    return [classroom.parse_export(doc, f"{name}.json") for doc, name in zip(docs, ("alice", "bob", "carol"))]


def column(results: classroom.ClassResults, config: str) -> classroom.ConfigColumn:
    (table,) = results.tables
    return next(c for c in table.columns if c.config == config)


# --- spread, exactly ----------------------------------------------------------------------------


def test_spread_across_three_machines_is_exact():
    results = classroom.merge_exports(three())
    assert [m.label for m in results.machines] == ["alice", "bob", "carol"]
    assert results.baseline == "base" and results.configs == ["base", "tuned"] and not results.warnings
    base, tuned = column(results, "base"), column(results, "tuned")
    assert base.spread == classroom.Spread(3, 50.5, 11.0, 101.0, 39.5)  # |11−50.5|, |101−50.5|, 0 → median 39.5
    assert base.spread.relative_mad == pytest.approx(39.5 / 50.5)
    assert tuned.spread == classroom.Spread(3, 60.5, 21.0, 101.0, 39.5)
    changes = [1000 / 11, 0.0, 1000 / 50.5]  # each machine's own change against its own baseline, in %
    assert tuned.change.n == 3 and tuned.change.median == pytest.approx(1000 / 50.5)
    assert (tuned.change.low, tuned.change.high) == pytest.approx((0.0, 1000 / 11))
    assert tuned.change.mad == pytest.approx(statistics.median(abs(c - 1000 / 50.5) for c in changes))
    assert tuned.tally == {"better": 2, "within noise": 1}
    assert classroom_report.tally_words(tuned, 3) == "better on 2 of 3 machines, within noise on 1"
    assert base.cells["bob"].median == 101.0 and tuned.rows["alice"].verdict == "better"


def test_spread_of_an_even_number_of_machines_and_of_one():
    # deviations .5 .5 1.5 7.5
    assert classroom.Spread.of([1.0, 2.0, 3.0, 10.0]) == classroom.Spread(4, 2.5, 1.0, 10.0, 1.0)
    assert classroom.Spread.of([7.0]) == classroom.Spread(1, 7.0, 7.0, 7.0, 0.0)
    assert classroom.Spread.of([]) == classroom.Spread(0)
    assert classroom.Spread.of([0.0, 0.0]).relative_mad is None  # no percentage of a zero median


def test_markdown_is_one_table_per_metric_with_the_spread_below_the_machines():
    text = classroom_report.to_markdown(classroom.merge_exports(three()))
    assert text.startswith("# fstune class results: ext4-journal — a journal study")
    lines = text.splitlines()
    start = lines.index("### dbench.throughput_mbs (MB/s, higher is better)")
    table = lines[start + 2:start + 2 + 9]
    assert table[0] == "| machine | base (baseline) | tuned | change (tuned) | verdict (tuned) |"
    assert table[1] == "|---|---:|---:|---:|---|"
    assert all(line.startswith("| ") and line.endswith(" |") and line.count(" | ") == 4 for line in [table[0], *table[2:]])
    rows = {line.split(" | ")[0][2:]: line.split(" | ")[1:] for line in table[2:]}
    assert rows["alice"][:3] == ["11.00 ± 1.00 (n=3)", "21.00 ± 1.00 (n=3)", "+90.9%"]
    assert rows["alice"][3].startswith("better (p")
    assert rows["bob"][2] == "+0.0%" and rows["bob"][3].startswith("within noise")
    assert rows["**median across machines**"] == ["50.50", "60.50", "+19.8%",
                                                  "better on 2 of 3 machines, within noise on 1 |"]
    assert rows["**min – max**"][:3] == ["11.00 – 101.0", "21.00 – 101.0", "+0.0% – +90.9%"]
    assert rows["**MAD**"][:3] == ["39.50 (78.2%)", "39.50 (65.3%)", "19.8 pts"]
    assert rows["**machines with figures**"][:3] == ["3 of 3", "3 of 3", "3 of 3"]
    summary = next(line for line in lines if line.startswith("| metadata · dbench"))
    pooled = column(classroom.merge_exports(three()), "tuned").pooled
    assert summary == ("| metadata · dbench.throughput_mbs | tuned | +19.8% | +0.0% – +90.9% | "
                       f"{classroom_report.fmt_pooled(pooled)} | {pooled.tau:.1f} pts | better on 2 of 3 machines, "
                       "within noise on 1 |")


def test_html_is_self_contained_with_the_headline_first_and_a_forest_chart_per_variant():
    page = classroom_report.to_html(classroom.merge_exports(three()))
    assert page.startswith("<!DOCTYPE html>") and CSS in page
    assert "<script" not in page and "http://" not in page and "https://" not in page
    assert page.count("<svg") == 1 == page.count("</svg>")
    svg = re.search(r"<svg.*?</svg>", page, re.S).group(0)
    xml.dom.minidom.parseString(svg)  # well-formed
    # one dot per machine: its own change, coloured by its own verdict; never the absolute MB/s
    colours = classroom_report.STATE_COLOURS
    assert re.findall(r'<circle [^>]*fill="(#[0-9a-f]{6})"', svg) == [colours["better"], colours["within noise"],
                                                                       colours["better"]]
    assert "alice: +90.9%" in svg and "bob: +0.0%" in svg and "carol: +19.8%" in svg
    assert "pooled change across machines" in svg
    # the headline and the caveats come before every table
    assert page.index('id="headline"') < page.index('id="caveats"') < page.index("<table>")
    headline = re.search(r'<section class="headline".*?</section>', page, re.S).group(0)
    assert "tuned against base, metadata dbench.throughput_mbs" in headline and "pooled change +" in headline
    assert "better on 2 of 3 machines, within noise on 1" in headline
    # the legend names exactly the states drawn
    legend = re.search(r'<p class="legend">.*?</p>', page).group(0)
    assert re.findall(r"</i>([^<]+)</span>", legend) == ["better", "within noise", "pooled change across machines"]
    assert '<td class="better">better (p' in page


# --- what can go wrong ----------------------------------------------------------------------------


def test_configurations_missing_on_some_machines_are_refused_or_marked():
    exports = three()
    exports.append(classroom.parse_export(export_doc("dave", {"base": [30.0, 31.0, 32.0]}, started=2e9), "dave.json"))
    with pytest.raises(classroom.MergeError, match=r"dave\.json \(dave\): configurations: base, tuned vs base"):
        classroom.merge_exports(exports)
    results = classroom.merge_exports(exports, allow_different=True)
    tuned = column(results, "tuned")
    # dave is shown but not counted: the spread, the tally and the pooled change are the class's
    assert tuned.spread.n == 3 and tuned.cells["dave"] is None and tuned.rows["dave"] is None
    assert tuned.tally == {"better": 2, "within noise": 1}
    assert classroom_report.tally_words(tuned, 3) == "better on 2 of 3 machines, within noise on 1"
    assert column(results, "base").spread == classroom.Spread.of([11.0, 101.0, 50.5])
    assert results.merged[:2] == ["Merged 4 machines from 4 files; 3 in the pooled figures and verdict counts.",
                                  'Marked "(other settings)", shown but not pooled or counted: dave (dave.json).']
    text = classroom_report.to_markdown(results)
    dave = next(line for line in text.splitlines() if line.startswith("| dave (other settings) |"))
    assert dave == "| dave (other settings) | 31.00 ± 1.00 (n=3) | – | – | not measured |"


def test_a_machine_without_the_baseline_is_said_and_left_out():
    lone = classroom.parse_export(export_doc("erin", {"tuned": [5.0, 6.0, 7.0]}, started=3e9, baseline="tuned"),
                                  "erin.json")
    results = classroom.merge_exports(three() + [lone], allow_different=True)
    assert "erin (erin.json) has no 'base' configuration to compare with: none of its figures are in the tables." \
        in results.warnings
    assert column(results, "tuned").spread.n == 3 and "not measured" not in column(results, "tuned").tally
    assert "Left out: erin (erin.json: no 'base' configuration)." in results.merged


def test_different_studies_are_refused_naming_each_file():
    exports = three()
    exports[2] = classroom.parse_export(export_doc("carol", CAROL, study="xfs-log-tuning"), "carol.json")
    with pytest.raises(classroom.MergeError) as caught:
        classroom.merge_exports(exports)
    message = str(caught.value)
    assert "different studies" in message
    assert "ext4-journal: alice.json, bob.json" in message and "xfs-log-tuning: carol.json" in message


def test_the_two_class_runs_are_not_merged_with_each_other():
    # `fstune run --class` has one preset per class study: a room that ran both gets two tables, not one
    from fstune.studies.presets import shipped_presets

    journal, atime = "ext4-external-journal", "ext4-atime-writes"
    assert {preset.study for preset in shipped_presets()} == {journal, atime}
    exports = [classroom.parse_export(export_doc("alice", ALICE, study=journal), "alice.json"),
               classroom.parse_export(export_doc("bob", BOB, study=atime), "bob.json")]
    with pytest.raises(classroom.MergeError) as caught:
        classroom.merge_exports(exports, allow_different=True)
    message = str(caught.value)
    assert "different studies" in message
    assert f"{journal}: alice.json" in message and f"{atime}: bob.json" in message


def test_the_same_run_twice_is_counted_once():
    exports = three()
    exports.append(classroom.parse_export(export_doc("alice", ALICE, started=1.7e9), "alice-again.json"))
    results = classroom.merge_exports(exports)
    assert [m.label for m in results.machines] == ["alice", "bob", "carol"]
    assert column(results, "base").spread == classroom.Spread(3, 50.5, 11.0, 101.0, 39.5)
    assert any(w.startswith("alice-again.json holds the same run as alice.json (run 1 from host alice")
               for w in results.warnings)
    # run 1 on two cloned VMs that share a hostname is NOT the same run: the start time differs
    clone = classroom.parse_export(export_doc("alice", ALICE, started=1.8e9), "clone.json")
    results = classroom.merge_exports(three() + [clone])
    assert [m.label for m in results.machines] == ["alice (alice)", "bob", "carol", "alice (clone)"]


def test_labels_from_hostname_file_name_or_label_option():
    docs = [export_doc(None, ALICE), export_doc("bob", BOB, started=2.0), export_doc("bob", CAROL, started=3.0)]
    exports = [classroom.parse_export(d, f"/tmp/class/{n}.json") for d, n in zip(docs, ("a1", "b1", "b2"))]
    assert [m.label for m in classroom.merge_exports(exports).machines] == ["a1", "bob (b1)", "bob (b2)"]
    results = classroom.merge_exports(exports, {"b2.json": "Carol", "/tmp/class/a1.json": "Alice"})
    assert [m.label for m in results.machines] == ["Alice", "bob", "Carol"]
    with pytest.raises(classroom.MergeError, match="--label names zz.json"):
        classroom.merge_exports(exports, {"zz.json": "Z"})


def test_cloned_laptops_in_separate_folders_are_told_apart_and_a_label_covers_every_file_it_matches():
    docs = [export_doc("vm", v, started=1.7e9 + i) for i, v in enumerate((ALICE, BOB, CAROL))]
    exports = [classroom.parse_export(d, f"/tmp/{who}/vm.json") for d, who in zip(docs, ("ann", "ben", "cy"))]
    assert [m.label for m in classroom.merge_exports(exports).machines] == ["vm (ann/vm)", "vm (ben/vm)", "vm (cy/vm)"]
    results = classroom.merge_exports(exports, {"vm.json": "Alice"})
    assert [m.label for m in results.machines] == ["Alice (ann/vm)", "Alice (ben/vm)", "Alice (cy/vm)"]
    assert any("--label vm.json=Alice matches 3 files" in w for w in results.warnings)
    results = classroom.merge_exports(exports, {"vm.json": "X", "/tmp/cy/vm.json": "Cy"})
    assert results.machines[2].label == "Cy"


def test_the_pooled_change_is_a_random_effects_estimate():
    # two machines, equal precision (interval ±2 points, so a standard error of 2/1.96), changes
    # 10 % and 20 %: fixed-effect mean 15, Q = 2·25·1.96²/4 = 48.02, tau² = (Q − 1)/w
    pooled = classroom.Pooled.of([(10.0, 8.0, 12.0), (20.0, 18.0, 22.0)])
    se2 = (4 / (2 * classroom.Z95)) ** 2
    tau2 = (50 / se2 - 1) * se2
    assert pooled.k == 2 and pooled.estimate == pytest.approx(15.0)
    assert pooled.tau == pytest.approx(tau2 ** 0.5)
    assert pooled.high - pooled.estimate == pytest.approx(classroom.Z95 * ((se2 + tau2) / 2) ** 0.5)
    # machines that agree: no spread between them, the interval of the fixed-effect mean
    same = classroom.Pooled.of([(10.0, 8.0, 12.0), (10.0, 8.0, 12.0)])
    assert same.tau == 0 and same.high - same.estimate == pytest.approx(classroom.Z95 * (se2 / 2) ** 0.5)
    assert classroom.Pooled.of([(10.0, 8.0, 12.0), (5.0, None, None)]).estimate is None  # one usable machine


def test_notes_are_grouped_not_repeated_per_machine():
    docs = [export_doc(host, {"base": [1.0, 2.0], "tuned": [3.0, 4.0]}, started=1.7e9 + i)
            for i, host in enumerate(("a", "b", "c"))]
    results = classroom.merge_exports([classroom.parse_export(d, f"{h}.json") for d, h in zip(docs, "abc")])
    fewer = [n for n in results.notes if "Fewer than" in n]
    assert len(fewer) == 1 and fewer[0].startswith("Every machine: ")


def test_merge_as_csv_and_json_and_the_export_file_name(tmp_path):
    results = classroom.merge_exports(three())
    rows = list(csv.DictReader(io.StringIO(classroom_report.render(results, "csv"))))
    # no column left empty in every row: hand-made runs judged the legacy way have p-values
    assert tuple(rows[0]) == tuple(f for f in classroom_report.CSV_FIELDS if f not in ("primary", "other_settings"))
    assert len(rows) == 3 * 2  # machines × configurations
    alice = next(r for r in rows if r["machine"] == "alice" and r["config"] == "tuned")
    assert float(alice["change_pct"]) == pytest.approx(100 / 1.1 - 0.0, rel=1e-3) and alice["verdict"] == "better"
    assert float(alice["change_low_pct"]) <= float(alice["change_pct"]) <= float(alice["change_high_pct"])
    pooled = column(results, "tuned").pooled
    assert float(alice["pooled_change_pct"]) == pytest.approx(pooled.estimate) and alice["pooled_machines"] == "3"
    document = json.loads(classroom_report.render(results, "json"))
    assert [m["label"] for m in document["machines"]] == ["alice", "bob", "carol"]
    assert document["tables"][0]["columns"][1]["machines"]["bob"]["verdict"] == "within noise"
    run = results.machines[0].run
    run.settings = {"machine_id": "0123456789abcdef"}
    assert classroom.export_file_name([run], "json") == \
        "fstune-ext4-journal-alice-01234567-run1-20231114-221320-000000.json"
    # cloned machines started in the same second: the microseconds tell them apart
    run.started = 1.7e9 + 0.25
    assert classroom.export_file_name([run], "json").endswith("-run1-20231114-221320-250000.json")


def test_exports_that_are_not_fstune_exports_or_of_another_version():
    with pytest.raises(classroom.MergeError, match=r"^notes\.txt is not JSON"):
        classroom.parse_export_text("hello", "notes.txt")
    with pytest.raises(classroom.MergeError, match=r"list\.json is not an fstune results export"):
        classroom.parse_export_text("[]", "list.json")  # e.g. 'fstune results list --json'
    newer = export_doc("a", ALICE, version=2)
    newer["fstune"] = "9.0"
    with pytest.raises(classroom.MergeError, match=r"new\.json was written by a newer fstune \(fstune 9\.0, export format 2\)"):
        classroom.parse_export(newer, "new.json")
    with pytest.raises(classroom.MergeError, match=r"old\.json is in an unknown, older export format"):
        classroom.parse_export({**export_doc("a", ALICE), "format_version": 0}, "old.json")
    broken = export_doc("a", ALICE)
    del broken["runs"][0]["repeats"][1]["samples"][0]["value"]
    with pytest.raises(classroom.MergeError, match=r"broken\.json is not a complete fstune export: run 1: .*'value'"):
        classroom.parse_export(broken, "broken.json")
    empty = export_doc("a", ALICE)
    empty["runs"] = []
    with pytest.raises(classroom.MergeError, match="holds no runs"):
        classroom.parse_export(empty, "empty.json")


def test_a_differently_configured_machine_is_refused_naming_the_options_or_marked():
    odd = export_doc("carol", CAROL, mount={"tuned": [["noatime", None]]})
    # carol's file comes first, yet the settings most machines share are the class's
    exports = [classroom.parse_export(odd, "carol.json"), *three()[:2]]
    with pytest.raises(classroom.MergeError) as caught:
        classroom.merge_exports(exports)
    assert "as alice.json (alice) and 1 other machine(s): carol.json (carol): configuration tuned mount options: " \
        "defaults vs noatime" in str(caught.value)
    results = classroom.merge_exports(exports, allow_different=True)
    assert [m.label for m in results.pooled_machines] == ["alice", "bob"]
    assert column(results, "tuned").pooled.k == 2 and sum(column(results, "tuned").tally.values()) == 2
    assert any("carol (carol.json) was measured differently" in w and "left out of the pooled figures" in w
               for w in results.warnings)


def test_the_same_run_with_other_content_is_warned_about_and_counted_once():
    exports = three()
    edited = export_doc("alice", {"base": ALICE["base"], "tuned": [20.0, 21.0, 29.0]}, started=1.7e9)
    exports.append(classroom.parse_export(edited, "alice-edited.json"))
    results = classroom.merge_exports(exports)
    assert len(results.machines) == 3
    assert any(w.startswith("alice-edited.json and alice.json hold the same run") and "different figures" in w
               for w in results.warnings)
    assert "Left out: alice-edited.json (same run as alice.json, different content)." in results.merged


def test_a_zero_width_interval_still_gives_an_honest_pooled_change():
    exact = classroom.Pooled.of([(-10.0, -10.0, -10.0), (-4.0, -6.0, -2.0), (-7.0, -8.0, -6.0)])
    assert exact.k == 3 and exact.estimate is not None and exact.low < exact.estimate < exact.high
    # the exact machine counts as precise as the most precise other one, not infinitely so
    assert exact.low < -7.0 < exact.high
    assert classroom.Pooled.of([(-10.0, -10.0, -10.0), (-4.0, -4.0, -4.0)]).estimate == pytest.approx(-7.0)


def blocked_export(host: str, blocks: int) -> classroom.Export:
    """A machine's run in interleaved blocks, as it exports it."""
    from fstune.figures import HIGHER, RepeatResult, Sample
    from fstune.results.records import ConfigDescription, RunRecord
    from fstune.stats.sequential import METHOD
    from test_compare_blocked import DESIGN, SHARED

    results = [RepeatResult(config, "metadata", block, [Sample("metadata", "dbench.throughput_mbs",
                                                               SHARED[block - 1] * gain, "MB/s", HIGHER)],
                            block=block, position=1 + (block + (config == "tuned")) % 2)
               for block in range(1, blocks + 1) for config, gain in (("base", 100.0), ("tuned", 130.0))]
    run = RunRecord("ext4-journal", "J", 1.7e9, "finished",
                    [ConfigDescription("base", "ext4"), ConfigDescription("tuned", "ext4")], results,
                    environment={"hostname": host}, method=METHOD, design=dict(DESIGN), id=1)
    return classroom.parse_export(json.loads(reports.to_json([run], compare_runs([run]))), f"{host}.json")


def test_a_machine_whose_run_ended_before_its_first_look_is_counted_as_such():
    # it used to stop the whole merge with a KeyError: the tally did not know that verdict
    results = classroom.merge_exports([blocked_export("alice", 6), blocked_export("bob", 2)])
    (table,) = [t for t in results.tables if t.metric == "dbench.throughput_mbs"]
    tuned = next(c for c in table.columns if c.config == "tuned")
    assert tuned.tally == {"better": 1, "not enough blocks": 1}
    assert "not enough blocks on 1" in classroom_report.to_markdown(results)


def test_export_round_trip():
    """run_from_json is the inverse of the exporter's run_json: what the store would load."""
    run = realistic_run(warm=True, warnings=["same disk"])
    run.id = 4
    document = json.loads(reports.to_json([run], compare_runs([run])))
    (back,) = classroom.parse_export(document, "r.json").runs
    assert back == run
    # the tools' own outputs come back too, so a bench bundle can be parsed again (bench/recompute_aa.py)
    assert [r.raw for r in back.results] == [r.raw for r in run.results] and any(r.raw for r in back.results)


def test_export_round_trip_keeps_the_ceiling_and_what_its_tools_printed():
    run = realistic_run()
    run.ceiling = {"throughput": {"seqwrite.rate_mbs": 512.5, "seqread.rate_mbs": 700.0}}
    run.ceiling_raw = {"throughput": {"fio-writes": "out\n--- /w/c.json ---\n{}", "fio-reads": "out"}}
    document = json.loads(reports.to_json([run], compare_runs([run])))
    (back,) = classroom.parse_export(document, "r.json").runs
    assert (back.ceiling, back.ceiling_raw) == (run.ceiling, run.ceiling_raw)
    # an export made without raw outputs still carries the figures, and says nothing of outputs
    lean = reports.run_json(run, raw=False)
    assert "outputs" not in lean["ceiling"] and classroom.run_from_json(lean).ceiling == run.ceiling


# --- the command line -------------------------------------------------------------------------------


def write_docs(tmp_path: Path, **docs) -> list[str]:
    paths = []
    for name, doc in docs.items():
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(doc) if not isinstance(doc, str) else doc)
        paths.append(str(path))
    return paths


def test_cli_merge_errors_are_one_clear_sentence(tmp_path, capsys):
    good = write_docs(tmp_path, alice=export_doc("alice", ALICE))
    cases = [
        (write_docs(tmp_path, notes="just text"), "notes.json is not JSON"),
        (write_docs(tmp_path, newer=export_doc("x", ALICE, version=3)), "newer.json was written by a newer fstune"),
        (write_docs(tmp_path, xfs=export_doc("x", ALICE, study="xfs-log-tuning")), "different studies"),
        ([str(tmp_path / "missing.json")], "missing.json does not exist"),
    ]
    for files, phrase in cases:
        assert main(["results", "merge", *good, *files]) == 2
        err = capsys.readouterr().err
        assert err.startswith("fstune: ") and phrase in err and "Traceback" not in err, err
    assert main(["results", "merge", *good, "--label", "nonsense"]) == 2
    assert "FILE=NAME" in capsys.readouterr().err
    assert main(["results", "merge", *good, "-o", str(tmp_path / "class.pdf")]) == 2
    assert "--format md, html, csv or json" in capsys.readouterr().err
    # a real subprocess too: exit code 2, the message, no traceback
    assert_clean_error(fstune(tmp_path, "merge", good[0], str(tmp_path / "notes.json")), "notes.json is not JSON")


def test_cli_merge_writes_markdown_and_html(tmp_path, capsys):
    files = write_docs(tmp_path, alice=export_doc("alice", ALICE), bob=export_doc("bob", BOB, started=5.0),
                       carol=export_doc("carol", CAROL, started=9.0))
    assert main(["results", "merge", *files, files[0], "--label", "bob.json=Bob"]) == 0
    out, err = capsys.readouterr()
    assert "| Bob | 101.0 ± 1.0 (n=3) |" in out and "better on 2 of 3 machines, within noise on 1" in out
    assert "warning: " in err and "alice.json is named more than once" in err
    page = tmp_path / "class.html"
    assert main(["results", "merge", *files, "-o", str(page)]) == 0
    assert f"wrote {page} (html, 3 machines, study ext4-journal)" in capsys.readouterr().err
    assert page.read_text().startswith("<!DOCTYPE html>")


def test_cli_merge_title_names_a_fleet_and_defaults_to_a_class(tmp_path, capsys):
    files = write_docs(tmp_path, alice=export_doc("alice", ALICE), bob=export_doc("bob", BOB, started=5.0))
    assert main(["results", "merge", *files]) == 0
    assert capsys.readouterr().out.startswith("# fstune class results: ext4-journal — a journal study")
    assert main(["results", "merge", *files, "--title", "fstune fleet results"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# fstune fleet results: ext4-journal — a journal study") and "class results" not in out
    page = tmp_path / "fleet.html"
    assert main(["results", "merge", *files, "--title", "fstune fleet results", "-o", str(page)]) == 0
    assert "<title>fstune fleet results: ext4-journal" in page.read_text()
    assert main(["results", "merge", *files, "--title", "fstune fleet results", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["heading"] == "fstune fleet results"
    assert main(["results", "merge", *files, "--title", " "]) == 2
    assert "--title is empty" in capsys.readouterr().err


# --- for real: three runs on a lab, exported and merged with the real CLI --------------------------


# the shipped ext4-atime-writes study, cut to two configurations (its own file: the test does not
# follow edits of the shipped recipes)
STUDY = """\
name = "class-atime"
title = "ext4: strictatime against noatime"
summary = "Megabytes a small build writes with and without access-time updates."
explanation = "noatime skips the inode update every read makes under strictatime."
[[configurations]]
name = "strictatime"
title = "access time written on every read"
filesystem = "ext4"
mount_options = ["strictatime"]
[[configurations]]
name = "noatime"
title = "access time never written"
filesystem = "ext4"
mount_options = ["noatime"]
"""
# the class command's settings, on a smaller study (--class itself runs only its own study)
RUN_ARGS = ["--workloads", "writes", "--workload-param", "writes.files=200", "--blocks", "3", "--max-blocks", "3",
            "--primary", "writes:build.mb_written", "--yes"]


def _medians(document: dict, metric: str) -> dict[str, float]:
    """config → the median of its good repeats' figures, straight from an export's JSON (a repeat of
    a dropped block is kept in the export but counts for nothing)."""
    (run,) = document["runs"]
    values: dict[str, list[float]] = {}
    for rep in run["repeats"]:
        if rep["failed"] is None and rep.get("dropped") is None:
            for sample in rep["samples"]:
                if sample["metric"] == metric:
                    values.setdefault(rep["config"], []).append(sample["value"])
    return {config: statistics.median(v) for config, v in values.items()}


def _paired_change(document: dict, metric: str) -> float:
    """noatime against strictatime in %, as the blocked runs judge it (docs/verdicts.md): per block,
    the pair of figures; the same pair in every block is a change known exactly, else the ratio
    of the pairs' geometric means."""
    (run,) = document["runs"]
    blocks: dict[int, dict[str, float]] = {}
    for rep in run["repeats"]:
        if rep["failed"] is None and rep.get("dropped") is None:
            for sample in rep["samples"]:
                if sample["metric"] == metric:
                    blocks.setdefault(rep["block"], {})[rep["config"]] = sample["value"]
    pairs = [(b["strictatime"], b["noatime"]) for b in blocks.values() if len(b) == 2]
    if len(set(pairs)) == 1:
        base, other = pairs[0]
        return (other - base) / abs(base) * 100
    return 100 * math.expm1(statistics.fmean(math.log(other / base) for base, other in pairs))


def _mad(values: list[float]) -> float:
    centre = statistics.median(values)
    return statistics.median(abs(v - centre) for v in values)


@pytest.mark.loopdev
def test_three_real_runs_merge_into_one_table_with_the_right_spread(make_lab, run_destructive, tmp_path):
    lab = make_lab(disks=1, size="600M", spare_size="64M")
    data = lab.disks[0].data
    base_env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "xdg"), "COLUMNS": "100",
                "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    study = tmp_path / "class-atime.toml"
    study.write_text(STUDY)
    files = []
    for number in (1, 2, 3):  # three "machines": three results stores
        env = {**base_env, "FSTUNE_STATE_DIR": str(tmp_path / f"machine{number}")}
        done = run_destructive([sys.executable, "-m", "fstune", "run", "--study", str(study), *RUN_ARGS, "--device", data], data,
                               check=False, timeout=300, env=env, stdin=subprocess.DEVNULL)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
        path = tmp_path / f"machine{number}.json"
        exported = subprocess.run([sys.executable, "-m", "fstune", "results", "export", "last", "--format", "json",
                                   "-o", str(path)], capture_output=True, text=True, timeout=60, env=env)
        assert exported.returncode == 0, exported.stderr
        files.append(str(path))
    documents = [json.loads(Path(f).read_text()) for f in files]
    assert all(d["runs"][0]["status"] == "finished" for d in documents)
    # the session records how each run was measured; the same command gives the same settings
    measured = [d["runs"][0]["settings"] for d in documents]
    assert measured[0]["workload_params"]["writes"]["files"] == 200 and measured[0]["lab_kind"] == "loop lab"
    assert measured[0]["repeat_rules"]["max"] == 3 and measured[0]["machine_id"]

    merged = subprocess.run([sys.executable, "-m", "fstune", "results", "merge", *files, "--label",
                             "machine3.json=carol"], capture_output=True, text=True, timeout=60, env=base_env)
    assert merged.returncode == 0, merged.stderr
    text = merged.stdout
    print(text)  # the sample table for the report
    labels = [f"{os.uname().nodename} (machine1)", f"{os.uname().nodename} (machine2)", "carol"]
    assert f"3 machines ran the study; baseline: strictatime; variants: noatime." in text

    for metric in ("build.mb_written", "populate.mb_written", "build.seconds"):
        medians = [_medians(d, metric) for d in documents]
        lines = text.splitlines()
        start = next(i for i, line in enumerate(lines) if line.startswith(f"### {metric} ("))
        rows = {line.split(" | ")[0][2:]: line.split(" | ")[1:] for line in lines[start + 4:start + 11]}
        changes = [_paired_change(d, metric) for d in documents]
        for label, own, change in zip(labels, medians, changes):
            assert rows[label][0].startswith(fmt_value(own["strictatime"], places_for(own["strictatime"])))
            assert rows[label][2] == fmt_change(change)
        for index, config in enumerate(("strictatime", "noatime")):
            values = [m[config] for m in medians]
            centre = statistics.median(values)
            assert rows["**median across machines**"][index] == fmt_value(centre)
            assert rows["**min – max**"][index] == f"{fmt_value(min(values))} – {fmt_value(max(values))}"
            assert rows["**MAD**"][index].startswith(fmt_value(_mad(values), places_for(centre)) + " (")
        assert rows["**median across machines**"][2] == fmt_change(statistics.median(changes))
        assert rows["**min – max**"][2] == f"{fmt_change(min(changes))} – {fmt_change(max(changes))}"
        assert rows["**MAD**"][2] == f"{_mad(changes):.1f} pts"
        assert re.search(r" on \d of 3 machines", rows["**median across machines**"][3])

        # the same figures through the API, to full precision
        results = classroom.merge_exports([classroom.parse_export(d, f) for d, f in zip(documents, files)])
        table = next(t for t in results.tables if t.metric == metric)
        for col in table.columns:
            values = [m[col.config] for m in medians]
            assert (col.spread.median, col.spread.low, col.spread.high) == pytest.approx(
                (statistics.median(values), min(values), max(values)))
            assert col.spread.mad == pytest.approx(_mad(values))
        assert table.columns[1].change.median == pytest.approx(statistics.median(changes))

    page = tmp_path / "class.html"
    done = subprocess.run([sys.executable, "-m", "fstune", "results", "merge", *files, "-o", str(page)],
                          capture_output=True, text=True, timeout=60, env=base_env)
    assert done.returncode == 0, done.stderr
    html_text = page.read_text()
    assert html_text.count("<svg") == len(classroom.merge_exports(
        [classroom.parse_export(d, f) for d, f in zip(documents, files)]).tables)
    # the same file twice: said, and counted once
    twice = subprocess.run([sys.executable, "-m", "fstune", "results", "merge", *files, files[0]],
                           capture_output=True, text=True, timeout=60, env=base_env)
    assert twice.returncode == 0 and "machine1.json is named more than once" in twice.stderr
    assert "3 machines ran the study" in twice.stdout
