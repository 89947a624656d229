"""Mount options: how one option's value is checked (``MountOption``), the options every
filesystem takes (``GENERIC_OPTIONS``), the combinations the kernel refuses (``OptionRule``) and
the helpers that split, join and merge option strings. A filesystem module declares its own
options with these; ``fstune.filesystems.registry.check_mount_options`` checks a configuration's
whole set before anything is formatted (docs/ARCHITECTURE.md, "Filesystems: one module each").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from fstune.errors import UsageError


@dataclass(frozen=True)
class MountOption:
    """One mount option: how its value is checked, and why it may be refused."""

    name: str
    kind: str = "flag"  # flag | int | choice | size | path | text
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    removed: str | None = None  # set: the option is refused, and this says why
    help: str = ""
    managed: bool = False  # fstune sets it itself from the journal placement

    def check(self, value: str | None, fs_name: str) -> None:
        """Raise UsageError when ``value`` is not acceptable for this option."""
        shown = self.name if value is None else f"{self.name}={value}"
        if self.removed:
            raise UsageError(f"{fs_name} mount option '{shown}' is refused: {self.removed}")
        if self.kind == "flag":
            if value is not None:
                raise UsageError(f"{fs_name} mount option '{self.name}' takes no value (got '{value}').")
            return
        if value is None or value == "":
            raise UsageError(f"{fs_name} mount option '{self.name}' needs a value, e.g. {self.example()}.")
        if self.kind == "int":
            if not re.fullmatch(r"\d+", value):
                raise UsageError(f"{fs_name} mount option '{shown}': the value must be a whole number.")
            self._check_range(int(value), shown, fs_name)
        elif self.kind == "size":
            number = _parse_option_size(value)
            if number is None:
                raise UsageError(f"{fs_name} mount option '{shown}': the value must be a size such as 32k.")
            if self.choices and value.lower() not in self.choices and str(number) not in self.choices:
                allowed = ", ".join(self.choices)
                raise UsageError(f"{fs_name} mount option '{shown}' is out of range; allowed: {allowed}.")
            self._check_range(number, shown, fs_name)
        elif self.kind == "choice":
            if value not in self.choices:
                allowed = ", ".join(self.choices)
                raise UsageError(f"{fs_name} mount option '{shown}' is not allowed; choose one of: {allowed}.")
        elif self.kind == "path":
            if not value.startswith("/"):
                raise UsageError(f"{fs_name} mount option '{shown}' needs an absolute device path.")

    def _check_range(self, number: int, shown: str, fs_name: str) -> None:
        low, high = self.minimum, self.maximum
        if (low is not None and number < low) or (high is not None and number > high):
            raise UsageError(
                f"{fs_name} mount option '{shown}' is out of range; allowed: {low} to {high}."
            )

    def example(self) -> str:
        if self.choices:
            return f"{self.name}={self.choices[0]}"
        if self.kind == "int":
            return f"{self.name}={self.minimum if self.minimum is not None else 1}"
        if self.kind == "path":
            return f"{self.name}=/dev/sdb1"
        return f"{self.name}=VALUE"


def _parse_option_size(value: str) -> int | None:
    match = re.fullmatch(r"(\d+)([kKmMgG]?)", value)
    if not match:
        return None
    number, unit = match.groups()
    return int(number) * {"": 1, "k": 1024, "m": 1024 ** 2, "g": 1024 ** 3}[unit.lower()]


def option_table(*options: MountOption) -> dict[str, MountOption]:
    """Options by name, for a filesystem's ``mount_options``."""
    return {option.name: option for option in options}


def flags(*names: str, help: str = "") -> list[MountOption]:
    return [MountOption(name, help=help) for name in names]


def alias(name: str, of: str) -> MountOption:
    """A second name the kernel accepts for ``of``: refused, pointing to ``of``, so that a plan,
    the readback of what the kernel applied and the exports name each option one way."""
    return MountOption(name, removed=f"it is another name for '{of}': write '{of}', so that the plan, the "
                                     "readback and the exports name it one way.")


