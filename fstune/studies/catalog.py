"""Every study fstune can run: the shipped ones (``fstune.recipes``), then /etc's, then the
user's own, by name; a broken user file leaves out only itself.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from fstune.errors import StudyError, UsageError
from fstune.studies.model import Study
from fstune.studies.parse import load_study_file, parse_study


def user_study_dirs() -> list[tuple[Path, str]]:
    """Where users' own studies live, lowest priority first."""
    config_home = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return [(Path("/etc/fstune/recipes"), "system"), (config_home / "fstune" / "recipes", "user")]


@dataclass(frozen=True)
class BrokenStudy:
    """A user's or /etc study file that does not load: what it would be called, and why not."""

    name: str  # its ``name`` key where the TOML could be read, else the file's stem
    path: str
    origin: str
    error: StudyError


class StudyCatalog(dict):
    """Every study that loads, by name; ``broken`` lists the user's and /etc files that do not."""

    def __init__(self) -> None:
        super().__init__()
        self.broken: list[BrokenStudy] = []

    def broken_named(self, name: str) -> BrokenStudy | None:
        return next((b for b in self.broken if name in (b.name, Path(b.path).stem)), None)


def _declared_name(path: Path) -> str:
    try:
        name = tomllib.loads(path.read_text(encoding="utf-8")).get("name")
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        name = None
    return name if isinstance(name, str) and name.strip() else path.stem


def load_studies(extra_dirs: list[tuple[Path, str]] | None = None,
                 errors: list[StudyError] | None = None) -> StudyCatalog:
    """Every study, shipped first, then /etc, then the user's own (later ones win by name).

    A broken user or /etc file takes out only itself: it goes to the catalog's ``broken`` list
    (and to ``errors`` when given) and every other study loads; one typo in one file must not
    hide or block the rest. A broken shipped study is fstune's own bug and raises.
    """
    found = StudyCatalog()
    package = resources.files("fstune.recipes")
    for entry in sorted(package.iterdir(), key=lambda item: item.name):
        if entry.name.endswith(".toml"):
            study = parse_study(entry.read_text(encoding="utf-8"), f"recipes/{entry.name}", "shipped")
            found[study.name] = study
    dirs = user_study_dirs() if extra_dirs is None else extra_dirs
    for directory, origin in dirs:
        if directory.is_dir():
            for file in sorted(directory.glob("*.toml")):
                try:
                    study = load_study_file(file, origin)
                except StudyError as error:
                    found.broken.append(BrokenStudy(_declared_name(file), str(file), origin, error))
                    if errors is not None:
                        errors.append(error)
                    continue
                found[study.name] = study
    return found


def find_study(name: str, studies: dict[str, Study] | None = None) -> Study:
    studies = load_studies() if studies is None else studies
    broken = studies.broken_named(name) if isinstance(studies, StudyCatalog) else None
    if broken is not None and (name not in studies or studies[name].origin == "shipped"):
        # asked for by name: say why it does not load. A broken user copy of a shipped study
        # says so too, rather than quietly measuring the shipped one instead
        shipped = " (fstune ships a study of that name; move the file away to use it)" if name in studies else ""
        raise StudyError(broken.error.message, f"Fix the file{shipped}; 'fstune recipes' lists every study "
                         "that loads.", path=broken.error.path, line=broken.error.line, key=broken.error.key,
                         detail=broken.error.detail)
    if name in studies:
        return studies[name]
    candidate = Path(name)
    if candidate.suffix == ".toml" and candidate.is_file():
        return load_study_file(candidate)
    import difflib

    close = difflib.get_close_matches(name, list(studies), n=1)
    hint = f"Did you mean '{close[0]}'? " if close else ""
    raise UsageError(f"there is no study called '{name}'.", f"{hint}'fstune recipes' lists them.")
