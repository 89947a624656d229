"""Run presets as data (recipes/presets/, fstune/studies/presets.py): the shipped class preset loads and
is what `fstune run --class` applies and its --help says; a broken preset file is refused at load,
naming the file and the key."""

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
"""


def test_the_shipped_class_preset_loads_and_names_a_shipped_study():
    preset = load_preset("class")
    preset.check_study()
    assert preset.settings() == {"workloads": "writes", "workload_param": ["writes.files=200"], "repeats": 3,
                                 "max_blocks": 3, "primary": "writes:build.mb_written"}
    assert preset.describe() == "the writes workload with 200 files, stopping on build.mb_written, 3 blocks and no more"
    assert parse_preset(GOOD, "class.toml") == preset.__class__(**{**preset.__dict__, "path": "class.toml"})


def test_the_help_of_run_class_says_what_the_preset_holds(capsys):
    from fstune.cli import build_parser

    with pytest.raises(SystemExit):
        build_parser("run").parse_args(["run", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert ("the ext4-atime-writes study (--study ext4-atime-writes), all its configurations as the study defines "
            "them, the writes workload with 200 files, stopping on build.mb_written, 3 blocks and no more; "
            "refuses --configs") in help_text
    assert "About 7 minutes on the loop lab" in help_text


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
