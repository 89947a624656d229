"""The screening study's design, budget and analysis (fstune/screening/, docs/screening.md).

The design's properties are checked on the matrices themselves (balance, orthogonality, what
shares a column), not through the code that describes them; the analysis on data made for it.
tests/test_screening_sim.py checks the error rates and the power by simulation.
"""

from __future__ import annotations

import math
import re
import subprocess
import sys
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from fstune.errors import UsageError
from fstune.figures import HIGHER, LOWER
from fstune.screening import (ALPHA, FOLDOVER, FRACTIONAL, FULL_FACTORIAL, MATTERS, NO_EFFECT, PLACKETT_BURMAN,
                              TOO_NOISY, Setup, analyse, base_design, block_order, detectable_effect, make_design, offered,
                              parse_duration, pick, plan_budget, plan_screening, power_at, primary_direction)
from fstune.screening.budget import effect_se
from fstune.screening.model import MIN_RESIDUAL_DF, choose_model
from fstune.screening.verdicts import DEFAULT_DELTA, holm_levels

NAMES = [f"f{index}" for index in range(1, 16)]


def matrix(count: int, max_runs: int = 16) -> np.ndarray:
    return np.asarray(base_design(NAMES[:count], max_runs).rows)


def interactions(design: np.ndarray) -> dict[tuple[int, int], np.ndarray]:
    return {pair: design[:, pair[0]] * design[:, pair[1]] for pair in combinations(range(design.shape[1]), 2)}


# --- the design ----------------------------------------------------------------------------------


@pytest.mark.parametrize("count", range(2, 16))
def test_every_design_is_balanced_and_its_main_effects_orthogonal(count):
    design = matrix(count)
    runs = design.shape[0]
    assert set(np.unique(design)) == {-1, 1}
    assert (design.sum(axis=0) == 0).all()  # each level in half the runs
    assert (design.T @ design == runs * np.eye(count)).all()
    assert runs <= 16


@pytest.mark.parametrize("count, kind, runs, resolution", [
    (2, FULL_FACTORIAL, 4, None), (3, FULL_FACTORIAL, 8, None), (4, FULL_FACTORIAL, 16, None),
    (5, FRACTIONAL, 16, 5), (6, FRACTIONAL, 16, 4), (7, FRACTIONAL, 16, 4), (8, FRACTIONAL, 16, 4),
    (9, FOLDOVER, 24, 4), (10, FOLDOVER, 24, 4), (11, FOLDOVER, 24, 4), (12, FOLDOVER, 32, 4), (15, FOLDOVER, 32, 4),
])
def test_the_design_chosen_for_each_number_of_factors(count, kind, runs, resolution):
    base = base_design(NAMES[:count])
    assert (base.kind, base.runs, base.resolution) == (kind, runs, resolution)


def test_a_full_factorial_runs_every_combination():
    design = matrix(4)
    assert len({tuple(row) for row in design.tolist()}) == 16


@pytest.mark.parametrize("count", [6, 7, 8])
def test_resolution_iv_main_effects_are_clear_of_interactions_which_are_confounded_with_each_other(count):
    design = matrix(count)
    products = interactions(design)
    for index in range(count):
        for column in products.values():
            assert design[:, index] @ column == 0
    shared = [(a, b) for a, b in combinations(products, 2) if abs(products[a] @ products[b]) == design.shape[0]]
    assert shared  # resolution IV, not V


def test_resolution_v_interactions_are_clear_of_each_other():
    design = matrix(5)
    products = list(interactions(design).values())
    for one, other in combinations(products, 2):
        assert one @ other == 0
    assert all(design[:, index] @ column == 0 for index in range(5) for column in products)


@pytest.mark.parametrize("count", [9, 10, 11])
def test_plackett_burman_main_effects_carry_a_third_of_other_factors_interactions(count):
    design = matrix(count)
    for index in range(count):
        for pair, column in interactions(design).items():
            if index not in pair:
                assert abs(design[:, index] @ column) == 4  # ±1/3 of 12 runs


