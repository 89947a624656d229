"""The results store: a run goes in whole or not at all, and comes back as it went in.

``realistic_run`` (also used by the export and CLI tests) builds the seed's ext3 study: dbench
at 15.44 MB/s with the journal inside against 17.25 MB/s with it on a second disk, five repeats
with run-to-run noise, tiobench-like fio phases that do not change, one failed repeat.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from fstune.errors import FstuneError
from fstune.figures import HIGHER, RepeatResult, Sample
from fstune.results import store as store_module
from fstune.results.compare import compare
from fstune.results.environment import active_scheduler, capture_environment, describe_device, tool_version
from fstune.results.records import ConfigDescription, DeviceRecord, RunRecord
from fstune.results.store import RunNotFound, Store, StoreError, state_dir

ROOT = Path(__file__).resolve().parent.parent

# the seed's tiobench figures (MB/s), internal journal → external journal: unchanged
FIO_MEANS = {"seqread": (6.93, 6.54), "randread": (0.89, 0.89), "seqwrite": (4.69, 4.71), "randwrite": (0.53, 0.53)}
DBENCH = (15.443, 17.2484)  # MB/s: the seed's dbench throughput, internal → external


def _dbench_output(mbs: float) -> str:
    return textwrap.dedent(f"""\
        dbench version 4.00 - Copyright Andrew Tridgell 1999-2004

        Running for 60 seconds with load 'client.txt' and minimum warmup 12 secs
        15 clients started
         Operation      Count    AvgLat    MaxLat
         ----------------------------------------
         NTCreateX     130562     2.712   418.261
         WriteX         57701     0.871   339.410

        Throughput {mbs:.4f} MB/sec  15 clients  15 procs  max_latency=418.272 ms
        """)


def realistic_run(*, seed: int = 4, study: str = "ext3-external-journal", started: float = 1714650000.0,
                  hostname: str = "lab1", kernel: str = "6.1.0-21-amd64", repeats: int = 5,
                  failed_repeat: bool = True, warm: bool = False, raw_size: int = 0,
                  dbench: tuple[float, float] = DBENCH, warnings: list[str] | None = None) -> RunRecord:
    """A whole run as the runner would record it; ``raw_size`` pads every raw output (for big runs)."""
    rng = random.Random(seed)
    configs = [
        ConfigDescription(name="internal", filesystem="ext3", journal="internal", log_device=None,
                          mkfs_options=("-b", "4096"), mount_options=()),
        ConfigDescription(name="external", filesystem="ext3", journal="external", log_device="/dev/sdc1",
                          mkfs_options=("-b", "4096"), mount_options=()),
    ]
    results: list[RepeatResult] = []
    padding = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(raw_size))
    for index, config in enumerate(configs):
        for repeat in range(1, repeats + 1):
            mbs = round(rng.gauss(dbench[index], dbench[index] * 0.015), 4)
            results.append(RepeatResult(
                config=config.name, workload="metadata", repeat=repeat,
                samples=[Sample("metadata", "dbench.throughput_mbs", mbs, "MB/s", HIGHER)],
                warm_cache=warm and repeat == 2,
                raw={"dbench": _dbench_output(mbs) + padding}))
            if failed_repeat and config.name == "external" and repeat == repeats:
                results.append(RepeatResult(
                    config=config.name, workload="throughput", repeat=repeat,
                    failed="fio reported error 5 (Input/output error) in the seqwrite phase",
                    raw={"fio": '{"jobs": [{"error": 5}]}'}))
                continue
            samples = []
            for phase, means in FIO_MEANS.items():
                value = round(rng.gauss(means[index], means[index] * 0.03), 3)
                samples.append(Sample("throughput", f"{phase}.rate_mbs", value, "MB/s", HIGHER))
            results.append(RepeatResult(config=config.name, workload="throughput", repeat=repeat,
                                        samples=samples, raw={"fio": json.dumps({"jobs": [
                                            {"jobname": s.metric.split(".")[0], "bw_mean": s.value * 1024}
                                            for s in samples]}) + padding}))
    return RunRecord(
        study=study, title="ext3: journal inside vs on a second disk", started=started,
        finished=started + 4021.5, status="finished", configs=configs, results=results,
        environment={"hostname": hostname, "kernel": kernel, "machine": "x86_64", "distro": "Debian GNU/Linux 12",
                     "cpu_model": "Intel(R) Xeon(R) E-2236 CPU @ 3.40GHz", "cpu_count": 12,
                     "memory_bytes": 34359738368, "fstune": "0.1.0",
                     "tools": {"mkfs.ext4": "mke2fs 1.47.0 (5-Feb-2023)", "fio": "fio-3.33",
                               "dbench": "dbench version 4.00 - Copyright Andrew Tridgell 1999-2004",
                               "mkfs.jfs": "not installed"}},
        devices=[DeviceRecord("/dev/sdb1", "target", "WDC WD2003FZEX-00SRLA0", 500107862016, "sata", True,
                              "mq-deadline"),
                 DeviceRecord("/dev/sdc1", "journal", "Samsung SSD 870 EVO 250GB", 268435456, "sata", False,
                              "none")],
        mkfs_argv={"internal": [("mkfs.ext3", "-b", "4096", "-F", "/dev/sdb1")],
                   "external": [("mkfs.ext3", "-b", "4096", "-O", "journal_dev", "-F", "/dev/sdc1"),
                                ("mkfs.ext3", "-b", "4096", "-J", "device=/dev/sdc1", "-F", "/dev/sdb1")]},
        repeats=repeats,
        warnings=list(warnings or []),
    )


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path) as opened:
        yield opened


def test_round_trip_keeps_every_field(store):
    run = realistic_run(warm=True, warnings=["/dev/sdc1 is on the same disk as /dev/sdb1 (/dev/sdb)."])
    run.status, run.reason = "cancelled", "you pressed Ctrl-C during dbench (repeat 5 of external)"
    run_id = store.save_run(run)
    assert run.id == run_id
    loaded = store.load_run(run_id)
    assert loaded.id == run_id
    for name in ("study", "title", "started", "finished", "status", "reason", "baseline", "repeats", "warnings",
                 "environment", "devices", "configs", "mkfs_argv"):
        assert getattr(loaded, name) == getattr(run, name), name
    assert loaded.results == run.results  # samples, failed reasons, warm flags and raw outputs
    assert loaded.baseline == "internal" and loaded.warnings and loaded.status == "cancelled"
    assert isinstance(loaded.configs[1], ConfigDescription) and loaded.configs[1].log_device == "/dev/sdc1"
    failed = [r for r in loaded.results if not r.ok]
    assert [(r.config, r.workload, r.repeat) for r in failed] == [("external", "throughput", 5)]
    assert "Input/output error" in failed[0].failed
    assert sum(r.warm_cache for r in loaded.results) == 2
    assert "Throughput" in loaded.results[0].raw["dbench"]


def test_loaded_run_feeds_compare(store):
    run_id = store.save_run(realistic_run())
    loaded = store.load_run(run_id)
    comparison = compare(loaded.results, loaded.configs, loaded.baseline)
    row = next(r for r in comparison.rows if r.metric == "dbench.throughput_mbs")
    assert row.config == "external" and row.verdict == "better"
    assert row.baseline.n == 5 and row.variant.n == 5
    assert 15.0 < row.baseline.median < 16.0 and 16.8 < row.variant.median < 17.7
    assert [(r.config, r.repeat) for r in comparison.failed] == [("external", 5)]


def test_raw_outputs_are_compressed_on_disk(store):
    run = realistic_run(repeats=3, raw_size=20000)
    run_id = store.save_run(run)
    db = sqlite3.connect(store.path)
    blobs = db.execute("SELECT o.data FROM raw_outputs o JOIN repeats p ON p.id = o.repeat_id WHERE p.run_id = ?",
                       (run_id,)).fetchall()
    db.close()
    assert blobs
    assert all(len(b[0]) < 20000 for b in blobs)  # random a-z0-9 text still compresses by a third
    assert store.load_run(run_id).results[0].raw == run.results[0].raw


def test_wal_mode_and_foreign_keys(store):
    assert store.journal_mode == "wal"
    store.save_run(realistic_run())
    db = sqlite3.connect(store.path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"  # persistent: any connection sees it
    db.close()
    assert store._db.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_list_runs_newest_first_with_counts(store):
    first = store.save_run(realistic_run(started=1714650000.0, failed_repeat=False))
    second = store.save_run(realistic_run(started=1714750000.0, hostname="lab2", warm=True))
    summaries = store.list_runs()
    assert [s.id for s in summaries] == [second, first]
    newest = summaries[0]
    assert newest.hostname == "lab2" and newest.kernel == "6.1.0-21-amd64"
    assert newest.configs == ("internal", "external") and newest.baseline == "internal"
    assert (newest.repeats_ok, newest.repeats_failed, newest.warm) == (19, 1, True)
    assert (summaries[1].repeats_ok, summaries[1].repeats_failed, summaries[1].warm) == (20, 0, False)
    assert [s.id for s in store.list_runs(limit=1)] == [second]
    assert store.latest_id() == second


def test_a_store_opened_on_one_thread_saves_from_another(store):
    # the TUI opens the store on its main thread and saves from a worker thread
    import threading

    saved, errors = [], []

    def worker(seed):
        try:
            saved.append(store.save_run(realistic_run(seed=seed, repeats=3)))
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=worker, args=(seed,)) for seed in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert sorted(saved) == store.run_ids() and len(saved) == 4


def test_unknown_run_is_a_clear_error(store):
    with pytest.raises(RunNotFound) as caught:
        store.load_run(42)
    assert isinstance(caught.value, FstuneError)
    assert "there is no run 42" in caught.value.message and "fstune results list" in caught.value.hint


def test_invalid_record_is_refused_before_writing(store):
    run = realistic_run()
    run.results.append(RepeatResult(config="nosuch", workload="metadata", repeat=1))
    with pytest.raises(ValueError, match="nosuch"):
        store.save_run(run)
    bad_status = realistic_run()
    bad_status.status = "done"
    with pytest.raises(ValueError, match="status"):
        store.save_run(bad_status)
    assert store.list_runs() == []


def test_failed_insert_rolls_back_the_whole_run(store, monkeypatch):
    kept = store.save_run(realistic_run(seed=1))
    original = Store._write_repeat
    calls = []

    def failing(self, db, run_id, position, result):
        calls.append(position)
        if len(calls) == 7:
            raise sqlite3.OperationalError("disk I/O error")
        original(self, db, run_id, position, result)

    monkeypatch.setattr(Store, "_write_repeat", failing)
    with pytest.raises(StoreError, match="nothing of it was kept"):
        store.save_run(realistic_run(seed=2))
    assert store.run_ids() == [kept]
    assert store._db.execute("SELECT COUNT(*) FROM repeats").fetchone()[0] == len(realistic_run(seed=1).results)


# --- killed mid-write -----------------------------------------------------------------------

_KILLED_WRITER = """
import sys, time
sys.path.insert(0, {tests!r})
from test_store import realistic_run
from fstune.results.store import Store

