"""The class scenario, merged and read as a teacher reads it: in a real browser.

Three attendees' real exports (tests/fixtures/class/README.md says how they were made: two with
``--class``, one with ``--option noatime``, all three started in the same second on cloned
machines) are merged with the real CLI. The HTML page is then rendered by headless Chromium with a
small measuring script added to a copy of it (the report itself has no script), and the boxes the
browser laid out are checked: the headline with the pooled primary figure and the caveats are on
the first screen, no chart text leaves its SVG, no two chart texts overlap.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fstune.reports import classroom, classroom_report

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "class"
FILES = sorted(str(p) for p in FIXTURES.glob("*.json"))
FIRST_SCREEN = 1200  # px: what a laptop shows without scrolling, at most
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
LONG = "Anna-Katharina's ThinkPad T14 in room 2.14, the one by the window that never sleeps"

MEASURE = """
(function () {
  function box(r) { return {x: r.left + window.scrollX, y: r.top + window.scrollY, w: r.width, h: r.height}; }
  var out = {svgs: [], page_width: document.documentElement.scrollWidth, view_width: window.innerWidth,
             tables: []};
  document.querySelectorAll("table").forEach(function (t) { out.tables.push(box(t.getBoundingClientRect())); });
  ["headline", "caveats"].forEach(function (id) {
    var element = document.getElementById(id);
    out[id] = element ? box(element.getBoundingClientRect()) : null;
    var item = element ? element.querySelector("li") : null;
    out[id + "_first"] = item ? box(item.getBoundingClientRect()) : null;
    out[id + "_text"] = element ? element.textContent : "";
  });
  document.querySelectorAll("svg").forEach(function (svg) {
    var vb = svg.viewBox.baseVal, texts = [];
    svg.querySelectorAll("text").forEach(function (t) {
      var b = t.getBBox();
      texts.push({text: t.textContent, x: b.x, y: b.y, w: b.width, h: b.height});
    });
    out.svgs.push({label: svg.getAttribute("aria-label"), viewBox: [vb.x, vb.y, vb.width, vb.height],
                   texts: texts});
  });
  var pre = document.createElement("pre");
  pre.id = "fstune-measure";
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
"""


def merge(*extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "fstune", "results", "merge", *FILES, *extra],
                          capture_output=True, text=True, timeout=120)


def test_three_attendees_in_the_same_second_send_three_files():
    names = [Path(f).name for f in FILES]
    assert len(names) == 3
    # same study, host, machine id, run id and second: only the microseconds differ
    assert len({name.rsplit("-", 1)[0] for name in names}) == 1 and len(set(names)) == 3
    exports = [classroom.parse_export_text(Path(f).read_text(), f) for f in FILES]
    for export, name in zip(exports, names):
        assert classroom.export_file_name(export.runs, "json") == name


def test_the_attendee_with_an_option_is_refused_naming_it_then_marked_and_left_out():
    refused = merge("--format", "md")
    assert refused.returncode == 2 and refused.stdout == ""
    assert "Traceback" not in refused.stderr
    assert re.search(r"442316\.json \(vm \(…442316\)\): configuration strictatime mount options: strictatime vs "
                     r"noatime, configuration relatime mount options: relatime vs noatime", refused.stderr)
    merged = merge("--format", "md", "--allow-different-params")
    assert merged.returncode == 0, merged.stderr
    assert "fstune: Merged 3 machines from 3 files; 2 in the pooled figures and verdict counts." in merged.stderr
    assert 'Marked "(other settings)", shown but not pooled or counted: vm (…442316)' in merged.stderr
    text = merged.stdout
    # the headline and the caveats come before the first table; the primary metric's rows first
    assert text.index("## In short") < text.index("## Caveats: the merge") < text.index("## Summary")
    summary = text[text.index("## Summary"):text.index("## writes")]
    assert summary.splitlines()[4].startswith("| writes · build.mb_written (primary) | relatime |")
    # each per-machine caveat once: the lab note differs between machines only by its path
    assert text.count("One-disk loop lab") == 1 and "…/lab (each machine's own)" in text
    # paced times are shown, not judged
    assert "| writes · build.seconds | noatime | " in summary and summary.count("not judged (paced)") == 12


def test_the_pooled_figures_leave_the_marked_machine_out_and_are_in_the_csv():
    results = classroom.merge_exports([classroom.parse_export_text(Path(f).read_text(), f) for f in FILES],
                                      allow_different=True)
    assert [m.label for m in results.pooled_machines] == ["vm (…675434)", "vm (…856457)"]
    table = next(t for t in results.tables if t.primary)
    assert (table.workload, table.metric) == ("writes", "build.mb_written") and results.tables[0] is table
    for column in table.columns[1:]:
        assert column.pooled.k == 2 and sum(column.tally.values()) == 2
        own = [classroom.machine_change(column.rows[m.label]) for m in results.pooled_machines]
        assert column.pooled == classroom.Pooled.of(own)
    rows = list(__import__("csv").DictReader(__import__("io").StringIO(classroom_report.to_csv(results))))
    assert "p_value" not in rows[0]  # runs judged in blocks have none: no always-empty column
    noatime = [r for r in rows if r["metric"] == "build.mb_written" and r["config"] == "noatime"]
    pooled = next(c for c in table.columns if c.config == "noatime").pooled
    assert all(float(r["pooled_change_pct"]) == pytest.approx(pooled.estimate) for r in noatime)
    assert all(r["primary"] == "yes" for r in noatime)
    assert {r["other_settings"] != "" for r in noatime if "442316" in r["machine"]} == {True}


def _overlap(a: dict, b: dict, slack: float = 0.5) -> bool:
    return (a["x"] + slack < b["x"] + b["w"] and b["x"] + slack < a["x"] + a["w"]
            and a["y"] + slack < b["y"] + b["h"] and b["y"] + slack < a["y"] + a["h"])


@pytest.mark.skipif(CHROMIUM is None, reason="needs chromium (.ci/setup.sh installs it)")
def test_the_page_in_a_real_browser_shows_the_headline_and_caveats_first_and_charts_that_fit(tmp_path):
    page = tmp_path / "class.html"
    # one attendee's label is long: it wraps onto two lines and is abbreviated, never cut or overlapping
    done = merge("--allow-different-params", "-o", str(page), "--label", f"{FILES[2]}={LONG}")
    assert done.returncode == 0, done.stderr
    html = page.read_text()
    assert "<script" not in html
    (tmp_path / "measure.js").write_text(MEASURE)
    measured_page = tmp_path / "measured.html"
    measured_page.write_text(html.replace("</body></html>", '<script src="measure.js"></script></body></html>'))
    browser = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run", f"--user-data-dir={tmp_path / 'profile'}",
         "--window-size=1280,1200", "--virtual-time-budget=5000", "--dump-dom", measured_page.as_uri()],
        capture_output=True, text=True, timeout=120)
    found = re.search(r'<pre id="fstune-measure">(.*?)</pre>', browser.stdout, re.S)
    assert found, browser.stderr[-2000:]
    measured = json.loads(found.group(1).replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
                          .replace("&quot;", '"'))

    # the first screen: the pooled primary figure, how many machines said what, and the caveats
    assert measured["headline"]["y"] + measured["headline"]["h"] <= FIRST_SCREEN
    assert "noatime against strictatime, writes build.mb_written" in measured["headline_text"]
    assert re.search(r"pooled change [+−-]\d+\.\d% \[[^]]+\] across 2 machines", measured["headline_text"])
    assert "too noisy to tell on 2 of 2 machines" in measured["headline_text"]
    assert measured["caveats_first"]["y"] + measured["caveats_first"]["h"] <= FIRST_SCREEN
    assert "Merged 3 machines from 3 files" in measured["caveats_text"]

    # nothing wider than the window: no table or chart runs off the page's right edge
    assert measured["page_width"] <= measured["view_width"] == 1280
    assert all(t["x"] + t["w"] <= measured["view_width"] for t in measured["tables"])

    # every chart: each text inside the SVG's box, and no two texts on top of each other
    assert len(measured["svgs"]) == html.count("<svg") == 18  # 9 metrics × 2 variants
    for svg in measured["svgs"]:
        _, _, width, height = svg["viewBox"]
        texts = [t for t in svg["texts"] if t["w"] > 0]
        assert texts, svg["label"]
        for t in texts:
            assert t["x"] >= 0 and t["y"] >= 0 and t["x"] + t["w"] <= width and t["y"] + t["h"] <= height, (
                svg["label"], t)
        for index, a in enumerate(texts):
            for b in texts[index + 1:]:
                assert not _overlap(a, b), (svg["label"], a["text"], b["text"])
    # long labels are abbreviated so that the three machines still read apart
    texts = [t["text"] for t in measured["svgs"][0]["texts"]]
    assert {t for t in texts if t.startswith("vm (")} == {"vm (…442316) (other settings)", "vm (…675434)"}
    wrapped = classroom_report.wrap_label(LONG)
    assert len(wrapped) == 2 and wrapped[0] in texts and wrapped[1] in texts and "…" in wrapped[1]
    assert wrapped[1].endswith("never sleeps")
