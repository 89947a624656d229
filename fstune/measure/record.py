"""What the store keeps of a run: its record (``run_record``), each configuration as run
(``config_descriptions``) and each measured phase's raw output (``raw_output``)."""

from __future__ import annotations

import time

from fstune import filesystems
from fstune.plan import Plan
from fstune.results.compare import ConfigDescription
from fstune.results.records import CANCELLED as RUN_CANCELLED
from fstune.results.records import FAILED as RUN_FAILED
from fstune.results.records import FINISHED as RUN_FINISHED
from fstune.results.settings import run_settings
from fstune.steps import Step

RAW_LIMIT = 256 * 1024  # keep at most this much of one step's output in the store


def raw_output(step: Step, output: str, report: str | None) -> str:
    """One measured phase as the store keeps it: what the tool printed, then after a
    ``--- FILE ---`` line the report it wrote (``recompute.split_raw`` takes it apart), cut to
    ``RAW_LIMIT``."""
    raw = output if report is None else f"{output}\n--- {step.result_file} ---\n{report}"
    return raw[-RAW_LIMIT:]



def config_descriptions(plan: Plan) -> list[ConfigDescription]:
    log = plan.choices.log_device.path if plan.choices.log_device else None
    descriptions = []
    for cp in plan.configs:
        description = ConfigDescription.from_configuration(cp.config, log if cp.config.external_journal else None)
        # the options the mount really used (command-line --option included), less the journal
        # device option fstune adds itself: "+ external journal on …" already says that
        managed = filesystems.get(cp.config.filesystem).managed_options
        options = tuple((n, v) for n, v in cp.mount_options if n not in managed)
        descriptions.append(ConfigDescription(description.name, description.filesystem, description.journal,
                                              description.log_device, description.mkfs_options, options))
    return descriptions


def run_record(plan: Plan, measurement, outcome, started: float, inventory=None):
    """Everything the store keeps about this run."""
    from fstune.results.environment import capture_environment, describe_device
    from fstune.results.records import RunRecord
    from fstune.stats.sequential import METHOD

    devices = []
    for role, choice in (("target", plan.choices.target), ("journal", plan.choices.log_device)):
        if choice is None or (role == "journal" and not plan.study.needs_journal_device):
            continue
        found = inventory.find(choice.path) if inventory is not None else None
        devices.append(describe_device(choice.path, role, model=getattr(found, "model", None),
                                       transport=getattr(found, "transport", None)))
    mkfs_argv: dict[str, list[tuple[str, ...]]] = {}
    for cp in plan.configs:
        mkfs_argv[cp.config.name] = [s.argv for s in cp.steps if s.destructive]
    warnings = list(plan.warnings) + list(getattr(outcome, "warnings", ())) + list(measurement.notes)
    status = {RUN_FINISHED: RUN_FINISHED, RUN_CANCELLED: RUN_CANCELLED}.get(outcome.status, RUN_FAILED)
    results = measurement.repeat_results()
    blocks = {r.block for r in results if r.block}
    return RunRecord(
        study=plan.study.name, title=plan.study.title, started=started, finished=time.time(),
        status=status, reason=outcome.reason or "", configs=config_descriptions(plan),
        results=results, environment=capture_environment(), devices=devices,
        mkfs_argv=mkfs_argv, baseline=plan.study.baseline.name, repeats=len(blocks) or plan.repeats,
        warnings=warnings, method=METHOD, design=measurement.design(status),
        settings=run_settings(plan, measurement),  # what a comparison or a merge must match
        ceiling=measurement.ceiling or None,
        ceiling_raw=measurement.ceiling_raw or None,
    )

