"""The screening design: which configurations run, in which blocks and in which order.

The choice (docs/screening.md, "The design"): a full factorial up to 4 factors; above that the
fractional factorial of the highest resolution (V, else IV) that pyDOE can make within the cap
on runs per block; above that a Plackett–Burman design (resolution III) run with its foldover —
the same design with every level switched, in the next block — which frees the main effects of
the two-factor interactions (resolution IV) for twice the runs, and the Plackett–Burman design
alone when the budget does not fit that (``fold=False``) or ``max_runs`` does not allow it.
pyDOE makes the matrices (``ff2n``, ``fracfact_by_res``, ``pbdesign``, ``fold``): no design
table is written here. What each design confounds is read from its matrix (``aliases.py``).

Each replicate of the design is one block (a foldover's: two, the design and its mirror), and
each block's runs go in an order drawn for that block from a seed: the seed is kept with the
design, and the same seed gives the same orders (as the paired studies draw theirs,
docs/verdicts.md, "Blocks, and why the order is drawn").

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
FOLDOVER = "Plackett–Burman with its foldover"  # the design, then its mirror in the next block
MIN_FACTORS = 2  # one factor is an ordinary study of two configurations
MAX_FULL_FACTORIAL = 4  # 16 runs; a fifth factor doubles it, and a half fraction of resolution V costs as much
# Runs per block unless --max-runs says otherwise: a block is measured back to back, and drift
# within a block is not taken out by the blocks (docs/screening.md, "The design")
MAX_BLOCK_RUNS = 16
SEED_LIMIT = 2**31  # as the paired studies' order seeds (fstune.plan.ORDER_SEED_LIMIT)


@dataclass(frozen=True)
class BaseDesign:
    """One replicate: the ±1 matrix (runs × factors, factors in the order given), what kind of
    design it is, and what it confounds."""

    names: tuple[str, ...]
    rows: tuple[tuple[int, ...], ...]
    kind: str  # FULL_FACTORIAL | FRACTIONAL | FOLDOVER | PLACKETT_BURMAN
    aliases: Aliases

    @property
    def runs(self) -> int:
        """Distinct runs: one replicate."""
        return len(self.rows)

    @property
    def halves(self) -> int:
        """Blocks per replicate: 2 for a foldover (the design in one, its mirror in the next)."""
        return 2 if self.kind == FOLDOVER else 1

    @property
    def block_runs(self) -> int:
        return self.runs // self.halves

    def block_rows(self, block: int) -> range:
        """The base rows block ``block`` (1-based) runs: all of them, or a foldover's half."""
        half = (block - 1) % self.halves
        return range(half * self.block_runs, (half + 1) * self.block_runs)

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
        if self.kind == FOLDOVER:
            return f"{self.kind}, {self.aliases.headline}, {self.runs} runs in two blocks of {self.block_runs}"
        return f"{self.kind}, {self.aliases.headline}, {self.runs} runs"

    def words(self) -> list[str]:
        """What the design is, beyond its aliases, in sentences (a foldover says how it is run)."""
        if self.kind != FOLDOVER:
            return []
        return [f"The {self.block_runs}-run Plackett–Burman design is run with its foldover: the same runs with "
                "every level switched, in the next block. Together they free each main effect of the two-factor "
                "interactions, which a Plackett–Burman design alone mixes into it; the block effect takes out what "
                "differs between the two halves."]


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
    def blocks(self) -> int:
        return len(self.orders)

    @property
    def replicates(self) -> int:
        return len(self.orders) // self.base.halves

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


def base_design(names: Sequence[str], max_runs: int | None = None, *, fold: bool = True,
                kind: str | None = None) -> BaseDesign:
    """The design for these factors within ``max_runs`` distinct runs (None: blocks of at most
    ``MAX_BLOCK_RUNS``), in the order of preference (docs/screening.md); ``fold=False`` leaves out
    the foldover, ``kind`` takes the first design of that kind (a stored run made again)."""
    found = designs(names, max_runs, fold=fold)
    if kind is not None:
        found = [base for base in found if base.kind == kind]
        if not found:
            raise UsageError(f"pyDOE makes no {kind} design for these {len(names)} factors within "
                             f"{max_runs or MAX_BLOCK_RUNS} runs.")
    return found[0]


