"""Which factors a screening study may try together, and what each of its runs mounts and makes.

A factor is a ``ScreeningFactor`` (fstune/filesystems/base.py): one mount or mkfs option at two
levels, or the journal's/log's place (inside, or on the spare device: each run then has its own
placement, made as a paired study's configuration of it is). The filesystem modules declare the
ones they offer (``Filesystem.screening_factors``); a caller may make its own. Before any design
is made, ``check_factors`` puts every factor alone, and every pair at each of their four
combinations of levels, through the filesystem's own checks, at the run's own placement:
``check_mount_options`` (values and ranges, removed options, options the kernel refuses together
or undoes, a journal's options without a journal) and ``check_mkfs_options`` (the flags fstune
manages, an mkfs option the placement refuses). Two factors that set the same option (two values
of one option, an option and its negation, two atime modes, the same mkfs setting) are refused
too, since one would silently undo the other. A refused pair is never combined: the study is
refused, naming both factors and the rule (docs/screening.md, "Factors").

A design of resolution III or more holds every combination of two factors' levels, so checking
the pairs finds every clash of two; ``check_runs`` then checks each run of the chosen design as
a whole, for rules that need three options.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from fstune.errors import UsageError
from fstune.filesystems import (MKFS_FACTOR, MOUNT_FACTOR, PLACE_FACTOR, ScreeningFactor, check_mkfs_options,
                                check_mount_options, get, join_options, merge_options, split_options)


@dataclass(frozen=True)
class Setup:
    """What every run of a screening study shares: the filesystem, where its journal is (unless a
    place factor sets it run by run), and the mount and mkfs options that are not being screened."""

    filesystem: str
    journal: str | None = None  # a placement; None: the filesystem's default (its first)
    mount_options: tuple[str, ...] = ()  # "name" or "name=value" items
    mkfs_options: tuple[str, ...] = ()  # argv words

    def __post_init__(self) -> None:
        fs = get(self.filesystem)  # an unknown filesystem is refused here, with the known ones
        object.__setattr__(self, "mount_options", tuple(self.mount_options))
        object.__setattr__(self, "mkfs_options", tuple(self.mkfs_options))
        if self.journal is None:
            object.__setattr__(self, "journal", fs.placements[0])
        refusal = fs.placement_refusal(self.journal)
        if refusal:
            raise UsageError(refusal)


@dataclass(frozen=True)
class RunOptions:
    """What one run of the design is: its mount options, its mkfs options and its journal's place."""

    mount: tuple[str, ...]
    mkfs: tuple[str, ...]
    journal: str  # a placement: the setup's, or a place factor's level

    @property
    def mount_text(self) -> str:
        return ",".join(self.mount)


def offered(filesystem: str) -> tuple[ScreeningFactor, ...]:
    """The factors ``filesystem`` declares (``Filesystem.screening_factors``)."""
    return get(filesystem).screening_factors


def pick(filesystem: str, names: Iterable[str]) -> tuple[ScreeningFactor, ...]:
    """The declared factors called ``names``, in that order; UsageError naming what is offered."""
    fs = get(filesystem)
    known = {factor.name: factor for factor in fs.screening_factors}
    chosen = []
    for name in names:
        if name not in known:
            offer = ", ".join(known) or "none"
            raise UsageError(f"'{name}' is not a screening factor {fs.title} offers; it offers: {offer}.")
        chosen.append(known[name])
    return tuple(chosen)


