"""The screening design: which configurations run, in which blocks and in which order.

The choice (docs/screening.md, "The design"): a full factorial up to 4 factors; above that the
fractional factorial of the highest resolution (V, else IV) that pyDOE can make within the cap
on runs per replicate; else a Plackett–Burman design (resolution III). pyDOE makes the matrices
(``ff2n``, ``fracfact_by_res``, ``pbdesign``): no design table is written here. What each
design confounds is read from its matrix (``aliases.py``).

Each replicate of the design is one block, and each block's runs go in an order drawn for that
block from a seed: the seed is kept with the design, and the same seed gives the same orders
(as the paired studies draw theirs, docs/verdicts.md, "Blocks, and why the order is drawn").

pyDOE and numpy are imported only when a design is made, so importing fstune costs nothing.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from fstune.errors import UsageError
from fstune.screening.aliases import Aliases, alias_structure

FULL_FACTORIAL, FRACTIONAL, PLACKETT_BURMAN = "full factorial", "fractional factorial", "Plackett–Burman"
MIN_FACTORS = 2  # one factor is an ordinary study of two configurations
MAX_FULL_FACTORIAL = 4  # 16 runs; a fifth factor doubles it, and a half fraction of resolution V costs as much
# Runs per replicate, and so per block: a block is measured back to back, and drift within a
# block is not taken out by the blocks (docs/screening.md, "The design")
DEFAULT_MAX_RUNS = 16
SEED_LIMIT = 2**31  # as the paired studies' order seeds (fstune.plan.ORDER_SEED_LIMIT)


@dataclass(frozen=True)
class BaseDesign:
    """One replicate: the ±1 matrix (runs × factors, factors in the order given), what kind of
    design it is, and what it confounds."""

    names: tuple[str, ...]
    rows: tuple[tuple[int, ...], ...]
    kind: str  # FULL_FACTORIAL | FRACTIONAL | PLACKETT_BURMAN
    aliases: Aliases

    @property
    def runs(self) -> int:
        return len(self.rows)

    @property
    def factors(self) -> int:
        return len(self.names)

    @property
    def resolution(self) -> int | None:
        """None for a full factorial (nothing is confounded)."""
        return self.aliases.resolution

    @property
    def title(self) -> str:
        """"fractional factorial, resolution IV, 16 runs"."""
        if self.kind == FULL_FACTORIAL:
            return f"full factorial, {self.runs} runs"
        return f"{self.kind}, {self.aliases.headline}, {self.runs} runs"


@dataclass(frozen=True)
class Run:
    """One configuration made and measured: where it runs and the level of each factor."""

    block: int  # 1-based: the replicate
    position: int  # 1-based place in the block
    row: int  # 0-based row of the base design
    codes: tuple[int, ...]  # −1 (first level) or +1 (second level), one per factor


@dataclass(frozen=True)
class Design:
    """The base design replicated in blocks, each block in its drawn order."""

    base: BaseDesign
    seed: int
    orders: tuple[tuple[int, ...], ...]  # per block, the base rows in the order they run

    @property
    def names(self) -> tuple[str, ...]:
        return self.base.names

    @property
    def replicates(self) -> int:
        return len(self.orders)

    @cached_property  # frozen all the same: cached_property writes the instance's __dict__ itself
    def runs(self) -> tuple[Run, ...]:
        """Every run, in the order they are measured: block by block."""
        return tuple(Run(block, position, row, self.base.rows[row])
                     for block, order in enumerate(self.orders, start=1)
                     for position, row in enumerate(order, start=1))


def draw_seed() -> int:
    return secrets.randbelow(SEED_LIMIT)


def block_order(runs: int, block: int, seed: int) -> tuple[int, ...]:
    """The order of the ``runs`` rows in block ``block`` (1-based): a permutation drawn for that
    block alone from ``seed``, so the same seed gives the same orders however many blocks a
    design has, and no disturbance that comes back every block can line up with an order."""
    return tuple(random.Random(f"screening:{seed}:{block}").sample(range(runs), runs))


def base_design(names: Sequence[str], max_runs: int = DEFAULT_MAX_RUNS) -> BaseDesign:
    """The design for these factors within ``max_runs`` runs per replicate (docs/screening.md)."""
    return _base_design(tuple(names), max_runs)


@lru_cache(maxsize=64)  # the same factors give the same design: a simulation asks thousands of times
def _base_design(names: tuple[str, ...], max_runs: int) -> BaseDesign:
    count = len(names)
    if len(set(names)) != count:
        raise UsageError("each factor may be named once in a screening design.")
    if count < MIN_FACTORS:
        raise UsageError(f"a screening design needs at least {MIN_FACTORS} factors; for one, compare its two "
                         "levels in an ordinary study.")
    for kind, matrix in _candidates(count):
        if matrix.shape[0] <= max_runs:
            rows = tuple(tuple(int(value) for value in row) for row in matrix)
            return BaseDesign(names, rows, kind, alias_structure(names, rows))
    smallest = min(matrix.shape[0] for _kind, matrix in _candidates(count))
    raise UsageError(f"{count} factors need at least {smallest} runs per replicate, more than the cap of {max_runs}.",
                     "Screen fewer factors, or allow more runs per replicate.")


def _candidates(count: int):
    """(kind, matrix) in the order of preference: full factorial (up to 4 factors), a fraction of
    resolution V, then IV, then Plackett–Burman."""
    import numpy as np
    from pydoe import ff2n, fracfact_by_res, pbdesign

    if count <= MAX_FULL_FACTORIAL:
        yield FULL_FACTORIAL, np.asarray(ff2n(count))
    for resolution in (5, 4):
        try:
            matrix = np.asarray(fracfact_by_res(count, resolution))
        except ValueError:  # pyDOE cannot make one for this many factors
            continue
        if matrix.shape[0] < 2 ** count:
            yield FRACTIONAL, matrix
    yield PLACKETT_BURMAN, np.asarray(pbdesign(count))


def make_design(names: Sequence[str], replicates: int, seed: int | None = None,
                max_runs: int = DEFAULT_MAX_RUNS) -> Design:
    """``replicates`` blocks of the design for ``names``, ordered from ``seed`` (drawn when None)."""
    if replicates < 1:
        raise UsageError("a screening design needs at least one replicate.")
    base = base_design(names, max_runs)
    seed = draw_seed() if seed is None else int(seed)
    if not 0 <= seed < SEED_LIMIT:
        raise UsageError(f"an order seed is a whole number from 0 to {SEED_LIMIT - 1}.")
    return Design(base, seed, tuple(block_order(base.runs, block, seed) for block in range(1, replicates + 1)))
