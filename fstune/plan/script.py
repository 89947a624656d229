"""The dry-run script: a plan as a commented bash script that runs exactly the plan's steps, in
order, and ``command_line``, the one bash line a step is (the script shows it, so does guided
mode). What the script checks before each write is ``script_guard.py``'s (docs/safety.md).
"""

from __future__ import annotations

import shlex

from fstune import __version__, filesystems
from fstune import steps as kinds
from fstune.devices import overwrite as overwrites
from fstune.plan import script_guard
from fstune.plan.build import Plan
from fstune.steps import Step
from fstune.units import format_size


def command_line(step: Step) -> str:
    """The step as one bash line, exactly as the script (and guided mode) shows it."""
    line = shlex.join(step.argv)
    if step.cwd:
        line = f"(cd {shlex.quote(step.cwd)} && {line})"
    if step.stdout:
        line += f" > {shlex.quote(step.stdout)}"
    if step.allow_failure:
        line += f" || echo {shlex.quote('fstune: warning: ' + step.allow_failure)} >&2"
    return line


def _comment(text: str, prefix: str = "# ") -> list[str]:
    import textwrap

    return [prefix + line for line in textwrap.wrap(text, 96 - len(prefix))] or [prefix.rstrip()]


_CLEANUP = """\
# Whatever happens (an error, Ctrl-C), unmount what this script mounted and remove its
# mountpoints, newest first.
FSTUNE_MOUNTPOINTS=()
fstune_cleanup() {
  local status=$?
  trap - EXIT
  local i mp
  for ((i=${#FSTUNE_MOUNTPOINTS[@]}-1; i>=0; i--)); do
    mp=${FSTUNE_MOUNTPOINTS[i]}
    if mountpoint -q "$mp"; then
      umount "$mp" || echo "fstune: could not unmount $mp; unmount it by hand" >&2
    fi
    {unseal}
    rmdir "$mp" 2>/dev/null || true
  done
  {release}
  exit "$status"
}
trap fstune_cleanup EXIT
trap 'exit 130' INT TERM
""".replace("{release}", script_guard.RELEASE).replace("{unseal}", script_guard.UNSEAL)


def describe_looks(plan: Plan) -> str:
    """When a real run judges the primary metric and how far it may add blocks (the plan's looks and
    cap), said for the script's header: the script itself runs only the planned blocks."""
    primary, _ = plan.study.primary_for(plan.workloads)
    if plan.choices.block_orders is not None and primary is not None:  # fstune/plan/screening.py
        halves = any(len(block.order) != len(plan.configs) for block in plan.blocks)
        return (f"Looks: none. The {plan.repeats} blocks are the replicates of a screening design"
                f"{' (a foldover: the design, then its mirror)' if halves else ''}, in its orders; "
                f"`fstune screen` judges every factor on {':'.join(primary)} once they are all measured, with one "
                "linear model (docs/screening.md).")
    looks = plan.looks
    if not looks or primary is None:
        return (f"Looks: none; with {plan.repeats} planned block(s) `fstune run` cannot decide and adds none "
                f"(the cap, --max-blocks, is {plan.max_blocks}).")
    after = ", ".join(map(str, looks[:-1])) + (" and " if len(looks) > 1 else "") + str(looks[-1])
    adds = (f"adds blocks while it is undecided, never more than {plan.max_blocks} in all (the cap, --max-blocks)"
            if len(looks) > 1 else f"adds none: {plan.max_blocks} is also the cap (--max-blocks)")
    return (f"Looks: `fstune run` judges {':'.join(primary)} after {after} blocks and {adds}; this script "
            f"runs the {plan.repeats} planned blocks only.")