store = Store({directory!r})
original = Store._write_repeat
written = []

def slow(self, db, run_id, position, result):
    original(self, db, run_id, position, result)
    written.append(position)
    if len(written) == {pause_after}:
        # the transaction is open with most of the run written: tell the test, then wait to be killed
        print("MID-WRITE", run_id, flush=True)
        time.sleep(120)

Store._write_repeat = slow
store.save_run(realistic_run(seed=99, repeats={repeats}, raw_size=30000, study="big-run"))
print("COMMITTED", flush=True)
"""


def test_sigkill_mid_write_leaves_no_partial_run(tmp_path):
    with Store(tmp_path) as store:
        earlier = [store.save_run(realistic_run(seed=s)) for s in (1, 2)]
        before = {i: store.load_run(i) for i in earlier}
    # 2 configs × 2 workloads × 40 repeats, each with a 30 KB raw output (a fio JSON report's size):
    # more than SQLite's 2 MB page cache, so uncommitted pages spill into the WAL file
    repeats = 40
    script = _KILLED_WRITER.format(tests=str(ROOT / "tests"), directory=str(tmp_path), pause_after=150,
                                   repeats=repeats)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    writer = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env=env)
    try:
        line = writer.stdout.readline()
        assert line.startswith("MID-WRITE"), f"writer did not reach mid-write: {line!r} {writer.stderr.read()}"
        # the uncommitted pages really are in the WAL file already (the page cache spilled):
        # what follows tests recovery from a torn transaction on disk, not just lost memory
        assert (tmp_path / "results.sqlite-wal").stat().st_size > 1_000_000
        # a reader meanwhile sees only the committed runs
        with Store(tmp_path) as reader:
            assert reader.run_ids() == earlier
        os.kill(writer.pid, signal.SIGKILL)
        writer.wait(timeout=10)
    finally:
        if writer.poll() is None:
            writer.kill()
            writer.wait()
    assert writer.returncode == -signal.SIGKILL
    with Store(tmp_path) as store:
        assert store.run_ids() == earlier
        assert [s.study for s in store.list_runs()] == ["ext3-external-journal"] * 2
        for run_id in earlier:
            assert store.load_run(run_id).results == before[run_id].results
        assert store._db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        for table in ("repeats", "samples", "raw_outputs", "configs", "devices"):
            # nothing of the killed run's rows survived, not even orphans
            expected = {"repeats": sum(len(before[i].results) for i in earlier)}.get(table)
            if expected is not None:
                assert store._db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] == expected
        assert store._db.execute("SELECT COUNT(*) FROM configs WHERE run_id NOT IN (SELECT id FROM runs)"
                                 ).fetchone()[0] == 0
        # and the store takes new runs again (the killed writer's lock is gone)
        assert store.save_run(realistic_run(seed=5)) not in earlier


# --- schema versions ------------------------------------------------------------------------


def test_schema_version_is_recorded(store):
    assert store.schema_version() == store_module.SCHEMA_VERSION
    rows = store._db.execute("SELECT version FROM schema_version ORDER BY version").fetchall()
    assert [r[0] for r in rows] == list(range(1, store_module.SCHEMA_VERSION + 1))


def test_newer_schema_is_refused_with_a_hint(tmp_path):
    Store(tmp_path).close()
    db = sqlite3.connect(tmp_path / "results.sqlite")
    db.execute("INSERT INTO schema_version (version, applied) VALUES (?, 0)", (store_module.SCHEMA_VERSION + 1,))
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="newer fstune") as caught:
        Store(tmp_path)
    assert "FSTUNE_STATE_DIR" in caught.value.hint


def test_migrations_run_in_order_and_keep_runs(tmp_path, monkeypatch):
    with Store(tmp_path) as old:
        run_id = old.save_run(realistic_run())
    version = store_module.SCHEMA_VERSION + 1
    monkeypatch.setattr(store_module, "SCHEMA_VERSION", version)
    monkeypatch.setitem(store_module.MIGRATIONS, version, ["ALTER TABLE runs ADD COLUMN label TEXT NOT NULL DEFAULT ''"])
    with Store(tmp_path) as new:
        assert new.schema_version() == version
        columns = [r[1] for r in new._db.execute("PRAGMA table_info(runs)")]
        assert "label" in columns
        assert new.load_run(run_id).results == realistic_run().results
    with Store(tmp_path) as again:  # a migrated database is not migrated twice
        assert again.schema_version() == version


def test_broken_migration_leaves_the_old_version(tmp_path, monkeypatch):
    with Store(tmp_path) as old:
        run_id = old.save_run(realistic_run())
    version = store_module.SCHEMA_VERSION + 1
    monkeypatch.setattr(store_module, "SCHEMA_VERSION", version)
    monkeypatch.setitem(store_module.MIGRATIONS, version, ["ALTER TABLE runs ADD COLUMN label TEXT",
                                                           "ALTER TABLE no_such_table ADD COLUMN x"])
    with pytest.raises(StoreError, match=f"could not upgrade .* to {version} .*no_such_table.*it is unchanged"):
        Store(tmp_path)
    monkeypatch.setattr(store_module, "SCHEMA_VERSION", version - 1)
    with Store(tmp_path) as back:
        assert back.schema_version() == version - 1
        assert "label" not in [r[1] for r in back._db.execute("PRAGMA table_info(runs)")]
        assert back.load_run(run_id).study == "ext3-external-journal"


def test_not_a_database_is_a_clear_error(tmp_path):
    (tmp_path / "results.sqlite").write_bytes(b"this is not sqlite at all" * 100)
    with pytest.raises(StoreError, match="not a usable fstune results database"):
        Store(tmp_path)


# --- where the store lives ------------------------------------------------------------------


def test_state_dir_follows_the_environment(tmp_path):
    assert state_dir({"FSTUNE_STATE_DIR": str(tmp_path)}) == tmp_path
    assert state_dir({"XDG_STATE_HOME": "/var/lib/me"}) == Path("/var/lib/me/fstune")
    assert state_dir({"XDG_STATE_HOME": "relative/ignored"}) == Path.home() / ".local/state/fstune"
    assert state_dir({}) == Path.home() / ".local/state/fstune"


def test_store_uses_fstune_state_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("FSTUNE_STATE_DIR", str(tmp_path / "state"))
    with Store() as opened:
        assert opened.path == tmp_path / "state" / "results.sqlite"
    assert (tmp_path / "state" / "results.sqlite").exists()


# --- environment capture --------------------------------------------------------------------


def test_capture_environment_is_honest_about_missing_tools():
    env = capture_environment(["python3", "fstune-no-such-tool-xyz"], timeout=10)
    assert env["hostname"] == os.uname().nodename
    assert env["kernel"] == os.uname().release
    assert env["cpu_count"] == os.cpu_count()
    assert env["memory_bytes"] is None or env["memory_bytes"] > 64 * 1024 * 1024
    assert env["cpu_model"] and env["distro"]
    assert env["tools"]["fstune-no-such-tool-xyz"] == "not installed"
    assert env["tools"]["python3"].startswith("Python 3.")
    json.dumps(env)  # it is stored as JSON


def test_tool_version_reads_stderr_and_survives_a_hang(tmp_path, monkeypatch):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    # mke2fs prints its version on stderr; dbench prints usage with a non-zero status
    (bin_dir / "mkfs.ext4").write_text("#!/bin/sh\necho 'mke2fs 1.47.0 (5-Feb-2023)' >&2\n"
                                       "echo '\tUsing EXT2FS Library version 1.47.0' >&2\n")
    (bin_dir / "dbench").write_text("#!/bin/sh\n[ \"$1\" = --help ] || exit 9\n"
                                    "echo 'dbench version 4.00 - Copyright Andrew Tridgell 1999-2004'\n"
                                    "echo; echo 'Usage: [OPTION...]'; exit 1\n")
    (bin_dir / "fio").write_text("#!/bin/sh\nsleep 30\n")
    for tool in bin_dir.iterdir():
        tool.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:/usr/bin:/bin")
    assert tool_version("mkfs.ext4") == "mke2fs 1.47.0 (5-Feb-2023)"
    assert tool_version("dbench") == "dbench version 4.00 - Copyright Andrew Tridgell 1999-2004"
    started = time.monotonic()
    assert "gave no version within 0.5 s" in tool_version("fio", timeout=0.5)
    assert time.monotonic() - started < 10


def test_active_scheduler():
    assert active_scheduler("none [mq-deadline] kyber bfq\n") == "mq-deadline"
    assert active_scheduler("[none] mq-deadline\n") == "none"
    assert active_scheduler("none\n") == "none"
    assert active_scheduler(None) is None


def test_describe_device_reads_the_disk_of_a_partition(tmp_path):
    devices = tmp_path / "devices" / "pci0000:00" / "ata1" / "host0" / "block" / "sdb"
    (devices / "sdb1").mkdir(parents=True)
    (devices / "queue").mkdir()
    (devices / "device").mkdir()
    (devices / "queue" / "scheduler").write_text("none [mq-deadline] kyber bfq\n")
    (devices / "queue" / "rotational").write_text("1\n")
    (devices / "device" / "model").write_text("WDC WD2003FZEX-0\n")
    (devices / "sdb1" / "partition").write_text("1\n")
    (devices / "sdb1" / "size").write_text("2048000\n")
    block = tmp_path / "class" / "block"
    block.mkdir(parents=True)
    (block / "sdb1").symlink_to(devices / "sdb1")
    record = describe_device("/dev/sdb1", "target", sys_root=str(tmp_path))
    assert record == DeviceRecord(path="/dev/sdb1", role="target", model="WDC WD2003FZEX-0", size=2048000 * 512,
                                  transport="sata", rotational=True, scheduler="mq-deadline")


# --- blocks, design and settings (schema 2) ---------------------------------------------------


def test_a_blocked_run_keeps_its_design_settings_and_each_repeats_place(tmp_path):
    record = realistic_run(failed_repeat=False)
    for result in record.results:  # two configurations, alternating A B / B A
        result.block = result.repeat
        result.position = 1 + ((result.config == "external") != (result.repeat % 2 == 0))
        result.conditions = {"readback": {"journal_uuid": "0b9f…", "mount": ["rw", "relatime"]},
                             "host": {"load1": 0.42, "pressure_io_some_avg10": 0.0}}
    record.results[3].dropped = "foreign I/O pressure rose to 41 % during block 4"
    record.method = "paired-gs-obf/1"
    record.design = {"primary": {"workload": "metadata", "metric": "dbench.throughput_mbs"},
                     "delta": {"default": 0.02, "metrics": {}}, "looks": [5, 10, 15],
                     "order": [["internal", "external"], ["external", "internal"]]}
    record.settings = {"workload_params": {"metadata": {"seconds": 10, "clients": 15}}, "machine_id": "5c1e…"}
    with Store(tmp_path) as store:
        back = store.load_run(store.save_run(record))
    assert back.results == record.results
    assert (back.method, back.design, back.settings) == (record.method, record.design, record.settings)
    assert not back.legacy and not back.results[3].counts and back.results[2].counts


def _stored_by_an_older_fstune(tmp_path, monkeypatch, version: int, method: str = "") -> int:
    """A run written by hand into a store at schema ``version`` (that version's writer is gone),
    then the store opened by this fstune, which upgrades it; the run's id."""
    current = store_module.SCHEMA_VERSION
    monkeypatch.setattr(store_module, "SCHEMA_VERSION", version)
    with Store(tmp_path) as old:
        assert old.schema_version() == version
    db = sqlite3.connect(tmp_path / store_module.DB_NAME)
    db.execute("INSERT INTO runs (study, title, started, status, baseline, environment, fstune_version)"
               " VALUES ('s', 't', 1.0, 'finished', 'a', '{}', '0.1')")
    if method:  # the column exists from schema 2 on
        db.execute("UPDATE runs SET method = ?", (method,))
    run_id = db.execute("SELECT id FROM runs").fetchone()[0]
    db.execute("INSERT INTO configs (run_id, position, name, filesystem, journal, mkfs_options, mount_options,"
               " mkfs_argv) VALUES (?, 0, 'a', 'ext4', 'internal', '[]', '[]', '[]')", (run_id,))
    db.execute("INSERT INTO repeats (run_id, position, config, workload, repeat, warm_cache)"
               " VALUES (?, 0, 'a', 'metadata', 1, 0)", (run_id,))
    db.commit()
    db.close()
    monkeypatch.setattr(store_module, "SCHEMA_VERSION", current)
    return run_id


def test_a_run_stored_before_blocks_comes_back_as_legacy(tmp_path, monkeypatch):
    run_id = _stored_by_an_older_fstune(tmp_path, monkeypatch, 1)
    with Store(tmp_path) as new:
        back = new.load_run(run_id)
    assert back.legacy and back.design == {} and back.settings == {} and back.ceiling is None
    assert back.results[0].block is None and back.results[0].conditions == {} and back.results[0].counts


def test_the_ceiling_comes_back_as_it_was_stored(tmp_path):
    record = realistic_run()
    assert record.ceiling is None  # off unless the run was asked for it
    record.ceiling = {"throughput": {"seqwrite.rate_mbs": 512.5, "seqwrite.lat_avg_ms": 0.031}}
    # what fio printed, report after the marker; bytes that are not UTF-8 survive
    record.ceiling_raw = {"throughput": {"fio-writes": "banner \udcff\n--- /w/ceiling-fio-writes.json ---\n{}"}}
    with Store(tmp_path) as store:
        back = store.load_run(store.save_run(record))
        plain = store.load_run(store.save_run(realistic_run(seed=5)))
    assert back.ceiling == record.ceiling and back.ceiling_raw == record.ceiling_raw
    assert plain.ceiling is None and plain.ceiling_raw is None


def test_a_run_stored_before_the_ceiling_loads_without_one(tmp_path, monkeypatch):
    run_id = _stored_by_an_older_fstune(tmp_path, monkeypatch, 2, method="paired-gs-obf/1")
    with Store(tmp_path) as new:
        assert new.schema_version() == store_module.SCHEMA_VERSION
        back = new.load_run(run_id)
    assert back.ceiling is None and back.ceiling_raw is None and not back.legacy


def test_a_run_stored_before_the_ceilings_outputs_were_kept_loads_without_them(tmp_path, monkeypatch):
    run_id = _stored_by_an_older_fstune(tmp_path, monkeypatch, 3, method="paired-gs-obf/1")
    db = sqlite3.connect(tmp_path / store_module.DB_NAME)
    db.execute("UPDATE runs SET ceiling = ?", ('{"throughput": {"seqwrite.rate_mbs": 90.0}}',))
    db.commit()
    db.close()
    with Store(tmp_path) as new:
        assert new.schema_version() == store_module.SCHEMA_VERSION
        back = new.load_run(run_id)
    assert back.ceiling == {"throughput": {"seqwrite.rate_mbs": 90.0}} and back.ceiling_raw is None


def test_a_stored_runs_status_words_are_the_runners():
    # records.py spells them out so that reading runs does not import the runner
    from fstune.results.records import STATUSES
    from fstune.runner import RunStatus

    assert list(STATUSES) == [str(status) for status in RunStatus]


def test_every_run_records_the_versions_the_registries_ask_for():
    # a new filesystem or workload module is all it takes: nothing here names one
    from fstune import filesystems, workloads
    from fstune.results.environment import default_tools, version_argv

    tools = default_tools()
    assert {fs.mkfs for fs in filesystems.all()} <= set(tools) and tools[-1] == "mount"
    for workload in workloads.all():
        for tool, argv in workload.version_argv.items():
            assert tool in workload.tools and tool in tools and version_argv(tool) == argv
    assert version_argv("dbench") == ("dbench", "--help")  # it has no version flag
    assert version_argv("fstune-no-such-tool") == ("fstune-no-such-tool", "--version")
