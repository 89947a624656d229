"""The headline every results view starts with, and the repeat-order chart (fstune/reports/headline.py,
fstune/reports/repeat_order.py): their words, the order of their points, and where they appear
(`fstune results show`, the Markdown and HTML reports).

``lab_run`` is a blocked run as the runner records it on the one-disk loop lab (dbench the
primary, fio's rates secondary, alternating order, a dropped block, a failed repeat), stored and
read back; the results screen's tests use it too.
"""

from __future__ import annotations

import os
import re
import xml.dom.minidom
import subprocess
import sys

import pytest
from rich.console import Console

from fstune.figures import HIGHER, LOWER, RepeatResult, Sample
from fstune.reports import reports
from fstune.results.compare import compare_runs
from fstune.reports.headline import UNCHANGED, headline
from fstune.reports.html_report import to_html
from fstune.results.records import ConfigDescription, DeviceRecord, RunRecord
from fstune.reports.repeat_order import DROPPED, FAILED, LEGACY_LABEL, MARKS, order_charts, order_lines, \
    repeat_points
from fstune.stats.sequential import METHOD
from fstune.results.store import Store
from fstune.stats.verdict import Verdict
from test_store import realistic_run  # tests/ is on sys.path for its own modules (rootdir import)

CONFIGS = [ConfigDescription("internal", "ext4", "internal", None, (), ()),
           ConfigDescription("external", "ext4", "external", "/dev/loop0p2", (), ())]
# the machine's mood per block, shared by both configurations of the block (the pairing cancels it)
SHARED = [1.00, 1.07, 0.94, 1.03, 0.97, 1.06, 0.95, 1.02, 0.99, 1.05, 0.96, 1.01, 1.03, 0.98, 1.04, 1.00]
# each measurement's own scatter (fractions), internal and external
OWN = [(0.004, -0.006), (-0.005, 0.003), (0.002, 0.006), (-0.003, -0.002), (0.006, 0.001), (-0.002, -0.005),
       (0.001, 0.004), (-0.006, 0.002), (0.003, -0.003), (0.005, 0.005), (-0.004, -0.001), (0.002, -0.004),
       (-0.001, 0.006), (0.004, -0.002), (-0.003, 0.003), (0.001, -0.001)]
FIO = {"seqwrite": 41.0, "seqread": 88.0}
SPIKE = ("I/O pressure spike: tasks waited for I/O 71% of the block's time against a usual 22% (rule "
         "io-pressure-spike/1: more than 25 points above the median of the blocks before)")
PLACEMENT = {path: {"disk": "/dev/loop0", "backing_file": "/var/tmp/fstune-lab/disk0.img",
                    "backing_device": "/dev/vda1", "backing_dev": 64769, "lab": True}
             for path in ("/dev/loop0p1", "/dev/loop0p2")}


def lab_run(gain: float = 0.12, blocks: int = 6, noise: float = 0.5, dropped: int | None = 3,
            failed: int | None = 5, looks=(5, 10, 15), stopped: str = "decided") -> RunRecord:
    """A blocked run on the one-disk loop lab: ``external`` gains ``gain`` on dbench, fio is the
    same on both; ``noise`` scales each measurement's own scatter (half of ``OWN`` by default: at
    the full scatter the 12 % gain is only "probably better" at the first look, whose stricter
    claim beyond δ needs more). Block ``dropped`` was dropped by
    the pressure rule (so one more block ran), block ``failed``'s fio repeat of ``external`` failed."""
    results = []
    orders = []
    for block in range(1, blocks + 1):
        order = ["internal", "external"] if block % 2 else ["external", "internal"]
        orders.append(order)
        for position, config in enumerate(order, start=1):
            index = 0 if config == "internal" else 1
            own = 1 + OWN[block - 1][index] * noise
            steady = 1 + OWN[block - 1][index] * noise * 0.2  # fio's rates scatter less than dbench
            mbs = round(100.0 * SHARED[block - 1] * (1 + gain * index) * own, 3)
            drop = SPIKE if block == dropped else None
            results.append(RepeatResult(
                config, "metadata", block,
                [Sample("metadata", "dbench.throughput_mbs", mbs, "MB/s", HIGHER),
                 Sample("metadata", "dbench.max_latency_ms", round(40.0 / own, 2), "ms", LOWER)],
                block=block, position=position, dropped=drop))
            if block == failed and config == "external":
                results.append(RepeatResult(config, "throughput", block, failed="fio reported error 5 (Input/output "
                                            "error) in the seqwrite phase", block=block, position=position,
                                            dropped=drop))
                continue
            results.append(RepeatResult(
                config, "throughput", block,
                [Sample("throughput", f"{phase}.rate_mbs", round(rate * SHARED[block - 1] * steady, 3), "MB/s",
                        HIGHER) for phase, rate in FIO.items()],
                block=block, position=position, dropped=drop))
    design = {"primary": {"workload": "metadata", "metric": "dbench.throughput_mbs"},
              "delta": {"default": 0.02, "metrics": {}}, "looks": list(looks), "max_blocks": looks[-1],
              "order": orders, "dropped_blocks": {str(dropped): SPIKE} if dropped else {},
              "drop_rule": "io-pressure-spike/1", "stopped": stopped}
    return RunRecord(
        "ext4-external-journal", "ext4: journal inside vs on a second disk", 1714650000.0, "finished", CONFIGS,
        results, finished=1714650000.0 + 1800, method=METHOD, design=design, repeats=looks[0],
        environment={"hostname": "lab1", "kernel": "6.1.0-21-amd64", "placement": PLACEMENT},
        devices=[DeviceRecord("/dev/loop0p1", "target", "loop lab disk", 1 << 30, "loop", True, "none"),
                 DeviceRecord("/dev/loop0p2", "journal", "loop lab disk", 1 << 28, "loop", True, "none")])


