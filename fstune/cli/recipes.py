"""``fstune recipes [NAME]`` — list the studies, or explain one."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from fstune import filesystems
from fstune.filesystems import MachineCapabilities
from fstune.studies import Study, find_study, load_studies
from fstune.workloads import WORKLOADS

DESCRIPTION = """\
Without NAME: every study fstune knows — shipped ones, /etc/fstune/recipes/ and
~/.config/fstune/recipes/ — with the filesystems each uses and whether this machine can run it.
With NAME: what the study tests, why it may help, each configuration and its workloads.

A study file of yours that has a mistake is listed as broken, with its file, line and key;
it leaves out only itself: every other study can still be listed, planned and run.
"""


def add_parser(sub, formatter_class) -> None:
    parser = sub.add_parser("recipes", help="list the studies, or explain one", description=DESCRIPTION,
                            formatter_class=formatter_class)
    parser.add_argument("name", nargs="?", metavar="NAME", help="a study to explain")
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")
    parser.set_defaults(func=run)


def study_json(study: Study, caps: MachineCapabilities) -> dict:
    return {
        "name": study.name,
        "title": study.title,
        "summary": study.summary,
        "origin": study.origin,
        "path": study.path,
        "filesystems": list(study.filesystems),
        "needs_journal_device": study.needs_journal_device,
        "workloads": list(study.workloads),
        "repeats": study.repeats,
        "available": all(caps.availability(fs).available for fs in study.filesystems),
        "unavailable_reasons": {fs: caps.availability(fs).reason for fs in study.filesystems
                                if not caps.availability(fs).available},
        "configurations": [
            {"name": c.name, "title": c.title, "filesystem": c.filesystem, "journal": c.journal,
             "external_journal": c.external_journal, "journal_attach": c.journal_attach,
             "mkfs_options": list(c.mkfs_options), "mount_options": c.mount_option_string}
            for c in study.configurations
        ],
    }


def run(args) -> int:
    caps = MachineCapabilities.probe()
    console = Console()
    if args.name:
        study = find_study(args.name)
        if args.json:
            data = study_json(study, caps)
            data["explanation"] = study.explanation
            data["source"] = study.source
            print(json.dumps(data, indent=2))
            return 0
        explain(console, study, caps)
        return 0
    studies = load_studies()
    for broken in studies.broken:
        print(f"fstune: skipped a broken study: {broken.error.message}", file=sys.stderr)
    if args.json:
        print(json.dumps([study_json(s, caps) for s in studies.values()], indent=2))
        return 0
    table = Table(title="Studies", title_justify="left", expand=False)
    table.add_column("name", style="bold", no_wrap=True)
    table.add_column("what it tests", ratio=1)
    table.add_column("ext. log", justify="center")
    table.add_column("here?", no_wrap=True)
    for study in studies.values():
        missing = [fs for fs in study.filesystems if not caps.availability(fs).available]
        here = "[green]yes[/]" if not missing else f"[yellow]dry run[/] ({', '.join(missing)})"
        table.add_row(study.name, escape(study.title), "yes" if study.needs_journal_device else "", here)
    for broken in studies.broken:  # listed, so a typo does not make a study silently vanish
        error = broken.error
        where = [Path(broken.path).name] + ([f"line {error.line}"] if error.line else [])
        where.append(f"key '{error.key}'" if error.key else "not valid TOML" if error.line else "unreadable")
        table.add_row(broken.name, f"[red]does not load:[/] {escape(', '.join(where))}; "
                      f"'fstune recipes {escape(broken.name)}' says why", "",
                      "[red]broken[/]")
    console.print(table)
    console.print("Explain one with [bold]fstune recipes NAME[/]; 'dry run' means this machine lacks a "
                  "filesystem the study needs: plan it, run it elsewhere.", highlight=False)
    return 0


def explain(console: Console, study: Study, caps: MachineCapabilities) -> None:
    console.print(f"[bold]{study.name}[/] — {escape(study.title)}", highlight=False)
    console.print(f"[dim]{escape(study.summary)}[/]\n", highlight=False)
    for paragraph in study.explanation.split("\n\n"):
        console.print(textwrap.fill(" ".join(paragraph.split()), width=min(console.width, 96)),
                      highlight=False, markup=False)
        console.print()
    table = Table(title="Configurations (the first is the baseline)", title_justify="left")
    table.add_column("#")
    table.add_column("name", style="bold")
    table.add_column("fs")
    table.add_column("journal")
    table.add_column("mkfs options")
    table.add_column("mount options")
    for index, config in enumerate(study.configurations, 1):
        tool = filesystems.get(config.filesystem).journal_attach_tool
        journal = config.journal + (f" ({tool})" if config.journal_attach == "tune" and tool else "")
        table.add_row(str(index), config.name, config.filesystem, journal,
                      escape(" ".join(config.mkfs_options)) or "-", escape(config.mount_option_string) or "defaults")
    console.print(table)
    for config in study.configurations:
        if config.look_for:
            console.print(f"[bold]{config.name}[/]: {escape(config.look_for)}", highlight=False)
    names = ", ".join(f"{w} ({WORKLOADS[w].title})" for w in study.workloads) or "none"
    console.print(f"\nWorkloads: {names}; {study.repeats} blocks (each configuration once per block) before "
                  "the first look.", highlight=False)
    for fs_name in study.filesystems:
        availability = caps.availability(fs_name)
        if not availability.available:
            console.print(f"[yellow]Not runnable here:[/] {filesystems.get(fs_name).title}: {availability.reason} "
                          "You can still plan it (fstune plan).", highlight=False)
    if study.source:
        console.print(f"\n[dim]Source: {escape(study.source)}[/]", highlight=False)
    if study.origin != "shipped":
        console.print(f"[dim]From {study.path}[/]", highlight=False)
