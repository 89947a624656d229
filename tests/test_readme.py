"""The README's two commands, as a newcomer types them.

The try command is run for real: in a copy of this checkout with no virtual environment, typed
into a shell in tmux at 80×24, up to the wizard's first screen on the lab it builds; then the
wizard is quit and the lab removed through its own question. The test command is the one
``.ci/run`` runs (CI itself is that test).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from fstune import lab as labmod
from terminal import Terminal

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
LINK = Path("/usr/local/bin/fstune")  # where .ci/setup.sh links fstune, unless FSTUNE_BIN_DIR says


def readme_command(heading: str) -> str:
    """The single-line command in the first code block after the paragraph starting ``heading``."""
    text = README.read_text()
    start = text.index(heading)
    block = re.search(r"```\n(.*?)\n```", text[start:], re.S)
    assert block, f"no code block after {heading!r} in README.md"
    lines = block.group(1).strip().splitlines()
    assert len(lines) == 1, f"the command after {heading!r} should be one line to copy: {lines}"
    return lines[0]


def test_ci_runs_the_readme_test_command():
    command = readme_command("**Run the test suite**")
    assert command in (ROOT / ".ci" / "run").read_text()


def fresh_copy(destination: Path) -> None:
    """What a clone of this checkout holds (tracked and new files as they are now), nothing else."""
    listing = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others",
                              "--exclude-standard"], capture_output=True, text=True)
    if listing.returncode != 0:  # not a git checkout (a source tarball): copy minus the build output
        shutil.copytree(ROOT, destination, ignore=shutil.ignore_patterns(
            ".venv", ".git", "*.egg-info", "__pycache__", ".pytest_cache"))
        return
    for name in filter(None, listing.stdout.split("\0")):
        source = ROOT / name
        if not source.is_file():
            continue  # listed but deleted in the working tree
        target = destination / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)


@pytest.mark.loopdev
@pytest.mark.slow
@pytest.mark.timeout(900)
@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
def test_readme_try_command_starts_the_wizard_on_a_lab_in_a_fresh_venv(udevd, tmp_path):
    command = readme_command("**Try it**")
    assert "fstune" in command and "--device" not in command  # no disk named: the lab it is
    clone = tmp_path / "fstune"
    fresh_copy(clone)
    assert not (clone / ".venv").exists()
    lab_dir = tmp_path / "readme-lab"  # the user's own /var/tmp/fstune-lab is never touched
    # setup.sh links fstune into a directory of this test's own, first on PATH, so the machine's
    # link is never touched (two suites at once had left it pointing at a deleted clone); not a
    # mount namespace over /usr/local/bin, which would hold every other mount alive meanwhile
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    link_before = os.readlink(LINK) if LINK.is_symlink() else None
    term = Terminal("bash --noprofile --norc", cwd=str(clone), name="fstune-readme",
                    env={"FSTUNE_LAB_DIR": str(lab_dir), "FSTUNE_LAB_ONLY": "1", "FSTUNE_BIN_DIR": str(bin_dir),
                         "PATH": f"{bin_dir}:{os.environ['PATH']}"})
    try:
        term.type(command)
        term.keys("Enter")
        # setup (a new venv and its packages) takes a minute or two; then the lab is built, the
        # cursor put on its first data partition and the reason box describes it. The box is
        # matched, not the table's columns: what else is mounted on a shared machine (CI) must
        # not decide whether this passes.
        def lab_listed(shown: str) -> bool:
            try:
                data = labmod.load_lab(lab_dir).data_partitions[0]
            except Exception:
                return False
            flat = "".join(shown.split())  # Rich folds the long lab path at 80 columns
            return ("1 Disks" in shown and f"{data}" in flat and "practicelabdisk:" in flat
                    and f"in{lab_dir}" in flat and "Usable:" in shown)

        term.wait_for(lab_listed, timeout=600, what="the wizard's Disks screen with the lab", history=200)
        assert Path(os.readlink(bin_dir / "fstune")) == clone / ".venv" / "bin" / "fstune"  # the fresh venv's
        term.keys("C-q")
        term.wait_for(lambda s: "Remove the practice lab" in s, timeout=30, what="the remove question",
                      history=200)
        term.keys("r")
        shown = term.wait_for(lambda s: "removed the practice lab" in s, timeout=60, what="fstune's goodbye",
                              history=200)
        # Rich folds the long path at 80 columns: compare without the whitespace
        assert f"removedthepracticelabin{lab_dir}" in "".join(shown.split())
        assert not labmod.lab_status(lab_dir).exists
    finally:
        term.close()
        labmod.lab_down(lab_dir)
    # the machine's own link was never touched
    assert (os.readlink(LINK) if LINK.is_symlink() else None) == link_before
