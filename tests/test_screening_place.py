"""The journal's/log's place as a screening factor (docs/screening.md, "The journal's place"):
each run of the design gets its level's placement, made as a paired study's configuration of it
is; the design is refused without a spare; placements the filesystem refuses beside another
factor are refused by the factor checks; the readback says where each run's journal was; and a
real short screening on a private loop lab shows both placements."""

from __future__ import annotations

import math
import os
import random
import re
from dataclasses import dataclass, field

import pytest

from fstune.cli import main
from fstune.errors import StudyError, UsageError
from fstune.filesystems import EXTERNAL, INTERNAL, MKFS_FACTOR, NONE, PLACE_FACTOR, ScreeningFactor
from fstune.figures import HIGHER
from fstune.plan import Choices, DeviceChoice, build_plan, render_script
from fstune.plan.screening import confirmation_study, parse_screening_study, screening_choices, screening_study
from fstune.screening import Setup, check_factors, pick, plan_screening
from fstune.screening.record import KEY, config_name, plan_from_record, readback_lines, result_from_run, to_record

PRIMARY = ("metadata", "dbench.throughput_mbs")
SPARE = DeviceChoice("/dev/sdy1", 256 * 2**20, assumed=True)
TARGET = DeviceChoice("/dev/sdz1", 2 * 2**30, assumed=True)


