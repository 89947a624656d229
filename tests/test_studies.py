"""The shipped studies (recipes/*.toml) and the study validator.

Pure Python: no root, no devices. Every shipped study must load through
``fstune.studies.load_studies()`` with the filesystems and journal placements it promises, a
user's study must replace a shipped one of the same name, and a broken study must be refused
with a message that names the file and the key.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from fstune import filesystems
from fstune.errors import StudyError
from fstune.studies import MIN_REPEATS, NAME_RE, load_studies, load_study_file, parse_study
from fstune.workloads import WORKLOADS

# name -> (workloads, [(config name, filesystem, journal, journal_attach, mount options), ...])
EXPECTED = {
    "ext3-external-journal": (["throughput", "metadata"], [
        ("internal", "ext3", "internal", "mkfs", ""),
        ("external", "ext3", "external", "mkfs", ""),
    ]),
    "reiserfs-external-log": (["metadata"], [
        ("internal", "reiserfs", "internal", "mkfs", ""),
        ("external", "reiserfs", "external", "mkfs", ""),
        ("external-notail", "reiserfs", "external", "mkfs", "notail"),
    ]),
    "jfs-external-log": (["metadata"], [
        ("internal", "jfs", "internal", "mkfs", ""),
        ("external-mkfs", "jfs", "external", "mkfs", ""),
        ("external-tune", "jfs", "external", "tune", ""),
    ]),
    "xfs-log-tuning": (["metadata"], [
        ("defaults", "xfs", "internal", "mkfs", ""),
        ("log-buffers", "xfs", "internal", "mkfs", "logbufs=8,logbsize=32k"),
        ("external-log", "xfs", "external", "mkfs", "logbufs=8,logbsize=32k"),
    ]),
    "smallfiles-filesystems": (["smallfiles"], [
        ("ext3", "ext3", "internal", "mkfs", ""),
        ("ext2", "ext2", "none", "mkfs", ""),
        ("ext4", "ext4", "internal", "mkfs", ""),
        ("xfs", "xfs", "internal", "mkfs", ""),
        ("reiserfs", "reiserfs", "internal", "mkfs", ""),
        ("jfs", "jfs", "internal", "mkfs", ""),
    ]),
    "smallfiles-ext-tuning": (["smallfiles"], [
        ("ext3-no-index", "ext3", "internal", "mkfs", "strictatime"),
        ("ext3-dir-index", "ext3", "internal", "mkfs", "strictatime"),
        ("ext3-noatime", "ext3", "internal", "mkfs", "noatime"),
        ("ext2-noatime", "ext2", "none", "mkfs", "noatime"),
    ]),
    "ext4-journal-writes": (["writes"], [
        ("journal", "ext4", "internal", "mkfs", "strictatime"),
        ("no-journal", "ext4", "none", "mkfs", "strictatime"),
    ]),
    "ext4-atime-writes": (["writes"], [
        ("strictatime", "ext4", "internal", "mkfs", "strictatime"),
        ("relatime", "ext4", "internal", "mkfs", "relatime"),
        ("noatime", "ext4", "internal", "mkfs", "noatime"),
    ]),
    "ext3-ext2-writes": (["writes"], [
        ("ext3", "ext3", "internal", "mkfs", "strictatime"),
        ("ext2", "ext2", "none", "mkfs", "strictatime"),
    ]),
    "coldread-filesystems": (["coldread"], [
        ("ext3", "ext3", "internal", "mkfs", ""),
        ("xfs", "xfs", "internal", "mkfs", ""),
        ("reiserfs", "reiserfs", "internal", "mkfs", ""),
    ]),
    "ext4-external-journal": (["metadata", "throughput"], [
        ("internal", "ext4", "internal", "mkfs", ""),
        ("external", "ext4", "external", "mkfs", ""),
    ]),
    "ext4-writeback-commit": (["metadata"], [
        ("ordered", "ext4", "internal", "mkfs", "data=ordered"),
        ("writeback", "ext4", "internal", "mkfs", "data=writeback"),
        ("commit-30", "ext4", "internal", "mkfs", "commit=30"),
        ("writeback-commit-30", "ext4", "internal", "mkfs", "data=writeback,commit=30"),
    ]),
    "btrfs-options": (["metadata", "smallfiles"], [
        ("defaults", "btrfs", "internal", "mkfs", ""),
        ("noatime", "btrfs", "internal", "mkfs", "noatime"),
        ("zstd-noatime", "btrfs", "internal", "mkfs", "compress=zstd:1,noatime"),
        ("commit-60-noatime", "btrfs", "internal", "mkfs", "commit=60,noatime"),
    ]),
}

EXTERNAL_STUDIES = {"ext3-external-journal", "reiserfs-external-log", "jfs-external-log", "xfs-log-tuning",
                    "ext4-external-journal"}

SEEDS = Path("/work/shared/seeds")


@pytest.fixture
def no_user_dirs(tmp_path, monkeypatch):
    """An empty XDG config dir, so only shipped (and /etc) studies are found."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path


