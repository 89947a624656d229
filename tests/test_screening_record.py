"""A screening run as stored, read back, reported and confirmed (fstune/screening/record.py,
report.py; fstune/plan/screening.py). The figures are made for the test, with a known effect; the
real runs are in tests/test_screen_cli.py."""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field

import pytest

from fstune.errors import UsageError
from fstune.figures import HIGHER
from fstune.plan import Choices, DeviceChoice, build_plan, render_script
from fstune.plan.screening import screening_choices, screening_study
from fstune.screening import Setup, pick, plan_screening
from fstune.screening.record import (BASELINE, CONFIRMS, KEY, PROPOSAL, config_name, export_lines, export_refusal,
                                     figures, plan_from_record, result_from_run, to_record)
from fstune.screening.report import (chart_rows, pareto_lines, pareto_svg, screened_of, screening_csv,
                                     screening_json, screening_markdown)

PRIMARY = ("metadata", "dbench.throughput_mbs")


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


@dataclass
class Run:
    design: dict
    results: list
    id: int = 7


def make_plan(seed: int = 5):
    setup = Setup("ext4")
    factors = pick("ext4", ["data", "atime", "lazytime", "commit", "barrier"])
    return plan_screening(setup, factors, seconds_per_run=20, budget_seconds=20 * 16 * 3, seed=seed)


def measured(plan, effects: dict[str, float], noise: float = 0.01, seed: int = 1, failed=()) -> list[Repeat]:
    """One dbench figure per run of the design: 100 MB/s times exp(effect/2 · code) per factor."""
    draw = random.Random(seed)
    repeats = []
    for run in plan.design.runs:
        log = math.log(100) + sum(effects.get(name, 0.0) / 2 * code for name, code in zip(plan.design.names, run.codes))
        config = config_name(run.row)
        if (config, run.block) in failed:
            repeats.append(Repeat(config, PRIMARY[0], run.block, failed="dbench exited 1"))
            continue
        repeats.append(Repeat(config, PRIMARY[0], run.block,
                              samples=[Sample(PRIMARY[1], math.exp(log + draw.gauss(0, noise)))]))
    return repeats


def stored(plan) -> dict:
    return to_record(plan, workload=PRIMARY[0], metric=PRIMARY[1], better=HIGHER, delta=0.02,
                     workloads=(PRIMARY[0],), workload_params={"metadata": {"seconds": 10}})


def test_the_record_is_json_and_makes_the_same_plan_again():
    plan = make_plan()
    data = json.loads(json.dumps(stored(plan)))
    again = plan_from_record(data)
    assert again.design == plan.design and again.factors == plan.factors and again.setup == plan.setup
    assert again.budget.replicates == plan.budget.replicates == 3
    assert data["seed"] == 5 and data["configs"][0] == "run-01"


def test_a_foldover_is_stored_planned_and_read_back_block_by_block():
    """Nine factors: the Plackett–Burman design in one block and its mirror in the next. The
    record makes the same design again, the plan runs each half in its own block, and the figures
    go back on their runs; a record of the design alone within --max-runs 12 does too."""
    names = ["atime", "lazytime", "commit", "barrier", "delalloc", "auto_da_alloc", "inode_ratio", "flex_bg",
             "metadata_csum"]
    for cap, kind, blocks in ((None, "Plackett–Burman with its foldover", 4), (12, "Plackett–Burman", 4)):
        plan = plan_screening(Setup("ext4"), pick("ext4", names), seconds_per_run=10, budget_seconds=48 * 10,
                              seed=4, max_runs=cap)
        data = json.loads(json.dumps(stored(plan)))
        again = plan_from_record(data)
        assert again.design == plan.design and data["kind"] == kind and plan.design.blocks == blocks
        built = build_plan(screening_choices(Choices(study=screening_study(plan, workloads=("metadata",),
                                                                           primary=PRIMARY),
                                                     target=DeviceChoice("/dev/sdz1", 2 * 2**30, assumed=True)),
                                             plan))
        assert [len(block.order) for block in built.blocks] == [plan.design.base.block_runs] * blocks
        if cap is None:  # the mirror's runs are only in the even blocks
            assert set(built.blocks[1].order) == {config_name(row) for row in range(12, 24)}
            assert "the configurations it lists once" in render_script(built)
        result = result_from_run({KEY: data}, measured(plan, {"barrier": math.log(1.3)}))
        assert result.result.effect("barrier").verdict == "matters"


