"""The Results screen (wizard step 8) on a realistic run: the seed's dbench figures (15.44 vs
17.25 MB/s) over 5 noisy repeats, fio's four phases, one failed repeat (a legacy run); and on a
blocked run of the one-disk loop lab (``test_results_headline.lab_run``) for the headline and the
repeat-order chart.

Hosted in a tiny App of its own; the tables are checked in their rendered form (text and
colours), the exports against ``fstune.reports.reports`` itself, and the look by snapshots at
80×24 and 120×40.
"""

from __future__ import annotations

import io
import json
import time

import pytest
from rich.console import Console
from textual.app import App
from textual.widgets import Static
from fstune.reports import reports
from fstune.results.compare import BETTER, NOISE, WORSE, compare_runs
from fstune.reports.formatting import fmt_change, fmt_summary, fmt_value
from fstune.reports.reports import CSV_FIELDS
from fstune.reports.views import metric_views
from fstune.screens.results import ResultsScreen, export_name
from test_results_headline import lab_run, stored
from test_store import realistic_run  # tests/ is on sys.path for its own modules (rootdir import)


class HostApp(App):
    def __init__(self, screen) -> None:
        super().__init__()
        self._first = screen

    def on_mount(self) -> None:
        self.push_screen(self._first)


def stored_run(run_id: int | None = 7):
    record = realistic_run()
    record.id = run_id
    return record, compare_runs([record])


def segments(widget: Static, width: int = 120):
    """The widget's Rich content rendered at ``width``: (text, style) pieces, colours included."""
    console = Console(width=width, file=io.StringIO(), color_system="truecolor")
    return [(s.text, s.style) for s in console.render(widget.content)]


def plain(widget: Static, width: int = 120) -> str:
    return "".join(text for text, _ in segments(widget, width))


