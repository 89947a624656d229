"""``fstune results recompute``: stored raw outputs (real recorded tool outputs) parsed again."""

from __future__ import annotations

import json
from pathlib import Path

from fstune.figures import HIGHER, LOWER, RepeatResult, Sample
from fstune.results.records import ConfigDescription, RunRecord
from fstune.results.recompute import recompute, reparse, saved_copy, split_raw
from fstune.stats.sequential import METHOD
from fstune.results.store import Store
from fstune.workloads.registry import WORKLOADS
from fstune.workloads.throughput import RUNS
from test_compare_blocked import DESIGN
from test_results_cli import fstune

TOOLS = Path(__file__).parent / "fixtures" / "tools"
DBENCH = (TOOLS / "dbench-4.00.txt").read_text()
FIO = (TOOLS / "fio-3.33.json").read_text()
COUNT = (TOOLS / "count-writes.json").read_text()


def parsed(workload: str, phase: str, output: str, report: str | None, tool: str, *args: str) -> list[Sample]:
    from fstune.steps import MEASURE, Step

    step = Step((tool, *args), "t", "w", MEASURE, workload=workload, phase=phase, result_file="/r.json" if report else None)
    return WORKLOADS[workload].parse(step, output, 1.0, 0, report)


def dbench_repeat(config: str, block: int, stored: float) -> RepeatResult:
    """A repeat as an older parser stored it: the real output, but another figure than today's."""
    return RepeatResult(config, "metadata", block, [Sample("metadata", "dbench.throughput_mbs", stored, "MB/s", HIGHER)],
                        raw={"dbench": DBENCH}, block=block, position=1 + (block + (config == "b")) % 2)


def test_split_raw_finds_the_report_after_the_last_marker():
    assert split_raw("out\n--- /tmp/a.json ---\n{}") == ("out", "/tmp/a.json", "{}")
    assert split_raw("just output") == ("just output", None, None)


def test_reparse_gives_todays_figures_from_real_outputs():
    dbench = reparse(dbench_repeat("a", 1, 1.0))
    assert dbench.samples == parsed("metadata", "dbench", DBENCH, None, "dbench")
    fio = RepeatResult("a", "throughput", 1, [], raw={"fio": "fio banner\n--- /w/fio.json ---\n" + FIO})
    assert reparse(fio).samples == parsed("throughput", "fio", "fio banner", FIO, "fio")
    # today's repeats keep two fio runs, two phases each: each is parsed for its own two phases
    report = json.loads(FIO)
    halves = {phase: json.dumps(dict(report, jobs=[j for j in report["jobs"] if j["jobname"] in dict(jobs)]))
              for phase, _label, _what, jobs in RUNS}
    split = RepeatResult("a", "throughput", 1, [], raw={phase: f"banner\n--- /w/{phase}.json ---\n{text}"
                                                         for phase, text in halves.items()})
    again = reparse(split)
    assert again.ok, again.failed
    assert {s.metric.split(".")[0] for s in again.samples} == {"seqwrite", "randwrite", "seqread", "randread"}
    # the same figures as the run's own parse, whose command line named the two phases
    assert again.samples == [s for phase, _label, _what, jobs in RUNS
                             for s in parsed("throughput", phase, "banner", halves[phase],
                                             "fio", *(f"--{k}={v}" for job in jobs for k, v in zip(("name", "rw"), job)))]
    writes = RepeatResult("a", "writes", 1, [], raw={"build": "\n--- /w/build.json ---\n" + COUNT})
    assert [s.metric for s in reparse(writes).samples][:2] == ["build.mb_written", "build.data_mb_written"]
    cut = RepeatResult("a", "metadata", 1, [Sample("metadata", "dbench.throughput_mbs", 5.0, "MB/s", HIGHER)],
                       raw={"dbench": DBENCH[:200]})
    again = reparse(cut)
    assert not again.ok and "no 'Throughput' line" in again.failed


