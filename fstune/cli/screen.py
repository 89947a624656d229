"""``fstune screen`` — which of a filesystem's options matter for a workload, in one designed study.

The factors are checked against the filesystem's option rules, the design is made and fitted to
the time budget (fstune/screening/), and its plan words are printed before anything is asked.
The design then becomes an ordinary plan (fstune/plan/screening.py) and runs through the same
session as ``fstune run`` (preflight, leftovers, locks, identities, the typed confirmation, the
readback of each run's options); the run is stored with its design, and its result printed
(docs/screening.md). ``--confirm RUN`` then runs the proposal against the baseline as an
ordinary paired study.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from fstune.errors import ExitCode, UsageError
from fstune.screening.budget import DEFAULT_BUDGET
from fstune.screening.factors import parse_factor
from fstune.screening.study import DEFAULT_WORKLOAD
from fstune.workloads import WORKLOADS

DESCRIPTION = """\
Screen a filesystem's options: which of them change a workload's figure, and by how much.

A factor is one option at two levels: a mount option off and on (noatime against relatime), or
two values of it (commit=5 against commit=60), or an mkfs setting (-i 16384 against -i 65536).
Every run of the design sets each factor to one of its two levels, so that every run tells
something about every factor; one linear model then calls each factor "matters" (with its
change and interval), "no detectable effect" or "too noisy to tell", holding the chance that
any factor without an effect is called "matters" at 5 % (docs/screening.md).

Name a factor as the filesystem offers it (fstune screen --list-factors ext4), by the option of
its second level (noatime is the atime factor), or type your own: NAME=A,B for two values of a
mount option (commit=5,60), or OPTION for the option left out against set (discard). Pairs the
kernel refuses together (data=journal with delalloc …) are refused before anything is made.

