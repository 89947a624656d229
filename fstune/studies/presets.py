"""Run presets: one set of run settings, kept as data in recipes/presets/ (``fstune run --class``).

A preset fixes what a run measures beside the study's own configurations: the study, the
workloads and their parameters, the primary metric, the planned blocks and the cap on them.
Every preset shipped is a class run: ``fstune run --class`` applies the one whose study
``--study`` names and refuses the flags that would change it, so
every attendee's run is measured the same way and ``fstune results merge`` accepts them all
(docs/teaching.md, "The class run"). A preset file is checked when it is loaded: an unknown key,
an unknown workload or parameter, a metric the workloads do not report or blocks out of order
is an error naming the file and the key, never a half-applied preset.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

from fstune.errors import StudyError, UsageError
from fstune.studies.model import MIN_REPEATS, NAME_RE, metric_key

_KEYS = {"name", "study", "workloads", "workload_params", "blocks", "max_blocks", "primary", "minutes", "lab"}
# the kinds of lab a preset is measured on (docs/modelled-lab.md): words for --help
LABS = {"loop": "plain loop lab", "modelled": "modelled lab"}
FIRST_PRESET = "class"  # the first class run --help names


@dataclass(frozen=True)
class RunPreset:
    name: str
    path: str  # where it was read, for messages
    study: str  # the study's name
    workloads: tuple[str, ...]
    workload_params: tuple[tuple[str, str, object], ...]  # (workload, parameter, value), as the file orders them
    blocks: int  # the planned blocks (--blocks)
    max_blocks: int  # the cap on them (--max-blocks)
    primary: str  # "WORKLOAD:METRIC" (--primary)
    minutes: int  # what one run takes, measured (docs/teaching.md says where and how)
    lab: str  # the kind of lab it is meant for and ``minutes`` was measured on: a key of LABS

    def workload_param_flags(self) -> list[str]:
        """The parameters as ``--workload-param`` gives them: ``writes.files=200``."""
        return [f"{workload}.{param}={value}" for workload, param, value in self.workload_params]

    def settings(self) -> dict[str, object]:
        """What the preset sets on the command line's options, by their argparse names."""
        return {"workloads": ",".join(self.workloads), "workload_param": self.workload_param_flags(),
                "repeats": self.blocks, "max_blocks": self.max_blocks, "primary": self.primary}

    def describe(self) -> str:
        """The workload settings in words, for --help: "the writes workload with 200 files,
        stopping on build.mb_written, 3 blocks and no more"."""
        parts = []
        for workload in self.workloads:
            given = [f"{value} {param}" for owner, param, value in self.workload_params if owner == workload]
            parts.append(f"the {workload} workload" + (f" with {' and '.join(given)}" if given else ""))
        blocks = (f"{self.blocks} blocks and no more" if self.blocks == self.max_blocks
                  else f"{self.blocks} blocks, at most {self.max_blocks}")
        return f"{', '.join(parts)}, stopping on {self.primary.partition(':')[2]}, {blocks}"

    def check_study(self) -> None:
        """Refuse a preset whose study fstune does not ship (checked only when the preset is used:
        loading every study costs start-up time the --help text should not pay)."""
        from fstune.studies.catalog import find_study  # loads every study: only when the preset is used

        try:
            study = find_study(self.study)
        except UsageError as error:
            raise _fail(self.path, "study", error.message) from None
        if study.origin != "shipped":
            raise _fail(self.path, "study", f"'{self.study}' is not a study fstune ships; a preset names one "
                        "that is the same on every machine.")


def _fail(path: str, key: str, message: str) -> StudyError:
    return StudyError(f"{path}: {key}: {message}", path=path, key=key, detail=message)