def parse_factor(filesystem: str, text: str) -> ScreeningFactor:
    """A factor as a person types it (``fstune screen --factor``, a screening study file): a declared
    factor by its name or by either level's option (``noatime`` is ``atime``), ``NAME=A,B`` for two
    values of a mount option, ``NAME=A`` or ``OPTION`` for the option left out against set."""
    fs = get(filesystem)
    word = text.strip()
    if not word:
        raise UsageError("--factor names nothing; e.g. --factor noatime or --factor commit=5,60.")
    declared = {factor.name: factor for factor in offered(filesystem)}
    if word in declared:
        return declared[word]
    for factor in declared.values():
        if factor.kind == MOUNT_FACTOR and (word,) in (factor.first, factor.second):
            return factor
    name, equals, values = word.partition("=")
    key = re.sub(r"[^a-z0-9_]", "_", name.strip().lower()).strip("_") or "factor"
    if not key[0].isalpha():
        key = f"o_{key}"
    if equals:
        levels = [value.strip() for value in values.split(",")]
        if len(levels) == 1 and levels[0]:
            if key in declared:  # data=writeback is not the declared data factor (ordered / journal)
                key = f"{key}_{re.sub(r'[^a-z0-9_]', '_', levels[0].lower())}"
            return ScreeningFactor(key, MOUNT_FACTOR, (), (f"{name}={levels[0]}",), help="typed in")
        if len(levels) != 2 or not all(levels):
            raise UsageError(f"--factor {text}: two values after '=', e.g. --factor commit=5,60.")
        wanted = ((f"{name}={levels[0]}",), (f"{name}={levels[1]}",))
        if key in declared and declared[key].levels == wanted:
            return declared[key]
        if key in declared:
            # not the declared factor of that name: its own name, so that both can be told apart
            key = f"{key}_{re.sub(r'[^a-z0-9_]', '_', levels[1].lower())}"
        return ScreeningFactor(key, MOUNT_FACTOR, (f"{name}={levels[0]}",), (f"{name}={levels[1]}",), help="typed in")
    if word.startswith("-"):
        raise UsageError(f"--factor {text}: mkfs options are screened as the factors {fs.title} declares "
                         f"(fstune screen --list-factors {filesystem}).")
    return ScreeningFactor(key, MOUNT_FACTOR, (), (word,), help="typed in")


def describe(factor: ScreeningFactor) -> str:
    """"commit (commit=5 / commit=60)": the factor and its two levels."""
    return f"{factor.name} ({factor.level_text(-1)} / {factor.level_text(1)})"


def run_options(setup: Setup, factors: Sequence[ScreeningFactor], codes: Sequence[int]) -> RunOptions:
    """The options of the run that sets each factor to its coded level (−1 first, +1 second)."""
    if len(codes) != len(factors):
        raise ValueError(f"{len(codes)} levels for {len(factors)} factors")
    mount = list(setup.mount_options)
    mkfs = list(setup.mkfs_options)
    journal = setup.journal
    for factor, code in zip(factors, codes):
        words = factor.level(int(code))
        if factor.kind == PLACE_FACTOR:
            journal = words[0]
        else:
            (mount if factor.kind == MOUNT_FACTOR else mkfs).extend(words)
    return RunOptions(tuple(mount), tuple(mkfs), journal)


def place_factor(factors: Iterable[ScreeningFactor]) -> ScreeningFactor | None:
    """The factor that sets the journal's/log's place, if one does."""
    return next((factor for factor in factors if factor.kind == PLACE_FACTOR), None)


def check_journal_given(journal: str | None, factors: Sequence[ScreeningFactor]) -> None:
    """Refuse a shared placement (a study's ``journal``) beside a place factor: the factor sets
    the place of every run, and one would undo the other in half of them."""
    place = place_factor(factors)
    if journal is not None and place is not None:
        raise UsageError(f"factor {describe(place)} sets the journal's place in every run, so the shared "
                         f"journal = \"{journal}\" cannot be given beside it.",
                         "Leave out the study's journal (or the factor).")


def check_factors(setup: Setup, factors: Sequence[ScreeningFactor]) -> None:
    """Refuse (UsageError) factors that cannot be screened together on ``setup``: a name given
    twice, a level the filesystem refuses, a factor that sets an option the shared options set,
    two factors that set the same option, and two factors whose levels the filesystem's rules
    refuse together."""
    fs = get(setup.filesystem)
    seen: set[str] = set()
    for factor in factors:
        if factor.name in seen:
            raise UsageError(f"the screening factor '{factor.name}' is named twice; each factor once.")
        seen.add(factor.name)
    for factor in factors:
        for code in (-1, 1):
            _check_alone(setup, factor, code)
    for index, one in enumerate(factors):
        for other in factors[index + 1:]:
            clash = _same_setting(setup, one, other)
            if clash:
                raise UsageError(f"factors {describe(one)} and {describe(other)} cannot be screened together: "
                                 f"{clash}, and one would undo the other in half of the runs.",
                                 "Screen one of them.")
            for first in (-1, 1):
                for second in (-1, 1):
                    codes = {one.name: first, other.name: second}
                    try:
                        _check_options(setup, run_options(setup, (one, other), (first, second)))
                    except UsageError as refused:
                        levels = " and ".join(f"{f.level_text(codes[f.name])}" for f in (one, other))
                        raise UsageError(
                            f"factors {describe(one)} and {describe(other)} cannot be screened together on "
                            f"{fs.title}: the runs with {levels} are refused ({refused.message})",
                            "Screen one of them, or keep the other at a level that works in the shared "
                            "options.") from None