def test_the_cap_on_runs_chooses_the_design_and_refuses_what_cannot_fit():
    assert (base_design(NAMES[:9], max_runs=32).kind, base_design(NAMES[:9], max_runs=32).runs) == (FRACTIONAL, 32)
    assert base_design(NAMES[:9], max_runs=32).resolution == 4
    small = base_design(NAMES[:5], max_runs=8)
    assert (small.kind, small.runs, small.resolution) == (PLACKETT_BURMAN, 8, 3)
    with pytest.raises(UsageError, match="16 factors need more than 16 runs per block"):
        base_design(NAMES[:15] + ["f16"])
    # --max-runs: distinct runs, the best design within them, or a clear refusal
    assert (base_design(NAMES[:10], max_runs=12).kind, base_design(NAMES[:10], max_runs=12).runs) == (
        PLACKETT_BURMAN, 12)
    assert base_design(NAMES[:10], max_runs=24).kind == FOLDOVER
    assert base_design(NAMES[:15] + ["f16"], max_runs=32).kind == FRACTIONAL  # one block of 32: the user allowed it
    with pytest.raises(UsageError, match="10 factors need at least 12 distinct runs; --max-runs 8 allows 8"):
        base_design(NAMES[:10], max_runs=8)
    with pytest.raises(UsageError, match="at least 2 factors"):
        base_design(["f1"])
    with pytest.raises(UsageError, match="named once"):
        base_design(["f1", "f1", "f2"])


# --- what the design confounds, in words --------------------------------------------------------


def test_a_full_factorial_says_nothing_is_confounded():
    words = " ".join(base_design(["atime", "commit", "data"]).aliases.words())
    assert "no effect is confounded with another" in words


def test_resolution_iv_names_each_group_of_confounded_interactions_from_its_matrix():
    names = ["a", "b", "c", "d", "e", "f"]
    base = base_design(names)
    words = " ".join(base.aliases.words())
    assert words.startswith("Main effects are not confounded with two-factor interactions.")
    products = interactions(np.asarray(base.rows))
    for first, second in combinations(products, 2):
        together = abs(products[first] @ products[second]) == base.runs
        label = f"{names[first[0]]}×{names[first[1]]}", f"{names[second[0]]}×{names[second[1]]}"
        group = next(g for g in words.split("groups: ")[1].split(". ")[0].split("; ") if label[0] in g.split(" with "))
        assert (label[1] in group.split(" with ")) == together, (label, group)


def test_a_regular_resolution_iii_design_says_which_interaction_each_main_effect_carries():
    base = base_design(["a", "b", "c", "d", "e"], max_runs=8)
    words = " ".join(base.aliases.words())
    assert "Main effects are confounded with two-factor interactions:" in words
    design = np.asarray(base.rows)
    for index, name in enumerate("abcde"):
        carried = [f"{'abcde'[p]}×{'abcde'[q]}" for (p, q), column in interactions(design).items()
                   if abs(design[:, index] @ column) == 8]
        assert carried and f"{name} with {carried[0]}" in words


@pytest.mark.parametrize("count", [9, 10, 11, 12, 15])
def test_the_foldover_is_pydoes_design_and_its_mirror_and_frees_every_main_effect(count):
    from pydoe import pbdesign

    base = base_design(NAMES[:count])
    design = np.asarray(base.rows)
    half = np.asarray(pbdesign(count), dtype=int)
    assert base.kind == FOLDOVER and (design[:len(half)] == half).all() and (design[len(half):] == -half).all()
    for index in range(count):  # every main effect clear of every two-factor interaction
        assert all(design[:, index] @ column == 0 for column in interactions(design).values())
    words = " ".join(base.words() + base.aliases.words())
    assert "Main effects are not confounded with two-factor interactions." in words
    assert "every level switched, in the next block" in words and "partly confounded with two" not in words
    # a replicate is two blocks, each within the cap: the design, then its mirror
    made = make_design(base, 2, seed=5)
    assert made.replicates == 2 and made.blocks == 4
    assert [sorted(order) for order in made.orders] == [list(base.block_rows(b)) for b in range(1, 5)]
    assert sorted(made.orders[0]) == list(range(len(half))) and base.block_runs <= 16


