"""compare(): rows, changes, summaries, failed repeats, and option diffs that read naturally."""

from __future__ import annotations

import math

import pytest

from fstune.stats import classic as stats
from fstune.results.compare import (BETTER, NO_DATA, NOISE, WORSE, Comparison, Summary, compare,
                            option_diff)
from fstune.results.records import ConfigDescription
from fstune.figures import HIGHER, LOWER, RepeatResult, Sample
from fstune.studies import load_studies

INTERNAL = ConfigDescription("internal", "ext3", mkfs_options=("-b", "4096"))
EXTERNAL = ConfigDescription("external", "ext3", journal="external", log_device="/dev/loop1p2",
                             mkfs_options=("-b", "4096"))
NOATIME = ConfigDescription("noatime", "ext3", mkfs_options=("-b", "4096"), mount_options=(("noatime", None),))


def repeat(config: str, workload: str, number: int, *samples: tuple[str, float, str, str], failed=None,
           warm=False) -> RepeatResult:
    return RepeatResult(config, workload, number,
                        [Sample(workload, metric, value, unit, better) for metric, value, unit, better in samples],
                        failed=failed, warm_cache=warm)


def dbench(config: str, values: list[float], latencies: list[float] | None = None) -> list[RepeatResult]:
    results = []
    for number, value in enumerate(values, 1):
        samples = [("dbench.throughput_mbs", value, "MB/s", HIGHER)]
        if latencies:
            samples.append(("dbench.max_latency_ms", latencies[number - 1], "ms", LOWER))
        results.append(repeat(config, "metadata", number, *samples))
    return results


def untar(config: str, values: list[float]) -> list[RepeatResult]:
    return [repeat(config, "smallfiles", number, ("untar.seconds", value, "s", LOWER))
            for number, value in enumerate(values, 1)]


def row(comparison: Comparison, config: str, metric: str):
    [found] = [r for r in comparison.rows if r.config == config and r.metric == metric]
    return found


def test_seed_like_external_journal_study():
    # dbench throughput up about 12 % as in the seed; max latency unchanged within noise
    results = (dbench("internal", [15.44, 15.61, 15.28, 15.52], [120.0, 95.0, 140.0, 110.0])
               + dbench("external", [17.25, 17.02, 17.41, 17.18], [105.0, 130.0, 98.0, 125.0]))
    comparison = compare(results, [INTERNAL, EXTERNAL], "internal")
    assert comparison.baseline == "internal" and comparison.configs == ["internal", "external"]
    assert comparison.variants == ["external"]
    assert [(r.config, r.metric) for r in comparison.rows] == [
        ("external", "dbench.throughput_mbs"), ("external", "dbench.max_latency_ms")]

    throughput = row(comparison, "external", "dbench.throughput_mbs")
    assert (throughput.workload, throughput.unit, throughput.better) == ("metadata", "MB/s", HIGHER)
    assert throughput.baseline.values == (15.44, 15.61, 15.28, 15.52)
    assert throughput.baseline.median == pytest.approx(15.48)
    assert throughput.variant.median == pytest.approx(17.215)
    assert throughput.change_pct == pytest.approx((17.215 - 15.48) / 15.48 * 100)
    assert throughput.verdict == BETTER
    assert throughput.p_value == pytest.approx(stats.welch_t_test(throughput.baseline.values,
                                                                  throughput.variant.values).p_value)
    assert throughput.median_diff_ci[0] > 0

    latency = row(comparison, "external", "dbench.max_latency_ms")
    assert latency.verdict == NOISE and latency.better == LOWER

    assert comparison.option_diffs == {"external": "+ external journal on /dev/loop1p2"}
    assert comparison.failed == [] and comparison.warm is False