The journal's place is a factor too (ext4's and ext3's "journal", XFS's "log"): the runs at its
second level make the journal on the spare partition given with --log-device (--lab uses the
lab's spare), as fstune run's external-journal studies make it; the runs at its first level keep
it inside and leave the spare alone. A design with it is refused without a spare.

The time budget buys whole replicates of the design, each one block of fresh mkfs-and-measure
runs in an order drawn from a seed; the plan says how many fit and the smallest effect they find.
Above 8 factors the design is a Plackett–Burman design run with its foldover (every level
switched, in the next block), which keeps each main effect clear of the two-factor interactions,
when the budget fits it; --max-runs N caps the distinct runs (--max-runs 12: the 12-run
Plackett–Burman design alone, whose main effects carry a third of other factors' interactions).

Examples:
  fstune screen --list-factors ext4
  fstune screen --filesystem ext4 --factor noatime --factor commit=5,60 --factor barrier \\
                --factor data=ordered,writeback --factor lazytime --budget 30m --lab --dry-run
  sudo fstune screen --filesystem ext4 --factor noatime --factor data --factor barrier \\
                --budget 1h --device /dev/sdb1
  fstune screen --study ext4-options --lab --dry-run      (a shipped screening study: --list-studies)
  fstune screen --filesystem xfs --factor logbufs --factor noatime --save mine.toml --dry-run --lab
  sudo fstune screen --filesystem xfs --factor log --factor logbufs --factor noatime \\
                --device /dev/sdb1 --log-device /dev/sdc1        (the log's place as a factor)
  fstune screen --study ext4-options --factor ... (10 factors) --max-runs 12 --lab --dry-run
  sudo fstune screen --confirm 12 --device /dev/sdb1     (the proposal against the baseline)

A screening suggests; it does not decide: the result proposes the factors that matter at their
better level, which --confirm measures against the baseline in an ordinary paired study.
Exit codes as fstune run: 0 done, 1 a step failed, 2 refused before anything ran, 3 a safety
check stopped a write, 130 cancelled.
"""



def add_parser(sub, formatter_class) -> None:
    parser = sub.add_parser("screen", help="which options matter: a screening design over many options (needs root)",
                            description=DESCRIPTION, formatter_class=formatter_class)
    parser.add_argument("--list-factors", metavar="FS", help="list the factors FS offers, with their levels, and exit")
    parser.add_argument("--list-studies", action="store_true", help="list the screening studies fstune ships, and exit")
    parser.add_argument("--study", metavar="NAME|FILE",
                        help="a screening study (shipped, or a .toml file) to take the filesystem, factors, workloads "
                        "and budget from; the options given here replace its own")
    parser.add_argument("--save", metavar="FILE",
                        help="also save this screening as a study file (TOML) that --study reads back")
    parser.add_argument("--filesystem", metavar="FS", help="the filesystem to screen (ext4, xfs, btrfs …)")
    parser.add_argument("--factor", action="append", default=[], metavar="FACTOR",
                        help="a factor: a name from --list-factors, the option of its second level (noatime), "
                        "NAME=A,B (two values of a mount option) or OPTION (left out against set); repeat it, "
                        "2 to 15 factors")
    parser.add_argument("--budget", metavar="TIME",
                        help=f"how long the runs may take in all: 30m, 1h30m, 90s (default {DEFAULT_BUDGET})")
    parser.add_argument("--option", action="append", default=[], metavar="NAME[=VALUE]",
                        help="a mount option every run shares (not screened)")
    parser.add_argument("--device", metavar="DEV", help="the target partition; it is formatted once per run")
    parser.add_argument("--log-device", metavar="DEV",
                        help="a spare partition for the external journal/log of the runs that put it there (the "
                        "journal/log place factor), best on another disk; formatted by those runs only")
    parser.add_argument("--assume-log-size", metavar="SIZE",
                        help="with --dry-run: plan for a --log-device not on this machine")
    parser.add_argument("--lab", nargs="?", const="", metavar="DIR",
                        help="use the loop-device lab's first data partition (from 'fstune lab up'), and its spare "
                        "on the other lab disk when a run puts the journal/log there")
    parser.add_argument("--workloads", metavar="NAME,…",
                        help=f"the workloads each run measures (default {DEFAULT_WORKLOAD}): {', '.join(WORKLOADS)}")
    parser.add_argument("--workload-param", action="append", default=[], metavar="WORKLOAD.KEY=VALUE",
                        help="a workload parameter, e.g. metadata.seconds=20 (fstune run --help lists them)")
    parser.add_argument("--primary", metavar="WORKLOAD:METRIC",
                        help="the figure the factors are judged on (default: the first workload's declared one)")
    parser.add_argument("--spread", type=float, metavar="S",
                        help="the noise to plan with: one block contrast's spread on the log scale (default: the "
                        "quiet loop lab's, 0.073)")
    parser.add_argument("--max-runs", type=int, metavar="N",
                        help="the most distinct runs (configurations) the design may have: the best design within "
                        "them, or a refusal that says how many the factors need (default: blocks of at most 16 "
                        "runs, a Plackett–Burman design with its foldover in two of them)")
    parser.add_argument("--seconds-per-run", type=float, metavar="S",
                        help="how long one run takes (mkfs, mount, the workloads), instead of the workloads' estimate")
    parser.add_argument("--order-seed", type=int, metavar="N",
                        help="draw the blocks' orders from this seed (the plan, the script and the stored run show it)")
    parser.add_argument("--dry-run", action="store_true", help="print the plan and its script; run nothing")
    parser.add_argument("--output", "-o", metavar="FILE", help="with --dry-run: write the script to FILE")
    parser.add_argument("--assume-size", metavar="SIZE", help="with --dry-run: plan for a --device not on this machine")
    parser.add_argument("--yes", action="store_true",
                        help="confirm the device on the command line instead of typing its name")
    parser.add_argument("--overwrite", action="append", default=[], metavar="UUID=<uuid>",
                        help="the filesystem you agree to destroy on a device that holds one (as fstune run)")
    parser.add_argument("--run-id", metavar="ID", help="name of the run and its directories (default: time and pid)")
    parser.add_argument("--clean-leftovers", action="store_true",
                        help="first unmount what earlier, interrupted runs left under /run/fstune")
    parser.add_argument("--no-force", action="store_true", help="do not pass the mkfs tool's force flag")
    parser.add_argument("--confirm", metavar="RUN",
                        help="run the configuration a stored screening run proposes against its baseline, as an "
                        "ordinary paired study (fstune run's blocks and looks)")
    parser.set_defaults(func=run, allow_unmountable=False)


# --- the factors -------------------------------------------------------------------------------------


def list_factors(filesystem: str) -> int:
    from fstune.filesystems import get
    from fstune.screening import offered
    from fstune.screening.factors import describe

    fs = get(filesystem)
    factors = offered(filesystem)
    if not factors:
        print(f"{fs.title} declares no screening factors; type your own with --factor NAME=A,B or --factor OPTION.")
        return 0
    print(f"Factors {fs.title} offers (first level, then second; the first is the default):")
    for factor in factors:
        print(f"  {describe(factor):<46} {factor.kind}: {factor.help}")
    print("Or type your own: --factor NAME=A,B (two values of a mount option), --factor OPTION (left out against set).")
    return 0


# --- the plan ----------------------------------------------------------------------------------------


def make_screening(args):
    """(ScreeningPlan, workloads, params, primary) from the options; UsageError with the reason."""
    from fstune.filesystems import split_options
    from fstune.measure.screening import ScreeningRequest, plan_request

    study = None
    if args.study:
        from fstune.plan.screening import find_screening_study

        study = find_screening_study(args.study)
    filesystem = args.filesystem or (study.filesystem if study is not None else None)
    if not filesystem:
        raise UsageError("name the filesystem to screen with --filesystem (e.g. ext4), or a study with --study.",
                         "fstune screen --list-factors ext4 lists what it offers; --list-studies the studies.")
    typed = args.factor or (list(study.factors) if study is not None else [])
    from fstune.cli.choices import _workload_params

    if args.workloads is None and study is not None:
        names = study.workloads
    else:
        names = tuple((args.workloads or DEFAULT_WORKLOAD).split(","))

    given = {name: dict(values) for name, values in (study.workload_params if study is not None else {}).items()
             if name in names}
    for name, values in _workload_params(args.workload_param).items():
        given.setdefault(name, {}).update(values)
    shared = tuple(n if v is None else f"{n}={v}" for n, v in split_options(args.option))
    if study is not None:
        shared = (*study.mount_options, *shared)
    primary = args.primary or (study.primary if study is not None and study.primary and
                               study.primary.split(":")[0] in names else None)
    budget = args.budget or (study.budget if study is not None else DEFAULT_BUDGET)
    planned = plan_request(ScreeningRequest(
        filesystem, tuple(typed), tuple(names), budget, given, primary, study.journal if study is not None else None,
        shared, args.spread, args.seconds_per_run, args.order_seed, args.max_runs))
    if args.save:
        _save(args.save, study, planned.plan.setup, typed, planned.workloads, planned.params, planned.primary, budget)
    return planned.plan, planned.workloads, planned.params, planned.primary


def _save(path_text: str, study, setup, typed, names, params, primary, budget) -> None:
    """--save: the screening as a study file, checked by reading it back."""
    from fstune.plan.screening import ScreeningStudy, parse_screening_study, screening_study_toml
    from fstune.filesystems import get

    path = Path(path_text)
    name = re.sub(r"[^a-z0-9-]", "-", path.stem.lower()).strip("-") or "screening"
    title = study.title if study is not None else f"{get(setup.filesystem).title}: which of {len(typed)} options matter"
    saved = ScreeningStudy(
        name=name, title=title, summary=study.summary if study is not None else f"{', '.join(typed)}.",
        explanation=study.explanation if study is not None else "Saved by fstune screen --save.",
        filesystem=setup.filesystem, factors=tuple(typed), workloads=tuple(names), budget=budget,
        journal=setup.journal, mount_options=tuple(setup.mount_options), primary=":".join(primary),
        workload_params={k: dict(v) for k, v in params.items() if v}, source=study.source if study is not None else "")
    text = screening_study_toml(saved)
    parse_screening_study(text, str(path))
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error.strerror}.") from None
    print(f"fstune: saved the screening as {path} (fstune screen --study {path}).", file=sys.stderr)


def _choices_args(args) -> argparse.Namespace:
    """What ``build_choices`` reads, for the screening study (no configs, looks or ceiling)."""
    return argparse.Namespace(
        study=None, device=args.device, lab=args.lab, log_device=args.log_device, option=[], workloads=None,
        workload_param=[], configs=None, repeats=None, order_seed=None, max_blocks=None, primary=None,
        assume_size=args.assume_size, assume_log_size=args.assume_log_size, overwrite=args.overwrite,
        no_force=args.no_force, ceiling=False)


def build_screen_plan(args, screening, names, params, primary, *, run_id: str, build_lab: bool, inventory):
    from fstune.cli.choices import build_choices
    from fstune.filesystems import get
    from fstune.plan import build_plan
    from fstune.plan.screening import screening_choices, screening_study
    from fstune.screening.factors import describe, place_factor

    study = screening_study(screening, workloads=names, primary=primary, workload_params=params)
    choices = build_choices(_choices_args(args), inventory, run_id=run_id, study=study, build_lab=build_lab)
    place = place_factor(screening.factors)
    if place is not None and study.needs_journal_device and choices.log_device is None:
        # said before the plan's own refusal, which names the design's runs rather than the factor
        external = [config.name for config in study.configurations if config.external_journal]
        raise UsageError(f"the factor {describe(place)} puts the {get(screening.setup.filesystem).journal_noun} on "
                         f"a spare partition in {len(external)} of the design's {len(study.configurations)} runs, "
                         "and no spare was given.",
                         "Name it with --log-device DEV (best on another disk), or leave out the factor.")
    return build_plan(screening_choices(choices, screening))


def screening_design(screening, primary, names=(), params=None) -> dict:
    from fstune.measure.screening import PlannedScreening, screening_record
    from fstune.screening.record import KEY

    return screening_record(PlannedScreening(screening, tuple(names), dict(params or {}), primary))[KEY]


def run(args) -> int:
    if args.list_factors:
        return list_factors(args.list_factors)
    if args.list_studies:
        from fstune.plan.screening import shipped_screening_studies

        for study in shipped_screening_studies().values():
            print(f"{study.name:<16} {study.title}\n{'':<16} factors: {', '.join(study.factors)}; budget {study.budget}")
        return 0
    if args.confirm:
        return confirm(args)
    screening, names, params, primary = make_screening(args)
    print("\n".join(screening.words()))
    print(f"Each run measures {', '.join(names)}; the factors are judged on {primary[0]}:{primary[1]}.")
    if args.dry_run:
        return _dry_run(args, screening, names, params, primary)
    if args.output:
        raise UsageError("--output is for --dry-run (the script); a run stores its results.")
    return _run_for_real(args, screening, names, params, primary)


def _dry_run(args, screening, names, params, primary) -> int:
    from fstune.cli.plan import scan_inventory
    from fstune.plan import render_script

    plan = build_screen_plan(args, screening, names, params, primary, run_id=args.run_id or "plan",
                             build_lab=False, inventory=scan_inventory(device_locks=False))
    script = render_script(plan)
    if args.output:
        path = Path(args.output)
        path.write_text(script)
        path.chmod(0o755)
        print(f"fstune: wrote the script to {path}", file=sys.stderr)
    else:
        print()
        sys.stdout.write(script)
    return 0


def _run_for_real(args, screening, names, params, primary) -> int:
    from fstune.cli import run as run_cli
    from fstune.cli.plan import scan_inventory
    from fstune.plan import new_run_id

    if args.assume_size or args.assume_log_size:
        raise UsageError("--assume-size and --assume-log-size are for --dry-run; fstune screen runs on real devices "
                         "only.")
    if run_cli.geteuid() != 0:
        print("fstune: fstune screen formats and mounts devices and needs root: run it with sudo "
              "(--dry-run shows the commands without root).", file=sys.stderr)
        return ExitCode.USAGE
    if not args.yes and not run_cli.stdin_is_interactive():
        print("fstune: there is no terminal on stdin to type the device name on; add --yes to confirm it on the "
              "command line.", file=sys.stderr)
        return ExitCode.USAGE
    plan = build_screen_plan(args, screening, names, params, primary, run_id=args.run_id or new_run_id(),
                             build_lab=True, inventory=scan_inventory())
    from fstune.screening.record import KEY

    return execute(plan, {KEY: screening_design(screening, primary, names, params)}, args)


def execute(plan, design: dict, args, *, paired: bool = False) -> int:
    """Run ``plan`` through the run session as ``fstune run`` does and store it with ``design``
    added to its record's; print the screening result (``paired``: the comparison, as fstune run
    prints it, for a confirmation)."""
    from fstune.cli import run as run_cli
    from fstune.session import RunSession

    for warning in plan.warnings:
        print(f"fstune: note: {warning}", file=sys.stderr)
    if args.yes:
        code = run_cli._refuse_unconfirmed(plan)
        if code is not None:
            return code
    from fstune.measure.screening import screening_measurement

    session = RunSession(plan, measurement=screening_measurement(plan, design, sequential=paired))
    try:
        code = run_cli._prepare_session(session, args)
        if code is not None:
            return code
        if not args.yes and not run_cli._confirm(plan):
            return ExitCode.USAGE
        with run_cli._output_may_vanish():
            return run_cli._execute(session, args) if paired else _execute(session, args)
    finally:
        session.close()


def _execute(session, args) -> int:
    import signal

    from fstune.cli import run as run_cli
    from fstune.runner import handle_signals

    plan = session.plan
    display = run_cli.Display(plan, session.view, interactive_answers=not args.yes)
    answer = run_cli._answer_for_confirmed_devices(session.identities, display) if args.yes else None
    session.start(answer=answer)
    hangup = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        with handle_signals(session, on_signal=display.interrupted), display:
            outcome = session.run(display.changed)
        ended = session.finish(outcome)  # stored before anything is printed
        display.summary()
        for note in ended.notes:
            print(f"fstune: {note}", file=sys.stderr)
        if ended.record is not None and ended.record.results:
            show_screening(display.console, ended.record, ended.stored_id)
        if ended.stored_id is not None:
            display.note(f"stored as run {ended.stored_id}: 'fstune results show {ended.stored_id}', "
                         f"'fstune results export {ended.stored_id} --format html -o report.html'.")
    finally:
        signal.signal(signal.SIGHUP, hangup)
    if ended.stored_id is None and outcome.exit_code == ExitCode.OK:
        return ExitCode.FAILED
    return outcome.exit_code


# --- the result --------------------------------------------------------------------------------------


def show_screening(console, run, run_id=None) -> None:
    """A stored screening run's result: the design, each factor's verdict, the Pareto chart, the
    interactions, the proposal and how to confirm it (``fstune results show`` too)."""
    from rich.markup import escape

    from fstune.screening.record import result_from_run
    from fstune.screening.report import caveats, pareto_lines
    from fstune.screening.verdicts import MATTERS, NO_EFFECT

    screened = result_from_run(run.design, run.results)
    console.print(f"[bold]Screening[/]: {escape(screened.factor_words)}")
    console.print(f"Judged on {escape(screened.primary)}.")
    result = screened.result
    if result is None:
        console.print(f"[yellow]No result: {escape(screened.refusal or '')}[/]")
        return
    console.print(escape(result.lines()[0]))
    console.print()
    console.print("[bold]Effects[/] (from each factor's first level to its second):")
    styles = {MATTERS: "bold green", NO_EFFECT: "dim"}
    for effect in result.effects:
        console.print(f"  [{styles.get(effect.verdict, 'yellow')}]{escape(effect.text)}[/]")
    console.print()
    console.print("[bold]Effects, largest first[/]")
    for text, verdict in pareto_lines(result, console.width):
        console.print(f"[{styles.get(verdict, 'yellow') if verdict else 'dim'}]{escape(text)}[/]",
                      soft_wrap=True)
    console.print()
    if result.interactions:
        console.print("[bold]Two-factor interactions[/] (described, not judged):")
        for interaction in result.interactions:
            console.print(f"  {escape(interaction.text)}")
        console.print()
    for line in caveats(result):
        console.print(f"[dim]{escape(line)}[/]")
    for line in screened.pacing:
        console.print(f"[yellow]{escape(line)}[/]" if "the host, not" in line else f"[dim]{escape(line)}[/]")
    for line in screened.readback:
        console.print(f"[{'bold red' if line.startswith('NOT') else 'dim'}]{escape(line)}[/]")
    console.print()
    if result.confirmation is None:
        console.print("No factor matters at this noise: there is nothing to confirm.")
        return
    console.print(escape(result.confirmation.text))
    proposal = screened.proposal()
    if proposal is not None and run_id is not None:
        console.print(f"Confirm it: [bold]sudo fstune screen --confirm {run_id} --device DEV[/] (or --lab): the proposal "
                      "against the baseline, with fstune run's blocks and looks.")


# --- confirmation ------------------------------------------------------------------------------------


def confirm(args) -> int:
    """``--confirm RUN``: the proposal against the baseline with fstune run's blocks and looks."""
    from fstune.cli import run as run_cli
    from fstune.cli.choices import build_choices
    from fstune.cli.plan import scan_inventory
    from fstune.cli.results import load_runs
    from fstune.plan import build_plan, new_run_id, render_script
    from fstune.plan.screening import confirmation_study
    from fstune.screening.record import CONFIRMS, confirmation_design, is_screening, result_from_run

    if args.factor or args.filesystem:
        raise UsageError("--confirm takes its factors and filesystem from the screening run; leave out --factor "
                         "and --filesystem.")
    (run,) = load_runs([args.confirm])
    if not is_screening(run.design):
        raise UsageError(f"run {run.id} is not a screening run ('fstune results list' shows the runs).")
    screened = result_from_run(run.design, run.results)
    study = confirmation_study(run.id, screened)
    print(f"{study.title}.")
    if args.dry_run:
        choices = build_choices(_choices_args(args), scan_inventory(device_locks=False), run_id=args.run_id or "plan",
                                study=study)
        sys.stdout.write(render_script(build_plan(choices)))
        return 0
    if run_cli.geteuid() != 0:
        print("fstune: fstune screen --confirm formats and mounts devices and needs root: run it with sudo.",
              file=sys.stderr)
        return ExitCode.USAGE
    if not args.yes and not run_cli.stdin_is_interactive():
        print("fstune: there is no terminal on stdin to type the device name on; add --yes.", file=sys.stderr)
        return ExitCode.USAGE
    choices = build_choices(_choices_args(args), scan_inventory(), run_id=args.run_id or new_run_id(), study=study,
                            build_lab=True)
    if args.order_seed is not None:
        from dataclasses import replace

        choices = replace(choices, order_seed=args.order_seed)
    plan = build_plan(choices)
    return execute(plan, {CONFIRMS: confirmation_design(run.id, screened)}, args, paired=True)