def test_a_foldover_the_budget_does_not_fit_gives_way_to_the_design_alone_and_says_so():
    factors = pick("ext4", [f.name for f in offered("ext4") if f.name not in ("data", "inode_ratio", "journal")])
    assert len(factors) == 9
    folded = plan_screening(Setup("ext4"), factors, seconds_per_run=10, budget_seconds=24 * 10 * 2)
    assert folded.design.base.kind == FOLDOVER and folded.budget.replicates == 2 and folded.design.blocks == 4
    alone = plan_screening(Setup("ext4"), factors, seconds_per_run=10, budget_seconds=12 * 10 + 5 * 10)
    assert alone.design.base.kind == PLACKETT_BURMAN and alone.budget.replicates == 1
    assert "The budget does not fit the foldover (24 runs" in " ".join(alone.words())
    capped = plan_screening(Setup("ext4"), factors, seconds_per_run=10, budget_seconds=3600, max_runs=12)
    assert capped.design.base.kind == PLACKETT_BURMAN and not capped.note


def test_an_interaction_a_plackett_burman_design_mixes_into_a_main_effect_is_reported_and_the_foldover_clears_it():
    """10 factors, one true +12 % main effect (f1) and a +15 % interaction of f2 and f3 that a
    12-run Plackett–Burman design adds a third of to every other main effect: alone, the
    estimates carry it (f1's is off by it, the null factors' are not zero) and each effect says it
    is partly confounded; with the foldover the same interaction leaves f1 at +12 % and every null
    factor at zero, and nothing is said confounded."""
    import math

    names = NAMES[:10]
    truth, interaction = {"f1": math.log(1.12)}, (("f2", "f3"), math.log(1.15))
    alone = make_design(base_design(names, max_runs=12), 8, seed=3)
    folded = make_design(base_design(names), 4, seed=3)  # the same 96 runs
    assert alone.base.kind == PLACKETT_BURMAN and folded.base.kind == FOLDOVER
    found_alone = analyse(alone, simulate(alone, truth, 0.001, 1, interaction, 0.05), HIGHER)
    found_folded = analyse(folded, simulate(folded, truth, 0.001, 1, interaction, 0.05), HIGHER)
    for found, carries in ((found_alone, True), (found_folded, False)):
        f1 = found.effects[0]
        assert f1.verdict == MATTERS
        bias = abs(f1.estimate - truth["f1"])  # alone, f1 too carries a third of the interaction
        assert bias == pytest.approx(interaction[1] / 3, rel=0.1) if carries else bias < 0.005
        for effect in found.effects[3:]:  # the factors outside the interaction, none with an effect
            assert effect.partly_confounded == carries and not effect.confounded_with
            if carries:
                assert abs(effect.estimate) == pytest.approx(interaction[1] / 3, rel=0.1)
            else:
                assert abs(effect.estimate) < 0.005 and effect.verdict != MATTERS
    assert any("partly confounded" in line for line in found_alone.lines())


def test_plackett_burman_says_each_main_effect_is_partly_confounded():
    words = " ".join(base_design(NAMES[:10], max_runs=12).aliases.words())
    assert "Each main effect is partly confounded with two-factor interactions" in words
    assert "adds a third of itself" in words


# --- blocks and orders --------------------------------------------------------------------------


def test_each_block_runs_every_row_once_in_an_order_the_seed_draws_again():
    design = make_design(NAMES[:8], 3, seed=1234)
    assert design.seed == 1234 and design.replicates == 3
    for order in design.orders:
        assert sorted(order) == list(range(16))
    assert make_design(NAMES[:8], 3, seed=1234).orders == design.orders
    assert make_design(NAMES[:8], 5, seed=1234).orders[:3] == design.orders  # more blocks keep the first ones
    assert make_design(NAMES[:8], 3, seed=1235).orders != design.orders
    assert len({order for order in design.orders}) == 3  # drawn block by block
    runs = design.runs
    assert [(run.block, run.position) for run in runs[:2]] == [(1, 1), (1, 2)]
    assert all(run.codes == design.base.rows[run.row] for run in runs)
    assert block_order(16, 2, 1234) == design.orders[1]


