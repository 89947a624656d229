"""The contract of a workload module, checked for every registered workload.

Two kinds of checks run for each one: its exact declarations and what it makes of a recorded
run, as its own test file declares them (``CONTRACTS`` in ``tests/test_wl_<module>.py``, see
``tests/wlcontract.py``), and the rules every workload obeys: complete metric declarations,
parameters rendered by the command line (help and validation) and by the wizard, an estimate
that grows with the run, a parser that reports only what is declared. A new module without a
contract fails here, by name.
"""

from __future__ import annotations

import pytest
from textual.widgets import Checkbox, Input, Label, Static

from fstune import runner, workloads
from fstune.cli import main
from fstune.errors import UsageError
from fstune.figures import HIGHER, LOWER
from fstune.stats.scales import Scale
from fstune.screens.app import make_app
from fstune.units import format_estimate
from fstune.workloads import Metric, Workload
from test_tui_wizard import SIZE, pick_devices, services, settle, text_of, to_devices
from contracts import contract_for, gather
from wlcontract import Contract, context, fixture, measured_steps, terminal_lines

STUDY = "xfs-log-tuning"  # any shipped study: --workloads chooses the workload
CONTRACTS = gather("test_wl_")


@pytest.fixture(params=workloads.all(), ids=lambda w: w.name)
def workload(request) -> Workload:
    return request.param


@pytest.fixture
def contract(workload) -> Contract:
    return contract_for(CONTRACTS, workload, "test_wl_")


def recorded_samples(workload: Workload, contract: Contract, phase: str | None = None):
    recorded = contract.recorded
    ctx = context(workload, journal=recorded.journal, **recorded.params)
    steps = [step for step in measured_steps(workload, ctx) if step.phase == (phase or recorded.phase)]
    assert len(steps) == 1, f"{workload.name} has no single measured step '{phase or recorded.phase}'"
    output = fixture(recorded.output) if recorded.output else ""
    result = fixture(recorded.result) if recorded.result else None
    return workload.parse(steps[0], output, recorded.seconds, 0, result)


# --- the registry ------------------------------------------------------------------------------


def test_every_contract_belongs_to_a_registered_workload():
    assert set(CONTRACTS) <= set(workloads.WORKLOADS)


def test_the_registry_lists_every_workload_once_in_a_fixed_order():
    assert [w.name for w in workloads.all()] == list(workloads.WORKLOADS)
    assert list(workloads.WORKLOADS)[:6] == ["throughput", "metadata", "smallfiles", "writes", "coldread", "command"]
    assert workloads.get("metadata") is workloads.find("metadata") is workloads.WORKLOADS["metadata"]
    assert workloads.find("bonnie") is None
    with pytest.raises(UsageError, match="'bonnie' is not a workload; known: throughput, metadata"):
        workloads.get("bonnie")


def test_register_refuses_an_incomplete_class():
    class Half(Workload):
        name = "half"
        title = "Half"

    with pytest.raises(TypeError, match=r"Half does not set description, summary, measures, params, metrics, "
                                        r"duration_param, repeat_steps\(\), parse\(\), estimate_seconds\(\)"):
        workloads.register(Half)
    assert "half" not in workloads.WORKLOADS


def test_register_refuses_contradictory_declarations_and_a_second_name():
    base = type(workloads.get("metadata"))

    class Muddled(base):
        name = "muddled"
        metrics = (Metric("dbench.throughput_mbs", "MB/s", HIGHER, "log", "t", "t", primary=True),
                   Metric("dbench.max_latency_ms", "ms", "up", "ratio", "m", "", primary=True),
                   Metric("seconds", "s", LOWER, "ratio", "time", "time"))
        duration_param = "minutes"

    with pytest.raises(TypeError) as caught:
        workloads.register(Muddled)
    for problem in ("scale must be one of ratio, difference, exact, not 'log'", "better must be 'higher' or 'lower'",
                    "metric 'dbench.max_latency_ms' has no words", "metric 'seconds' is not named PHASE.QUANTITY",
                    "more than one primary metric", "duration_param 'minutes' is not one of its params"):
        assert problem in str(caught.value)

    class Again(base):
        pass

    with pytest.raises(TypeError, match="'metadata' is registered already"):
        workloads.register(Again)
    assert "muddled" not in workloads.WORKLOADS and type(workloads.get("metadata")) is base


