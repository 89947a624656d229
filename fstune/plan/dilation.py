"""What a time-dilated VM lab changes in a plan (docs/vmlab.md, "Time dilation"): the guest's
CPU runs f times slower than the host's, so the disk model is slowed as much, and the plan
stretches what is timed on the guest's clock (workloads that run for a time, the filesystem's
timer mount options) by the same factor, saying so in its warnings."""

from __future__ import annotations

from fstune import filesystems
from fstune.errors import UsageError
from fstune.studies import Configuration
from fstune.workloads import WORKLOADS


def lab_time_dilation() -> float:
    """The time dilation of the VM lab this command runs in (1: none, or not in one)."""
    from fstune.diskmodel.dilation import of_environment
    from fstune.vmlab import current_environment

    found = of_environment(current_environment())
    return found.factor if found is not None else 1.0


def dilate_durations(params: dict[str, dict[str, object]], factor: float, warnings: list[str]) -> dict:
    """Each workload whose length is a time (its duration parameter in seconds: dbench's run,
    fio's phases) made ``factor`` times longer, so that in a dilated guest it covers the native
    time it asks for; work-bounded workloads (a number of files) do the same work anyway."""
    out = {}
    for name, given in params.items():
        workload = WORKLOADS[name]
        key = workload.duration_param
        param = workload.params.get(key) if key else None
        if param is None or param.unit != "s":
            out[name] = given
            continue
        native = int(workload.resolve(given)[key])
        dilated = round(native * factor)
        if param.maximum is not None and dilated > param.maximum:
            dilated = param.maximum
            warnings.append(f"Time dilated ×{factor:.1f}: {name}.{key} is capped at {param.maximum} s in the guest, "
                            f"{param.maximum / factor:.0f} s of native time instead of {native} s.")
        else:
            warnings.append(f"Time dilated ×{factor:.1f}: {name} runs {dilated} s in the guest for its {native} s of "
                            "native time (docs/vmlab.md, \"Time dilation\").")
        out[name] = {**given, key: dilated}
    return out


def dilate_timers(config: Configuration, options: list[tuple[str, str | None]], factor: float,
                   warnings: list[str]) -> list[tuple[str, str | None]]:
    """In a dilated guest, ``options`` with the filesystem's mount options that are intervals on the
    kernel's clock (``Filesystem.timer_options``: a journal's ``commit=``, ext's ``max_batch_time``)
    stretched ``factor`` times (docs/vmlab.md, "Time dilation"): the kernel default × factor,
    capped at the option's largest, added only where the configuration sets none of its own;
    said either way in the plan's warnings, which the run keeps and shows."""
    from fstune.diskmodel.dilation import timer_option, timer_sentence

    fs = filesystems.get(config.filesystem)
    if config.journal == filesystems.NONE:  # no journal to commit or to batch for
        return options
    for timer in fs.timer_options:
        own = next((value for name, value in options if name == timer.name), None)
        if own is not None:
            warnings.append(f"Time dilated ×{factor:.1f}: configuration '{config.name}' sets {timer.name}={own} "
                            f"itself, kept as given; in the guest that {timer.title} is {factor:.1f} × shorter "
                            "against the work than on a native machine.")
            continue
        clock = timer_option(timer.name, timer.default, timer.unit, factor, fs.mount_options[timer.name].maximum)
        stretched = filesystems.merge_options(options, [(timer.name, str(clock.dilated))])
        try:
            filesystems.check_mount_options(config.filesystem, stretched, allow_managed=True, journal=config.journal)
        except UsageError:  # no journal to time (ext4 without one, noload): nothing to stretch
            continue
        options = stretched
        warnings.append(timer_sentence(config.name, clock, factor, timer.title, fs.title))
    return options