def test_summaries_hold_every_configuration_including_the_baseline():
    results = dbench("internal", [10.0, 12.0, 14.0]) + dbench("external", [20.0])
    comparison = compare(results, [INTERNAL, EXTERNAL], "internal")
    base = comparison.summaries[("internal", "metadata", "dbench.throughput_mbs")]
    half = stats.t_quantile(0.975, 2) * 2 / math.sqrt(3)
    assert base == Summary(3, 12.0, 12.0, 2.0, 2.0 / 12.0, pytest.approx(12 - half), pytest.approx(12 + half),
                           (10.0, 12.0, 14.0), 10.0, 14.0)  # below 6 values the median's interval is the range
    single = comparison.summaries[("external", "metadata", "dbench.throughput_mbs")]
    # one value: a median, but no spread and no interval
    assert (single.n, single.median, single.mean, single.stdev, single.rsd, single.ci_low) == (
        1, 20.0, 20.0, None, None, None)
    assert row(comparison, "external", "dbench.throughput_mbs").verdict == NO_DATA
    assert row(comparison, "external", "dbench.throughput_mbs").p_value is None
    assert row(comparison, "external", "dbench.throughput_mbs").change_pct == pytest.approx(100 * 8 / 12)


def test_failed_repeats_are_listed_and_contribute_nothing():
    broken = repeat("external", "metadata", 4, ("dbench.throughput_mbs", 9999.0, "MB/s", HIGHER),
                    failed="dbench printed no 'Throughput' line")
    results = dbench("internal", [15.4, 15.5, 15.3]) + dbench("external", [17.2, 17.1, 17.3]) + [broken]
    comparison = compare(results, [INTERNAL, EXTERNAL], "internal")
    assert comparison.failed == [broken]
    variant = row(comparison, "external", "dbench.throughput_mbs").variant
    assert variant.n == 3 and 9999.0 not in variant.values
    assert variant.median == pytest.approx(17.2)


def test_all_repeats_of_a_variant_failed():
    failed = [repeat("external", "metadata", n, failed="fio reported error 5") for n in (1, 2, 3)]
    comparison = compare(dbench("internal", [15.4, 15.5, 15.3]) + failed, [INTERNAL, EXTERNAL], "internal")
    result = row(comparison, "external", "dbench.throughput_mbs")
    assert result.variant.n == 0 and result.variant.median is None
    assert result.verdict == NO_DATA and result.change_pct is None
    assert len(comparison.failed) == 3


def test_lower_is_better_and_change_sign_as_measured():
    results = untar("internal", [210.0, 214.0, 208.0, 212.0]) + untar("noatime", [170.0, 173.0, 168.0, 171.0])
    comparison = compare(results, [INTERNAL, NOATIME], "internal")
    result = row(comparison, "noatime", "untar.seconds")
    # the time went down (negative change) and down is better for seconds
    assert result.change_pct == pytest.approx((170.5 - 211.0) / 211.0 * 100)
    assert result.change_pct < 0 and result.verdict == BETTER
    assert comparison.option_diffs["noatime"] == "+ noatime"


def test_regression_is_worse():
    results = dbench("internal", [17.0, 17.4, 17.1, 17.6]) + dbench("external", [15.2, 15.6, 15.4, 15.1])
    assert row(compare(results, [INTERNAL, EXTERNAL], "internal"), "external",
               "dbench.throughput_mbs").verdict == WORSE


def test_rows_for_every_variant_in_configuration_order():
    results = (untar("noatime", [170.0, 171.0, 172.0]) + untar("internal", [210.0, 211.0, 212.0])
               + untar("external", [205.0, 215.0, 210.0]))
    comparison = compare(results, [INTERNAL, EXTERNAL, NOATIME], "internal")
    assert comparison.configs == ["internal", "external", "noatime"]
    assert [r.config for r in comparison.rows] == ["external", "noatime"]
    assert [r.config for r in comparison.rows_for("noatime")] == ["noatime"]
    assert row(comparison, "external", "untar.seconds").verdict == NOISE
    assert set(comparison.option_diffs) == {"external", "noatime"}


def test_values_are_kept_in_repeat_order():
    results = list(reversed(untar("internal", [3.0, 1.0, 2.0]))) + untar("noatime", [1.0, 1.0, 1.0])
    comparison = compare(results, [INTERNAL, NOATIME], "internal")
    assert comparison.summaries[("internal", "smallfiles", "untar.seconds")].values == (3.0, 1.0, 2.0)