def test_a_record_whose_orders_its_seed_does_not_draw_is_refused():
    data = stored(make_plan())
    data["orders"][0] = list(reversed(data["orders"][0]))
    with pytest.raises(UsageError, match="orders"):
        plan_from_record(data)


def test_each_run_takes_its_configurations_figure_in_its_block_and_a_failed_one_is_missing():
    plan = make_plan()
    first = plan.design.runs[0]
    repeats = measured(plan, {}, failed={(config_name(first.row), first.block)})
    values = figures(plan, stored(plan), repeats)
    assert values[0] is None and all(value is not None for value in values[1:])
    assert len(values) == len(plan.design.runs)


def test_the_result_finds_the_effect_put_in_and_reads_a_failed_run_as_missing():
    plan = make_plan()
    first = plan.design.runs[3]
    repeats = measured(plan, {"data": math.log(0.6)}, failed={(config_name(first.row), first.block)})
    screened = result_from_run({KEY: stored(plan)}, repeats)
    result = screened.result
    assert result is not None and result.missing == ((first.block, first.position),)
    data = result.effect("data")
    assert data.verdict == "matters" and -45 < data.percent < -35
    assert all(result.effect(name).verdict != "matters" for name in ("atime", "lazytime", "commit", "barrier"))
    # the proposal: data at its better level is its first, so there is nothing to confirm
    assert screened.proposal() is None


def test_the_proposal_sets_the_factors_that_matter_at_their_better_level():
    plan = make_plan()
    screened = result_from_run({KEY: stored(plan)}, measured(plan, {"barrier": math.log(1.3)}))
    proposal = screened.proposal()
    assert proposal["matter"] == [["barrier", "nobarrier"]]
    assert "nobarrier" in proposal["proposal"]["mount"] and "barrier" in proposal["baseline"]["mount"]


def test_the_pareto_chart_puts_the_largest_effect_first_and_marks_its_interval():
    plan = make_plan()
    result = result_from_run({KEY: stored(plan)}, measured(plan, {"barrier": math.log(1.3), "atime": 0.05})).result
    rows = chart_rows(result)
    assert [row.factor for row in rows[:2]] == ["barrier", "atime"]
    lines = pareto_lines(result, 80)
    assert lines[0][0].startswith("barrier") and "●" in lines[0][0] and "├" in lines[0][0]
    assert lines[1][0].strip().startswith("barrier → nobarrier: matters: +")
    assert all(len(text) <= 80 for text, _verdict in lines[::2][:len(rows)])
    svg = pareto_svg(result)
    assert svg.startswith("<svg") and svg.count("<circle") == len(rows)


def test_every_export_carries_the_effects_and_the_caveats():
    plan = make_plan()
    run = Run({KEY: stored(plan)}, measured(plan, {"barrier": math.log(1.3)}))
    screened = screened_of([run])
    body = screening_json(screened)
    assert {effect["factor"] for effect in body["effects"]} == set(plan.design.names)
    assert any("Holm" in line for line in body["caveats"]) and body["design"]["seed"] == 5
    assert "| barrier | barrier → nobarrier | matters |" in "\n".join(screening_markdown(screened))
    csv = screening_csv(screened)
    assert csv.splitlines()[0].startswith("kind,factor") and "caveat," in csv and "effect,barrier," in csv
    assert screened_of([run, run]) is None and screened_of([Run({}, [])]) is None


def test_a_screening_run_is_refused_for_export_and_a_confirmation_cites_both_runs():
    plan = make_plan()
    assert "is a screening" in export_refusal({KEY: stored(plan)}, 7)
    assert export_refusal({}, 7) is None
    confirms = {CONFIRMS: {"run": 7, "matter": [["barrier", "nobarrier"]], "primary": "metadata:dbench"}}
    (line,) = export_lines(confirms, 9)
    assert "screening run 7" in line and "run 9" in line and "barrier at nobarrier" in line


