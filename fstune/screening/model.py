"""The linear model a screening design is analysed with, and the degrees of freedom it leaves.

On the log scale of the primary metric (docs/screening.md, "The model"):

    ln y = constant + block effect + Σ β_f · x_f + Σ γ_g · z_g + noise

with one effect per block beyond the first (each replicate is a block, so what changes between
replicates — a warmer cache, a busier neighbour — is taken out), x_f the ±1 column of factor f,
and z_g the column of each group of two-factor interactions the design can estimate clear of the
main effects (``Aliases.estimable_chains``: every interaction of a full factorial or a fraction
of resolution V, one column per aliased group at resolution IV, none in a Plackett–Burman
design). A factor's main effect, from its first level to its second, is 2β_f.

The interaction columns are fitted only when they leave at least ``MIN_RESIDUAL_DF`` degrees of
freedom for the noise; otherwise they are left to the noise (which they can only inflate: their
columns are orthogonal to the main effects'). Below that many the t quantile at Holm's strictest
level grows fast (for 8 factors at 4 %: 3.8 with 8 degrees of freedom, 3.6 with 10, 3.2 with 20),
and every interval with it (2.8 with unlimited freedom). The same rule serves the plan's detectable
effect and the analysis.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fstune.screening.aliases import Chain
from fstune.screening.design import BaseDesign

MIN_RESIDUAL_DF = 10


@dataclass(frozen=True)
class Model:
    """Which columns are fitted: the blocks, the main effects and ``chains``."""

    blocks: int  # blocks with at least one run
    runs: int
    factors: int
    chains: tuple[Chain, ...]  # interaction groups fitted
    left_out: int  # estimable interaction groups left to the noise for want of degrees of freedom

    @property
    def parameters(self) -> int:
        return 1 + (self.blocks - 1) + self.factors + len(self.chains)

    @property
    def residual_df(self) -> int:
        """The noise's degrees of freedom when every column is estimable (all runs present)."""
        return self.runs - self.parameters


def choose_model(base: BaseDesign, blocks: int, runs: int) -> Model:
    """The model for ``runs`` runs of ``base`` in ``blocks`` blocks: the estimable interaction
    groups when they leave ``MIN_RESIDUAL_DF`` degrees of freedom, else none."""
    estimable = base.aliases.estimable_chains
    with_them = Model(blocks, runs, base.factors, estimable, 0)
    if estimable and with_them.residual_df >= MIN_RESIDUAL_DF:
        return with_them
    return Model(blocks, runs, base.factors, (), len(estimable))


def exog(base: BaseDesign, model: Model, runs: Sequence[tuple[int, tuple[int, ...]]]):
    """The model's columns for ``runs`` ((block, codes) each), and their names: the constant,
    one indicator per block after the first that has runs, the factors' ±1 columns, then one
    column per fitted interaction group (the product of its first member's two factors)."""
    import numpy as np

    blocks = sorted({block for block, _codes in runs})
    codes = np.asarray([row for _block, row in runs], dtype=float).reshape(len(runs), base.factors)
    columns = [np.ones(len(runs))]
    names = ["constant"]
    for block in blocks[1:]:
        columns.append(np.asarray([1.0 if mine == block else 0.0 for mine, _codes in runs]))
        names.append(f"block {block}")
    for index, name in enumerate(base.names):
        columns.append(codes[:, index])
        names.append(name)
    for chain in model.chains:
        first, second = chain.members[0]
        columns.append(codes[:, first] * codes[:, second])
        names.append(base.aliases.chain_label(chain))
    return np.column_stack(columns), names
