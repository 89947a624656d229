"""Exports say what ``fstune results show`` says: figures, verdicts, and what they rest on."""

from __future__ import annotations

import csv
import io
import json
import re
import statistics
import xml.dom.minidom

import pytest

from fstune.errors import UsageError
from fstune.figures import HIGHER, LOWER, RepeatResult, Sample
from fstune.reports import html_report, reports
from fstune.results.records import ConfigDescription
from fstune.results.compare import compare_runs, side_by_side
from fstune.reports.formatting import fmt_change, fmt_summary, fmt_value
from fstune.reports.html_report import COLOURS
from fstune.reports.reports import CSV_FIELDS
from test_store import realistic_run

METRICS = {("metadata", "dbench.throughput_mbs"), ("throughput", "seqread.rate_mbs"),
           ("throughput", "randread.rate_mbs"), ("throughput", "seqwrite.rate_mbs"),
           ("throughput", "randwrite.rate_mbs")}


@pytest.fixture
def run():
    record = realistic_run(warm=True, warnings=[
        "/dev/sdc1 is on the same disk as /dev/sdb1 (/dev/sdb): the journal gains no seek savings there."])
    record.id = 7
    return record


@pytest.fixture
def comparison(run):
    return compare_runs([run])


def _values(run, config, metric):
    return [s.value for r in run.results if r.ok and r.config == config for s in r.samples if s.metric == metric]


# --- Markdown -------------------------------------------------------------------------------


def test_markdown_has_a_table_per_workload_with_verdicts(run, comparison):
    text = reports.to_markdown(run, comparison)
    assert text.startswith("# fstune results: ext3-external-journal")
    assert "## metadata" in text and "## throughput" in text
    header = "| metric | internal (baseline) | external | change (external) | verdict (external) |"
    assert text.count(header) == 2  # one table per workload
    dbench = next(line for line in text.splitlines() if line.startswith("| dbench.throughput_mbs"))
    base = statistics.median(_values(run, "internal", "dbench.throughput_mbs"))
    variant = statistics.median(_values(run, "external", "dbench.throughput_mbs"))
    assert f"{base:.2f} ± " in dbench and "(n=5)" in dbench and f"{variant:.2f} ± " in dbench
    assert f"{(variant - base) / base * 100:+.1f}%" in dbench
    assert "**better**" in dbench and "higher is better" in dbench
    randread = next(line for line in text.splitlines() if line.startswith("| randread.rate_mbs"))
    assert "within noise" in randread and "(n=4)" in randread  # the failed repeat is not counted
    # the option difference is the caption of each workload's table
    assert text.count("*external* differs from *internal* in: + external journal on /dev/sdc1") == 2


def test_markdown_tells_environment_and_honest_notes(run, comparison):
    text = reports.to_markdown(run, comparison)
    environment = text[text.index("## Environment"):text.index("## Notes")]
    assert "6.1.0-21-amd64" in environment and "Debian GNU/Linux 12" in environment
    assert "scheduler mq-deadline" in environment and "rotating disk" in environment
    assert "mkfs.jfs: not installed" in environment
    caveats = text[text.index("## Caveats"):text.index("## Configurations")]  # right under the headline
    assert "caches could not be dropped" in caveats and "Real rotating disk: /dev/sdb1" in caveats
    notes = text[text.index("## Notes"):]
    assert "1 repeat(s) failed" in notes
    assert "external / throughput repeat 5: fio reported error 5 (Input/output error)" in notes
    assert "Plan warning (run 7): /dev/sdc1 is on the same disk as /dev/sdb1" in notes
    assert "`mkfs.ext3 -b 4096 -J device=/dev/sdc1 -F /dev/sdb1`" in text  # the exact commands