@pytest.fixture
def shipped(no_user_dirs):
    return {name: study for name, study in load_studies(extra_dirs=[]).items() if study.origin == "shipped"}


def _shipped_files() -> list[str]:
    return sorted(entry.name for entry in resources.files("fstune.recipes").iterdir()
                  if entry.name.endswith(".toml"))


# --- the shipped studies ----------------------------------------------------------------------


def test_every_expected_study_is_shipped_under_its_own_file_name(shipped):
    assert set(EXPECTED) <= set(shipped)
    assert set(_shipped_files()) >= {f"{name}.toml" for name in EXPECTED}
    for name in EXPECTED:
        assert shipped[name].path == f"recipes/{name}.toml"


def test_load_studies_with_default_dirs_finds_them_too(no_user_dirs):
    studies = load_studies()
    for name in EXPECTED:
        assert name in studies


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_study_has_the_promised_configurations(shipped, name):
    study = shipped[name]
    workloads, configs = EXPECTED[name]
    assert list(study.workloads) == workloads
    got = [(c.name, c.filesystem, c.journal, c.journal_attach, c.mount_option_string) for c in study.configurations]
    assert got == configs
    assert study.baseline.name == configs[0][0]
    assert study.filesystems == tuple(dict.fromkeys(c[1] for c in configs))
    assert study.needs_journal_device is (name in EXTERNAL_STUDIES)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_study_texts_are_complete(shipped, name):
    study = shipped[name]
    assert study.title and "\n" not in study.title
    assert study.summary and "\n" not in study.summary
    paragraphs = [p for p in study.explanation.split("\n\n") if p.strip()]
    assert 2 <= len(paragraphs) <= 4, f"{name}: {len(paragraphs)} paragraphs"
    assert study.source and "\n" not in study.source, f"{name}: source missing or not one line"
    assert study.tags and all(t == t.lower() and " " not in t for t in study.tags)
    assert study.repeats >= MIN_REPEATS
    for config in study.configurations:
        assert NAME_RE.match(config.name) and len(config.name) <= 24
        assert config.title, f"{name}/{config.name} has no title"
        assert config.look_for, f"{name}/{config.name} has no look_for"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_texts_contain_no_square_brackets(shipped, name):
    """`fstune recipes NAME` prints these texts through Rich, which reads [...] as markup."""
    study = shipped[name]
    texts = [study.title, study.summary, study.explanation, study.source]
    texts += [t for c in study.configurations for t in (c.title, c.look_for)]
    for text in texts:
        assert "[" not in text and "]" not in text, text


def test_ext3_external_journal_pins_the_block_size(shipped):
    study = shipped["ext3-external-journal"]
    assert all(c.mkfs_options == ("-b", "4096") for c in study.configurations)
    assert "tiobench" in study.explanation or "fio" in study.explanation
    assert "15.44" in study.source and "17.25" in study.source


def test_ext4_external_journal_pins_the_block_size_too(shipped):
    assert all(c.mkfs_options == ("-b", "4096") for c in shipped["ext4-external-journal"].configurations)


def test_reiserfs_study_uses_15_dbench_clients(shipped):
    assert shipped["reiserfs-external-log"].workload_params == {"metadata": {"clients": 15}}
    assert "6.13" in shipped["reiserfs-external-log"].explanation