# --- exact declarations, as the module's test file states them ------------------------------------


def test_parameters_and_their_defaults(workload, contract):
    assert {name: param.default for name, param in workload.params.items()} == contract.params
    assert list(workload.params) == list(contract.params)  # the order the help and the wizard show
    assert tuple(p.name for p in workload.params.values() if p.wizard) == contract.wizard
    assert workload.duration_param == contract.duration_param


def test_declared_metrics(workload, contract):
    assert {m.name: (m.unit, m.better, m.scale) for m in workload.metrics} == contract.metrics
    primary = [m.name for m in workload.metrics if m.primary]
    assert primary == ([contract.primary] if contract.primary else [])
    assert tuple(m.name for m in workload.metrics if m.secondary) == contract.secondary


def test_packages(workload, contract):
    assert dict(workload.packages) == contract.packages
    assert set(workload.tools) == set(workload.packages)
    # the runner's "install it" messages name the workload's own packages
    assert {tool: runner.package_of(tool) for tool in workload.packages} == contract.packages


def test_estimate_with_the_defaults(workload, contract):
    assert workload.estimate_seconds(workload.resolve({})) == pytest.approx(contract.estimate)


def test_the_recorded_run_gives_exactly_the_declared_figures(workload, contract):
    samples = recorded_samples(workload, contract)
    assert [s.metric for s in samples] == list(contract.reported)
    for sample in samples:
        declared = workload.metric(sample.metric)
        assert (sample.workload, sample.unit, sample.better) == (workload.name, declared.unit, declared.better)


def test_the_recorded_progress_line(workload, contract):
    ctx = context(workload, journal=contract.recorded.journal, **{**contract.recorded.params,
                                                                  **(contract.progress.params if contract.progress
                                                                     else {})})
    parsers = [runner.progress_parser_for(step.argv) for step in measured_steps(workload, ctx)]
    if contract.progress is None:
        # its tools print no progress fstune reads: the runner falls back to its percentage parser
        assert parsers == [None] * len(parsers)
        return
    parser = next(p for p in parsers if p is not None)
    assert type(parser).__module__ == type(workload).__module__  # it comes from the workload's own module
    lines = terminal_lines(fixture(contract.progress.fixture))
    for line in lines[:contract.progress.line]:
        parser.parse(line)
    found = parser.parse(lines[contract.progress.line])
    assert found is not None
    fraction, eta, label = contract.progress.expected
    assert found[0] == pytest.approx(fraction) and found[1] == pytest.approx(eta) and found[2] == label


# --- rules every workload obeys ----------------------------------------------------------------


def test_declarations_are_complete(workload):
    assert workload.name and workload.title and workload.description and workload.measures
    assert workload.declaration_problems() == []
    for metric in workload.metrics:
        assert metric.unit and metric.title and metric.words, metric
        assert metric.better in (HIGHER, LOWER)
        assert Scale(metric.scale)  # a scale the verdicts know
    titles = [m.title for m in workload.metrics]
    assert len(set(titles)) == len(titles), "two metrics share a title"
    for param in workload.params.values():
        assert param.help and param.describe()
        if param.default != "":  # a required text (the command) has no default to accept
            assert workload.check_params({param.name: param.default}) == {param.name: param.default}


def test_every_declared_figure_is_reported_unless_optional(workload, contract):
    """Parse the recorded output as every measured step's: nothing undeclared, nothing required missing."""
    recorded = contract.recorded
    phases = [s.phase for s in measured_steps(workload, context(workload, journal=recorded.journal,
                                                                **recorded.params))]
    reported = {s.metric for phase in phases for s in recorded_samples(workload, contract, phase)}
    declared = {m.name for m in workload.metrics}
    assert reported <= declared
    assert {m.name for m in workload.metrics if not m.optional} <= reported