def test_an_unseeded_design_draws_a_seed_and_keeps_it():
    design = make_design(NAMES[:4], 2)
    assert make_design(NAMES[:4], 2, seed=design.seed).orders == design.orders


@pytest.mark.parametrize("replicates, seed, words", [(0, 1, "at least one replicate"), (1, -1, "whole number"),
                                                     (1, 2**31, "whole number")])
def test_a_design_without_replicates_or_with_a_bad_seed_is_refused(replicates, seed, words):
    with pytest.raises(UsageError, match=words):
        make_design(NAMES[:4], replicates, seed)


def test_the_seed_limit_is_the_paired_studies():
    from fstune.plan import ORDER_SEED_LIMIT
    from fstune.stats.scales import DEFAULT_DELTA as PAIRED_DELTA
    from fstune.screening.design import SEED_LIMIT

    assert SEED_LIMIT == ORDER_SEED_LIMIT and DEFAULT_DELTA == PAIRED_DELTA


# --- the budget ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text, seconds", [("30 minutes", 1800), ("1h30m", 5400), ("90 s", 90), ("45", 45),
                                           ("2 hours 5 min", 7500), ("1.5h", 5400)])
def test_a_duration_is_read_as_people_write_it(text, seconds):
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["soon", "30 parsecs", "", "5 m x"])
def test_a_duration_that_is_not_one_is_refused(text):
    with pytest.raises(UsageError, match="is not a duration"):
        parse_duration(text)


def test_the_budget_buys_whole_replicates_and_says_what_they_find():
    base = base_design(NAMES[:8])
    budget = plan_budget(base, 45, 30 * 60, 0.073)
    assert budget.replicates == 2 and budget.runs == 32  # 16 runs × 45 s = 12 min a replicate
    assert budget.residual_df == 32 - 1 - 1 - 8 - 7 and budget.interactions_fitted == 7
    assert power_at(budget.detectable, 32, budget.residual_df, 8, 0.073) == pytest.approx(0.8, abs=1e-6)
    gain, loss = budget.detectable_percent
    assert 7 < gain < 9 and loss == pytest.approx(-100 * (1 - 1 / (1 + gain / 100)))
    words = " ".join(budget.words())
    assert "fits 2 replicates (32 runs in 2 blocks" in words and f"{gain:+.1f} %" in words
    assert not budget.can_show_no_effect and "too noisy to tell" in words


def test_more_time_or_less_noise_finds_smaller_effects_and_a_quiet_machine_can_show_no_effect():
    base = base_design(NAMES[:8])
    short, long = plan_budget(base, 45, 30 * 60, 0.073), plan_budget(base, 45, 120 * 60, 0.073)
    quiet = plan_budget(base, 45, 30 * 60, 0.02)
    assert long.detectable < short.detectable and quiet.detectable < short.detectable
    assert quiet.can_show_no_effect and "too noisy" not in " ".join(quiet.words())


def test_a_budget_too_short_for_one_replicate_says_so_and_the_plan_is_refused():
    base = base_design(NAMES[:8])
    budget = plan_budget(base, 60, 10 * 60, 0.073)
    assert budget.replicates == 0 and budget.detectable is None
    assert "does not fit one replicate: give it at least 16 min" in budget.words()[-1]
    with pytest.raises(UsageError, match="does not fit one replicate"):
        plan_screening(Setup("ext4"), pick("ext4", ["atime", "commit"]), seconds_per_run=60, budget_seconds=60)


