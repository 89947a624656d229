"""``fstune results …`` as a user runs it: a real subprocess on a store filled through the API."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from fstune.results.store import Store
from test_store import realistic_run

ROOT = Path(__file__).resolve().parent.parent


def fstune(state: Path, *args: str, color: bool = False) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key not in ("NO_COLOR", "FORCE_COLOR", "TERM")}
    env.update(FSTUNE_STATE_DIR=str(state), COLUMNS="80", LINES="24",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    if color:
        env["FORCE_COLOR"] = "1"
        env["TERM"] = "xterm-256color"
    return subprocess.run([sys.executable, "-m", "fstune", "results", *args], capture_output=True, text=True,
                          env=env, timeout=60, cwd=state.parent)


def assert_fits_80_columns(text: str) -> None:
    wide = [line for line in text.splitlines() if len(line) > 80]
    assert not wide, f"lines wider than 80 columns: {wide}"


def assert_clean_error(done: subprocess.CompletedProcess, *phrases: str) -> None:
    assert done.returncode == 2, done
    assert "Traceback" not in done.stderr
    first = done.stderr.splitlines()[0]
    assert first.startswith("fstune: ")
    for phrase in phrases:
        assert phrase in done.stderr


@pytest.fixture
def state(tmp_path) -> Path:
    """A store with two runs of the ext3 study: run 1 on lab1 (a failed repeat, warm caches),
    run 2 on lab2 with a newer kernel."""
    directory = tmp_path / "state"
    with Store(directory) as store:
        store.save_run(realistic_run(warm=True))
        store.save_run(realistic_run(seed=7, started=1714950000.0, hostname="lab2", kernel="6.6.13-amd64",
                                     failed_repeat=False))
    return directory


def test_list_shows_runs_newest_first(state):
    done = fstune(state, "list")
    assert done.returncode == 0, done.stderr
    assert_fits_80_columns(done.stdout)
    lines = done.stdout.splitlines()
    ids = [line.split()[0] for line in lines if line.split() and line.split()[0].isdigit()]
    assert ids == ["2", "1"]
    assert "ext3-external-journal" in done.stdout
    assert "1 failed" in done.stdout and "warm cache" in done.stdout
    assert "lab1" in done.stdout and "lab2" in done.stdout
    assert fstune(state).stdout == done.stdout  # plain `fstune results` lists too


def test_list_json(state):
    done = fstune(state, "list", "--json")
    assert done.returncode == 0
    runs = json.loads(done.stdout)
    assert [r["id"] for r in runs] == [2, 1]
    assert runs[1]["repeats_failed"] == 1 and runs[1]["warm"] is True and runs[1]["hostname"] == "lab1"
    assert runs[0]["configs"] == ["internal", "external"] and runs[0]["kernel"] == "6.6.13-amd64"
    assert json.loads(fstune(state, "list", "--json", "--limit", "1").stdout)[0]["id"] == 2


def test_list_on_an_empty_store_creates_nothing(tmp_path):
    state = tmp_path / "never-used"
    done = fstune(state, "list")
    assert done.returncode == 0 and "No runs stored yet" in done.stdout
    assert not state.exists()  # reading the history does not create a database
    assert json.loads(fstune(state, "list", "--json").stdout) == []
    assert_clean_error(fstune(state, "show", "1"), "there is no run 1", "no runs are stored yet")


def test_show_a_run(state):
    done = fstune(state, "show", "1")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert_fits_80_columns(out)
    assert "Run 1 · ext3-external-journal" in out
    assert "Workload: metadata" in out and "Workload: throughput" in out
    dbench = out[out.index("Workload: metadata"):out.index("Workload: throughput")]
    external = next(line for line in dbench.splitlines() if "external" in line)
    assert "better" in external and "<0.001" in external and "+" in external
    assert "within noise" in out
    words = " ".join(out.split())  # table cells may wrap
    assert "+ external journal on /dev/sdc1" in words  # what the variant changes
    assert "mkfs.ext3 -b 4096 -J device=/dev/sdc1 -F /dev/sdb1" in words
    assert "scheduler mq-deadline" in words and "not installed" in words
    assert "fio reported error 5" in words and "caches could not be dropped" in words
    assert fstune(state, "show", "last").stdout.startswith("Run 2 ")


def test_verdicts_are_coloured(state):
    out = fstune(state, "show", "1", color=True).stdout
    assert "\x1b[" in out
    # Rich's bold green, bold red and dim SGR sequences around the verdict words
    assert "\x1b[1;32mbetter\x1b[0m" in out
    assert "\x1b[2mwithin noise\x1b[0m" in out


def test_compare_runs_side_by_side(state):
    done = fstune(state, "compare", "1", "2")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert_fits_80_columns(out)
    assert "Baseline: 1:internal" in out
    for column in ("1:internal", "1:external", "2:internal", "2:external"):
        assert column in out
    metadata = out[out.index("Workload: metadata"):out.index("Workload: throughput")]
    rows = {line.split()[0]: line for line in metadata.splitlines()
            if line.split() and line.split()[0] in ("1:external", "2:internal", "2:external")}
    assert "better" in rows["1:external"] and "better" in rows["2:external"]
    assert "within noise" in rows["2:internal"]  # same configuration on another day: no change
    assert "The runs differ in kernel (run 1: 6.1.0-21-amd64, run 2: 6.6.13-amd64)." in " ".join(out.split())


def test_export_formats(state, tmp_path):
    done = fstune(state, "export", "1", "--format", "csv")
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    assert len(rows) == 10 and {r["config"] for r in rows} == {"internal", "external"}
    assert next(r for r in rows if r["config"] == "external" and r["metric"] == "dbench.throughput_mbs"
                )["verdict"] == "better"

    report = tmp_path / "report.html"
    done = fstune(state, "export", "1", "2", "--output", str(report))  # the format from the suffix
    assert done.returncode == 0, done.stderr
    assert done.stdout == "" and f"wrote {report}" in done.stderr
    page = report.read_text()
    assert page.count("<svg") == 5 and "2:external" in page
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".report.html.")]  # no temp file left

    md = fstune(state, "export", "2", "--format", "md").stdout
    assert md.startswith("# fstune results: ext3-external-journal") and "| metric |" in md
    data = json.loads(fstune(state, "export", "last", "--format", "json").stdout)
    assert data["runs"][0]["id"] == 2 and data["runs"][0]["environment"]["hostname"] == "lab2"


def test_export_to_a_folder_that_does_not_exist_yet(state, tmp_path):
    """The class page's `-o out/`: a name ending in / is a folder, made when missing, and the file
    in it is named for the machine and the run (docs/teaching.md)."""
    folder = tmp_path / "out"
    done = fstune(state, "export", "last", "--format", "json", "-o", f"{folder}/")
    assert done.returncode == 0, done.stderr
    [written] = folder.iterdir()
    assert written.name.startswith("fstune-") and written.suffix == ".json"
    assert json.loads(written.read_text())["runs"][0]["id"] == 2


def test_errors_are_one_clear_line(state, tmp_path):
    assert_clean_error(fstune(state, "show", "99"), "there is no run 99", "fstune results list")
    assert_clean_error(fstune(state, "compare", "1", "42"), "there is no run 42")
    assert_clean_error(fstune(state, "show", "abc"), "'abc' is not a run id")
    assert_clean_error(fstune(state, "compare", "1", "1"), "run 1 is named twice")
    assert_clean_error(fstune(state, "export", "1"), "--format")
    assert_clean_error(fstune(state, "export", "1", "-o", str(tmp_path / "report.pdf")), "--format")
    assert_clean_error(fstune(state, "export", "1", "--format", "md", "-o", str(tmp_path / "missing" / "r.md")),
                       "cannot write")
    assert not (tmp_path / "missing").exists()


def test_unreadable_database_is_a_clear_error(tmp_path):
    state = tmp_path / "state"
    state.mkdir()
    (state / "results.sqlite").write_text("not a database, just text " * 50)
    assert_clean_error(fstune(state, "list"), "not a usable fstune results database")


def test_show_a_cancelled_run_without_figures(tmp_path):
    state = tmp_path / "state"
    cancelled = realistic_run()
    cancelled.status, cancelled.reason = "cancelled", "you pressed Ctrl-C while mkfs.ext3 ran (configuration internal)"
    cancelled.results = []
    with Store(state) as store:
        run_id = store.save_run(cancelled)
    done = fstune(state, "show", str(run_id))
    assert done.returncode == 0, done.stderr
    words = " ".join(done.stdout.split())
    assert "cancelled" in words and "you pressed Ctrl-C while mkfs.ext3 ran" in words
    assert "No figures" in words
    assert f"Run {run_id} cancelled: you pressed Ctrl-C" in words  # the honest note
    listing = fstune(state, "list").stdout
    assert "cancelled" in listing