def test_a_metric_only_one_side_reported():
    results = dbench("internal", [15.0, 15.2, 15.1], [10.0, 11.0, 12.0]) + dbench("external", [17.0, 17.2, 17.1])
    comparison = compare(results, [INTERNAL, EXTERNAL], "internal")
    latency = row(comparison, "external", "dbench.max_latency_ms")
    assert latency.variant.n == 0 and latency.verdict == NO_DATA


def test_change_from_zero_has_no_percentage():
    results = [repeat("internal", "throughput", n, ("randread.over_2s_pct", 0.0, "%", LOWER)) for n in (1, 2, 3)]
    results += [repeat("external", "throughput", n, ("randread.over_2s_pct", v, "%", LOWER))
                for n, v in ((1, 0.5), (2, 0.6), (3, 0.4))]
    result = row(compare(results, [INTERNAL, EXTERNAL], "internal"), "external", "randread.over_2s_pct")
    assert result.change_pct is None
    assert result.verdict == WORSE  # more slow requests than none at all, every time


def test_warm_cache_repeats_mark_the_comparison():
    results = dbench("internal", [15.0, 15.2, 15.1]) + [
        repeat("external", "metadata", 1, ("dbench.throughput_mbs", 17.0, "MB/s", HIGHER), warm=True)]
    assert compare(results, [INTERNAL, EXTERNAL], "internal").warm is True
    failed_warm = [repeat("external", "metadata", 1, failed="x", warm=True)]
    assert compare(dbench("internal", [1.0, 2.0]) + failed_warm, [INTERNAL, EXTERNAL], "internal").warm is False


def test_unknown_baseline_and_inconsistent_metrics_are_errors():
    with pytest.raises(ValueError, match="baseline 'nope'"):
        compare(dbench("internal", [1.0, 2.0]), [INTERNAL, EXTERNAL], "nope")
    mixed = dbench("internal", [1.0, 2.0]) + [
        repeat("external", "metadata", 1, ("dbench.throughput_mbs", 1.0, "MB/s", LOWER))]
    with pytest.raises(ValueError, match="reported both"):
        compare(mixed, [INTERNAL, EXTERNAL], "internal")


def test_results_of_an_undescribed_configuration_still_appear():
    results = dbench("internal", [15.0, 15.2, 15.1]) + dbench("mystery", [17.0, 17.2, 17.1])
    comparison = compare(results, [INTERNAL], "internal")
    assert comparison.configs == ["internal", "mystery"]
    assert row(comparison, "mystery", "dbench.throughput_mbs").verdict == BETTER
    assert "mystery" not in comparison.option_diffs  # nothing known to describe


# ---------------------------------------------------------------------------------------------
# option diffs


def config(**fields) -> ConfigDescription:
    fields.setdefault("name", "x")
    fields.setdefault("filesystem", "ext4")
    return ConfigDescription(**fields)


@pytest.mark.parametrize("baseline, variant, expected", [
    (config(), config(), "no difference"),
    (config(), config(journal="external", log_device="/dev/loop1p2"), "+ external journal on /dev/loop1p2"),
    (config(), config(journal="none"), "− journal"),
    (config(journal="none"), config(), "+ journal"),
    (config(journal="external", log_device="/dev/sdb1"), config(), "external journal → internal journal"),
    (config(journal="external", log_device="/dev/sdb1"), config(journal="external", log_device="/dev/sdc1"),
     "journal on /dev/sdb1 → /dev/sdc1"),
    (config(filesystem="xfs"), config(filesystem="xfs", journal="external", log_device="/dev/sdb1"),
     "+ external log on /dev/sdb1"),  # XFS and JFS call it a log
    (config(filesystem="ext3"), config(filesystem="xfs"), "ext3 → xfs"),
    (config(filesystem="ext2", journal="none"), config(filesystem="ext3"), "ext2 → ext3, + journal"),
])
def test_filesystem_and_journal_diffs(baseline, variant, expected):
    assert option_diff(baseline, variant) == expected