def test_ext_tuning_baseline_has_no_directory_index_and_explains_oldalloc(shipped):
    study = shipped["smallfiles-ext-tuning"]
    assert study.baseline.mkfs_options == ("-O", "^dir_index")
    assert study.configuration("ext3-dir-index").mkfs_options == ("-O", "dir_index")
    assert "oldalloc" in study.explanation and "3.3" in study.explanation


def test_xfs_study_is_honest_about_todays_defaults(shipped):
    study = shipped["xfs-log-tuning"]
    assert "logbufs already defaults to 8" in study.explanation
    for figure in ("1.46", "1.97", "18.9"):
        assert figure in study.source


def test_writes_studies_keep_the_seed_figures(shipped):
    assert "14.6" in shipped["ext4-journal-writes"].source and "7.7" in shipped["ext4-journal-writes"].source
    assert "14.56" in shipped["ext3-ext2-writes"].source and "6.54" in shipped["ext3-ext2-writes"].source
    assert "216.8" in shipped["ext4-atime-writes"].source


def test_writeback_study_warns_about_stale_data(shipped):
    assert "crash" in shipped["ext4-writeback-commit"].explanation
    assert "old" in shipped["ext4-writeback-commit"].explanation


def test_btrfs_study_explains_there_is_no_journal_to_move(shipped):
    text = shipped["btrfs-options"].explanation
    assert "no journal" in text and "copy-on-write" in text and "log tree" in text


def test_coldread_reference_figures(shipped):
    source = shipped["coldread-filesystems"].source
    assert all(figure in source for figure in ("58", "65", "81"))


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed documents are not on this machine")
def test_no_sentence_is_copied_from_the_seeds(shipped):
    """No run of 8 words in a row may come from a seed document."""

    def words(text: str) -> list[str]:
        return re.findall(r"[a-z0-9']+", text.lower())

    def shingles(text: str, size: int = 8) -> set[tuple[str, ...]]:
        w = words(text)
        return {tuple(w[i:i + size]) for i in range(len(w) - size + 1)}

    seed = set()
    for path in SEEDS.iterdir():
        seed |= shingles(path.read_text(errors="replace"))
    for study in shipped.values():
        texts = [study.explanation, study.source, study.summary]
        texts += [c.look_for for c in study.configurations]
        for text in texts:
            copied = shingles(text) & seed
            assert not copied, f"{study.name}: {[' '.join(c) for c in copied]}"


# --- users' studies -------------------------------------------------------------------------

USER_STUDY = '''
name = "ext3-external-journal"
title = "My own take on the ext3 journal"
summary = "A user's replacement."
explanation = "Mine."
workloads = ["metadata"]

[[configurations]]
name = "base"
title = "ext3"
filesystem = "ext3"

[[configurations]]
name = "ext"
title = "ext3, external"
filesystem = "ext3"
journal = "external"
'''