def test_the_estimate_is_positive_and_grows_with_the_duration_parameter(workload):
    defaults = workload.resolve({})
    assert workload.estimate_seconds(defaults) > 0
    name = workload.duration_param
    if name is None:
        # a run time fstune cannot know is said next to the estimate
        assert workload.estimate_note
        return
    param = workload.params[name]
    if param.kind == "choice":
        values = [param.parse(choice, workload.name) for choice in param.choices]
    else:
        start = param.minimum
        values = [start, start * 2, min(param.maximum or start * 10, start * 10)]
    estimates = [workload.estimate_seconds({**defaults, name: value}) for value in values]
    assert estimates == sorted(estimates) and estimates[0] < estimates[-1], estimates


# --- the front ends render the same declaration --------------------------------------------------


def test_the_command_line_help_lists_every_parameter(workload, capsys):
    with pytest.raises(SystemExit):
        main(["plan", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for param in workload.params.values():
        line = f"{workload.name}.{param.name}={param.default} {param.help}; {param.describe()}"
        assert " ".join(line.split()) in text


def _bad_value(param) -> tuple[str, list[str]]:
    """A value ``param`` refuses, and the declared bounds the refusal must name."""
    if param.kind == "int":
        return str(param.maximum + 1), [str(param.minimum), str(param.maximum)]
    if param.kind == "size":
        return str(param.minimum - 1), [str(param.minimum)]
    if param.kind == "choice":
        return "nonesuch", list(param.choices)
    return "", ["non-empty"]


def test_the_command_line_refuses_a_bad_value_with_the_declared_bounds(workload, capsys):
    for param in workload.params.values():
        value, bounds = _bad_value(param)
        status = main(["plan", "--study", STUDY, "--device", "/dev/sdx1", "--assume-size", "10G",
                       "--log-device", "/dev/sdy1", "--assume-log-size", "1G", "--workloads", workload.name,
                       "--workload-param", f"{workload.name}.{param.name}={value}"])
        err = capsys.readouterr().err
        assert status == 2 and err.startswith(f"fstune: {workload.name}.{param.name}"), err
        for bound in bounds:
            assert bound in err, (bound, err)


async def test_the_wizard_shows_every_declared_parameter(workload):
    app = make_app(services())
    async with app.run_test(size=SIZE) as pilot:
        await to_devices(pilot, STUDY)
        await pick_devices(pilot, "/dev/sdm3", "/dev/sdd3")
        await pilot.press("ctrl+n", "ctrl+n")
        await settle(pilot)
        screen = app.screen
        assert screen.STEP == "Workloads"
        box = screen.query_one(f"#use-{workload.name}", Checkbox)
        assert str(box.label) == f"{workload.name} — {workload.title}"
        box.value = True
        await settle(pilot)
        assert screen.query_one(f"#params-{workload.name}").display
        study = app.state.study
        values = workload.resolve(study.workload_params.get(workload.name, {}))
        form = screen.query_one("#workloads-form")
        for param in workload.params.values():
            fields = screen.query(f"#param-{workload.name}-{param.name}")
            if not param.wizard:
                assert len(fields) == 0, f"{param.name} is not declared for the wizard"
                continue
            field = fields.first(Input)
            assert field.value == str(values[param.name])
            row = field.parent
            assert str(row.query_one(Label).render()) == param.name
            assert text_of(row.query_one(".param-help", Static)) == param.help
            form.scroll_to_widget(field, animate=False)
            await settle(pilot, 1)
            assert field.region.height == 1 and form.region.contains_region(field.region), \
                f"{param.name} is not on the 80×24 screen"
            if param.kind == "text" and not str(values[param.name]):
                field.value = "true"  # a required text (the command): any valid one
                await settle(pilot, 1)
        resolved = {**values, **workload.check_params(screen.params_of(workload.name))}
        estimate = format_estimate(workload.estimate_seconds(resolved))
        assert f"{workload.name} {estimate}" in text_of(screen.query_one("#estimate"))


def test_the_wizard_s_help_lists_every_workload_with_a_summary(workload):
    from fstune.screens.help import help_text

    text = " ".join(help_text("Workloads").split())
    assert (f"{workload.name} {' '.join(workload.summary.split())}" in text) == bool(workload.summary)