async def wait_for(pilot, condition, timeout: float = 10.0, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await pilot.pause(0.05)


async def test_tables_show_figures_and_coloured_verdicts():
    record, comparison = stored_run()
    screen = ResultsScreen(record, comparison, services=None)
    async with HostApp(screen).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        views = metric_views(comparison, [record])
        assert list(views) == ["metadata", "throughput"]
        metadata = screen.query_one("#table-0", Static)
        text = plain(metadata)
        for config in ("internal", "external"):
            summary = comparison.summaries[(config, "metadata", "dbench.throughput_mbs")]
            assert fmt_summary(summary, n=False) in text
        row = next(r for r in comparison.rows if r.metric == "dbench.throughput_mbs")
        assert row.verdict == BETTER  # 15.44 → 17.25 MB/s over 5 repeats is no noise
        assert fmt_change(row.change_pct) in text

        def styles_of(widget, word):
            return [style for text, style in segments(widget) if text.strip() == word]

        better = styles_of(metadata, "better")
        assert better and better[0].color.name == "green" and better[0].bold
        throughput = screen.query_one("#table-1", Static)
        verdicts = {r.verdict for r in comparison.rows if r.workload == "throughput"}
        assert NOISE in verdicts
        noise = styles_of(throughput, "within noise")
        assert noise and noise[0].dim
        if WORSE in verdicts:
            assert styles_of(throughput, "worse")[0].color.name == "red"


async def test_option_difference_chart_and_notes():
    record, comparison = stored_run()
    screen = ResultsScreen(record, comparison, services=None)
    async with HostApp(screen).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        configs = plain(screen.query_one("#configs", Static))
        assert comparison.option_diffs["external"]
        assert comparison.option_diffs["external"] in configs  # e.g. "+ external journal on /dev/sdc1"
        chart = plain(screen.query_one("#chart-0", Static), width=100)
        lines = {line.split()[0]: line for line in chart.splitlines() if line.startswith(" ")}
        # one bar per configuration, on one scale: the faster external journal has the longer bar
        bar = lambda line: sum(line.count(c) for c in "█▓")  # noqa: E731
        assert bar(lines["external"]) > bar(lines["internal"]) > 0
        median = comparison.summaries[("internal", "metadata", "dbench.throughput_mbs")].median
        assert f"{fmt_value(median)} MB/s" in lines["internal"]
        notes = plain(screen.query_one("#notes", Static))
        assert "fio reported error 5" in notes  # the failed repeat is said, not hidden


async def test_export_keys_write_the_four_reports(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # exports go to the current directory
    record, comparison = stored_run()
    screen = ResultsScreen(record, comparison, services=None)
    async with HostApp(screen).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in ("m", "c", "j", "h"):
            await pilot.press(key)
        await wait_for(pilot, lambda: len(screen.exported) == 4, what="four exports")
        # the four are written side by side, in threads: the line names whichever finished last
        said = str(screen.query_one("#exported", Static).content)
        assert "report written: " in said and said.split("report written: ")[1] in map(str, screen.exported.values())
    for fmt in reports.FORMATS:
        path = tmp_path / f"fstune-run-7.{fmt}"
        assert screen.exported[fmt] == path
        # the JSON export says when it was generated: compare with that stamp taken out
        assert _unstamped(path.read_text()) == _unstamped(reports.export([record], comparison, fmt))
    assert (tmp_path / "fstune-run-7.csv").read_text().splitlines()[0] == ",".join(CSV_FIELDS)
    data = json.loads((tmp_path / "fstune-run-7.json").read_text())
    assert data  # valid JSON
    assert "<html" in (tmp_path / "fstune-run-7.html").read_text().lower()
    assert "dbench.throughput_mbs" in (tmp_path / "fstune-run-7.md").read_text()


async def test_export_failure_is_said(tmp_path):
    record, comparison = stored_run()
    missing = tmp_path / "no" / "such" / "dir"
    screen = ResultsScreen(record, comparison, services=None, export_dir=missing)
    async with HostApp(screen).run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await wait_for(pilot, lambda: "Not written" in str(screen.query_one("#exported", Static).content),
                       what="the error")
        assert not screen.exported


async def test_history_and_back():
    record, comparison = stored_run()
    app = HostApp(ResultsScreen(record, comparison, services=None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("o")
        history = plain(screen.query_one("#history", Static))
        assert "run 7" in history and "fstune results show 7" in history
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not screen  # back to where it came from


async def test_unstored_run_says_so_and_names_exports_by_study():
    record, comparison = stored_run(None)
    app = HostApp(ResultsScreen(record, comparison, services=None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        assert "not in the history" in plain(app.screen.query_one("#history", Static))
    assert export_name(record, "md").startswith("fstune-ext3-external-journal-")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_snapshot_results(snap_compare, size):
    record, comparison = stored_run()
    assert snap_compare(HostApp(ResultsScreen(record, comparison, services=None)), terminal_size=size)


def test_snapshot_results_scrolled_to_the_charts(snap_compare):
    record, comparison = stored_run()

    async def scroll(pilot):
        screen = pilot.app.screen
        screen.query_one("#body").scroll_to_widget(screen.query_one("#chart-0"), animate=False, top=True)
        await pilot.pause()

    assert snap_compare(HostApp(ResultsScreen(record, comparison, services=None)), terminal_size=(80, 24),
                        run_before=scroll)


def _unstamped(text: str) -> str:
    import re

    return re.sub(r'"generated": "[^"]*"', '"generated": ""', text)


async def test_ansible_playbooks_are_exported_from_the_results_screen(tmp_path):
    from fstune.deploy.ansible import build_export
    from fstune.deploy.mount import default_mountpoint

    record, comparison = stored_run()
    screen = ResultsScreen(record, comparison, services=None, export_dir=tmp_path)
    async with HostApp(screen).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await wait_for(pilot, lambda: "ansible" in screen.exported, what="the Ansible export")
    base = tmp_path / "fstune-ansible-run-7"
    assert screen.exported["ansible"] == base
    for config in record.configs:
        expected = build_export(record, config.name, default_mountpoint(config.name)).files
        for name, text in expected.items():
            assert (base / config.name / name).read_text() == text
    assert "ansible.builtin.lineinfile" in (base / "external" / "site.yml").read_text()  # the fstab line


async def test_a_blocked_run_shows_intervals_every_pair_and_its_caveats():
    from test_compare_blocked import run as blocked_run

    from fstune.results.records import DeviceRecord

    record = blocked_run({"a": 1.0, "b": 1.10, "c": 1.20})
    record.id = 9
    record.devices = [DeviceRecord("/dev/loop0p1", "target", transport="loop", rotational=True)]
    screen = ResultsScreen(record, compare_runs([record]), services=None)
    async with HostApp(screen).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        table = plain(screen.query_one("#table-0", Static))
        assert "better" in table and "detectable ±" in table and "[+" in table and "legacy" not in table
        pairs = plain(screen.query_one("#pairs", Static))
        # the pairs with the baseline are judged, b against c (beyond the run's budget) described
        assert "Every pair on the primary metric" in pairs and pairs.count("better") == 2
        assert pairs.count("described") == 1
        # the caveats stand under the headline, at the top
        said = plain(screen.query_one("#headline", Static))
        assert "One-disk loop devices" in said and "rotating" not in said


# --- the answer first: the headline and the repeat-order chart ------------------------------------


def lab_results(tmp_path) -> ResultsScreen:
    record = stored(lab_run(), tmp_path)
    return ResultsScreen(record, compare_runs([record]), services=None)


async def test_the_first_screen_at_80x24_answers_with_the_headline_and_its_caveats(tmp_path):
    screen = lab_results(tmp_path)
    async with HostApp(screen).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        body = screen.query_one("#body")
        headline = screen.query_one("#headline", Static)
        assert body.scroll_y == 0 and headline.region.y < 5
        # the whole headline and its caveats fit on the first screen, above the tables
        assert headline.region.bottom <= body.region.bottom
        assert screen.query_one("#table-0").region.y >= headline.region.bottom
        said = " ".join(plain(headline, width=78).split())  # as read, wherever the lines wrap
        assert said.startswith("In short — each variant against internal")
        assert "external: dbench throughput +" in said and "better" in said
        assert "One-disk loop lab" in said and "seek benefits cannot show" in said and "block 3" in said
        better = [style for text, style in segments(headline, 78) if text.strip() == ", better"]
        assert better and better[0].color.name == "green"
        assert "r repeat order" in plain(screen.query_one("#jump", Static))


async def test_jump_keys_bring_each_section_to_the_top_and_home_comes_back(tmp_path):
    screen = lab_results(tmp_path)
    async with HostApp(screen).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        body = screen.query_one("#body")
        for key, target in (("t", "#table-0"), ("g", "#charts"), ("r", "#order"), ("n", "#notes")):
            await pilot.press(key)
            await pilot.pause()
            widget = screen.query_one(target)
            if body.max_scroll_y > body.scroll_y:  # the last sections may not reach the top
                assert widget.region.y == body.region.y, key
            assert body.region.y <= widget.region.y < body.region.bottom, key
        await pilot.press("home")
        await pilot.pause()
        assert body.scroll_y == 0


async def test_the_repeat_order_chart_shows_every_repeat_beside_its_median(tmp_path):
    screen = lab_results(tmp_path)
    record, comparison = screen.record, screen.comparison
    async with HostApp(screen).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        chart = plain(screen.query_one("#order-0", Static), width=78)
        rows = {line.split()[0]: line for line in chart.splitlines()[:8] if line.startswith(" ")}
        for config in ("internal", "external"):
            summary = comparison.summaries[(config, "metadata", "dbench.throughput_mbs")]
            assert f"{fmt_value(summary.median)} [{fmt_value(summary.median_low)}, {fmt_value(summary.median_high)}] MB/s" \
                in rows[config]
            blocks = sum(1 for r in record.results if r.config == config and r.workload == "metadata")
            figures = rows[config].split("  ")[0].split(None, 1)[1].replace(" ", "")
            assert len(figures) == blocks and figures[2] == "○"  # block 3 was dropped
        throughput = plain(screen.query_one("#order-1", Static), width=78)
        assert "×" in throughput  # block 5's failed fio repeat
        legend = plain(screen.query_one("#order-legend", Static), width=78)
        assert "○ dropped block" in legend and "× failed repeat" in legend


def test_snapshot_headline_first(snap_compare, tmp_path):
    assert snap_compare(HostApp(lab_results(tmp_path)), terminal_size=(80, 24))


def test_snapshot_repeat_order(snap_compare, tmp_path):
    assert snap_compare(HostApp(lab_results(tmp_path)), terminal_size=(80, 24), press=["r"])
