"""The pieces every workload shares: parameters, the context it runs in, cold-cache steps."""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field

from fstune.errors import UsageError
from fstune.steps import CACHE, Step
from fstune.units import parse_size

# fstune's own helper commands, run through the installed console script
HELPER = ("fstune", "workload-helper")


@dataclass(frozen=True)
class Param:
    name: str
    kind: str  # int | size | text | choice
    default: object
    help: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()

    def parse(self, value: object, workload: str) -> object:
        where = f"{workload}.{self.name}"
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, (int, str)) or not str(value).isdigit():
                raise UsageError(f"{where} must be a whole number, not {value!r}.")
            number = int(value)
            if (self.minimum is not None and number < self.minimum) or (
                self.maximum is not None and number > self.maximum
            ):
                raise UsageError(f"{where}={number} is out of range ({self.minimum} to {self.maximum}).")
            return number
        if self.kind == "size":
            if value == "auto" and self.default == "auto":
                return "auto"
            number = parse_size(str(value))
            if self.minimum is not None and number < self.minimum:
                raise UsageError(f"{where}={value} is too small (at least {self.minimum} bytes).")
            return number
        if self.kind == "choice":
            if value not in self.choices:
                raise UsageError(f"{where}={value!r} must be one of: {', '.join(self.choices)}.")
            return value
        if not isinstance(value, str) or not value.strip():
            raise UsageError(f"{where} must be a non-empty text.")
        return value


@dataclass(frozen=True)
class WorkloadContext:
    config: str  # configuration name
    fs_name: str
    mountpoint: str  # where the filesystem under test is mounted
    workdir: str  # this configuration's scratch directory, outside the filesystem under test
    shared_dir: str  # the plan's scratch directory, for inputs shared by all configurations
    data_device: str  # /dev/… of the filesystem under test
    journal_device: str | None  # /dev/… of the external journal/log, if any
    target_size: int  # bytes
    params: dict[str, object] = field(default_factory=dict)

    def devices(self) -> list[str]:
        return [self.data_device] + ([self.journal_device] if self.journal_device else [])


def cold_cache_steps(ctx: WorkloadContext, before: str, repeat: int | None = None,
                     workload: str | None = None) -> list[Step]:
    """Flush dirty data and drop the page cache so the next phase reads from the device."""
    return [
        Step(("sync",), title="Flush dirty data", kind=CACHE, needs_root=False,
             why=f"so that {before} does not pay for writes left over from earlier steps",
             config=ctx.config, workload=workload, repeat=repeat),
        Step(("sysctl", "-q", "vm.drop_caches=3"), title="Drop the page cache", kind=CACHE,
             why=f"so that {before} reads from the device, not from memory",
             allow_failure="caches could not be dropped; the next figures are from a warm cache",
             config=ctx.config, workload=workload, repeat=repeat),
    ]


class Workload:
    """Base class; each workload module defines one subclass instance."""

    name = ""
    title = ""
    description = ""
    tools: tuple[str, ...] = ()  # executables it needs (pre-flight checks them)
    params: dict[str, Param] = {}
    measures = ""  # what the figures are, in a few words

    def check_params(self, values: dict) -> dict[str, object]:
        checked = {}
        for key, value in values.items():
            if key not in self.params:
                known = ", ".join(self.params) or "none"
                raise UsageError(f"'{key}' is not a parameter of workload {self.name}; it has: {known}.")
            checked[key] = self.params[key].parse(value, self.name)
        return checked

    def resolve(self, values: dict[str, object]) -> dict[str, object]:
        """Defaults overlaid with the checked ``values``."""
        resolved = {name: param.default for name, param in self.params.items()}
        resolved.update(values)
        return resolved

    def prepare_steps(self, ctx: WorkloadContext) -> list[Step]:
        return []

    def setup_steps(self, ctx: WorkloadContext) -> list[Step]:
        return []

    def repeat_steps(self, ctx: WorkloadContext, repeat: int) -> list[Step]:
        raise NotImplementedError

    def describe(self) -> str:
        return self.description


def measured_writes(ctx: WorkloadContext, command: tuple[str, ...], result_file: str) -> tuple[str, ...]:
    """Wrap ``command`` so the sectors written to every device under test are counted around it."""
    words = [*HELPER, "count-writes", "--result", result_file]
    for device in ctx.devices():
        words += ["--device", device]
    return (*words, "--", *command)


def shell_words(text: str) -> tuple[str, ...]:
    try:
        words = tuple(shlex.split(text))
    except ValueError as error:
        raise UsageError(f"the command {text!r} cannot be split into words: {error}.") from None
    if not words:
        raise UsageError("the command is empty.")
    return words
