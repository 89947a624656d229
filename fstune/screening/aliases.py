"""What a two-level design cannot tell apart, read from its matrix and said in plain words.

Nothing here is a table: the alias structure is computed from the design's own ±1 columns
(docs/screening.md, "What the design confounds"). For each main effect, the two-factor
interactions whose column is the main effect's column (fully confounded: a regular design of
resolution III) or correlates with it without being it (partly confounded: a Plackett–Burman
design of 12 runs). The two-factor interactions that no main effect shares are grouped by their
column: a group of several (resolution IV) is one estimable column whose estimate is the sum of
its members, which the analysis reports as aliased, never as any one member's effect. The
resolution is the length of the shortest word of the defining relation: the fewest columns whose
product is constant.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

ROMAN = {3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII", 8: "VIII"}

Pair = tuple[int, int]  # a two-factor interaction: the indices of its factors, lower first


@dataclass(frozen=True)
class Chain:
    """Two-factor interactions that share one column (up to sign), clear of every main effect."""

    members: tuple[Pair, ...]
    signs: tuple[int, ...]  # each member's column is sign × the chain's column (the first member's)
    clear: bool  # orthogonal to every other chain: its estimate is its own (a regular design)

    @property
    def aliased(self) -> bool:
        return len(self.members) > 1


@dataclass(frozen=True)
class MainAliases:
    """What shares a main effect's column."""

    full: tuple[Pair, ...]  # interactions whose column is ± this one
    partial: tuple[tuple[Pair, Fraction], ...]  # interactions correlated with it by this much (not ±1)


@dataclass(frozen=True)
class Aliases:
    names: tuple[str, ...]
    resolution: int | None  # None: a full factorial, no defining relation
    regular: bool  # every pair of effect columns is orthogonal or identical up to sign
    mains: tuple[MainAliases, ...]
    chains: tuple[Chain, ...]

    def pair(self, pair: Pair) -> str:
        """"commit×data"."""
        return f"{self.names[pair[0]]}×{self.names[pair[1]]}"

    def chain_label(self, chain: Chain) -> str:
        """"commit×data = atime×barrier" (a member of the opposite sign in parentheses, negated)."""
        return " = ".join(self.pair(member) if sign > 0 else f"−({self.pair(member)})"
                          for member, sign in zip(chain.members, chain.signs))

    @property
    def estimable_chains(self) -> tuple[Chain, ...]:
        """The interaction groups a model can fit beside the main effects: each one's column is
        orthogonal to every main effect and to every other group."""
        return tuple(chain for chain in self.chains if chain.clear)

    @property
    def headline(self) -> str:
        if self.resolution is None:
            return "full factorial"
        return f"resolution {ROMAN.get(self.resolution, str(self.resolution))}"

    def words(self) -> list[str]:
        """The alias structure as sentences, for the plan and the report."""
        if self.resolution is None:
            return ["Every combination of levels is run (a full factorial): no effect is confounded with another; "
                    "each main effect and each two-factor interaction is estimated on its own."]
        sentences = []
        confounded_mains = [(index, aliases) for index, aliases in enumerate(self.mains) if aliases.full]
        partly = [(index, aliases) for index, aliases in enumerate(self.mains) if aliases.partial]
        if not confounded_mains and not partly:
            sentences.append("Main effects are not confounded with two-factor interactions.")
        if confounded_mains:
            listed = "; ".join(f"{self.names[index]} with {_and(self.pair(p) for p in aliases.full)}"
                               for index, aliases in confounded_mains)
            sentences.append(f"Main effects are confounded with two-factor interactions: {listed}. A main effect's "
                             "estimate is its own effect plus those interactions.")
        if partly:
            shares = sorted({abs(weight) for _index, aliases in partly for _pair, weight in aliases.partial})
            share = _and(_fraction_words(value) for value in shares)
            sentences.append(f"Each main effect is partly confounded with two-factor interactions: an interaction of "
                             f"two other factors adds {share} of itself to a main effect's estimate.")
        aliased = [chain for chain in self.chains if chain.aliased]
        clean = [chain for chain in self.chains if not chain.aliased]
        if clean and not any(chain.clear for chain in self.chains):
            # no two interactions share a column, but their columns correlate: none is clear
            sentences.append("Two-factor interactions are partly confounded with one another: the design cannot "
                             "estimate any of them on its own.")
            sentences.append("Interactions of three or more factors are taken to be negligible.")
            return sentences
        if aliased:
            sentences.append("Two-factor interactions are confounded in groups: "
                             + "; ".join(self.chain_label(chain).replace(" = ", " with ") for chain in aliased)
                             + ". The design estimates each group's sum, never one member of it.")
        if clean and (aliased or confounded_mains or partly):
            sentences.append(f"Confounded with no other main effect or two-factor interaction: "
                             f"{_and(self.pair(chain.members[0]) for chain in clean)}.")
        elif clean and self.resolution >= 5:
            sentences.append("Two-factor interactions are confounded neither with main effects nor with each other.")
        sentences.append("Interactions of three or more factors are taken to be negligible.")
        return sentences