def test_markdown_escapes_table_breaking_text(run):
    run.configs[1] = ConfigDescription(name="external", filesystem="ext3", journal="external",
                                       log_device="/dev/sdc1", mkfs_options=("-E", "a|b"))
    text = reports.to_markdown(run, compare_runs([run]))
    assert "a\\|b" in text
    config_rows = [line for line in text.splitlines() if line.startswith("| variant |")]
    assert len(config_rows) == 1 and config_rows[0].count(" | ") == 6  # still 7 cells


def test_clean_run_says_so():
    clean = realistic_run(failed_repeat=False)
    text = reports.to_markdown(clean, compare_runs([clean]))
    assert "Every repeat succeeded with cold caches" in text
    assert "failed" not in text.split("## Notes")[1]


# --- CSV ------------------------------------------------------------------------------------


def test_csv_has_one_row_per_config_workload_metric(run, comparison):
    rows = list(csv.DictReader(io.StringIO(reports.to_csv(run, comparison))))
    assert tuple(rows[0]) == CSV_FIELDS
    assert len(rows) == 2 * len(METRICS)
    assert {(r["config"], r["workload"], r["metric"]) for r in rows} == {
        (c, w, m) for c in ("internal", "external") for w, m in METRICS}
    dbench = {r["config"]: r for r in rows if r["metric"] == "dbench.throughput_mbs"}
    assert dbench["internal"]["role"] == "baseline" and dbench["internal"]["verdict"] == ""
    assert dbench["internal"]["change_pct"] == "" and dbench["internal"]["runs"] == "7"
    variant = dbench["external"]
    assert variant["role"] == "variant" and variant["verdict"] == "better" and variant["baseline"] == "internal"
    assert int(variant["n"]) == 5
    assert float(variant["median"]) == pytest.approx(statistics.median(_values(run, "external",
                                                                                 "dbench.throughput_mbs")))
    assert float(variant["stdev"]) == pytest.approx(statistics.stdev(_values(run, "external",
                                                                               "dbench.throughput_mbs")))
    assert float(variant["ci_low"]) < float(variant["mean"]) < float(variant["ci_high"])
    assert 0 <= float(variant["p_value"]) < 0.05 and 8 < float(variant["change_pct"]) < 14
    assert variant["differs_in"] == "+ external journal on /dev/sdc1"
    seqwrite = next(r for r in rows if r["config"] == "external" and r["metric"] == "seqwrite.rate_mbs")
    assert seqwrite["n"] == "4" and seqwrite["unit"] == "MB/s" and seqwrite["better"] == HIGHER


# --- JSON -----------------------------------------------------------------------------------


def _no_nan(text: str) -> dict:
    def refuse(constant):
        raise AssertionError(f"JSON contains {constant}")
    return json.loads(text, parse_constant=refuse)


def test_json_holds_everything(run, comparison):
    data = _no_nan(reports.to_json(run, comparison))
    assert data["format"] == "fstune-results"
    (stored,) = data["runs"]
    assert stored["id"] == 7 and stored["study"] == "ext3-external-journal" and stored["status"] == "finished"
    assert stored["started"] == "2024-05-02T11:40:00+00:00"
    assert stored["environment"]["tools"]["mkfs.jfs"] == "not installed"
    assert [d["scheduler"] for d in stored["devices"]] == ["mq-deadline", "none"]
    assert stored["configurations"][1]["mkfs_argv"][0] == ["mkfs.ext3", "-b", "4096", "-O", "journal_dev", "-F",
                                                          "/dev/sdc1"]
    assert len(stored["repeats"]) == len(run.results)
    first = stored["repeats"][0]
    assert first["samples"][0]["value"] == run.results[0].samples[0].value  # raw per-repeat values
    assert "Throughput" in first["raw"]["dbench"]
    failed = [r for r in stored["repeats"] if r["failed"]]
    assert len(failed) == 1 and failed[0]["samples"] == []
    cmp = data["comparison"]
    assert cmp["baseline"] == "internal" and cmp["configs"] == ["internal", "external"] and cmp["warm"] is True
    row = next(r for r in cmp["rows"] if r["metric"] == "dbench.throughput_mbs")
    assert row["verdict"] == "better" and row["variant"]["n"] == 5
    assert row["variant"]["values"] == _values(run, "external", "dbench.throughput_mbs")
    assert len(cmp["summaries"]) == 2 * len(METRICS)
    assert cmp["failed"] == [{"config": "external", "workload": "throughput", "repeat": 5,
                              "reason": "fio reported error 5 (Input/output error) in the seqwrite phase"}]
    assert any("caches could not be dropped" in note for note in data["notes"])


