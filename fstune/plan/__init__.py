"""The plan: what a study becomes on the chosen devices, as ordered steps, and the dry-run script
that runs exactly those steps (docs/ARCHITECTURE.md, "Layers").

One module per job:

- ``build``: the user's choices (``Choices``, ``DeviceChoice``, ``OptionOverride``) made into a
  ``Plan`` of blocks by ``build_plan``, with the block orders and the looks. Pure: nothing here
  touches the machine.
- ``script``: the plan as a commented bash script (``render_script``) and a step as one bash
  line (``command_line``).
- ``script_guard``: the script's guard rails, in bash, which ``render_script`` places around the
  steps: the device still the one reviewed and unused, its disk locked (docs/safety.md).
- ``choices``: a device the user named, checked against the inventory for the role it would play
  (``resolve_device``), so that ``fstune plan``, ``fstune run`` and the wizard accept, refuse and
  describe it alike.

The runner executes the same Plan that the script renders. This package re-exports the names
callers use and never imports Textual.
"""

from __future__ import annotations

from fstune.plan.build import (DEFAULT_LOOKS, DEFAULT_MOUNT_ROOT, MOUNT_ROOT_ENV, ORDER_SEED_LIMIT, RUN_ID_RE, Block,
                               Choices, ConfigPlan, DeviceChoice, OptionOverride, Plan, balanced_orders, block_order, build_plan,
                               ceiling_workload, check_max_blocks, check_run_id, default_mount_root, new_run_id, schedule_looks,
                               select_configurations, with_mkfs_options)
from fstune.plan.choices import resolve_device
from fstune.plan.script import command_line, describe_looks, render_script

__all__ = [
    "DEFAULT_LOOKS", "DEFAULT_MOUNT_ROOT", "MOUNT_ROOT_ENV", "ORDER_SEED_LIMIT", "RUN_ID_RE", "Block", "Choices",
    "ConfigPlan", "DeviceChoice", "OptionOverride", "Plan", "balanced_orders", "block_order", "build_plan", "ceiling_workload",
    "check_max_blocks", "check_run_id", "command_line", "default_mount_root", "describe_looks", "new_run_id", "render_script",
    "resolve_device", "schedule_looks", "select_configurations", "with_mkfs_options",
]
