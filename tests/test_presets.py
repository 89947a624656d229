"""Run presets as data (recipes/presets/, fstune/studies/presets.py): the shipped class presets load
and are what `fstune run --class` applies (the one whose study --study names) and its --help says; a
broken preset file is refused at load, naming the file and the key."""

from __future__ import annotations

import pytest

from fstune.errors import StudyError
from fstune.studies.presets import load_preset, parse_preset

GOOD = """\
name = "class"
study = "ext4-atime-writes"
workloads = ["writes"]
workload_params = { writes = { files = 200 } }
primary = "writes:build.mb_written"
blocks = 3
max_blocks = 3
minutes = 7
lab = "loop"
"""


def test_the_shipped_class_preset_loads_and_names_a_shipped_study():
    preset = load_preset("class")
    preset.check_study()
    assert preset.settings() == {"workloads": "writes", "workload_param": ["writes.files=200"], "repeats": 3,
                                 "max_blocks": 3, "primary": "writes:build.mb_written"}
    assert preset.describe() == "the writes workload with 200 files, stopping on build.mb_written, 3 blocks and no more"
    assert parse_preset(GOOD, "class.toml") == preset.__class__(**{**preset.__dict__, "path": "class.toml"})


def test_the_external_journal_class_preset_is_the_studys_own_dbench_figure_short_on_the_modelled_lab():
    from fstune.studies import find_study

    preset = load_preset("class-external-journal")
    preset.check_study()
    study = find_study(preset.study)
    # the figure the class's blocks stop on is the one the study is about, measured by dbench alone
    assert preset.primary == ":".join(study.primary) == "metadata:dbench.throughput_mbs"
    assert set(preset.workloads) < set(study.workloads) and preset.lab == "modelled"
    assert preset.settings() == {"workloads": "metadata", "workload_param": ["metadata.seconds=20"], "repeats": 5,
                                 "max_blocks": 5, "primary": "metadata:dbench.throughput_mbs"}


def test_class_preset_is_the_one_whose_study_is_named_and_refuses_any_other_study():
    from fstune.errors import UsageError
    from fstune.studies import find_study
    from fstune.studies.presets import class_preset, shipped_presets

    assert [preset.name for preset in shipped_presets()] == ["class", "class-external-journal"]
    for preset in shipped_presets():
        assert class_preset(preset.study) == preset
        assert class_preset(find_study(preset.study).path) == preset  # the study by its file is the study
    with pytest.raises(UsageError) as caught:
        class_preset("xfs-log-tuning")
    assert caught.value.message == ("--class runs a class study, the same on every machine: ext4-atime-writes or "
                                    "ext4-external-journal; not xfs-log-tuning.")


def test_two_presets_of_one_study_are_refused(monkeypatch):
    from fstune.studies import presets

    shipped = presets.load_preset
    monkeypatch.setattr(presets, "load_preset", lambda name: presets.RunPreset(
        **{**shipped(name).__dict__, "study": "ext4-atime-writes"}))
    with pytest.raises(StudyError, match=r"class-external-journal.toml: study: 'ext4-atime-writes' already has a "
                       r"class run \(recipes/presets/class.toml\)"):
        presets.shipped_presets()


def test_the_help_of_run_class_says_what_each_preset_holds(capsys):
    from fstune.cli import build_parser

    with pytest.raises(SystemExit):
        build_parser("run").parse_args(["run", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert ("one of 2 class runs: --study ext4-atime-writes: the writes workload with 200 files, stopping on "
            "build.mb_written, 3 blocks and no more, about 7 minutes on the plain loop lab of a 2-core VM, measured; "
            "or --study ext4-external-journal: the metadata workload with 20 seconds, stopping on "
            "dbench.throughput_mbs, 5 blocks and no more, about ") in help_text
    minutes = load_preset("class-external-journal").minutes
    assert f"about {minutes} minutes on the modelled lab of a 2-core VM, measured. Refuses --configs" in help_text


def test_a_preset_with_more_blocks_allowed_says_so():
    preset = parse_preset(GOOD.replace("max_blocks = 3", "max_blocks = 6"), "p.toml")
    assert preset.describe().endswith("3 blocks, at most 6")


@pytest.mark.parametrize(("edit", "key", "says"), [
    (("\nblocks = 3\n", "\nblocks = 3\nrepeats = 4\n"), "repeats", "is not a preset key"),
    (("minutes = 7\n", ""), "minutes", "is missing"),
    (('workloads = ["writes"]', 'workloads = ["bonnie"]'), "workloads", "'bonnie' is not a workload; known: "),
    (('workloads = ["writes"]', 'workloads = "writes"'), "workloads", "must be a list of workload names"),
    (("files = 200", "files = 0"), "workload_params.writes", "writes.files=0 is out of range"),
    (("files = 200", "phases = 2"), "workload_params.writes", "'phases' is not a parameter of workload writes"),
    (("{ writes =", "{ metadata ="), "workload_params.metadata", "not one of the preset's workloads (writes)"),
    (("build.mb_written", "build.mb_read"), "primary", "workload writes has no metric 'build.mb_read'"),
    (('"writes:', '"metadata:'), "primary", "'metadata' is not one of the preset's workloads (writes)"),
    (("max_blocks = 3", "max_blocks = 2"), "max_blocks", "at least 3"),
    (("\nblocks = 3\n", "\nblocks = 4\n"), "max_blocks", "3 is fewer than the 4 planned blocks"),
    (("minutes = 7", "minutes = true"), "minutes", "must be a whole number of at least 1"),
    (('study = "ext4-atime-writes"', 'study = "Ext4 Atime"'), "study", "must be lower-case letters"),
    (('lab = "loop"', 'lab = "ssd"'), "lab", "'ssd' is not a kind of lab; known: loop, modelled"),
])
def test_a_broken_preset_is_refused_naming_the_file_and_the_key(edit, key, says):
    text = GOOD.replace(*edit)
    assert text != GOOD
    with pytest.raises(StudyError) as caught:
        parse_preset(text, "recipes/presets/broken.toml")
    assert caught.value.key == key
    assert caught.value.message.startswith(f"recipes/presets/broken.toml: {key}: ")
    assert says in caught.value.message


def test_a_preset_naming_a_study_fstune_does_not_ship_is_refused_when_used():
    preset = parse_preset(GOOD.replace("ext4-atime-writes", "ext4-atime-write"), "p.toml")
    with pytest.raises(StudyError, match=r"p.toml: study: there is no study called 'ext4-atime-write'"):
        preset.check_study()


def test_not_toml_is_refused_with_the_file_named():
    with pytest.raises(StudyError, match=r"^p.toml: not valid TOML"):
        parse_preset("name = ", "p.toml")