def designs(names: Sequence[str], max_runs: int | None = None, *, fold: bool = True) -> list[BaseDesign]:
    """Every design that fits, best first (never empty: UsageError says what the cap allows)."""
    return list(_designs(tuple(names), max_runs, fold))


@lru_cache(maxsize=64)  # the same factors give the same designs: a simulation asks thousands of times
def _designs(names: tuple[str, ...], max_runs: int | None, fold: bool) -> tuple[BaseDesign, ...]:
    count = len(names)
    if len(set(names)) != count:
        raise UsageError("each factor may be named once in a screening design.")
    if count < MIN_FACTORS:
        raise UsageError(f"a screening design needs at least {MIN_FACTORS} factors; for one, compare its two "
                         "levels in an ordinary study.")
    if max_runs is not None and max_runs < 1:
        raise UsageError("--max-runs is a number of runs, at least 1.")
    found, smallest = [], None
    for kind, matrix in _candidates(count):
        if kind == FOLDOVER and not fold:
            continue
        runs = matrix.shape[0]
        block = runs // (2 if kind == FOLDOVER else 1)
        smallest = runs if smallest is None else min(smallest, runs)
        if (runs if max_runs is not None else block) <= (max_runs or MAX_BLOCK_RUNS):
            rows = tuple(tuple(int(value) for value in row) for row in matrix)
            found.append(BaseDesign(names, rows, kind, alias_structure(names, rows)))
    if not found:
        if max_runs is not None:
            raise UsageError(f"{count} factors need at least {smallest} distinct runs; --max-runs {max_runs} allows "
                             f"{max_runs}.", "Allow more runs with --max-runs, or screen fewer factors.")
        raise UsageError(f"{count} factors need more than {MAX_BLOCK_RUNS} runs per block.",
                         "Screen fewer factors, or allow more runs with --max-runs.")
    return tuple(found)


def _candidates(count: int):
    """(kind, matrix) in the order of preference: full factorial (up to 4 factors), a fraction of
    resolution V, then IV, then Plackett–Burman with its foldover, then Plackett–Burman alone."""
    import numpy as np
    from pydoe import ff2n, fold, fracfact_by_res, pbdesign

    if count <= MAX_FULL_FACTORIAL:
        yield FULL_FACTORIAL, np.asarray(ff2n(count))
    for resolution in (5, 4):
        try:
            matrix = np.asarray(fracfact_by_res(count, resolution))
        except ValueError:  # pyDOE cannot make one for this many factors
            continue
        if matrix.shape[0] < 2 ** count:
            yield FRACTIONAL, matrix
    plackett_burman = np.asarray(pbdesign(count))
    if 2 * plackett_burman.shape[0] < 2 ** count:
        yield FOLDOVER, np.asarray(fold(plackett_burman))
    yield PLACKETT_BURMAN, plackett_burman


def make_design(names: Sequence[str] | BaseDesign, replicates: int, seed: int | None = None,
                max_runs: int | None = None) -> Design:
    """``replicates`` replicates of the design for ``names`` (or of ``names``, a base design),
    each one block (a foldover's two), ordered from ``seed`` (drawn when None)."""
    if replicates < 1:
        raise UsageError("a screening design needs at least one replicate.")
    base = names if isinstance(names, BaseDesign) else base_design(names, max_runs)
    seed = draw_seed() if seed is None else int(seed)
    if not 0 <= seed < SEED_LIMIT:
        raise UsageError(f"an order seed is a whole number from 0 to {SEED_LIMIT - 1}.")
    orders = []
    for block in range(1, replicates * base.halves + 1):
        rows = base.block_rows(block)
        orders.append(tuple(rows[index] for index in block_order(len(rows), block, seed)))
    return Design(base, seed, tuple(orders))