def alias_structure(names: tuple[str, ...], rows: tuple[tuple[int, ...], ...]) -> Aliases:
    """The alias structure of the design whose one replicate is ``rows`` (±1, runs × factors)."""
    import numpy as np

    matrix = np.asarray(rows, dtype=np.int64)
    runs, count = matrix.shape
    pairs: list[Pair] = list(combinations(range(count), 2))
    columns = {pair: matrix[:, pair[0]] * matrix[:, pair[1]] for pair in pairs}
    mains = []
    with_a_main: set[Pair] = set()
    for index in range(count):
        full, partial = [], []
        for pair in pairs:
            if index in pair:
                continue  # A×B is A's column only where B is constant: never in a two-level design
            weight = Fraction(int(matrix[:, index] @ columns[pair]), runs)
            if abs(weight) == 1:
                full.append(pair)
            elif weight:
                partial.append((pair, weight))
            if weight:
                with_a_main.add(pair)
        mains.append(MainAliases(tuple(full), tuple(partial)))
    groups: dict[tuple[int, ...], list[tuple[Pair, int]]] = {}
    for pair in pairs:
        if pair in with_a_main:
            continue
        column = columns[pair]
        sign = int(column[0])
        groups.setdefault(tuple(int(value) for value in column * sign), []).append((pair, sign))
    keys = list(groups)
    chains = []
    for key in keys:
        members = groups[key]
        lead = members[0][1]
        clear = all(int(np.asarray(key) @ np.asarray(other)) == 0 for other in keys if other != key)
        chains.append(Chain(tuple(pair for pair, _ in members), tuple(sign * lead for _, sign in members), clear))
    regular = all(not aliases.partial for aliases in mains) and all(chain.clear for chain in chains)
    resolution = _resolution(matrix)
    if not regular and any(aliases.partial for aliases in mains):
        # a Plackett–Burman design of 12 runs may have a long word (all 11 columns of the
        # saturated one multiply to a constant), but its main effects carry interactions: III
        resolution = 3
    elif not regular and resolution == 3 and not any(aliases.full for aliases in mains):
        # no word of three, and the main effects clear of every interaction, which are only
        # partly confounded among themselves (the foldover of a 12-run Plackett–Burman design):
        # IV, in the generalised sense
        resolution = 4
    return Aliases(tuple(names), resolution, regular, tuple(mains), tuple(chains))


def _resolution(matrix) -> int | None:
    """The length of the shortest word of the defining relation (the fewest columns whose
    product is constant); None for a full factorial; 3 for a design with no word at all (a
    Plackett–Burman design of 12 runs, whose main effects are partly confounded instead)."""
    import numpy as np

    runs, count = matrix.shape
    if runs == 2 ** count and len({tuple(row) for row in matrix.tolist()}) == runs:
        return None
    for length in range(1, count + 1):
        for subset in combinations(range(count), length):
            product = np.prod(matrix[:, list(subset)], axis=1)
            if abs(int(product.sum())) == runs:
                return length
    return 3


def _fraction_words(value: Fraction) -> str:
    return {Fraction(1, 2): "a half", Fraction(1, 3): "a third", Fraction(1, 4): "a quarter",
            Fraction(1, 5): "a fifth"}.get(value, f"{value.numerator}/{value.denominator}")


def _and(items) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