def parse_preset(text: str, path: str) -> RunPreset:
    """A preset from its TOML ``text``, checked; StudyError naming ``path`` and the key otherwise."""
    from fstune import workloads

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise StudyError(f"{path}: not valid TOML ({error}).", path=path) from None
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise _fail(path, unknown[0], f"is not a preset key; known: {', '.join(sorted(_KEYS))}.")
    missing = sorted(_KEYS - set(data))
    if missing:
        raise _fail(path, missing[0], "is missing; a preset sets every one of " + ", ".join(sorted(_KEYS)) + ".")
    for key in ("name", "study", "primary"):
        if not isinstance(data[key], str) or not data[key].strip():
            raise _fail(path, key, "must be a non-empty text.")
    for key in ("name", "study"):
        if not NAME_RE.match(data[key]):
            raise _fail(path, key, f"'{data[key]}' must be lower-case letters, digits and '-'.")
    names = data["workloads"]
    if not isinstance(names, list) or not names or not all(isinstance(name, str) for name in names):
        raise _fail(path, "workloads", "must be a list of workload names, e.g. [\"writes\"].")
    for name in names:
        if workloads.find(name) is None:
            raise _fail(path, "workloads", f"'{name}' is not a workload; known: {', '.join(workloads.WORKLOADS)}.")
    params = data["workload_params"]
    if not isinstance(params, dict):
        raise _fail(path, "workload_params", "must be a table of tables, e.g. { writes = { files = 200 } }.")
    checked: list[tuple[str, str, object]] = []
    for workload, values in params.items():
        where = f"workload_params.{workload}"
        if workload not in names:
            raise _fail(path, where, f"'{workload}' is not one of the preset's workloads ({', '.join(names)}).")
        if not isinstance(values, dict):
            raise _fail(path, where, "must be a table of parameter = value.")
        try:
            workloads.get(workload).check_params(values)
        except UsageError as error:
            raise _fail(path, where, error.message) from None
        checked += [(workload, param, value) for param, value in values.items()]
    for key, least in (("blocks", MIN_REPEATS), ("max_blocks", MIN_REPEATS), ("minutes", 1)):
        value = data[key]
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise _fail(path, key, f"must be a whole number of at least {least}, not {value!r}.")
    if data["lab"] not in LABS:
        raise _fail(path, "lab", f"{data['lab']!r} is not a kind of lab; known: {', '.join(LABS)}.")
    if data["max_blocks"] < data["blocks"]:
        raise _fail(path, "max_blocks", f"{data['max_blocks']} is fewer than the {data['blocks']} planned blocks.")
    try:
        metric_key(data["primary"], tuple(names), "the preset's workloads")
    except UsageError as error:
        raise _fail(path, "primary", error.message) from None
    return RunPreset(name=data["name"], path=path, study=data["study"], workloads=tuple(names),
                     workload_params=tuple(checked), blocks=data["blocks"], max_blocks=data["max_blocks"],
                     primary=data["primary"], minutes=data["minutes"], lab=data["lab"])


def load_preset(name: str) -> RunPreset:
    """The preset fstune ships as recipes/presets/NAME.toml."""
    entry = resources.files("fstune.recipes") / "presets" / f"{name}.toml"
    try:
        text = entry.read_text(encoding="utf-8")
    except OSError as error:
        raise StudyError(f"recipes/presets/{name}.toml: cannot be read ({error.strerror}); the installation "
                         "is incomplete.") from None
    preset = parse_preset(text, f"recipes/presets/{name}.toml")
    if preset.name != name:
        raise _fail(preset.path, "name", f"'{preset.name}' is not the file's name ('{name}').")
    return preset


def shipped_presets() -> list[RunPreset]:
    """Every preset fstune ships (recipes/presets/*.toml), ``class`` first."""
    names = sorted(entry.name.removesuffix(".toml") for entry in (resources.files("fstune.recipes") / "presets").iterdir()
                   if entry.name.endswith(".toml"))
    presets = [load_preset(name) for name in sorted(names, key=lambda name: name != FIRST_PRESET)]
    for i, preset in enumerate(presets):
        twin = next((other for other in presets[:i] if other.study == preset.study), None)
        if twin is not None:  # --class picks the preset by its study: two would leave the choice open
            raise _fail(preset.path, "study", f"'{preset.study}' already has a class run ({twin.path}).")
    return presets


def class_preset(study: str) -> RunPreset:
    """The preset ``fstune run --class`` applies: the one whose study ``study`` names (a study's name
    or its file); UsageError naming the class studies otherwise."""
    presets = shipped_presets()
    for preset in presets:
        if preset.study == study:
            return preset
    from fstune.studies.catalog import find_study  # loads every study: only for a path or a stranger

    try:
        name = find_study(study).name
    except (StudyError, UsageError):
        name = study
    for preset in presets:
        if preset.study == name:
            return preset
    raise UsageError(f"--class runs a class study, the same on every machine: "
                     f"{' or '.join(preset.study for preset in presets)}; not {study}.",
                     f"Name one of them with --study; or leave out --class and run {study} with settings of your "
                     "own (the class merge then refuses the run).")