def render_script(plan: Plan, decidable: tuple[str, ...] | list[str] = ()) -> str:
    """The plan as a commented bash script that runs exactly the plan's steps, in order.
    ``decidable``: what earlier stored runs on these devices say the run can decide, said in the
    header after the looks (``fstune.results.history.before_the_run``; the plan itself reads no store)."""
    choices, study = plan.choices, plan.study
    lines = ["#!/usr/bin/env bash", f"# fstune {__version__} plan for study '{study.name}': {study.title}"]
    lines += _comment(study.summary)
    lines.append("#")
    target = choices.target
    lines.append(f"# Target:      {target.path} ({format_size(target.size)}){'  [assumed size]' if target.assumed else ''}"
                 + (f" — {target.description}" if target.description else ""))
    if choices.log_device:
        log = choices.log_device
        lines.append(f"# Journal/log: {log.path} ({format_size(log.size)}){'  [assumed size]' if log.assumed else ''}"
                     + (f" — {log.description}" if log.description else ""))
    erased = plan.destructive_devices()
    if erased:
        lines.append(f"# WARNING: this script ERASES everything on {' and '.join(erased)}.")
    for warning in plan.warnings:
        lines += _comment("Note: " + warning)
    lines.append("# Configurations (the first is the baseline the others are compared with):")
    for index, cp in enumerate(plan.configs, 1):
        journal = {"internal": "internal journal", "external": "external journal/log", "none": "no journal"}[cp.config.journal]
        shown = filesystems.join_options(list(cp.mount_options)) or "defaults"
        lines.append(f"#   {index}. {cp.config.name}: {cp.config.filesystem}, {journal}, mount -o {shown}")
    workloads = ", ".join(plan.workloads) or "none"
    # a screening's foldover runs half its configurations in each block (fstune/plan/screening.py)
    every = all(len(block.order) == len(plan.configs) for block in plan.blocks)
    lines.append(f"# Workloads: {workloads}; blocks: {plan.repeats}, each making, measuring and unmounting "
                 f"{'every configuration' if every else 'the configurations it lists'} once, in this order "
                 f"(drawn with seed {choices.order_seed}; --order-seed {choices.order_seed} draws it again):")
    for block in plan.blocks:
        lines.append(f"#   {block.describe(len(plan.blocks))}")
    if plan.workloads:
        lines += _comment(describe_looks(plan))
        for line in decidable:
            lines += _comment(line)
    if plan.ceiling:
        lines += _comment(f"Before the first mkfs: the ceiling, a short pass of fio's phases on the raw device "
                          f"{target.path} itself (direct I/O, once), which its figures are shown against.")
    lines += ["", "set -euo pipefail", "", *script_guard.functions(), "", _CLEANUP,
              'if [ "$(id -u)" -ne 0 ]; then echo "fstune: this script formats and mounts devices; run it as root." >&2; exit 2; fi',
              f"FSTUNE_MOUNTPOINTS+=({shlex.quote(plan.run_dir)})  # the run directory: removed last, if empty",
              "", *script_guard.start(plan),
              *overwrites.script_lines([(c.path, c.lab) for c in plan.written_choices()], choices.overwrite)]
    number = 0

    def emit(step: Step) -> None:
        nonlocal number
        number += 1
        lines.append(f"# [{number}] {step.title}" + ("  (DESTROYS DATA)" if step.destructive else ""))
        lines.extend(_comment(step.why, "#     "))
        if step.kind == kinds.MKDIR and step.mountpoint:
            lines.append(f"FSTUNE_MOUNTPOINTS+=({shlex.quote(step.mountpoint)})")
        before, after = script_guard.around_mountpoint(step)
        lines.extend(script_guard.before_write(choices, step))
        lines.extend(before)
        lines.append(script_guard.keep_output(step, number, command_line(step)))
        lines.extend(after)
        lines.append("")

    if plan.prepare:
        lines += ["# ── Inputs, made once ──", ""]
        for step in plan.prepare:
            emit(step)
    if plan.ceiling:
        lines += ["# ── The ceiling: the raw device, once, before the first mkfs ──", ""]
        for step in plan.ceiling:
            emit(step)
    baseline = plan.configs[0].config.name
    titles = {cp.config.name: cp.config.title for cp in plan.configs}
    for block in plan.blocks:
        position = None
        for step in block.steps:
            if step.position != position:
                position = step.position
                name = block.order[position - 1]
                role = "baseline" if name == baseline else "variant"
                lines += [f"# ── Block {block.number}/{len(plan.blocks)}, {position}/{len(block.order)} ({role}): "
                          f"{name} — {titles[name]} ──", ""]
            emit(step)
    lines += ["# ── Finish ──", ""]
    for step in plan.finish:
        emit(step)
    lines.append(f"echo {shlex.quote('fstune: plan finished; tool reports are in ' + plan.work_dir)}")
    lines += script_guard.closing()
    return "\n".join(lines) + "\n"
