"""``?`` at 80×24: every step opens its own help, wrapped by the screen, not by hand.

The wizard's steps are reached as a user would (Ctrl+N through the recorded 'server' machine);
Run and Results are pushed by the App as Review does (the Run screen of a dry run, which runs
nothing, and the results of a recorded run).
"""

from __future__ import annotations

from textual.geometry import Region
from textual.widgets import Input

from fstune.screens.app import make_app
from fstune.screens.help import HELP, HelpScreen, help_text
from fstune.screens.results import ResultsScreen
from fstune.screens.run import RunScreen
from test_tui_results import stored_run
from test_tui_wizard import SIZE, pick_devices, services, settle, text_of, to_devices, to_review

# a phrase only that step's help says
OWN_WORDS = {
    "Disks": "No spare disk?", "Study": "A study is one experiment", "Devices": "The spare partition holds",
    "Options": "Mount options are separated by commas", "Workloads": "The run is a sequence of blocks",
    "Review": "type the name of each device", "Run": "the running step's own output",
    "Results": "Each variant against the baseline", "Guided": "Guided mode stops before every step",
    "Factors": "A factor is one option at two levels", "Screening": "Each factor's main effect",
}


def shown_text(screen: HelpScreen) -> list[str]:
    """The help as the screen draws it: its lines, as they are on the terminal."""
    widget = screen.query_one("#help-text")
    whole = Region(0, 0, widget.size.width, widget.size.height)
    return ["".join(segment.text for segment in line).rstrip() for line in widget.render_lines(whole)]


async def press_help(pilot) -> HelpScreen:
    app = pilot.app
    await pilot.press("question_mark")
    await settle(pilot, 2)
    assert isinstance(app.screen, HelpScreen), f"? on {type(app.screen_stack[-1]).__name__} opened no help"
    return app.screen


async def check_help(pilot, step: str) -> None:
    screen = await press_help(pilot)
    assert text_of(screen.query_one("#help-title")).startswith(f"Help — {step}")
    lines = shown_text(screen)
    shown = " ".join(" ".join(lines).split())
    assert OWN_WORDS[step] in shown
    # wrapped to the box, not at a fixed column: no drawn line is cut, none overflows
    width = screen.query_one("#help-text").size.width
    assert width < 80 and all(len(line) <= width for line in lines)
    await pilot.press("escape")
    await settle(pilot, 2)
    assert not isinstance(pilot.app.screen, HelpScreen)


def test_every_help_text_is_unwrapped_paragraphs():
    assert set(OWN_WORDS) == set(HELP)
    for step in HELP:
        for block in HELP[step]:
            texts = [block] if isinstance(block, str) else [text for _, text in block]
            assert all("\n" not in text and "  " not in text for text in texts), step


async def test_question_mark_on_each_wizard_step_opens_its_own_help():
    app = make_app(services())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await check_help(pilot, "Disks")
        await pilot.press("ctrl+n")
        await settle(pilot)
        await check_help(pilot, "Study")
        options = app.screen.query_one("#study-list")
        options.highlighted = options.get_option_index("ext4-external-journal")
        await pilot.press("ctrl+n")
        await settle(pilot)
        await pick_devices(pilot, "/dev/sdm3", "/dev/sdd3")
        await check_help(pilot, "Devices")
        for step in ("Options", "Workloads", "Review"):
            await pilot.press("ctrl+n")
            await settle(pilot)
            assert app.screen.STEP == step
            if isinstance(app.focused, Input):
                app.set_focus(None)  # ? is a character in a text field; F1 is the help there
            await check_help(pilot, step)


async def test_question_mark_on_the_run_and_results_opens_their_help(tmp_path):
    app = make_app(services(dry_run=True))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await to_review(pilot)
        from fstune.plan import build_plan

        app.start_run(build_plan(app.state.to_choices(app.inventory)))
        await settle(pilot)
        assert isinstance(app.screen, RunScreen)
        await check_help(pilot, "Run")
        record, comparison = stored_run()
        app.push_screen(ResultsScreen(record, comparison, app.services))
        await settle(pilot)
        await check_help(pilot, "Results")


async def test_f1_in_a_text_field_opens_the_step_s_help():
    app = make_app(services())
    async with app.run_test(size=SIZE) as pilot:
        await to_devices(pilot, "ext4-external-journal")
        await pick_devices(pilot, "/dev/sdm3", "/dev/sdd3")
        await pilot.press("ctrl+n")
        await settle(pilot)
        field = app.screen.query(Input).first()
        field.focus()
        await pilot.press("f1")
        await settle(pilot, 2)
        assert isinstance(app.screen, HelpScreen) and app.screen.step == "Options"


async def test_guided_run_s_help_explains_guided_mode(tmp_path):
    app = make_app(services())
    app.services.guided = True
    async with app.run_test(size=SIZE) as pilot:
        await to_review(pilot)
        from fstune.plan import build_plan

        app.start_run(build_plan(app.state.to_choices(app.inventory)))
        await settle(pilot)
        await check_help(pilot, "Guided")