def test_user_study_overrides_a_shipped_one_by_name(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    user_dir = tmp_path / "fstune" / "recipes"
    user_dir.mkdir(parents=True)
    (user_dir / "my-ext3.toml").write_text(USER_STUDY)
    studies = load_studies()
    study = studies["ext3-external-journal"]
    assert study.origin == "user"
    assert study.title == "My own take on the ext3 journal"
    assert study.path == str(user_dir / "my-ext3.toml")
    assert [c.name for c in study.configurations] == ["base", "ext"]
    # the other shipped studies are still there
    assert studies["xfs-log-tuning"].origin == "shipped"


def test_broken_user_study_is_reported_with_its_path_line_and_key(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    user_dir = tmp_path / "fstune" / "recipes"
    user_dir.mkdir(parents=True)
    text = USER_STUDY.replace('filesystem = "ext3"\njournal = "external"', 'filesystem = "ext3"\njournal = "elsewhere"')
    (user_dir / "broken.toml").write_text(text)
    line = text.splitlines().index('journal = "elsewhere"') + 1
    studies = load_studies()  # it does not raise: the broken file leaves out only itself
    assert "ext3-external-journal" in studies and studies["ext3-external-journal"].origin == "shipped"
    [broken] = studies.broken
    assert broken.name == "ext3-external-journal" and broken.origin == "user"
    error = broken.error
    assert (error.path, error.line, error.key) == (str(user_dir / "broken.toml"), line, "configurations[1].journal")
    assert error.message.startswith(f"{user_dir / 'broken.toml'}, line {line}: configurations[1].journal: ")
    assert "'elsewhere'" in error.message


# --- validation errors --------------------------------------------------------------------------

VALID = '''
title = "A test study"
summary = "One line."
explanation = "Why."
workloads = ["metadata"]
repeats = 3

[[configurations]]
name = "base"
title = "baseline"
filesystem = "FS"
journal = "internal"
mount_options = ["MOUNT"]

[[configurations]]
name = "variant"
title = "the variant"
filesystem = "FS"
'''


def _study(tmp_path: Path, text: str, name: str = "bad-study") -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(text)
    return path


def _valid(fs: str = "ext4", mount: str = "noatime") -> str:
    return VALID.replace("FS", fs).replace("MOUNT", mount)


def _error(tmp_path: Path, text: str) -> str:
    path = _study(tmp_path, text)
    with pytest.raises(StudyError) as info:
        load_study_file(path)
    message = info.value.message
    # every error names the file first, then the line where the key is written (if it is)
    assert re.match(rf"{re.escape(str(path))}(, line \d+)?: ", message), message
    return message


def test_the_template_itself_is_valid(tmp_path):
    study = load_study_file(_study(tmp_path, _valid(), "good-study"))
    assert study.name == "good-study" and study.baseline.mount_option_string == "noatime"


def test_typo_in_a_top_level_key_suggests_the_right_one(tmp_path):
    message = _error(tmp_path, _valid().replace("workloads =", "worklods ="))
    assert ": worklods:" in message
    assert "Did you mean 'workloads'?" in message


def test_typo_in_a_configuration_key_suggests_the_right_one(tmp_path):
    message = _error(tmp_path, _valid().replace("mount_options =", "mount_option ="))
    assert "configurations[0].mount_option:" in message
    assert "Did you mean 'mount_options'?" in message


def test_unknown_filesystem(tmp_path):
    message = _error(tmp_path, _valid(fs="zfs"))
    assert "configurations[0].filesystem" in message
    assert "'zfs' is not one of" in message and "ext4" in message and "btrfs" in message


def test_external_journal_on_btrfs_is_refused_with_the_reason(tmp_path):
    text = _valid(fs="btrfs").replace('journal = "internal"', 'journal = "external"')
    message = _error(tmp_path, text)
    assert "configurations[0].journal" in message
    assert 'Btrfs cannot have journal = "external"' in message
    assert "copy-on-write" in message


def test_logbufs_out_of_range_on_xfs(tmp_path):
    message = _error(tmp_path, _valid(fs="xfs", mount="logbufs=9"))
    assert "configurations[0].mount_options" in message
    assert "logbufs=9" in message and "out of range" in message and "2 to 8" in message


def test_nobarrier_on_xfs_is_refused_as_removed(tmp_path):
    message = _error(tmp_path, _valid(fs="xfs", mount="nobarrier"))
    assert "configurations[0].mount_options" in message
    assert "'nobarrier' is refused" in message and "4.19" in message


def test_notail_on_ext4_names_its_real_filesystem(tmp_path):
    message = _error(tmp_path, _valid(fs="ext4", mount="notail"))
    assert "configurations[0].mount_options" in message
    assert "'notail' is not an ext4 mount option" in message
    assert "ReiserFS" in message


def test_data_writeback_on_xfs(tmp_path):
    message = _error(tmp_path, _valid(fs="xfs", mount="data=writeback"))
    assert "configurations[0].mount_options" in message
    assert "'data' is not an XFS mount option" in message
    assert "ext4" in message


def test_oldalloc_on_ext4_is_refused_with_the_kernel_version(tmp_path):
    message = _error(tmp_path, _valid(fs="ext4", mount="oldalloc"))
    assert "configurations[0].mount_options" in message
    assert "'oldalloc' is refused" in message and "Linux 3.3" in message


def test_oldalloc_on_ext3_is_refused_too(tmp_path):
    message = _error(tmp_path, _valid(fs="ext3", mount="noatime,oldalloc"))
    assert "'oldalloc' is refused" in message


def test_fewer_than_three_repeats(tmp_path):
    message = _error(tmp_path, _valid().replace("repeats = 3", "repeats = 2"))
    assert ": repeats:" in message and "at least 3" in message


def test_unknown_workload(tmp_path):
    message = _error(tmp_path, _valid().replace('["metadata"]', '["metadata", "iozone"]'))
    assert ": workloads:" in message
    assert "'iozone' is not a workload" in message
    for known in WORKLOADS:
        assert known in message


def test_bad_workload_parameter(tmp_path):
    message = _error(tmp_path, _valid() + "\n[workload_params.metadata]\nclients = 0\n")
    assert "workload_params.metadata" in message and "clients" in message


def test_bad_toml(tmp_path):
    message = _error(tmp_path, _valid().replace('title = "A test study"', 'title = "A test study'))
    assert "not valid TOML" in message


def test_journal_none_contradicted_by_mkfs_options(tmp_path):
    text = _valid().replace('journal = "internal"', 'journal = "internal"\nmkfs_options = ["-O", "^has_journal"]')
    message = _error(tmp_path, text)
    assert "configurations[0].mkfs_options" in message and 'journal = "none"' in message


def test_parse_study_names_the_path_it_is_given():
    with pytest.raises(StudyError) as info:
        parse_study(_valid(fs="xfs", mount="logbufs=9"), "somewhere/odd.toml")
    assert info.value.message.startswith("somewhere/odd.toml, line 13: configurations[0].mount_options:")


def test_every_placement_used_by_a_shipped_study_is_allowed(shipped):
    for study in shipped.values():
        for config in study.configurations:
            assert config.journal in filesystems.get(config.filesystem).placements


def test_a_study_needs_a_variant_to_compare(tmp_path):
    text = _valid().split("[[configurations]]\nname = \"variant\"")[0]
    message = _error(tmp_path, text)
    assert ": configurations:" in message and "at least one variant" in message


def test_a_study_lists_each_workload_once(tmp_path):
    message = _error(tmp_path, _valid().replace('workloads = ["metadata"]', 'workloads = ["metadata", "metadata"]'))
    assert "listed twice" in message


def test_one_broken_user_study_does_not_hide_the_others(tmp_path):
    from fstune.studies import load_studies

    (tmp_path / "broken.toml").write_text("title = ")
    errors = []
    studies = load_studies(extra_dirs=[(tmp_path, "user")], errors=errors)
    assert "ext3-external-journal" in studies
    assert len(errors) == 1 and "broken.toml" in errors[0].message


@pytest.mark.parametrize("edit, line, key", [
    (lambda t: t.replace("workloads =", "worklods ="), 5, "worklods"),
    (lambda t: t.replace("repeats = 3", "repeats = 2"), 6, "repeats"),
    (lambda t: t.replace('filesystem = "ext4"\njournal', 'filesystem = "zfs"\njournal'), 11,
     "configurations[0].filesystem"),
    (lambda t: t + 'mount_options = "nobarrier,logbufs=9"\n', 19, "configurations[1].mount_options"),
    (lambda t: t.replace('name = "variant"', 'name = "base"'), 16, "configurations[1].name"),
    (lambda t: t + "\n[workload_params.metadata]\nclients = 0\n", 20, "workload_params.metadata"),
    (lambda t: t.replace('title = "the variant"\n', ""), 15, "configurations[1].title"),  # missing: its table
])
def test_an_error_names_the_line_of_its_key(tmp_path, edit, line, key):
    path = _study(tmp_path, edit(_valid()))
    with pytest.raises(StudyError) as info:
        load_study_file(path)
    error = info.value
    assert (error.path, error.line, error.key) == (str(path), line, key), error.message
    assert error.message.startswith(f"{path}, line {line}: {key}: ")


def test_a_missing_top_level_key_has_no_line_to_name(tmp_path):
    path = _study(tmp_path, _valid().replace('summary = "One line."\n', ""))
    with pytest.raises(StudyError) as info:
        load_study_file(path)
    assert info.value.message == f"{path}: summary: is missing (a text is required)."
    assert info.value.line is None and info.value.key == "summary"


def test_a_toml_syntax_error_names_its_line(tmp_path):
    path = _study(tmp_path, _valid().replace('summary = "One line."', 'summary = "One line.'))
    with pytest.raises(StudyError) as info:
        load_study_file(path)
    assert info.value.line == 3 and info.value.key is None
    assert info.value.message.startswith(f"{path}, line 3: not valid TOML: ")
    assert "(at line" not in info.value.message  # said once, up front


def test_a_broken_study_asked_for_by_name_says_why(tmp_path):
    from fstune.errors import UsageError
    from fstune.studies import find_study

    (tmp_path / "typo.toml").write_text(_valid().replace("repeats = 3", "repeats = 2"))
    (tmp_path / "mine.toml").write_text(_valid())
    studies = load_studies(extra_dirs=[(tmp_path, "user")])
    assert find_study("mine", studies).origin == "user"
    assert find_study("xfs-log-tuning", studies).origin == "shipped"
    with pytest.raises(StudyError, match=r"typo\.toml, line 6: repeats: must be a whole number") as info:
        find_study("typo", studies)
    assert "'fstune recipes' lists every study that loads" in info.value.hint
    with pytest.raises(UsageError, match="no study called 'nothing'"):
        find_study("nothing", studies)


def test_a_broken_copy_of_a_shipped_study_is_not_quietly_replaced_by_the_shipped_one(tmp_path):
    from fstune.studies import find_study

    (tmp_path / "mine.toml").write_text('name = "xfs-log-tuning"\n' + _valid().replace("repeats = 3", "repeats = 2"))
    studies = load_studies(extra_dirs=[(tmp_path, "user")])
    assert studies["xfs-log-tuning"].origin == "shipped"  # still listed and loaded
    with pytest.raises(StudyError, match=r"mine\.toml, line 7: repeats") as info:
        find_study("xfs-log-tuning", studies)
    assert "move the file away" in info.value.hint


# --- the primary metric and δ (docs/verdicts.md) ----------------------------------------------


def test_primary_defaults_to_the_first_workload_that_declares_one(tmp_path):
    study = load_study_file(_study(tmp_path, _valid(), "good-study"))
    assert study.primary == ("metadata", "dbench.throughput_mbs")
    assert study.delta_for("metadata", "dbench.throughput_mbs") == pytest.approx(0.02)


def test_primary_and_deltas_are_read_and_checked(tmp_path):
    text = _valid().replace('repeats = 3', 'repeats = 3\nprimary = "metadata:dbench.max_latency_ms"\n'
                            'delta_percent = 5\n', 1)
    text = text.replace("[[configurations]]", '[delta_percent_by_metric]\n"metadata:dbench.max_latency_ms" = 10\n\n'
                        "[[configurations]]", 1)
    study = load_study_file(_study(tmp_path, text, "good-study"))
    assert study.primary == ("metadata", "dbench.max_latency_ms")
    assert study.delta_for("metadata", "dbench.max_latency_ms") == pytest.approx(0.10)
    assert study.delta_for("metadata", "dbench.throughput_mbs") == pytest.approx(0.05)


def test_a_study_whose_workloads_declare_no_primary_must_name_one(tmp_path):
    message = _error(tmp_path, _valid().replace('["metadata"]', '["writes"]'))
    assert "primary: is missing" in message and "WORKLOAD:METRIC" in message


@pytest.mark.parametrize("value, words", [
    ('"metadata:nothing.here"', "workload metadata has no metric 'nothing.here'; it reports: dbench.throughput_mbs"),
    ('"writes:build.mb_written"', "'writes' is not one of the study's workloads (metadata)"),
    ('"dbench.throughput_mbs"', 'must be "WORKLOAD:METRIC"'),
])
def test_a_wrong_primary_is_refused_with_what_is_allowed(tmp_path, value, words):
    message = _error(tmp_path, _valid().replace("repeats = 3", f"repeats = 3\nprimary = {value}", 1))
    assert words in message and ", line 7: primary:" in message


@pytest.mark.parametrize("value", ["0", "100", '"2"', "true"])
def test_delta_percent_must_be_a_percentage(tmp_path, value):
    message = _error(tmp_path, _valid().replace("repeats = 3", f"repeats = 3\ndelta_percent = {value}", 1))
    assert "delta_percent: must be a percentage above 0 and below 100" in message


def test_every_shipped_study_names_its_primary_metric(shipped):
    for path in _shipped_files():
        text = (Path(__file__).parent.parent / "recipes" / path).read_text()
        assert re.search(r'^primary = "\w+:[\w.-]+"$', text, re.M), path
