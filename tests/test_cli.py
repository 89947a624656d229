"""The command line as a user meets it: --help that teaches, and bad input that gets one clear
sentence on stderr with exit code 2, never a traceback."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import settle_devices

FSTUNE = [sys.executable, "-m", "fstune"]


def fstune(*args, **kwargs):
    return subprocess.run([*FSTUNE, *args], capture_output=True, text=True, timeout=120, **kwargs)


def assert_clear_error(result, *words):
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    first = result.stderr.strip().splitlines()[0]
    assert first.startswith("fstune: "), result.stderr
    for word in words:
        assert word in result.stderr, (word, result.stderr)
    return result.stderr


def test_help_lists_the_commands_and_exit_codes():
    result = fstune("--help")
    assert result.returncode == 0
    for command in ("disks", "recipes", "plan", "lab"):
        assert command in result.stdout
    assert "Exit codes" in result.stdout
    assert "workload-helper" not in result.stdout  # plumbing stays out of the user's way


def test_plan_help_teaches_with_examples():
    result = fstune("plan", "--help")
    assert result.returncode == 0
    assert "Examples:" in result.stdout and "--log-device" in result.stdout and "--assume-size" in result.stdout


def test_run_help_says_how_a_run_ends_when_interrupted():
    result = fstune("run", "--help", env={**os.environ, "COLUMNS": "100"})
    assert result.returncode == 0
    text = " ".join(result.stdout.split())
    assert "130 cancelled: by Ctrl-C, SIGTERM or the terminal closing (SIGHUP" in text
    assert "stores what it had measured" in text and "keeps its audit log" in text
    assert "--run-id ID" in text and "letters, digits" in text


def test_unknown_study():
    err = assert_clear_error(fstune("plan", "--study", "ext3-external-jornal", "--device", "/dev/sdx1",
                                    "--assume-size", "10G"), "no study called 'ext3-external-jornal'")
    assert "Did you mean 'ext3-external-journal'" in err


def test_missing_device_says_how_to_plan_for_another_machine():
    err = assert_clear_error(fstune("plan", "--study", "ext4-journal-writes", "--device", "/dev/nonexistent9"),
                             "/dev/nonexistent9")
    assert "--assume-size" in err


def test_journal_equal_to_target():
    assert_clear_error(fstune("plan", "--study", "ext4-external-journal", "--device", "/dev/sdx1", "--assume-size",
                              "10G", "--log-device", "/dev/sdx1", "--assume-log-size", "10G"), "target itself")


def test_option_invalid_for_the_filesystem():
    assert_clear_error(fstune("plan", "--study", "ext4-external-journal", "--device", "/dev/sdx1",
                              "--assume-size", "10G", "--log-device", "/dev/sdy1", "--assume-log-size", "1G",
                              "--option", "notail"), "'notail' is not an ext4 mount option", "ReiserFS")
    assert_clear_error(fstune("plan", "--study", "xfs-log-tuning", "--device", "/dev/sdx1", "--assume-size", "10G",
                              "--log-device", "/dev/sdy1", "--assume-log-size", "1G", "--option", "logbufs=9"),
                       "logbufs=9", "2 to 8")


def test_study_file_with_a_typo(tmp_path):
    study = tmp_path / "mine.toml"
    study.write_text('title = "t"\nsummary = "s"\nexplanation = "e"\nworklods = ["metadata"]\n')
    assert_clear_error(fstune("plan", "--study", str(study), "--device", "/dev/sdx1", "--assume-size", "10G"),
                       str(study), "worklods", "Did you mean 'workloads'?")


def test_a_broken_user_study_takes_out_only_itself(tmp_path):
    recipes = tmp_path / "fstune" / "recipes"
    recipes.mkdir(parents=True)
    (recipes / "typo.toml").write_text('title = "t"\nsummary = "s"\nexplanation = "e"\nworklods = ["metadata"]\n')
    (recipes / "syntax.toml").write_text('title = "t"\nsummary = "s\n')
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path), "COLUMNS": "200"}
    plan = ["--device", "/dev/sdx1", "--assume-size", "10G", "--log-device", "/dev/sdy1", "--assume-log-size", "1G"]

    listed = fstune("recipes", env=env)
    assert listed.returncode == 0 and "Traceback" not in listed.stderr
    assert "xfs-log-tuning" in listed.stdout and "ext3-external-journal" in listed.stdout
    for name, where in (("typo", "typo.toml, line 4, key 'worklods'"),
                        ("syntax", "syntax.toml, line 2, not valid TOML")):
        row = next(line for line in listed.stdout.splitlines() if f" {name} " in line)
        assert "broken" in row and where in row, listed.stdout
    assert f"{recipes / 'typo.toml'}, line 4: worklods: is not a known key" in listed.stderr

    # the other studies work as if the broken files were not there
    assert fstune("recipes", "xfs-log-tuning", env=env).returncode == 0
    planned = fstune("plan", "--study", "xfs-log-tuning", *plan, env=env)
    assert planned.returncode == 0 and planned.stderr == "" and "mkfs.xfs" in planned.stdout
    ran = fstune("run", "--study", "xfs-log-tuning", "--device", "/dev/nonexistent9", "--yes", env=env)
    assert_clear_error(ran, "/dev/nonexistent9 is not a disk or partition")  # past the study, at the device
    assert "typo" not in ran.stderr and "syntax" not in ran.stderr

    # asked for by name, a broken study says what is wrong and where
    assert_clear_error(fstune("recipes", "typo", env=env), f"{recipes / 'typo.toml'}, line 4: worklods:",
                       "Did you mean 'workloads'?")
    assert_clear_error(fstune("plan", "--study", "syntax", *plan, env=env),
                       f"{recipes / 'syntax.toml'}, line 2: not valid TOML")
    assert_clear_error(fstune("run", "--study", "typo", "--device", "/dev/nonexistent9", "--yes", env=env),
                       "typo.toml, line 4: worklods:")


def test_bad_size_and_bad_workload():
    assert_clear_error(fstune("plan", "--study", "ext4-journal-writes", "--device", "/dev/sdx1",
                              "--assume-size", "ten gigs"), "not a size")
    assert_clear_error(fstune("plan", "--study", "ext4-journal-writes", "--device", "/dev/sdx1",
                              "--assume-size", "10G", "--workloads", "bonnie"), "'bonnie' is not a workload")
    assert_clear_error(fstune("plan", "--study", "ext4-journal-writes", "--device", "/dev/sdx1",
                              "--assume-size", "10G", "--workload-param", "writes.files=many"), "whole number")


def test_workloads_without_a_primary_metric_are_refused_until_one_is_named(tmp_path):
    """A study that stops on dbench, run with only the writes workload (which declares no primary
    metric): refused, saying how to name one; named with --primary, or with a workload that
    declares one, it plans (docs/verdicts.md, "How a run is planned and stopped")."""
    from conftest import study_text

    study = tmp_path / "dbench.toml"
    study.write_text(study_text(head='workloads = ["metadata"]\nprimary = "metadata:dbench.throughput_mbs"'))
    plan = ["plan", "--study", str(study), "--device", "/dev/sdx1", "--assume-size", "10G"]
    assert_clear_error(fstune(*plan, "--workloads", "writes"),
                       "none of the chosen workloads (writes) declares a primary metric and the study's own "
                       "(metadata:dbench.throughput_mbs) is not among them", "--primary writes:",
                       'primary = "writes:')
    named = fstune(*plan, "--workloads", "writes", "--primary", "writes:build.mb_written")
    assert named.returncode == 0, named.stderr
    assert "primary" not in named.stderr  # the user's own choice needs no note
    fallback = fstune(*plan, "--workloads", "writes,coldread")
    assert fallback.returncode == 0, fallback.stderr
    assert "the blocks stop on coldread:read.seconds instead" in fallback.stderr
    assert_clear_error(fstune(*plan, "--workloads", "writes", "--primary", "metadata:dbench.throughput_mbs"),
                       "'metadata' is not one of the workloads that run (writes)")
    assert_clear_error(fstune(*plan, "--workloads", "writes", "--primary", "writes:nope"),
                       "workload writes has no metric 'nope'")


def test_plan_writes_an_executable_script(tmp_path):
    out = tmp_path / "plan.sh"
    result = fstune("plan", "--study", "ext3-external-journal", "--device", "/dev/sdx1", "--assume-size", "10G",
                    "--log-device", "/dev/sdy1", "--assume-log-size", "1G", "--output", str(out))
    assert result.returncode == 0, result.stderr
    assert os.access(out, os.X_OK)
    assert "mkfs.ext3 -b 4096 -O journal_dev -E lazy_journal_init=0 -F /dev/sdy1" in out.read_text()
    subprocess.run(["bash", "-n", str(out)], check=True)


def test_recipes_json_lists_every_study_with_its_journal_use():
    result = fstune("recipes", "--json")
    assert result.returncode == 0, result.stderr
    studies = {s["name"]: s for s in json.loads(result.stdout)}
    assert studies["ext3-external-journal"]["needs_journal_device"] is True
    assert studies["ext4-journal-writes"]["needs_journal_device"] is False
    assert [c["external_journal"] for c in studies["xfs-log-tuning"]["configurations"]] == [False, False, True]
    assert set(studies["smallfiles-filesystems"]["filesystems"]) == {"ext2", "ext3", "ext4", "xfs", "reiserfs", "jfs"}


def test_recipes_explains_one_and_says_what_this_machine_lacks():
    result = fstune("recipes", "reiserfs-external-log", env={**os.environ, "COLUMNS": "100"})
    assert result.returncode == 0, result.stderr
    assert "notail" in result.stdout and "baseline" in result.stdout
    if "reiserfs" not in Path("/proc/filesystems").read_text():
        assert "Not runnable here" in result.stdout and "6.13" in result.stdout


@pytest.mark.loopdev
def test_locked_device_gives_its_reason():
    root = next((line.split(" - ")[1].split()[1] for line in Path("/proc/self/mountinfo").read_text().splitlines()
                 if line.split()[4] == "/"), None)
    if root is None:  # a chroot (the fresh-machine rehearsal): its / is a directory, not a mount
        pytest.skip("/ is not a mount point here")
    if not root.startswith("/dev/"):
        pytest.skip(f"/ is on {root}, not a block device path")
    err = assert_clear_error(fstune("plan", "--study", "ext4-journal-writes", "--device", root), root)
    assert "cannot be the target" in err and "/" in err


@pytest.mark.loopdev
def test_plan_on_lab_devices_from_the_inventory(lab):
    data, spare = lab.pairs()[0]
    result = fstune("plan", "--study", "ext4-external-journal", "--device", data, "--log-device", spare,
                    "--workloads", "none")
    assert result.returncode == 0, result.stderr
    assert f"-J device={spare}" in result.stdout
    assert "[assumed size]" not in result.stdout


@pytest.mark.loopdev
def test_a_journal_study_can_be_planned_again_on_the_same_pair(lab, run_destructive):
    """After a run, the spare is the target's external journal: the same pair stays choosable,
    while the spare stays locked for any other target."""
    data, spare = lab.pairs()[0]
    other_data = lab.pairs()[1][0]
    run_destructive(["mkfs.ext4", "-q", "-b", "4096", "-O", "journal_dev", "-F", spare], spare)
    run_destructive(["mkfs.ext4", "-q", "-b", "4096", "-J", f"device={spare}", "-F", data], [data, spare])
    settle_devices(data, spare)  # udev's description of them, and of no other device
    again = fstune("plan", "--study", "ext4-external-journal", "--device", data, "--log-device", spare,
                   "--workloads", "none")
    assert again.returncode == 0, again.stderr
    assert "holds the external journal of" in again.stdout
    elsewhere = fstune("plan", "--study", "ext4-external-journal", "--device", other_data, "--log-device", spare,
                       "--workloads", "none")
    assert_clear_error(elsewhere, "is the external journal")


def test_debug_log_of_a_plan_says_where_it_is_and_what_ran(tmp_path):
    """``fstune --debug`` works for every command (here a plan, no root needed): the versions and
    the command line go to debug-*.log beside the audit logs, and stderr says where."""
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path)}
    result = fstune("--debug", "plan", "--study", "ext4-writeback-commit", "--device", "/dev/sdz1",
                    "--assume-size", "10G", env=env)
    assert result.returncode == 0, result.stderr
    [path] = (tmp_path / "fstune" / "logs").glob("debug-*.log")
    assert result.stderr == f"fstune: the debug log is {path} (attach it to a bug report).\n"
    text = path.read_text()
    assert "fstune --debug plan --study ext4-writeback-commit" in text and "libraries: textual" in text
    assert fstune("plan", "--study", "ext4-writeback-commit", "--device", "/dev/sdz1", "--assume-size", "10G",
                  env=env).stderr == ""
    assert len(list((tmp_path / "fstune" / "logs").glob("debug-*.log"))) == 1  # only with --debug


def test_the_wizard_shows_no_log_lines_and_a_command_only_warnings(capsys):
    import logging

    from fstune.cli import Logging

    for wizard, shown in ((True, ""), (False, "fstune: a warning\n")):
        logs = Logging(debug=False, wizard=wizard, name="x")
        logs.start([])
        logging.getLogger("fstune.session").info("an info line")
        logging.getLogger("fstune.session").warning("a warning")
        logs.stop()
        assert capsys.readouterr().err == shown