@pytest.mark.parametrize("before, after, expected", [
    ((), (("noatime", None),), "+ noatime"),
    ((("noatime", None),), (), "− noatime"),
    ((("commit", "5"),), (("commit", "30"),), "commit=5 → 30"),
    ((("strictatime", None),), (("noatime", None),), "strictatime → noatime"),
    ((("strictatime", None),), (("relatime", None), ("commit", "60")), "strictatime → relatime, + commit=60"),
    ((("data", "ordered"),), (("data", "writeback"), ("commit", "30")), "data=ordered → writeback, + commit=30"),
    ((("compress", None),), (("compress", "zstd:1"),), "compress → compress=zstd:1"),
    ((("logbufs", "8"), ("logbsize", "32k")), (("logbufs", "8"),), "− logbsize=32k"),
    ((("noatime", None), ("nodiratime", None)), (("relatime", None),), "noatime → relatime, − nodiratime"),
])
def test_mount_option_diffs(before, after, expected):
    assert option_diff(config(mount_options=before), config(mount_options=after)) == expected


@pytest.mark.parametrize("before, after, expected", [
    (("-O", "^dir_index"), ("-O", "dir_index"), "+ dir_index"),
    ((), ("-O", "^dir_index"), "− dir_index"),
    (("-O", "^has_journal"), (), "has_journal: mkfs default"),
    (("-b", "4096"), ("-b", "4096", "-O", "^dir_index"), "− dir_index"),
    (("-b", "1024"), ("-b", "4096"), "-b 1024 → 4096"),
    ((), ("-b", "4096"), "+ -b 4096"),
    (("-m", "5"), (), "− -m 5"),
    (("-l", "size=32m"), ("-l", "size=64m,lazy-count=1"), "-l size=32m → 64m, + -l lazy-count=1"),
    (("-E", "stride=8"), (), "− -E stride=8"),
    (("-O", "dir_index,^resize_inode"), ("-O", "^dir_index,resize_inode"), "− dir_index, + resize_inode"),
])
def test_mkfs_option_diffs(before, after, expected):
    assert option_diff(config(mkfs_options=before), config(mkfs_options=after)) == expected


def test_a_combined_diff_reads_in_a_fixed_order():
    baseline = config(filesystem="ext3", mkfs_options=("-b", "4096", "-O", "dir_index"),
                      mount_options=(("commit", "5"),))
    variant = config(filesystem="ext3", journal="external", log_device="/dev/loop1p2",
                     mkfs_options=("-b", "4096", "-O", "^dir_index"),
                     mount_options=(("commit", "30"), ("noatime", None)))
    # filesystem, then journal, then mount options, then mkfs options
    assert option_diff(baseline, variant) == "+ external journal on /dev/loop1p2, commit=5 → 30, + noatime, − dir_index"


def test_config_descriptions_from_a_shipped_study():
    study = load_studies()["ext3-external-journal"]
    described = [ConfigDescription.from_configuration(c, log_device="/dev/loop0p2") for c in study.configurations]
    baseline, variant = described
    assert baseline.log_device is None  # only an external journal has a device
    assert variant.journal == "external" and variant.log_device == "/dev/loop0p2"
    assert option_diff(baseline, variant) == "+ external journal on /dev/loop0p2"


def test_a_median_is_shown_with_its_own_interval_which_stays_inside_the_figures():
    """A skewed latency: the mean's t interval reaches below 0 ms, the median's never leaves the data."""
    values = [8.4, 8.9, 9.1, 9.3, 9.6, 9.9, 10.2, 10.8, 11.5, 12.0, 13.1, 14.2, 15.0, 23.9, 65.2]
    summary = Summary.of(values)
    assert summary.ci_low < 8.4 or summary.ci_high > 30  # the mean's interval is pulled by the outliers
    assert (summary.median_low, summary.median_high) == (9.3, 14.2)  # x(4), x(12) of 15: ≥ 95 % coverage
    assert min(values) <= summary.median_low <= summary.median <= summary.median_high <= max(values)
    assert (Summary.of([3.0, 1.0, 2.0]).median_low, Summary.of([3.0, 1.0, 2.0]).median_high) == (1.0, 3.0)