def test_json_turns_undefined_statistics_into_null():
    single = realistic_run(repeats=1, failed_repeat=False)  # one repeat: no stdev, no interval
    data = _no_nan(reports.to_json(single, compare_runs([single])))
    summary = data["comparison"]["summaries"][0]
    assert summary["n"] == 1 and summary["stdev"] is None and summary["ci_low"] is None
    assert {r["verdict"] for r in data["comparison"]["rows"]} == {"not enough data"}


# --- HTML -----------------------------------------------------------------------------------


def test_html_is_one_self_contained_page_with_a_chart_per_metric(run, comparison):
    page = html_report.to_html(run, comparison)
    assert page.startswith("<!DOCTYPE html>") and "<style>" in page
    # per metric a bar chart and a repeat-order chart (tests/test_results_headline.py checks those)
    assert page.count("<svg") == 2 * len(METRICS) == page.count("</svg>")
    assert page.count('<svg class="order"') == len(METRICS)
    for forbidden in ("http://", "https://", "src=", "<script", "<link", "url(", "@import"):
        assert forbidden not in page, forbidden
    # each chart is well-formed SVG with one bar per configuration, coloured by verdict
    charts = re.findall(r"<svg width.*?</svg>", page, re.S)
    dbench = next(c for c in charts if "dbench.throughput_mbs" in c)
    xml.dom.minidom.parseString(dbench)
    bars = re.findall(r'<rect [^>]*fill="(#[0-9a-f]{6})"', dbench)
    assert bars == [COLOURS["baseline"], COLOURS["better"]]
    assert dbench.count("<path") == 2  # a confidence whisker per bar
    assert dbench.count("<circle") == 10  # every repeat as a dot
    randread = next(c for c in charts if "randread.rate_mbs" in c)
    assert re.findall(r'<rect [^>]*fill="(#[0-9a-f]{6})"', randread)[1] == COLOURS["within noise"]
    assert '<td class="better">better' in page
    assert "fio reported error 5" in page and "scheduler mq-deadline" in page


def test_html_escapes_what_it_quotes(run):
    run.status = "failed"
    run.reason = "<script>alert(1)</script> & more"
    page = html_report.to_html(run, compare_runs([run]))
    assert "<script" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; more" in page


def test_lower_is_better_metric_and_not_enough_data():
    configs = [ConfigDescription("relatime", "ext4", mount_options=(("relatime", None),)),
               ConfigDescription("noatime", "ext4", mount_options=(("noatime", None),)),
               ConfigDescription("once", "ext4", mount_options=(("lazytime", None),))]
    results = []
    for config, seconds in (("relatime", [41.2, 40.8, 41.9, 41.5]), ("noatime", [35.1, 35.6, 34.9, 35.3]),
                            ("once", [36.0])):
        for repeat, value in enumerate(seconds, 1):
            results.append(RepeatResult(config, "smallfiles", repeat,
                                        [Sample("smallfiles", "untar.seconds", value, "s", LOWER)]))
    from fstune.results.records import RunRecord

    record = RunRecord(study="atime", title="access times", started=1714650000.0, status="finished",
                       configs=configs, results=results, id=3)
    comparison = compare_runs([record])
    text = reports.to_markdown(record, comparison)
    line = next(line for line in text.splitlines() if line.startswith("| untar.seconds"))
    assert "lower is better" in line and "**better**" in line and "not enough data" in line
    assert "relatime → noatime" in text
    assert "Fewer than 3 good repeats in: once smallfiles untar.seconds (n=1)" in text
    chart = re.search(r"<svg.*?</svg>", html_report.to_html(record, comparison), re.S).group(0)
    assert re.findall(r'<rect [^>]*fill="(#[0-9a-f]{6})"', chart) == [
        COLOURS["baseline"], COLOURS["better"], COLOURS["not enough data"]]