def stored(record: RunRecord, directory) -> RunRecord:
    """The record as the store gives it back (what every results view is shown)."""
    with Store(directory) as store:
        return store.load_run(store.save_run(record))


# --- the headline's words ---------------------------------------------------------------------


def line_of(record: RunRecord, config: str = "external"):
    found = headline([record], compare_runs([record]))
    [line] = [line for line in found.lines if line.config == config]
    return line, found


def test_a_clear_gain_is_better_with_its_interval_and_fio_unchanged(tmp_path):
    record = stored(lab_run(failed=None), tmp_path)
    line, found = line_of(record)
    assert line.verdict == Verdict.BETTER
    assert re.fullmatch(r"dbench throughput \+1\d\.\d % \[\+\d+\.\d, \+\d+\.\d\], better", line.primary), line.primary
    assert line.others == f"throughput {UNCHANGED}"
    assert line.text.startswith("external: dbench throughput +")
    caveats = " ".join(found.caveats)
    assert "One-disk loop lab" in caveats and "seek benefits cannot show" in caveats
    assert "1 block(s) dropped" in caveats and "I/O pressure spike" in caveats


def test_a_failed_repeat_is_a_caveat_and_leaves_its_secondaries_without_a_verdict():
    # block 5's fio repeat failed: fio lacks one of the five blocks the primary decided on
    line, found = line_of(lab_run(failed=5))
    assert line.verdict == Verdict.BETTER and line.others == "throughput no verdict"
    assert "1 repeat(s) failed and are in no figure (the notes say why)." in found.caveats


def test_a_loss_is_worse():
    line, _ = line_of(lab_run(gain=-0.12, dropped=None, failed=None))
    assert line.verdict == Verdict.WORSE and ", worse" in line.primary and "dbench throughput -1" in line.primary


def test_no_change_is_no_detectable_difference():
    line, _ = line_of(lab_run(gain=0.0, noise=0.3, dropped=None, failed=None))
    assert line.verdict == Verdict.NO_DIFFERENCE
    assert line.primary.endswith(", no detectable difference")


def test_a_noisy_run_at_its_cap_says_too_noisy_what_it_could_show_and_the_cap():
    record = lab_run(gain=0.0, blocks=15, noise=12.0, dropped=None, failed=None, stopped="cap reached while undecided")
    line, found = line_of(record)
    assert line.verdict == Verdict.TOO_NOISY
    assert "too noisy to tell (detectable ±" in line.primary
    assert line.primary.endswith("; cap reached while undecided")
    assert any(caveat.startswith("Cap reached while undecided") for caveat in found.caveats)
    # at the cap the primary's decision is final, so fio's (quieter) rates are judged too
    assert line.others == f"throughput {UNCHANGED}"


def test_a_legacy_run_keeps_its_legacy_words():
    record = realistic_run()
    line, found = line_of(record)
    assert line.verdict == "better" and "(legacy rule, p" in line.primary
    assert "within noise" in line.others  # fio's phases, in the legacy rule's own words
    assert any(caveat.startswith("Legacy: measured before blocks") for caveat in found.caveats)


def test_one_configuration_has_nothing_to_compare():
    record = lab_run(dropped=None, failed=None)
    record.configs = record.configs[:1]
    record.results = [r for r in record.results if r.config == "internal"]
    found = headline([record], compare_runs([record]))
    assert not found.lines


# --- the repeat-order chart ---------------------------------------------------------------------


def test_points_follow_block_then_position_not_the_stored_order():
    record = lab_run(blocks=4, dropped=None, failed=None)
    record.results.reverse()  # stored in any order: the chart still places them as they ran
    points = repeat_points(record, "external", "metadata", "dbench.throughput_mbs")
    assert [(p.block, p.position) for p in points] == [(1, 2), (2, 1), (3, 2), (4, 1)]
    values = {r.block: r.samples[0].value for r in record.results
              if r.config == "external" and r.workload == "metadata"}
    assert [p.value for p in points] == [values[1], values[2], values[3], values[4]]
    assert [p.slot for p in points] == [1, 2, 3, 4]