def test_a_budget_whose_runs_leave_the_noise_no_degree_of_freedom_is_refused():
    from fstune.filesystems import MOUNT_FACTOR, ScreeningFactor

    saturated = plan_budget(base_design(NAMES[:11], max_runs=12), 60, 12 * 60, 0.073)  # 12 runs, 11 factors, a constant
    assert saturated.replicates == 1 and saturated.residual_df == 0 and saturated.detectable is None
    assert "no degrees of freedom" in saturated.words()[-1]
    discard = ScreeningFactor("discard", MOUNT_FACTOR, ("nodiscard",), ("discard",))
    factors = (*pick("ext4", [factor.name for factor in offered("ext4") if factor.name not in ("data", "journal")]),
               discard)
    assert len(factors) == 11
    with pytest.raises(UsageError, match="no degrees of freedom"):
        plan_screening(Setup("ext4"), factors, seconds_per_run=60, budget_seconds=12 * 60)
    folded = plan_screening(Setup("ext4"), factors, seconds_per_run=60, budget_seconds=24 * 60)
    assert folded.design.base.kind == FOLDOVER and folded.budget.residual_df == 11 and folded.design.blocks == 2
    assert not folded.note


def test_the_detectable_effect_follows_the_standard_error_of_a_main_effect():
    # 2σ/√N with σ = spread/√2: the paired study's contrast of N/2 blocks, per factor, for free
    assert effect_se(32, 0.073) == pytest.approx(0.073 / math.sqrt(16))
    big = detectable_effect(10_000, 10_000, 1, 0.073, 0.8, 0.05)
    assert big == pytest.approx((1.959964 + 0.841621) * effect_se(10_000, 0.073), rel=1e-3)  # the z formula


def test_the_model_fits_interaction_groups_only_when_the_noise_keeps_its_degrees_of_freedom():
    base = base_design(NAMES[:8])
    one, two = choose_model(base, 1, 16), choose_model(base, 2, 32)
    assert (len(one.chains), one.residual_df, one.left_out) == (0, 7, 7)
    assert len(two.chains) == 7 and two.residual_df == 15 >= MIN_RESIDUAL_DF
    assert choose_model(base_design(NAMES[:10], max_runs=12), 3, 36).chains == ()  # Plackett–Burman: no clear group


# --- the analysis -------------------------------------------------------------------------------


def simulate(design, effects: dict[str, float], sigma: float, seed: int, interaction=None, block_spread=0.5):
    rng = np.random.default_rng(seed)
    offsets = rng.normal(0, block_spread, design.blocks)
    values = []
    for run in design.runs:
        levels = dict(zip(design.names, run.codes))
        log = 3 + offsets[run.block - 1] + sum(size / 2 * levels[name] for name, size in effects.items())
        if interaction:
            (a, b), size = interaction
            log += size / 2 * levels[a] * levels[b]
        values.append(math.exp(log + rng.normal(0, sigma)))
    return values


def test_true_effects_matter_null_ones_show_none_and_the_blocks_are_taken_out():
    design = make_design(NAMES[:8], 4, seed=9)
    values = simulate(design, {"f1": math.log(1.12), "f2": math.log(0.9)}, 0.002, seed=1)
    result = analyse(design, values, HIGHER)
    up, down = result.effect("f1"), result.effect("f2")
    assert up.verdict == MATTERS and up.percent == pytest.approx(12, abs=0.3) and up.better == 1
    assert down.verdict == MATTERS and down.percent == pytest.approx(-10, abs=0.3) and down.better == -1
    assert up.low < math.log(1.12) < up.high
    for effect in result.effects[2:]:
        assert effect.verdict == NO_EFFECT and -0.02 < effect.percent / 100 < 0.02
    assert result.spread == pytest.approx(0.002 * math.sqrt(2), rel=0.3)
    assert up.text.startswith("f1 (first → second): matters: +12.0 % [+")
    assert result.confirmation.codes == (1, -1, -1, -1, -1, -1, -1, -1)
    assert result.confirmation.changes and "f1 at second, f2 at first" in result.confirmation.text


def test_which_level_is_better_follows_the_metric_s_direction():
    design = make_design(NAMES[:6], 3, seed=2)
    values = simulate(design, {"f1": math.log(1.2)}, 0.01, seed=2)
    higher, lower = analyse(design, values, HIGHER), analyse(design, values, LOWER)
    assert higher.effect("f1").better == 1 and lower.effect("f1").better == -1
    assert higher.confirmation.changes and not lower.confirmation.changes
    assert "keep the first levels" in lower.lines()[-1]