# --- several runs -----------------------------------------------------------------------------


def test_side_by_side_prefixes_only_clashing_names():
    first, second = realistic_run(seed=1), realistic_run(seed=2, hostname="lab2", kernel="6.6.13")
    first.id, second.id = 3, 8
    second.configs = [second.configs[0], ConfigDescription("xfs-log", "xfs", "external", "/dev/sdc1")]
    for result in second.results:
        if result.config == "external":
            result.config = "xfs-log"
    second.mkfs_argv = {"xfs-log": [("mkfs.xfs", "-f", "-l", "logdev=/dev/sdc1", "/dev/sdb1")]}
    together = side_by_side([first, second])
    assert [c.name for c in together.configs] == ["3:internal", "external", "8:internal", "xfs-log"]
    assert together.baseline == "3:internal"
    assert [(c.run_id, c.config) for c in together.columns] == [(3, "internal"), (3, "external"), (8, "internal"),
                                                              (8, "xfs-log")]
    assert {r.config for r in together.results} == {"3:internal", "external", "8:internal", "xfs-log"}
    assert together.mkfs_argv["xfs-log"] == [("mkfs.xfs", "-f", "-l", "logdev=/dev/sdc1", "/dev/sdb1")]
    assert first.results[0].config == "internal"  # the loaded runs themselves are not renamed

    comparison = compare_runs([first, second])
    assert comparison.baseline == "3:internal" and "xfs-log" in comparison.configs
    text = reports.to_markdown([first, second], comparison)
    assert "### Run 3" in text and "### Run 8" in text
    assert "The runs differ in host (run 3: lab1, run 8: lab2)." in text
    assert "The runs differ in kernel" in text
    rows = list(csv.DictReader(io.StringIO(reports.to_csv([first, second], comparison))))
    assert {r["runs"] for r in rows if r["config"] == "xfs-log"} == {"8"}
    page = html_report.to_html([first, second], comparison)
    assert page.count("<svg") == len(METRICS)


def test_side_by_side_refuses_the_same_run_twice():
    run = realistic_run()
    run.id = 4
    with pytest.raises(UsageError, match="run 4 is named twice"):
        side_by_side([run, run])
    with pytest.raises(UsageError):
        side_by_side([])


def test_export_dispatch_and_unknown_format(run, comparison):
    assert reports.export(run, comparison, "csv") == reports.to_csv(run, comparison)
    with pytest.raises(UsageError, match="'pdf' is not an export format"):
        reports.export(run, comparison, "pdf")


@pytest.mark.parametrize("value, expected", [(15.443, "15.44"), (1234.5, "1234"), (0.5312, "0.531"),
                                             (123.456, "123.5"), (0.000123, "0.000123"), (None, "–"),
                                             (float("nan"), "–")])
def test_fmt_value(value, expected):
    assert fmt_value(value) == expected


@pytest.mark.parametrize("value, expected", [(12.34, "+12.3%"), (-4.0, "-4.0%"), (0.0, "+0.0%"), (0.01, "+0.01%"),
                                             (-0.004, "-0.004%"), (0.04, "+0.04%"), (float("nan"), "–")])
def test_fmt_change_never_shows_a_small_change_as_none(value, expected):
    assert fmt_change(value) == expected


def test_fmt_summary_uses_the_medians_precision():
    from fstune.results.compare import Summary

    assert fmt_summary(Summary.of([15.1, 15.44, 15.9])) == "15.44 ± 0.40 (n=3)"
    assert fmt_summary(Summary.of([36.0])) == "36.00 (n=1)"
    assert fmt_summary(None) == "–"