def check_runs(setup: Setup, factors: Sequence[ScreeningFactor], rows: Iterable[Sequence[int]]) -> None:
    """Refuse a design one of whose runs the filesystem refuses as a whole (a rule of three
    options or more that no pair broke)."""
    for number, codes in enumerate(rows, start=1):
        options = run_options(setup, factors, codes)
        try:
            _check_options(setup, options)
        except UsageError as refused:
            raise UsageError(f"run {number} of the design ({options.mount_text or 'no mount options'}"
                             f"{'; mkfs ' + ' '.join(options.mkfs) if options.mkfs else ''}"
                             f"{'; journal ' + options.journal if place_factor(factors) else ''}) is refused: "
                             f"{refused.message}", "Leave out one of the factors it names.") from None


def _check_options(setup: Setup, options: RunOptions) -> None:
    refusal = get(setup.filesystem).placement_refusal(options.journal)
    if refusal:
        raise UsageError(refusal)
    if options.mount:
        check_mount_options(setup.filesystem, list(options.mount), journal=options.journal)
    if options.mkfs:
        check_mkfs_options(setup.filesystem, list(options.mkfs), options.journal)


def _check_alone(setup: Setup, factor: ScreeningFactor, code: int) -> None:
    fs = get(setup.filesystem)
    words = factor.level(code)
    if factor.kind == PLACE_FACTOR:
        pass  # a placement sets no option; the run's own checks below ask the filesystem about it
    elif factor.kind == MOUNT_FACTOR:
        overlap = _mount_overlap(setup.mount_options, words)
        if overlap:
            raise UsageError(f"factor {describe(factor)} sets '{overlap}', which the shared mount options already "
                             "set.", "Leave it out of the shared options: the factor sets it in every run.")
    elif fs.mkfs_option_keys(setup.mkfs_options) & fs.mkfs_option_keys(words):
        raise UsageError(f"factor {describe(factor)} sets what the shared mkfs options "
                         f"'{' '.join(setup.mkfs_options)}' already set.",
                         "Leave it out of the shared options: the factor sets it in every run.")
    try:
        _check_options(setup, run_options(setup, (factor,), (code,)))
    except UsageError as refused:
        raise UsageError(f"factor {describe(factor)} cannot be screened on {fs.title}: {refused.message}") from None


def _same_setting(setup: Setup, one: ScreeningFactor, other: ScreeningFactor) -> str | None:
    """Why ``one`` and ``other`` set the same thing (in words), or None."""
    if one.kind != other.kind:
        return None
    if one.kind == PLACE_FACTOR:
        return "both set the journal's place"
    for mine in one.levels:
        for theirs in other.levels:
            if one.kind == MOUNT_FACTOR:
                overlap = _mount_overlap(mine, theirs)
                if overlap:
                    return f"both set '{overlap}'"
            elif one.kind == MKFS_FACTOR:
                fs = get(setup.filesystem)
                common = fs.mkfs_option_keys(mine) & fs.mkfs_option_keys(theirs)
                if common:
                    flag, name = sorted(common)[0]
                    return f"both set mkfs {flag}{' ' + name if name else ''}"
    return None


def _mount_overlap(base: Sequence[str], extra: Sequence[str]) -> str | None:
    """The options of ``base`` that adding ``extra`` would replace (``merge_options``: the same
    option, its negation, another atime mode), as text; None when they set different things."""
    pairs = split_options(list(base))
    replaced = []
    for pair in split_options(list(extra)):
        kept = merge_options(pairs, [pair])[:-1]  # merging one option appends it after what it keeps
        replaced += [mine for mine in pairs if mine not in kept and mine not in replaced]
    return join_options(replaced) if replaced else None
