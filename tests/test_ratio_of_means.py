"""The ratio of arithmetic means, on request (fstune/stats/paired.py ``ratio_of_means``,
fstune/reports/ratio.py, ``fstune results show|compare --ratio-of-means``): known data."""

from __future__ import annotations

import math

import pytest
from scipy import stats

from fstune.figures import HIGHER, RepeatResult, Sample
from fstune.reports.ratio import EXPLAINED, ratio_rows
from fstune.results.records import ConfigDescription, RunRecord
from fstune.results.store import Store
from fstune.stats.paired import ratio_of_means
from fstune.stats.sequential import METHOD
from test_results_cli import fstune

DESIGN = {"primary": {"workload": "metadata", "metric": "dbench.throughput_mbs"},
          "delta": {"default": 0.02, "metrics": {}}, "looks": [5, 10, 15], "max_blocks": 15}


def test_a_constant_ratio_is_known_exactly():
    found = ratio_of_means([100, 110, 90, 105, 95], [110, 121, 99, 115.5, 104.5])
    assert found.ratio == pytest.approx(1.1) and found.low == pytest.approx(1.1) and found.high == pytest.approx(1.1)
    assert found.geometric == pytest.approx(1.1) and found.n == 5


def test_the_same_mean_with_a_wider_spread_is_no_change_in_means_but_a_loss_in_geometric_means():
    found = ratio_of_means([100.0] * 6, [80.0, 120.0] * 3)
    assert found.ratio == 1.0
    assert found.geometric == pytest.approx(math.sqrt(0.96))  # √(0.8 · 1.2): about −2 %
    # worked by hand: influence d_i = v_i/100 − 1 = ∓0.2, sd 0.2191, se 0.0894, t(5) 2.5706
    half = stats.t.ppf(0.975, 5) * math.sqrt(6 * 0.04 / 5) / math.sqrt(6)
    assert found.low == pytest.approx(math.exp(-half)) and found.high == pytest.approx(math.exp(half))


def test_the_interval_counts_the_pairing():
    # both sides move together block by block: the ratio is steady, the interval narrow
    base = [100, 140, 80, 120, 90, 130]
    together = ratio_of_means(base, [1.05 * b + d for b, d in zip(base, (1, -1, 1, -1, 1, -1))])
    apart = ratio_of_means(base, [1.05 * b for b in reversed(base)])  # the same values, pairing broken
    assert together.high - together.low < (apart.high - apart.low) / 10
    with pytest.raises(ValueError, match="positive"):
        ratio_of_means([1.0, 0.0], [1.0, 1.0])
    with pytest.raises(ValueError, match="same blocks"):
        ratio_of_means([1.0, 2.0], [1.0])


def blocked_run(variant: list[float]) -> RunRecord:
    results = []
    for block, value in enumerate(variant, start=1):
        for name, figure in (("a", 100.0), ("b", value)):
            results.append(RepeatResult(name, "metadata", block,
                                        [Sample("metadata", "dbench.throughput_mbs", figure, "MB/s", HIGHER)],
                                        block=block, position=1))
    return RunRecord("s", "S", 1714650000.0, "finished", [ConfigDescription("a", "ext4"), ConfigDescription("b", "ext4")],
                     results, method=METHOD, design=dict(DESIGN), finished=1714650600.0)


def test_each_variant_of_a_blocked_run_gets_its_ratio_of_means():
    record = blocked_run([80.0, 120.0] * 5)
    [row] = ratio_rows(record)
    assert (row.reference, row.config, row.metric) == ("a", "b", "dbench.throughput_mbs")
    assert row.result.ratio == 1.0 and row.text().startswith("+0.0 % [") and "(geometric -2.0 %)" in row.text()
    assert row.text().endswith("over 10 blocks")
    assert [r.config for r in ratio_rows(record, ("b", "a"))] == ["a"]


def test_results_show_and_compare_offer_it_on_request(tmp_path):
    state = tmp_path / "state"
    with Store(state) as store:
        store.save_run(blocked_run([80.0, 120.0] * 5))
    plain = fstune(state, "show", "1")
    assert plain.returncode == 0, plain.stderr
    assert "ratio of arithmetic means" not in plain.stdout
    shown = fstune(state, "show", "1", "--ratio-of-means")
    assert shown.returncode == 0, shown.stderr
    text = " ".join(shown.stdout.split())
    assert "the ratio of arithmetic means (described, not judged)" in text
    expected = ratio_of_means([100.0] * 10, [80.0, 120.0] * 5)
    assert (f"+0.0 % [{100 * (expected.low - 1):+.1f}, {100 * (expected.high - 1):+.1f}] (geometric -2.0 %)"
            in text) and "over 10 blocks" in text
    assert " ".join(EXPLAINED.split()) in text
    paired = fstune(state, "compare", "1", "--pair", "b", "a", "--ratio-of-means")
    assert paired.returncode == 0, paired.stderr
    assert "a vs b ·" in paired.stdout and "ratio of arithmetic means (described, not judged)" in paired.stdout
    assert "--ratio-of-means" in fstune(state, "show", "--help").stdout


def test_exports_carry_it_in_markdown_and_json_on_request(tmp_path):
    import json

    state = tmp_path / "state"
    with Store(state) as store:
        store.save_run(blocked_run([80.0, 120.0] * 5))
    markdown = fstune(state, "export", "1", "--format", "md", "--ratio-of-means")
    assert markdown.returncode == 0, markdown.stderr
    assert "## The ratio of arithmetic means (described, not judged)" in markdown.stdout
    assert "| b vs a | metadata:dbench.throughput_mbs | +0.0 % [" in markdown.stdout
    assert markdown.stdout.rstrip().splitlines()[-1].startswith("*Made by fstune")
    assert "ratio of arithmetic means" not in fstune(state, "export", "1", "--format", "md").stdout
    document = json.loads(fstune(state, "export", "1", "--format", "json", "--ratio-of-means").stdout)
    [row] = document["ratio_of_means"]
    assert row["ratio_of_means"] == 1.0 and row["blocks"] == 10 and row["low"] < 1.0 < row["high"]
    assert row["ratio_of_geometric_means"] == pytest.approx(math.sqrt(0.96))
    refused = fstune(state, "export", "1", "--format", "csv", "--ratio-of-means")
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert refused.stderr.startswith("fstune: --ratio-of-means is added to md and json exports, not to csv.")