def test_a_dropped_block_is_hollow_and_a_failed_repeat_a_cross():
    record = lab_run()  # block 3 dropped, block 5's fio repeat of external failed
    charts = order_charts(record, compare_runs([record]))
    [seqwrite] = [c for c in charts["throughput"] if c.metric == "seqwrite.rate_mbs"]
    external = next(row for row in seqwrite.rows if row.config == "external")
    states = {p.block: p.state for p in external.points}
    assert states[3] == DROPPED and states[5] == FAILED and states[1] == "counted"
    lines = [line.plain for line in order_lines(seqwrite, 80, "internal")]
    row = next(line for line in lines if line.startswith(" external"))
    # one character per block, in block order: the third hollow, the fifth a cross
    figures = row.split("  ")[0].split(None, 1)[1].replace(" ", "")
    assert figures[2] == MARKS[DROPPED] and figures[4] == MARKS[FAILED] and len(figures) == 6
    assert all(len(line) <= 80 for line in lines)


def test_the_chart_is_taller_where_the_figure_is_higher():
    record = lab_run(blocks=6, dropped=None, failed=None)
    chart = order_charts(record, compare_runs([record]))["metadata"][0]
    lines = [line.plain for line in order_lines(chart, 80, "internal")]
    internal = next(line for line in lines if line.startswith(" internal")).split()[1]
    external = next(line for line in lines if line.startswith(" external")).split()[1]
    levels = "▁▂▃▄▅▆▇█"
    # +12 %: every block's external repeat stands higher than internal's of the same block
    assert all(levels.index(e) > levels.index(i) for i, e in zip(internal, external))
    assert "blocks in run order" in lines[1]


def test_a_legacy_run_is_drawn_in_stored_order_and_says_so():
    record = realistic_run()
    chart = order_charts(record, compare_runs([record]))["metadata"][0]
    assert not chart.blocked
    assert [p.slot for p in chart.rows[0].points] == [1, 2, 3, 4, 5]
    stored_values = [r.samples[0].value for r in record.results if r.config == "internal" and r.workload == "metadata"]
    assert [p.value for p in chart.rows[0].points] == stored_values
    assert LEGACY_LABEL in order_lines(chart, 80)[1].plain


# --- where they appear --------------------------------------------------------------------------


def svgs(page: str) -> list[str]:
    return re.findall(r'<svg class="order".*?</svg>', page, re.S)


def test_the_html_report_starts_with_the_headline_and_draws_every_repeat(tmp_path):
    record = stored(lab_run(), tmp_path)
    comparison = compare_runs([record])
    page = to_html([record], comparison)
    short = page.index("<h2>In short</h2>")
    assert short < page.index("<h2>Configurations</h2>") and short < page.index("<h2>Caveats</h2>") \
        < page.index("<h2>Configurations</h2>")
    assert '<span class="better">better</span>' in page[short:page.index("<h2>Caveats</h2>")]
    drawn = svgs(page)
    charts = order_charts(record, comparison)
    assert len(drawn) == sum(len(found) for found in charts.values())
    for chart, svg in zip([c for found in charts.values() for c in found], drawn):
        xml.dom.minidom.parseString(svg)  # well-formed, as the page's other charts
        assert chart.metric in svg
        repeats = [r for r in record.results if r.workload == chart.workload
                   and (not r.ok or any(s.metric == chart.metric for s in r.samples))]
        assert svg.count('class="point') == len(repeats)  # one point per repeat
        assert svg.count('class="point dropped"') == sum(1 for r in repeats if r.dropped and r.ok)
        assert svg.count('class="point failed"') == sum(1 for r in repeats if not r.ok)


def test_the_markdown_report_starts_with_the_headline_and_its_caveats():
    record = lab_run(failed=None)
    text = reports.to_markdown(record, compare_runs([record]))
    assert text.index("## In short") < text.index("## Caveats") < text.index("## Configurations")
    first = text.split("## In short")[1].split("##")[0].strip().splitlines()
    assert first[0].startswith("- **external**: dbench throughput +") and ", better; throughput unchanged" in first[0]
    assert text.count("## Caveats") == 1


def test_results_show_prints_the_headline_first_and_the_repeat_order(tmp_path):
    state = tmp_path / "state"
    with Store(state) as store:
        run_id = store.save_run(lab_run())
    env = {**os.environ, "FSTUNE_STATE_DIR": str(state), "COLUMNS": "80", "NO_COLOR": "1", "TERM": "dumb"}
    shown = subprocess.run([sys.executable, "-m", "fstune", "results", "show", str(run_id)], env=env,
                           capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    first = next(index for index, line in enumerate(lines) if line.startswith("In short"))
    assert first <= 4  # right under the run's two or three lines
    assert lines[first + 1].startswith("▸ external: dbench throughput +")
    assert any(line.startswith("• One-disk loop lab") for line in lines[first:first + 6])
    assert shown.stdout.index("In short") < shown.stdout.index("Configurations")
    assert "Every repeat in run order" in shown.stdout and f"{MARKS[DROPPED]}" in shown.stdout
    assert max(len(line) for line in lines) <= 80