def blocked_run() -> RunRecord:
    today = parsed("metadata", "dbench", DBENCH, None, "dbench")[0].value
    results = []
    for block in range(1, 6):
        # the stored figures said b was 30 % faster; today's parser reads the same output for both
        results += [dbench_repeat("a", block, today * (1 + 0.01 * block)),
                    dbench_repeat("b", block, today * 1.3 * (1 + 0.01 * block))]
    return RunRecord("s", "S", 1.0, "finished", [ConfigDescription("a", "ext4"), ConfigDescription("b", "ext4")],
                     results, method=METHOD, design=dict(DESIGN))


def test_recompute_prints_old_and_new_and_stores_only_when_asked(tmp_path):
    done = recompute(blocked_run())
    [before] = [r for r in done.before.rows if r.metric == "dbench.throughput_mbs"]
    [after] = [r for r in done.after.rows if r.metric == "dbench.throughput_mbs"]
    assert before.verdict == "better" and after.verdict == "no detectable difference"
    # every throughput differs from the stored one, and max latency is a figure the old parse lacked
    assert done.changed_figures == done.figures == 20
    copy = saved_copy(done)
    assert copy.settings["recomputed_from"]["run"] is None and "Recomputed from run" in copy.warnings[-1]

    state = tmp_path / "state"
    with Store(state) as store:
        store.save_run(blocked_run())
    shown = fstune(state, "recompute", "1")
    assert shown.returncode == 0, shown.stderr
    words = " ".join(shown.stdout.split())
    assert "better" in words and "no detectable difference" in words and "Nothing stored" in words
    with Store(state) as store:
        assert [s.id for s in store.list_runs()] == [1]
    saved = fstune(state, "recompute", "last", "--save")
    assert saved.returncode == 0 and "Stored as run 2" in " ".join(saved.stdout.split())
    with Store(state) as store:
        again = store.load_run(2)
    assert again.settings["recomputed_from"]["run"] == 1 and again.method == METHOD
    assert {s.value for r in again.results for s in r.samples if s.metric == "dbench.throughput_mbs"} == {
        parsed("metadata", "dbench", DBENCH, None, "dbench")[0].value}


def test_the_ceiling_is_parsed_again_from_what_fio_printed_and_said_when_it_cannot_be():
    report = json.loads(FIO)
    outputs = {phase: "banner\n--- /w/ceiling.json ---\n" + json.dumps(
        dict(report, jobs=[j for j in report["jobs"] if j["jobname"] in dict(jobs)])) for phase, _l, _w, jobs in RUNS}
    today = {s.metric: s.value for phase, _l, _w, jobs in RUNS
             for s in parsed("throughput", phase, "banner", outputs[phase].split("---\n", 1)[1], "fio",
                             *(f"--{k}={v}" for job in jobs for k, v in zip(("name", "rw"), job)))}
    run = blocked_run()
    run.ceiling = {"throughput": {**today, "seqwrite.rate_mbs": today["seqwrite.rate_mbs"] / 2}}  # an old parse
    run.ceiling_raw = {"throughput": outputs}
    done = recompute(run)
    assert done.record.ceiling == {"throughput": today}
    assert done.figures == 20 + len(today) and done.changed_figures == 20 + 1
    assert not any("raw-device pass" in note for note in done.notes)

    run.ceiling_raw = None  # measured before fstune kept the outputs: carried over, and said
    done = recompute(run)
    assert done.record.ceiling == run.ceiling
    assert any("raw-device pass kept no raw output" in note for note in done.notes)

    # a phase that does not parse keeps its stored figures and is named; the other is parsed again
    run.ceiling_raw = {"throughput": {**outputs, "fio-writes": "banner\n--- /w/ceiling.json ---\n{}"}}
    done = recompute(run)
    assert done.record.ceiling == {"throughput": {**run.ceiling["throughput"],
                                                  **{k: v for k, v in today.items() if k.startswith(("seqread", "randread"))}}}
    assert any(note.startswith("The raw-device pass's throughput fio-writes does not parse") for note in done.notes)

    # outputs whose parse failed during the run (no figures stored) are tried again
    run.ceiling, run.ceiling_raw = None, {"throughput": outputs}
    assert recompute(run).record.ceiling == {"throughput": today}
