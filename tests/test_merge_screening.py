"""The class merge of screening runs (fstune/reports/classroom_screening.py): each factor's
effect per machine and pooled, refusals of mixed kinds and of other designs, the CLI's table.
The screening figures are made as tests/test_screening_record.py makes them, with known effects;
the exports are written as tests/test_merge.py writes them."""

from __future__ import annotations

import csv
import io
import json
import math

import pytest

from fstune.cli import main
from fstune.reports import classroom, classroom_report
from fstune.screening import Setup, pick, plan_screening
from fstune.screening.verdicts import MATTERS
from test_merge import ALICE, export_doc, write_docs
from test_screening_record import PRIMARY, make_plan, measured, stored


def screening_doc(host: str, plan, effects: dict[str, float], *, seed: int, noise: float = 0.01,
                  started: float = 1.7e9) -> dict:
    """One machine's export of a screening run: the design's runs as its configurations, one
    figure per run of the design in its block, the design stored as the run keeps it."""
    data = stored(plan)
    doc = export_doc(host, {name: [] for name in data["configs"]}, study="screen-ext4", baseline="run-01",
                     started=started)
    run = doc["runs"][0]
    run["design"] = {"screening": data}
    run["repeats"] = [{"config": r.config, "workload": r.workload, "repeat": index + 1, "block": r.block,
                       "failed": r.failed or None, "warm_cache": False,
                       "samples": [{"workload": r.workload, "metric": s.metric, "value": s.value, "unit": "MB/s",
                                    "better": "higher"} for s in r.samples]}
                      for index, r in enumerate(measured(plan, effects, noise=noise, seed=seed))]
    return doc


# barrier's true effect differs by machine (+20 %, +30 %, +45 %); commit does nothing anywhere
TRUE = {"alice": 1.20, "bob": 1.30, "carol": 1.45}


def class_exports(plan=None) -> list[classroom.Export]:
    plan = plan or make_plan()
    return [classroom.parse_export(screening_doc(host, plan, {"barrier": math.log(ratio)}, seed=index + 1,
                                                 started=1.7e9 + index), f"{host}.json")
            for index, (host, ratio) in enumerate(TRUE.items())]


def test_the_pooled_effect_is_the_random_effects_pooling_of_the_machines_log_effects():
    results = classroom.merge_exports(class_exports())
    merged = results.screening
    assert results.tables == [] and [m.label for m in results.machines] == list(TRUE)
    barrier = next(row for row in merged.rows if row.name == "barrier")
    assert barrier.levels == "barrier → nobarrier" and barrier.matters_on == list(TRUE)
    # each machine's own effect is its true one (noise 1 %)
    for host, ratio in TRUE.items():
        assert barrier.cells[host].percent == pytest.approx((ratio - 1) * 100, abs=1.5)
        assert barrier.cells[host].verdict == MATTERS
    # DerSimonian–Laird by hand, on the log scale: the machines' effects are far apart against their
    # intervals, so tau carries the spread and the pooled effect lies near the mean of the logs
    logs = [barrier.cells[h].log for h in TRUE]
    ses = [barrier.cells[h].se for h in TRUE]
    w = [1 / se ** 2 for se in ses]
    fixed = sum(wi * x for wi, x in zip(w, logs)) / sum(w)
    q = sum(wi * (x - fixed) ** 2 for wi, x in zip(w, logs))
    tau2 = max(0.0, (q - 2) / (sum(w) - sum(wi * wi for wi in w) / sum(w)))
    wr = [1 / (se ** 2 + tau2) for se in ses]
    estimate = sum(wi * x for wi, x in zip(wr, logs)) / sum(wr)
    assert barrier.pooled.k == 3
    assert barrier.pooled.estimate == pytest.approx(estimate)
    assert barrier.pooled.tau == pytest.approx(math.sqrt(tau2))
    mean = sum(100 * math.log(r) for r in TRUE.values()) / 3
    assert barrier.pooled.estimate == pytest.approx(mean, abs=1.0)
    # tau is of the size of the true effects' spread (DL weighs the machines unequally, so not equal to it)
    spread = math.sqrt(sum((100 * math.log(r) - mean) ** 2 for r in TRUE.values()) / 2)
    assert 0.8 * spread < barrier.pooled.tau < 1.5 * spread
    # a null factor pools to about nothing, with an interval across zero
    commit = next(row for row in merged.rows if row.name == "commit")
    assert commit.matters_on == [] and commit.pooled.low < 0 < commit.pooled.high
    assert abs(commit.pooled.estimate) < 2
    assert merged.agreement == ["The 3 machines agree on which factors matter: barrier."]


def test_machines_that_disagree_on_what_matters_are_told_apart():
    plan = make_plan()
    exports = [classroom.parse_export(screening_doc("alice", plan, {"barrier": math.log(1.3)}, seed=1), "a.json"),
               classroom.parse_export(screening_doc("bob", plan, {}, seed=2, started=1.7e9 + 1), "b.json")]
    merged = classroom.merge_exports(exports).screening
    assert merged.agreement[0] == "The 2 machines do not agree on which factors matter:"
    assert merged.agreement[1].startswith("barrier matters on 1 of 2 (alice); elsewhere: bob ")