# Options the VFS itself understands, valid for every filesystem.
GENERIC_OPTIONS = option_table(
    MountOption("noatime", help="never write access times: fewest metadata writes"),
    MountOption("relatime", help="write the access time only when it is older than mtime/ctime or a day old"),
    MountOption("strictatime", help="write the access time on every read (POSIX)"),
    MountOption("atime", help="do not use noatime"),
    MountOption("lazytime", help="keep timestamp updates in memory and write them out lazily"),
    MountOption("nolazytime"),
    MountOption("nodiratime", help="no access-time updates on directories"),
    MountOption("diratime"),
    *flags("ro", "rw", "sync", "async", "dirsync", "nosuid", "suid", "nodev", "dev", "noexec", "exec"),
    *flags("iversion", "noiversion", "mand", "nomand", "silent", "loud", "nosymfollow"),
)


def split_options(text: str | list | tuple | None) -> list[tuple[str, str | None]]:
    """``"noatime,logbufs=8"`` → ``[("noatime", None), ("logbufs", "8")]``.

    Also accepts a list of such strings, or of (name, value) pairs already split.
    """
    if text is None:
        return []
    items = text if isinstance(text, (list, tuple)) else text.split(",")
    pairs: list[tuple[str, str | None]] = []
    for item in items:
        if isinstance(item, tuple):
            pairs.append(item)
            continue
        item = item.strip()
        if not item:
            continue
        name, sep, value = item.partition("=")
        pairs.append((name.strip(), value.strip() if sep else None))
    return pairs


def join_options(pairs: list[tuple[str, str | None]]) -> str:
    return ",".join(name if value is None else f"{name}={value}" for name, value in pairs)


def merge_options(base: list[tuple[str, str | None]], extra: list[tuple[str, str | None]]) -> list[tuple[str, str | None]]:
    """``base`` with ``extra`` applied: same-named options replaced, an option replaces its
    negation whatever their values (``nodiscard`` replaces ``discard=async``), atime options
    exclusive."""
    atime = {"noatime", "relatime", "strictatime", "atime"}
    result = list(base)
    for name, value in extra:
        replaced = atime if name in atime else {name, negation(name)}
        result = [(n, v) for n, v in result if n not in replaced]
        result.append((name, value))
    return result


def negation(flag: str) -> str:
    """The flag that undoes ``flag``: ``delalloc`` ↔ ``nodelalloc``."""
    return flag[2:] if flag.startswith("no") else f"no{flag}"



@dataclass(frozen=True)
class OptionRule:
    """Mount options each valid alone that the kernel refuses together, or undoes without a word.

    Items are ``"name"`` (a flag), ``"name=value"`` or ``"name="`` (the option given with any
    value). The rule is broken when every item of ``together`` is among the options and none of
    ``unless`` is. Checked before anything is formatted (docs/ARCHITECTURE.md, "Filesystems").
    """

    together: tuple[str, ...]
    reason: str
    unless: tuple[str, ...] = ()

    def broken_by(self, pairs: list[tuple[str, str | None]]) -> bool:
        return all(options_matching(pairs, item) for item in self.together) and not any(
            options_matching(pairs, item) for item in self.unless)

    def matching(self, pairs: list[tuple[str, str | None]]) -> list[tuple[str, str | None]]:
        """The options of ``pairs`` that ``together`` names, as given (to quote them back)."""
        return [pair for item in self.together for pair in options_matching(pairs, item)]


def options_matching(pairs: list[tuple[str, str | None]], item: str) -> list[tuple[str, str | None]]:
    """The options of ``pairs`` that ``item`` names (an ``OptionRule`` item), as given."""
    name, sep, value = item.partition("=")
    if not sep:
        return [(n, v) for n, v in pairs if n == name and v is None]
    return [(n, v) for n, v in pairs if n == name and v is not None and (not value or v == value)]