def test_the_design_becomes_a_plan_in_its_orders_with_its_seed():
    plan = make_plan(seed=123)
    study = screening_study(plan, workloads=("metadata",), primary=PRIMARY,
                            workload_params={"metadata": {"seconds": 10}})
    assert len(study.configurations) == 16 and study.repeats == 3
    choices = Choices(study=study, target=DeviceChoice("/dev/sdz1", 2 * 2**30, assumed=True))
    built = build_plan(screening_choices(choices, plan))
    assert [tuple(block.order) for block in built.blocks] == [
        tuple(config_name(row) for row in order) for order in plan.design.orders]
    assert built.choices.order_seed == 123 and built.max_blocks == 3 and built.warnings == ()
    for config in built.configs:  # each configuration mounts exactly its row's options
        row = int(config.config.name.split("-")[1]) - 1
        wanted = plan.configuration(plan.design.base.rows[row]).mount
        assert [f"{n}={v}" if v else n for n, v in config.mount_options] == list(wanted)
    script = render_script(built)
    assert "drawn with seed 123" in script and "replicates of a screening design" in script
    assert BASELINE != PROPOSAL


# --- screening studies as files ------------------------------------------------------------------------


def test_the_shipped_screening_studies_load_and_read_back_the_same_once_saved():
    from fstune.plan.screening import parse_screening_study, screening_study_toml, shipped_screening_studies

    shipped = shipped_screening_studies()
    assert {"ext4-options", "xfs-options"} <= set(shipped)
    assert "data" in shipped["ext4-options"].factors and "logbufs" in shipped["xfs-options"].factors
    for study in shipped.values():
        assert parse_screening_study(screening_study_toml(study), study.path) == study


@pytest.mark.parametrize("line, words", [
    ('factors = ["data", "delalloc"]', "cannot be screened together"),
    ('factors = ["data", "nosuch"]', "nosuch"),
    ('colour = "blue"', "colour: is not a key"),
])
def test_a_broken_screening_study_file_names_the_file_and_the_problem(tmp_path, line, words):
    from fstune.errors import StudyError
    from fstune.plan.screening import parse_screening_study

    text = ('name = "x"\ntitle = "t"\nsummary = "s"\nexplanation = "e"\nfilesystem = "ext4"\n'
            'workloads = ["metadata"]\nbudget = "30m"\n')
    text += line + "\n" if line.startswith("factors") else 'factors = ["data", "atime"]\n' + line + "\n"
    with pytest.raises(StudyError, match=words) as raised:
        parse_screening_study(text, "mine.toml")
    assert "mine.toml" in raised.value.message


def test_screen_saves_a_study_file_that_study_reads_back(tmp_path, capsys):
    from fstune.cli import main

    saved = tmp_path / "my-screen.toml"
    args = ["screen", "--filesystem", "xfs", "--factor", "logbufs", "--factor", "noatime", "--factor", "lazytime",
            "--budget", "20m", "--device", "/dev/sdz1", "--assume-size", "4G", "--dry-run", "--order-seed", "3"]
    assert main([*args, "--save", str(saved)]) == 0
    first = capsys.readouterr().out
    assert main(["screen", "--study", str(saved), "--device", "/dev/sdz1", "--assume-size", "4G", "--dry-run",
                 "--order-seed", "3"]) == 0
    again = capsys.readouterr().out
    assert 'factors = ["logbufs", "noatime", "lazytime"]' in saved.read_text()
    assert first.split("#!/usr/bin/env bash")[1] == again.split("#!/usr/bin/env bash")[1]


