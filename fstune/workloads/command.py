"""command — the user's own command, run inside the mounted filesystem, timed, writes counted.

The command is split into words like a shell would split it, but never run through a shell:
write ``sh -c '…'`` yourself if you need pipes or redirections.
"""

from __future__ import annotations

from fstune.steps import MEASURE, Step
from fstune.figures import Sample
from fstune.workloads.base import (CACHE_SECONDS, Param, Workload, WorkloadContext, cold_cache_steps,
                                   count_writes_samples, measured_writes, shell_words)
from fstune.workloads.metrics import COUNTED_WRITES, SECONDS
from fstune.workloads.registry import get, register


@register
class Command(Workload):
    name = "command"
    title = "Your own command"
    description = (
        "Runs a command you give inside the mounted filesystem (it is the working directory), "
        "times it and counts what it writes to the data and journal devices."
    )
    summary = ""  # not yet on the wizard's help screen (adding it changes that text)
    measures = "seconds and MB written"
    listing_order = 60
    # its tools are the user's: a missing one is named by the runner's pre-flight check
    params = {
        "command": Param("command", "text", "", "the command, e.g. \"make -j2\" or \"sh -c 'tar xf /src.tar'\""),
    }
    duration_param = None  # how long the command takes is its own business
    metrics = tuple((SECONDS.but(primary=True) if m is SECONDS else m).at("command", "your command")
                    for m in COUNTED_WRITES)
    estimate_note = "plus your command's own time"

    def estimate_seconds(self, params: dict[str, object]) -> float:
        return CACHE_SECONDS  # only the cache flush before it is known

    def check_params(self, values: dict) -> dict[str, object]:
        checked = super().check_params(values)
        if "command" in checked:
            shell_words(str(checked["command"]))
        return checked

    def repeat_steps(self, ctx: WorkloadContext, repeat: int) -> list[Step]:
        text = str(self.resolve(ctx.params)["command"])
        if not text:
            from fstune.errors import UsageError

            raise UsageError("the command workload needs a command.",
                             "Give it with --workload-param command.command=\"make -j2\".")
        result = f"{ctx.workdir}/command-{repeat}.json"
        return [
            *cold_cache_steps(ctx, "your command", repeat, self.name),
            Step(measured_writes(ctx, shell_words(text), result), title=f"Your command (repeat {repeat})",
                 kind=MEASURE, why="timed, with the sectors it writes to every device counted",
                 config=ctx.config, workload=self.name, phase="command", repeat=repeat, cwd=ctx.mountpoint,
                 result_file=result),
        ]

    def parse(self, step: Step, output: str, seconds: float, exit_status: int,
              result_text: str | None) -> list[Sample]:
        # phase "command": its seconds and MB written come from the counter wrapped around it
        return count_writes_samples(self, self.measured_phase(step), step, exit_status, result_text)


COMMAND = get(Command.name)
