"""The teacher's page: its pictures exist and are the app's own, every wizard step has one, and
every fstune command it tells a teacher to type is one fstune accepts."""

from __future__ import annotations

import importlib.util
import re
import shlex
from pathlib import Path

import pytest

from fstune.cli import build_parser

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGE = DOCS / "teaching.md"


def screenshots_module():
    spec = importlib.util.spec_from_file_location("docs_screenshots", DOCS / "screenshots.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # imports nothing of Textual at module level
    return module


def test_every_picture_on_the_page_exists_and_was_drawn_by_the_app():
    images = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", PAGE.read_text())
    assert images
    for image in images:
        svg = (DOCS / image).read_text()
        # Textual's SVG export: a terminal window with the app's title and its rendered text
        assert svg.startswith("<svg") and "fstune" in svg and "terminal" in svg, image


def test_every_screenshot_the_script_makes_is_on_the_page_and_every_step_has_one():
    shots = screenshots_module().SHOTS
    page = PAGE.read_text()
    for name in shots:
        assert f"images/{name}.svg" in page, name
    from fstune.screens.widgets import STEPS

    described = " ".join(shots.values()).lower()
    for step in STEPS:
        assert step.lower() in described, f"no screenshot of the {step} step"


def page_commands() -> list[str]:
    blocks = re.findall(r"```\n(.*?)```", PAGE.read_text(), re.S)
    lines = [line.strip() for block in blocks for line in block.splitlines()]
    return [line for line in lines if line.startswith(("fstune ", "sudo fstune "))]


@pytest.mark.parametrize("line", page_commands())
def test_the_page_s_commands_parse(line):
    words = shlex.split(line.replace("$(hostname)", "host").replace("*.json", "a.json b.json"))
    if words[0] == "sudo":
        words = words[1:]
    build_parser().parse_args(words[1:])  # argparse exits (a test failure) on anything it rejects