def test_noise_the_runs_cannot_beat_reads_too_noisy_to_tell_and_proposes_nothing():
    design = make_design(NAMES[:6], 2, seed=3)
    result = analyse(design, simulate(design, {}, 0.3, seed=3), HIGHER)
    assert {effect.verdict for effect in result.effects} == {TOO_NOISY}
    assert result.confirmation is None and result.lines()[-1].startswith("No factor matters")


def test_an_interaction_in_an_aliased_group_is_reported_as_the_group_never_by_its_own_name():
    design = make_design(NAMES[:8], 3, seed=4)
    truth = math.log(1.15)
    values = simulate(design, {}, 0.005, seed=4, interaction=(("f3", "f4"), truth))
    result = analyse(design, values, HIGHER)
    [group] = [one for one in result.interactions if "f3×f4" in one.members]
    assert group.aliased and len(group.members) == 4 and group.label != "f3×f4"
    assert group.low < truth < group.high
    assert all(one.label != "f3×f4" for one in result.interactions)
    assert "aliased: the design cannot tell these apart" in group.text and "described, not judged" in group.text
    assert all(effect.verdict != MATTERS for effect in result.effects)  # resolution IV: mains stay clear


def test_a_full_factorial_s_interactions_are_clean_estimates():
    design = make_design(NAMES[:3], 3, seed=5)
    result = analyse(design, simulate(design, {}, 0.005, seed=5, interaction=(("f1", "f2"), math.log(1.1))), HIGHER)
    assert [one.label for one in result.interactions] == ["f1×f2", "f1×f3", "f2×f3"]
    assert not any(one.aliased for one in result.interactions)
    assert result.interactions[0].low < math.log(1.1) < result.interactions[0].high


def test_a_plackett_burman_result_says_each_main_effect_is_partly_confounded():
    design = make_design(base_design(NAMES[:10], max_runs=12), 3, seed=6)
    result = analyse(design, simulate(design, {"f1": math.log(1.1)}, 0.01, seed=6), HIGHER)
    assert result.interactions == ()
    assert all(effect.partly_confounded for effect in result.effects)
    assert "partly confounded with two-factor interactions" in result.effect("f1").text


def test_matters_exactly_when_holm_rejects_and_the_interval_excludes_zero():
    design = make_design(NAMES[:8], 2, seed=7)
    seen = set()
    for seed in range(60):
        rng = np.random.default_rng(seed)
        effects = {name: float(rng.normal(0, 0.05)) for name in NAMES[:8]}
        result = analyse(design, simulate(design, effects, 0.05, seed=seed), HIGHER)
        p = [effect.p_value for effect in result.effects]
        levels = holm_levels(p, [effect.verdict == MATTERS for effect in result.effects], ALPHA)
        for effect, level in zip(result.effects, levels):
            excludes = effect.low > 0 or effect.high < 0
            assert (effect.verdict == MATTERS) == excludes == (effect.holm_p <= ALPHA)
            assert effect.level == pytest.approx(level)
            seen.add(effect.verdict)
    assert seen == {MATTERS, TOO_NOISY}


def test_holm_levels_step_down_then_stay_at_the_level_that_failed():
    assert holm_levels([0.001, 0.2, 0.004, 0.5], [True, False, True, False], 0.04) == [0.01, 0.02, 0.04 / 3, 0.02]


def test_runs_without_a_figure_are_left_out_and_counted():
    design = make_design(NAMES[:6], 3, seed=8)
    values = simulate(design, {"f1": math.log(1.2)}, 0.01, seed=8)
    values[0], values[17] = None, float("nan")
    result = analyse(design, values, HIGHER)
    assert result.missing == ((1, 1), (2, 2)) and result.effect("f1").verdict == MATTERS
    assert "46 runs measured, 2 without a figure" in result.lines()[0]


def test_what_cannot_be_analysed_is_refused():
    design = make_design(NAMES[:8], 1, seed=9)
    values = simulate(design, {}, 0.01, seed=9)
    with pytest.raises(UsageError, match="16 runs, but 15 figures"):
        analyse(design, values[:15], HIGHER)
    with pytest.raises(UsageError, match="needs figures above 0"):
        analyse(design, [0.0, *values[1:]], HIGHER)
    with pytest.raises(UsageError, match="can no longer tell every factor apart"):
        analyse(design, [None] * 8 + values[8:], HIGHER)
    with pytest.raises(ValueError):
        analyse(design, values, "sideways")