def test_the_readback_confirms_each_factors_level_where_the_kernel_shows_it_and_names_a_run_that_contradicts():
    from fstune.screening.record import readback_lines

    plan = make_plan()
    repeats = measured(plan, {})
    names = plan.design.names
    for repeat in repeats:  # what mountinfo shows: noatime, nobarrier, data=journal and commit=60 when set
        codes = plan.design.base.rows[int(repeat.config.split("-")[1]) - 1]
        level = dict(zip(names, codes))
        shown = ["rw", "noatime" if level["atime"] > 0 else "relatime"]
        shown += ["nobarrier"] if level["barrier"] > 0 else []
        shown += ["commit=60"] if level["commit"] > 0 else []
        shown += ["data=journal"] if level["data"] > 0 else []
        repeat.conditions = {"readback": {"mount_options": ",".join(shown[:2]), "super_options": ",".join(shown[2:])}}
    lines = readback_lines(plan, stored(plan), repeats)
    assert lines[0] == "Readback: in 48 runs the kernel's mount options showed each run's level of data, atime, commit, barrier."
    assert "lazytime" in lines[1] and not any(line.startswith("NOT") for line in lines)
    wrong = repeats[5]
    wrong.conditions = {"readback": {"mount_options": "rw,relatime", "super_options": "nobarrier,commit=60,data=journal"
                                     if "noatime" not in wrong.conditions["readback"]["mount_options"] else ""}}
    flagged = readback_lines(plan, stored(plan), repeats)
    assert flagged[-1].startswith("NOT the design's level") and f"{wrong.config} in block {wrong.block}" in flagged[-1]


def test_the_confirmation_is_a_paired_study_of_the_proposal_against_the_baseline():
    from fstune.plan.screening import confirmation_study

    plan = make_plan()
    run = Run({KEY: stored(plan)}, measured(plan, {"barrier": math.log(1.3), "data": math.log(0.7)}))
    study = confirmation_study(run.id, result_from_run(run.design, run.results))
    assert [c.name for c in study.configurations] == [BASELINE, PROPOSAL]
    baseline, proposal = study.configurations
    assert ("nobarrier", None) in proposal.mount_options and ("barrier", None) in baseline.mount_options
    assert ("data", "ordered") in proposal.mount_options  # data is better at its first level: kept there
    assert study.primary_metric == PRIMARY and study.workload_params == {"metadata": {"seconds": 10}}
    built = build_plan(Choices(study=study, target=DeviceChoice("/dev/sdz1", 2 * 2**30, assumed=True)))
    assert built.looks == (5, 10, 15)  # today's paired group-sequential study
    nothing = Run({KEY: stored(plan)}, measured(plan, {"data": math.log(0.7)}))
    with pytest.raises(UsageError, match="proposes nothing to confirm"):
        confirmation_study(nothing.id, result_from_run(nothing.design, nothing.results))


def test_on_a_modelled_lab_the_report_counts_the_runs_the_fidelity_rule_found_host_paced():
    from fstune.screening.record import pacing_lines

    plan = make_plan()
    repeats = measured(plan, {"barrier": math.log(1.3)})
    assert pacing_lines(stored(plan), repeats) == []  # a lab without a disk model: nothing to say
    for repeat in repeats:
        repeat.conditions = {"host": {"model": {"rule": "model-in-control/1", "host_paced": None,
                                                "foreign_cache_drops": 0, "devices": {}}}}
    assert pacing_lines(stored(plan), repeats) == [
        "Modelled disk: by the declared rule model-in-control/1, the modelled disk set the pace in all 48 runs the "
        "rule judged."]
    block_two = [repeat for repeat in repeats if repeat.block == 2]
    block_two[0].conditions["host"]["model"].update(host_paced="the host, not the modelled disk, set the pace: …",
                                                    foreign_cache_drops=2)
    block_two[1].conditions["host"]["model"].update(host_paced="the host, not the modelled disk, set the pace: …")
    lines = pacing_lines(stored(plan), repeats)
    assert lines[0].startswith("Modelled disk: by the declared rule model-in-control/1, the host, not the modelled "
                               "disk, set the pace in 2 of the 48 runs it judged (by block, 1: 0, 2: 2, 3: 0); in 1 "
                               "of them another process had dropped the page cache")
    # the runs stay in the model (a screening replaces none), and every export says so beside the caveats
    screened = screened_of([Run({KEY: stored(plan)}, repeats)])
    assert screened.pacing == tuple(lines) and screened.result.missing == ()
    assert screening_json(screened)["pacing"] == lines
    assert lines[0] in "\n".join(screening_markdown(screened)) and lines[0].replace('"', '""') in screening_csv(screened)
