"""``fstune screen``: the factors typed, the plan in words, the refusals, the dry-run script, and a
real screening run on a private loop lab, stored and shown (docs/screening.md, "Running a
screening")."""

from __future__ import annotations

import json
import os
import re

import pytest

import fstune.cli.run as cli_run
from fstune.cli import main
from fstune.cli.screen import parse_factor
from fstune.errors import UsageError
from fstune.filesystems import MOUNT_FACTOR

FACTORS = ["--factor", "noatime", "--factor", "commit=5,60", "--factor", "barrier", "--factor",
           "data=ordered,writeback", "--factor", "lazytime"]


@pytest.fixture
def state_home(tmp_path, monkeypatch):
    """The store and the audit logs under the test's directory."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    return tmp_path / "state"


# --- the factors ---------------------------------------------------------------------------------------


def test_a_factor_is_named_by_its_name_by_an_option_of_its_levels_or_typed_in():
    assert parse_factor("ext4", "atime") == parse_factor("ext4", "noatime")  # the declared one, either way
    assert parse_factor("ext4", "nobarrier").name == "barrier"
    assert parse_factor("ext4", "commit=5,60") == parse_factor("ext4", "commit")
    typed = parse_factor("ext4", "commit=5,30")  # not the declared levels: a name of its own
    assert (typed.name, typed.kind, typed.first, typed.second) == ("commit_30", MOUNT_FACTOR, ("commit=5",),
                                                                   ("commit=30",))
    alone = parse_factor("ext4", "discard")
    assert (alone.first, alone.second) == ((), ("discard",))
    with pytest.raises(UsageError, match="two values"):
        parse_factor("ext4", "commit=5,30,60")


def test_list_factors_shows_each_with_its_levels(capsys):
    assert main(["screen", "--list-factors", "xfs"]) == 0
    out = capsys.readouterr().out
    assert "logbufs (logbufs=8 / logbufs=2)" in out and "agcount (-d agcount=4 / -d agcount=16)" in out


def test_help_teaches_with_an_example_and_where_the_factors_are(capsys):
    with pytest.raises(SystemExit):
        main(["screen", "--help"])
    out = capsys.readouterr().out
    assert "fstune screen --list-factors ext4" in out and "A factor is one option at two levels" in out
    assert "--factor noatime --factor commit=5,60" in out


# --- refusals ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("extra, words", [
    (["--factor", "noatime", "--factor", "nosuchoption"], "nosuchoption"),
    (["--factor", "data", "--factor", "delalloc"], "cannot be screened together"),
    (["--factor", "data", "--factor", "data=ordered,writeback"], "cannot be screened together"),
    (["--factor", "noatime", "--factor", "barrier", "--budget", "20s"], "does not fit one replicate"),
    (["--factor", "noatime"], "at least 2 factors"),
    (["--factor", "noatime", "--factor", "barrier", "--budget", "soon"], "is not a duration"),
    (["--factor", "atime", "--factor", "lazytime", "--factor", "commit", "--factor", "barrier", "--factor", "delalloc",
      "--max-runs", "4"], "5 factors need at least 8 distinct runs; --max-runs 4 allows 4"),
])
def test_refusals_are_one_clear_message_and_exit_2(capsys, extra, words):
    code = main(["screen", "--filesystem", "ext4", *extra, "--device", "/dev/sdz1", "--assume-size", "2G",
                 "--dry-run"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert words in err and "Traceback" not in err
    # as every refusal of fstune's: lower case after "fstune: " ("fstune: the budget of 20 s …")
    assert err.startswith("fstune: ") and not err[len("fstune: ")].isupper(), err


def test_not_root_is_refused_after_the_plan_is_shown(monkeypatch, capsys):
    monkeypatch.setattr(cli_run, "geteuid", lambda: 1000)
    code = main(["screen", "--filesystem", "ext4", *FACTORS, "--device", "/dev/sdz1", "--yes"])
    out, err = capsys.readouterr()
    assert code == 2 and "needs root" in err
    assert "fits " in out and "replicate" in out  # what the budget buys, before anything is asked


# --- the dry run ---------------------------------------------------------------------------------------


def test_dry_run_prints_the_plan_and_a_script_in_the_designs_orders(capsys):
    code = main(["screen", "--filesystem", "ext4", *FACTORS, "--budget", "30m", "--device", "/dev/sdz1",
                 "--assume-size", "2G", "--dry-run", "--order-seed", "7", "--workload-param", "metadata.seconds=10"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "fractional factorial, resolution V, 16 runs" in out
    assert "Main effects are not confounded with two-factor interactions." in out
    assert re.search(r"fits (\d+) replicates", out)
    replicates = int(re.search(r"fits (\d+) replicates", out)[1])
    from fstune.screening import make_design

    design = make_design(["atime", "commit", "barrier", "data", "lazytime"], replicates, 7)
    for number, order in enumerate(design.orders, 1):
        names = ", ".join(f"run-{row + 1:02d}" for row in order)
        assert f"block {number}/{replicates}: {names}" in out
    assert "drawn with seed 7" in out and "--order-seed 7" in out
    assert out.count("mkfs.ext4") >= 16 * replicates
    assert "data=writeback" in out and "nobarrier" in out


# --- a real screening on a private lab --------------------------------------------------------------------


@pytest.mark.loopdev
@pytest.mark.slow
@pytest.mark.timeout(900)  # 16 runs: 2.5 min on a quiet 2-core VM, over 5 min while six other suites ran
def test_a_real_screen_finds_data_journal_and_stores_and_shows_its_effects(lab, state_home, capsys, tmp_path):
    """ext4 on a plain loop lab: data=journal (a known strong effect: the file data is written
    twice) found among four factors, every run's options read back from the kernel, the run stored
    with its design and shown. Judged on the megabytes a small build writes, which a busy host
    does not blur: dbench, whose figures it does blur, missed the same effect in one replicate
    while six other suites ran (docs/screening.md, "Real runs on the lab", has dbench screens)."""
    data = lab.disks[0].data
    run_id = f"screen-{os.getpid()}"
    code = main(["screen", "--filesystem", "ext4", "--factor", "data", "--factor", "noatime", "--factor",
                 "lazytime", "--factor", "commit=5,60", "--device", data, "--yes", "--seconds-per-run", "10",
                 "--budget", "170s", "--workloads", "writes", "--workload-param", "writes.files=200",
                 "--primary", "writes:build.mb_written", "--order-seed", "11", "--run-id", run_id])
    out, err = capsys.readouterr()
    assert code == 0, err + out[-4000:]
    assert "full factorial, 16 runs" in out and "fits 1 replicate" in out
    assert re.search(r"data \(data=ordered → data=journal\): matters: \+\d", out), out[-4000:]
    assert "Effects, largest first" in out
    stored = int(re.search(r"stored as run (\d+)", out)[1])
    assert "every factor that matters is better at its first level" in out.lower() or "--confirm" in out

    assert main(["results", "show", str(stored)]) == 0
    shown = capsys.readouterr().out
    assert "Screening" in shown and re.search(r"data \(data=ordered → data=journal\): matters", shown)

    exported = tmp_path / "screen.json"
    assert main(["results", "export", str(stored), "--format", "json", "-o", str(exported)]) == 0
    body = json.loads(exported.read_text())
    effects = {effect["factor"]: effect for effect in body["screening"]["effects"]}
    assert effects["data"]["verdict"] == "matters" and effects["data"]["percent"] > 20
    assert body["screening"]["design"]["seed"] == 11
    assert any("Holm" in line for line in body["screening"]["caveats"])
    for fmt, words in (("html", ['class="pareto"', "Screening: which options matter"]),
                       ("md", ["## Screening: which options matter", "| data | data=ordered → data=journal | matters |"]),
                       ("csv", ["kind,factor,first,second", "effect,data,data=ordered,data=journal,matters,"])):
        path = tmp_path / f"screen.{fmt}"
        assert main(["results", "export", str(stored), "--format", fmt, "-o", str(path)]) == 0
        text = path.read_text()
        assert all(word in text for word in words), (fmt, text[:2000])
    assert main(["results", "list"]) == 0
    assert "screen-ext4" in capsys.readouterr().out
    (tmp_path / "screen.out").write_text(out + shown)  # for a person reading the test's directory

    # the proposal, as the paired study --confirm runs (a dry run here: the script); data=journal
    # writes more, so it is better at its first level, and only another factor makes a proposal
    code = main(["screen", "--confirm", str(stored), "--device", data, "--dry-run"])
    confirmed = capsys.readouterr()
    if body["screening"]["proposal"] is None:
        assert code == 2 and "proposes nothing to confirm" in confirmed.err
    else:
        assert code == 0 and f"Confirming screening run {stored}" in confirmed.out
        assert "1. baseline:" in confirmed.out and "2. proposal:" in confirmed.out

    # a screening run is not rolled out: its proposal is confirmed first
    assert main(["export", str(stored), "--config", "run-02", "--fstab", "--device", data]) == 2
    assert "is a screening" in capsys.readouterr().err