@pytest.mark.parametrize("change, phrase", [
    (lambda data: data["factors"][1].update(second=["strictatime"]),
     "levels of atime: relatime → noatime vs relatime → strictatime. "),
    (lambda data: data["primary"].update(metric="dbench.latency_ms"), "primary figure: "),
])
def test_screenings_of_another_design_are_refused_naming_the_difference(change, phrase):
    plan = make_plan()
    good = screening_doc("alice", plan, {}, seed=1)
    other = screening_doc("bob", plan, {}, seed=2, started=1.7e9 + 1)
    change(other["runs"][0]["design"]["screening"])
    with pytest.raises(classroom.MergeError) as refused:
        classroom.merge_exports([classroom.parse_export(good, "a.json"), classroom.parse_export(other, "b.json")])
    assert "differ in their design: a.json and b.json differ in " + phrase in refused.value.message


def test_other_factors_are_refused():
    other = plan_screening(Setup("ext4"), pick("ext4", ["data", "atime", "lazytime", "commit"]), seconds_per_run=20,
                           budget_seconds=20 * 16 * 3, seed=5)
    docs = [screening_doc("alice", make_plan(), {}, seed=1), screening_doc("bob", other, {}, seed=2, started=2e9)]
    with pytest.raises(classroom.MergeError, match="factors: data, atime, lazytime, commit, barrier vs data, atime"):
        classroom.merge_exports([classroom.parse_export(doc, f"{i}.json") for i, doc in enumerate(docs)])


def test_a_mix_of_screening_and_ordinary_runs_is_refused_in_one_line(tmp_path, capsys):
    files = write_docs(tmp_path, alice=screening_doc("alice", make_plan(), {}, seed=1), bob=export_doc("bob", ALICE))
    assert main(["results", "merge", *files]) == 2
    err = capsys.readouterr().err
    assert err.startswith("fstune: the files mix screening runs (") and "ordinary studies" in err
    assert "bob.json" in err and "Traceback" not in err


def test_the_cli_prints_the_effects_table_and_writes_every_format(tmp_path, capsys):
    plan = make_plan()
    docs = {host: screening_doc(host, plan, {"barrier": math.log(ratio)}, seed=i + 1, started=1.7e9 + i)
            for i, (host, ratio) in enumerate(TRUE.items())}
    files = write_docs(tmp_path, **docs)
    assert main(["results", "merge", *files]) == 0
    out, err = capsys.readouterr()
    assert "(screening)" in out and "| factor | first → second | alice | bob | carol | pooled effect (95 %) | tau |" in out
    barrier = next(line for line in out.splitlines() if line.startswith("| barrier |"))
    assert barrier.count("matters: +") == 3 and "over 3 |" in barrier
    assert "- alice: confirm barrier at nobarrier" in out and "run-01" not in out
    assert "Merged 3 machines from 3 files." in err
    page = tmp_path / "class.html"
    assert main(["results", "merge", *files, "-o", str(page)]) == 0
    html = page.read_text()
    assert html.startswith("<!DOCTYPE html>") and "<td>barrier</td>" in html and html.rstrip().endswith("</html>")
    assert main(["results", "merge", *files, "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    row = next(e for e in document["effects"] if e["factor"] == "barrier")
    assert document["kind"] == "screening" and row["matters_on"] == list(TRUE)
    pooled = classroom.merge_exports([classroom.parse_export(d, f"{h}.json") for h, d in docs.items()])
    expected = next(r for r in pooled.screening.rows if r.name == "barrier").pooled
    assert row["pooled"]["percent"] == pytest.approx(math.expm1(expected.estimate / 100) * 100)
    assert 20 < row["pooled"]["percent"] < 45
    assert main(["results", "merge", *files, "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert {r["machine"] for r in rows if r["factor"] == "barrier"} == {*TRUE, "pooled"}
    assert classroom_report.render(pooled, "md") == out


def test_a_machine_whose_screening_gave_no_result_is_shown_and_left_out_of_the_pooling():
    plan = make_plan()
    good = screening_doc("alice", plan, {"barrier": math.log(1.3)}, seed=1)
    broken = screening_doc("bob", plan, {"barrier": math.log(1.3)}, seed=2, started=2e9)
    for repeat in broken["runs"][0]["repeats"][3:]:  # most of its runs failed: its model cannot be fitted
        repeat.update(failed="dbench exited 1", samples=[])
    results = classroom.merge_exports([classroom.parse_export(good, "a.json"), classroom.parse_export(broken, "b.json")])
    barrier = next(row for row in results.screening.rows if row.name == "barrier")
    assert barrier.cells["bob"] is None and barrier.pooled.k == 1 and barrier.pooled.estimate is None
    assert results.screening.agreement[0].startswith("Only alice's screening gave a result (factors that matter: "
                                                      "barrier)")
    text = classroom_report.render(results, "md")
    assert "- bob: no result: " in text and "| no result | not pooled (1 machine with an interval) |" in text