@pytest.fixture
def state_home(tmp_path, monkeypatch):
    """The store and the audit logs under the test's directory."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    return tmp_path / "state"


def make_plan(filesystem: str = "ext4", names=("journal", "atime", "commit"), seed: int = 4):
    return plan_screening(Setup(filesystem), pick(filesystem, names), seconds_per_run=20,
                          budget_seconds=20 * 8 * 3, seed=seed)


def built(plan, log: DeviceChoice | None = SPARE):
    study = screening_study(plan, workloads=(PRIMARY[0],), primary=PRIMARY)
    return study, build_plan(screening_choices(Choices(study=study, target=TARGET, log_device=log), plan))


# --- the factor -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("filesystem, name, noun", [("ext4", "journal", "journal"), ("ext3", "journal", "journal"),
                                                    ("xfs", "log", "log")])
def test_the_filesystems_with_an_external_journal_offer_its_place_as_a_factor(filesystem, name, noun):
    (factor,) = [f for f in pick(filesystem, [name])]
    assert factor.kind == PLACE_FACTOR and factor.levels == ((INTERNAL,), (EXTERNAL,))
    assert (factor.level_text(-1), factor.level_text(1)) == (f"internal {noun}", f"external {noun}")
    check_factors(Setup(filesystem), [factor])


def test_a_place_factor_levels_are_placements():
    with pytest.raises(UsageError, match="one placement"):
        ScreeningFactor("journal", PLACE_FACTOR, (INTERNAL,), ("elsewhere",))


def test_a_filesystem_without_an_external_journal_refuses_the_place_factor():
    factor = ScreeningFactor("journal", PLACE_FACTOR, (INTERNAL,), (EXTERNAL,))
    with pytest.raises(UsageError, match="cannot be screened on Btrfs.*cannot have journal = \"external\""):
        check_factors(Setup("btrfs"), [factor])


# --- planning: each run its level's placement -----------------------------------------------------------


@pytest.mark.parametrize("filesystem, names", [("ext4", ("atime", "journal", "commit")),
                                               ("xfs", ("logbufs", "log", "atime"))])
def test_each_runs_placement_follows_the_designs_column(filesystem, names):
    plan = make_plan(filesystem, names)
    column = [factor.kind for factor in plan.factors].index(PLACE_FACTOR)
    study, made = built(plan)
    assert study.needs_journal_device
    levels = [row[column] for row in plan.design.base.rows]
    assert sorted(set(levels)) == [-1, 1]
    for row, config in enumerate(study.configurations):
        assert config.name == config_name(row)
        assert config.journal == (EXTERNAL if levels[row] > 0 else INTERNAL), config
    for config in made.configs:  # the external ones name the spare at mount, the internal ones do not
        spare = [value for _name, value in config.mount_options if value == SPARE.path]
        assert bool(spare) == (config.config.journal == EXTERNAL)
    assert made.written_choices() == [TARGET, SPARE]


def test_the_dry_run_script_makes_the_external_journal_only_in_the_runs_at_that_level():
    plan = make_plan()
    study, made = built(plan)
    script = render_script(made)
    sections = re.split(r"^# ── Block \d+/\d+, \d+/\d+ \([a-z]+\): ", script, flags=re.M)[1:]
    assert len(sections) == len(plan.design.runs)
    external = {config.name for config in study.configurations if config.journal == EXTERNAL}
    for section in sections:
        name = section.split(" ", 1)[0]
        journal_mkfs = re.findall(r"^mkfs\.ext4 .*-O journal_dev .*/dev/sdy1$", section, flags=re.M)
        attached = re.findall(r"^mkfs\.ext4 .*-J device=/dev/sdy1 .*/dev/sdz1$", section, flags=re.M)
        mounted = re.findall(r"^mount -t ext4 -o \S*journal_path=/dev/sdy1", section, flags=re.M)
        if name in external:
            assert (len(journal_mkfs), len(attached), len(mounted)) == (1, 1, 1), section[:600]
        else:
            assert "/dev/sdy1" not in section.split("\n# ──")[0], section[:600]
    assert "The runs at external journal put the journal on the spare partition" in "\n".join(plan.words())


def test_a_design_with_the_place_factor_is_refused_without_a_spare(capsys):
    plan = make_plan()
    with pytest.raises(UsageError, match="Name a spare partition with --log-device"):
        built(plan, log=None)
    code = main(["screen", "--filesystem", "ext4", "--factor", "journal", "--factor", "noatime", "--factor",
                 "commit", "--budget", "20m", "--device", "/dev/sdz1", "--assume-size", "2G", "--dry-run"])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert "the factor journal (internal journal / external journal) puts the journal on a spare partition in 4 " \
           "of the design's 8 runs, and no spare was given" in err and "--log-device DEV" in err


def test_the_spare_gets_the_paired_studies_checks():
    """The same rules as an external-journal study's (fstune/plan/build.py): not the target itself,
    big enough for the journal/log."""
    from fstune.errors import DeviceError

    with pytest.raises(DeviceError, match="cannot be the target itself"):
        built(make_plan(), log=DeviceChoice(TARGET.path, TARGET.size, assumed=True))
    with pytest.raises(DeviceError, match="too small for an XFS external log"):
        built(make_plan("xfs", ("log", "atime", "logbufs")), log=DeviceChoice("/dev/sdy1", 32 * 2**20, assumed=True))


def test_the_cli_dry_run_takes_the_spare_and_shows_both_placements(capsys):
    code = main(["screen", "--filesystem", "xfs", "--factor", "log", "--factor", "noatime", "--factor", "logbufs",
                 "--budget", "20m", "--device", "/dev/sdz1", "--assume-size", "2G", "--log-device", "/dev/sdy1",
                 "--assume-log-size", "256M", "--dry-run", "--order-seed", "3"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "log (internal log / external log)" in out
    assert re.search(r"^mkfs\.xfs .*-l logdev=/dev/sdy1 /dev/sdz1$", out, flags=re.M)
    assert re.search(r"^mkfs\.xfs -f (-K )?/dev/sdz1$", out, flags=re.M)
    assert re.search(r"^mount -t xfs -o \S*logdev=/dev/sdy1 /dev/sdz1", out, flags=re.M)


# --- the factor checks ------------------------------------------------------------------------------------


def test_an_mkfs_option_the_external_log_refuses_is_refused_beside_the_place_factor():
    """mkfs.xfs refuses -l agnum= (where an internal log goes) beside -l logdev= ("Cannot
    specify both -l agnum and -l logdev"): the pair is refused before any design is made."""
    log_group = ScreeningFactor("log_group", MKFS_FACTOR, ("-l", "agnum=0"), ("-l", "agnum=1"))
    check_factors(Setup("xfs"), [log_group, *pick("xfs", ["atime"])])  # fine with the internal log
    with pytest.raises(UsageError, match=r"factors log \(internal log / external log\) and log_group .* cannot be "
                                         r"screened together on XFS: the runs with external log and -l agnum=0 are "
                                         r"refused .*places an internal log"):
        check_factors(Setup("xfs"), [*pick("xfs", ["log"]), log_group])


def test_a_journals_option_is_refused_beside_a_place_without_a_journal():
    no_journal = ScreeningFactor("has_journal", PLACE_FACTOR, (INTERNAL,), (NONE,))
    check_factors(Setup("ext4"), [no_journal, *pick("ext4", ["atime"])])
    with pytest.raises(UsageError, match=r"the runs with none has_journal and commit=5 are refused .*without a "
                                         r"journal"):
        check_factors(Setup("ext4"), [no_journal, *pick("ext4", ["commit"])])


def test_two_place_factors_or_a_shared_journal_beside_one_are_refused():
    other = ScreeningFactor("journal_again", PLACE_FACTOR, (EXTERNAL,), (INTERNAL,))
    with pytest.raises(UsageError, match="both set the journal's place"):
        check_factors(Setup("ext4"), [*pick("ext4", ["journal"]), other])
    text = ('name = "x"\ntitle = "t"\nsummary = "s"\nexplanation = "e"\nfilesystem = "ext4"\njournal = "internal"\n'
            'factors = ["journal", "atime"]\nworkloads = ["metadata"]\nbudget = "30m"\n')
    with pytest.raises(StudyError, match="sets the journal's place in every run"):
        parse_screening_study(text, "mine.toml")


# --- stored, read back, confirmed --------------------------------------------------------------------------


@dataclass
class Sample:
    metric: str
    value: float


@dataclass
class Repeat:
    config: str
    workload: str
    block: int
    failed: str = ""
    samples: list = field(default_factory=list)
    conditions: dict = field(default_factory=dict)


def measured(plan, effects: dict[str, float], spare_majmin: str = "7:34") -> list[Repeat]:
    """One dbench figure per run, and the record step's readback of its placement."""
    draw = random.Random(2)
    column, atime = plan.design.names.index("journal"), plan.design.names.index("atime")
    repeats = []
    for run in plan.design.runs:
        log = math.log(100) + sum(effects.get(name, 0.0) / 2 * code for name, code in zip(plan.design.names, run.codes))
        readback = {"journal": EXTERNAL, "journal_device": spare_majmin, "expected_journal_device": SPARE.path} \
            if run.codes[column] > 0 else {"journal": INTERNAL}
        repeats.append(Repeat(config_name(run.row), PRIMARY[0], run.block,
                              samples=[Sample(PRIMARY[1], math.exp(log + draw.gauss(0, 0.01)))],
                              conditions={"readback": {**readback, "mount_options": "rw,noatime" if
                                                       run.codes[atime] > 0 else "rw,relatime"}}))
    return repeats


def stored(plan) -> dict:
    return to_record(plan, workload=PRIMARY[0], metric=PRIMARY[1], better=HIGHER, delta=0.02,
                     workloads=(PRIMARY[0],))


def test_the_readback_says_where_each_runs_journal_was_and_names_a_run_that_had_it_elsewhere():
    plan = make_plan()
    assert plan_from_record(stored(plan)).factors == plan.factors  # the place factor is stored and read back
    repeats = measured(plan, {})
    lines = readback_lines(plan, stored(plan), repeats)
    externals = sum(1 for repeat in repeats if repeat.conditions["readback"]["journal"] == EXTERNAL)
    assert (f"Readback: in {len(repeats)} runs the record step showed each run's journal where the design put it: "
            f"external in {externals}, on /dev/sdy1 (7:34); internal in {len(repeats) - externals}.") in lines
    assert not any("journal" in line for line in lines if line.startswith("Not shown"))
    wrong = next(repeat for repeat in repeats if repeat.conditions["readback"]["journal"] == INTERNAL)
    wrong.conditions["readback"].update(journal=EXTERNAL, journal_device="7:34")
    flagged = readback_lines(plan, stored(plan), repeats)
    (said,) = [line for line in flagged if line.startswith("NOT the design's journal in some runs")]
    assert f"{wrong.config} in block {wrong.block} (external, not internal)" in said


def test_a_proposal_with_the_external_journal_is_confirmed_with_it():
    plan = make_plan()
    run_design = {KEY: stored(plan)}
    screened = result_from_run(run_design, measured(plan, {"journal": math.log(1.4)}))
    assert screened.proposal()["proposal"]["journal"] == EXTERNAL
    assert screened.proposal()["baseline"]["journal"] == INTERNAL
    study = confirmation_study(7, screened)
    baseline, proposal = study.configurations
    assert (baseline.journal, proposal.journal) == (INTERNAL, EXTERNAL) and study.needs_journal_device
    older = dict(screened.proposal())  # a proposal stored before the place factor: the setup's placement
    older = {key: ({k: v for k, v in value.items() if k != "journal"} if isinstance(value, dict) else value)
             for key, value in older.items()}
    assert older["proposal"] == {"mount": list(plan.configuration((-1, -1, -1)).mount), "mkfs": []}


# --- the shipped studies ----------------------------------------------------------------------------------


def test_the_shipped_studies_screen_the_place_and_plan_with_a_spare():
    from fstune.plan.screening import shipped_screening_studies

    shipped = shipped_screening_studies()
    assert "journal" in shipped["ext4-options"].factors and "log" in shipped["xfs-options"].factors
    for study in shipped.values():
        assert study.journal is None
        assert "spare" in study.explanation and "is not among the factors" not in study.explanation


# --- a real screening on a private lab ------------------------------------------------------------------------


@pytest.mark.loopdev
@pytest.mark.slow
@pytest.mark.timeout(600)
@pytest.mark.parametrize("filesystem, place", [("ext4", "journal"), ("xfs", "log")])
def test_a_real_screen_makes_each_run_with_its_placement_and_reads_both_back(lab, state_home, capsys, filesystem,
                                                                              place):
    """A plain loop lab, the journal's (log's) place and noatime in a full factorial of 4 runs, 2
    replicates: the runs at the external level make the journal on the lab's spare (on the other
    lab disk), the others keep it inside; the record step (dumpe2fs, xfs_info) shows each run's
    placement, and the stored run says so."""
    run_id = f"place-{filesystem}-{os.getpid()}"
    code = main(["screen", "--filesystem", filesystem, "--factor", place, "--factor", "noatime",
                 "--lab", str(lab.directory), "--yes", "--seconds-per-run", "10", "--budget", "80s",
                 "--workloads", "writes", "--workload-param", "writes.files=100",
                 "--primary", "writes:build.mb_written", "--order-seed", "5", "--run-id", run_id])
    out, err = capsys.readouterr()
    assert code == 0, err + out[-4000:]
    assert "full factorial, 4 runs" in out and "fits 2 replicates" in out
    spare = lab.pairs()[0][1]
    said = " ".join(out.split())  # as one line: the console wraps it at its width
    assert re.search(rf"Readback: in 8 runs the record step showed each run's {place} where the design put it: "
                     rf"external in 4, on {re.escape(spare)}( \(\d+:\d+\))?; internal in 4\.", said), out[-3000:]
    assert "NOT the design's" not in said
    stored_id = int(re.search(r"stored as run (\d+)", out)[1])
    assert main(["results", "show", str(stored_id)]) == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert f"the record step showed each run's {place} where the design put it: external in 4" in shown