def test_the_plan_maps_the_result_to_the_configurations_to_confirm():
    setup = Setup("ext4")
    factors = pick("ext4", ["atime", "commit", "barrier", "delalloc", "lazytime", "inode_ratio"])
    plan = plan_screening(setup, factors, seconds_per_run=30, budget_seconds=30 * 60, seed=11)
    values = simulate(plan.design, {"barrier": math.log(1.3), "delalloc": math.log(0.85)}, 0.01, seed=11)
    result = plan.analyse(values, HIGHER)
    barrier = result.effect("barrier")
    assert barrier.text.startswith("barrier (barrier → nobarrier): matters: +")
    assert barrier.interval_percent[0] < 30 < barrier.interval_percent[1]
    baseline, proposal = plan.confirmation(result)
    assert baseline.mount == ("relatime", "commit=5", "barrier", "delalloc", "nolazytime")
    assert proposal.mount == ("relatime", "commit=5", "nobarrier", "delalloc", "nolazytime")
    assert proposal.mkfs == baseline.mkfs == ("-i", "16384")
    assert "To confirm: barrier at nobarrier, delalloc at delalloc" in result.lines()[-1]
    words = " ".join(plan.words())
    assert "Screening 6 factors on ext4" in words and f"seed {plan.design.seed}" in words


def test_the_direction_comes_from_the_metric_s_declaration():
    assert primary_direction("metadata", "dbench.throughput_mbs") == HIGHER
    assert primary_direction("writes", "build.seconds") == LOWER
    with pytest.raises(UsageError, match="can be 0"):
        primary_direction("writes", "build.journal_mb_written")
    with pytest.raises(UsageError, match="not a figure fstune declares"):
        primary_direction("metadata", "nothing.at_all")


def test_importing_the_screening_package_loads_no_statistics_library():
    code = ("import sys\nimport fstune.screening, fstune.filesystems\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'numpy', 'scipy', 'statsmodels', 'pydoe', "
            "'pandas', 'textual'}))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


# --- what docs/screening.md quotes --------------------------------------------------------------

DOCS = Path(__file__).resolve().parent.parent / "docs" / "screening.md"


def test_the_docs_budget_table_is_what_the_budget_says_today():
    row = r"^\| (\d+) \| ([^|]+) \| (\d+) min \| (\d+) \((\d+) runs\) \| (\d+) \| ([^|]+) \| ±([\d.]+) % \|$"
    rows = re.findall(row, DOCS.read_text(), flags=re.M)
    assert len(rows) >= 5
    for factors, title, minutes, replicates, runs, df, detectable, half in rows:
        budget = plan_budget(base_design(NAMES[:int(factors)]), 45, int(minutes) * 60, 0.073)
        gain, loss = budget.detectable_percent
        assert (budget.base.title, budget.replicates, budget.runs, budget.residual_df) == (
            title.strip(), int(replicates), int(runs), int(df))
        assert detectable.strip() == f"+{gain:.1f} % / {loss:.1f} %"
        assert half == f"{math.expm1(budget.half_width) * 100:.1f}"


def test_the_docs_plan_in_words_is_what_the_plan_says_today():
    blocks = re.findall(r"```\n(.*?)```", DOCS.read_text(), flags=re.S)
    [block] = [b for b in blocks if b.startswith("# plan_screening(")]
    call, *lines = block.rstrip("\n").split("\n")
    names = ["atime", "commit", "barrier", "delalloc", "lazytime", "inode_ratio"]
    assert call == (f'# plan_screening(Setup("ext4"), pick("ext4", {names!r}), seconds_per_run=45, '
                    'budget_seconds=1800, seed=27).words()').replace("'", '"')
    assert lines == plan_screening(Setup("ext4"), pick("ext4", names), seconds_per_run=45, budget_seconds=1800,
                                   seed=27).words()
