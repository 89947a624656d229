"""`.ci/setup.sh`'s package checks, run against stand-in apt tools.

The check once piped `apt-cache policy` into `grep -q` under `set -o pipefail`: grep exited at
its match, apt-cache died of SIGPIPE once the 64 KiB pipe filled, and every VM package was
reported as missing from the distribution. The stand-ins here print far more than a pipe holds
after the matching line, so that mistake cannot come back unnoticed.
"""

import os
import stat
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APT_SH = ROOT / ".ci" / "apt.sh"
PIPE_OVERFLOW = 256 * 1024  # well past Linux's 64 KiB pipe buffer


def _stand_in(bin_dir: Path, name: str, body: str) -> None:
    path = bin_dir / name
    path.write_text("#!/bin/bash\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


def _check(tmp_path: Path, call: str, candidate: str, status: str) -> int:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    # The matching line first, then a flood: the real apt-cache lists every version table.
    _stand_in(bin_dir, "apt-cache", f"""
echo "$2:"
echo "  Installed: (none)"
echo "  Candidate: {candidate}"
head -c {PIPE_OVERFLOW} /dev/zero | tr '\\0' 'x'
echo
""")
    _stand_in(bin_dir, "dpkg-query", f"""
printf '%s' '{status}'
head -c {PIPE_OVERFLOW} /dev/zero | tr '\\0' ' '
""")
    script = f"set -euo pipefail; source {APT_SH}; if {call}; then exit 0; else exit 1; fi"
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}"}
    return subprocess.run(["bash", "-c", script], env=env, timeout=30).returncode


def test_a_package_with_a_candidate_is_installable_even_when_apt_cache_says_much_more(tmp_path):
    assert _check(tmp_path, "has_candidate qemu-system-x86", "1:7.2+dfsg-7", "") == 0


def test_a_package_without_a_candidate_is_not_installable(tmp_path):
    assert _check(tmp_path, "has_candidate linux-image-amd64", "(none)", "") == 1


@pytest.mark.parametrize("status, expected", [
    ("install ok installed", 0),
    ("deinstall ok config-files", 1),
])
def test_installed_reads_dpkg_status_whatever_follows_it(tmp_path, status, expected):
    assert _check(tmp_path, "installed fio", "", status) == expected


def test_setup_uses_the_checks_and_no_grep_q_behind_a_pipe():
    setup = (ROOT / ".ci" / "setup.sh").read_text()
    assert "source .ci/apt.sh" in setup
    for path in (ROOT / ".ci").iterdir():
        for line in path.read_text().splitlines():
            code = line.split("#", 1)[0]
            assert not ("|" in code and "grep -q" in code.split("|")[-1]), f"{path.name}: {line}"


def test_every_package_of_the_source_tree_is_installed():
    """A package missing from pyproject's list works in the editable venv and vanishes from a wheel."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(project["packages"])
    roots = {name: ROOT / folder for name, folder in project["package-dir"].items()}
    found = set()
    for name, folder in roots.items():
        for init in folder.rglob("__init__.py"):
            relative = init.parent.relative_to(folder).parts
            found.add(".".join((name, *relative)))
    assert found <= listed, f"add to pyproject.toml [tool.setuptools] packages: {sorted(found - listed)}"


def test_setup_knows_only_its_one_option_and_says_so_before_doing_anything():
    done = subprocess.run(["bash", str(ROOT / ".ci" / "setup.sh"), "--bogus"], capture_output=True, text=True,
                          timeout=30)
    assert done.returncode == 2 and "unknown option --bogus (the only one is --no-vm)" in done.stderr


def test_the_loop_lab_setup_leaves_the_vm_packages_out():
    setup = (ROOT / ".ci" / "setup.sh").read_text()
    assert 'if [ "$with_vm" -eq 0 ]; then\n  vm_packages=()' in setup
    assert "ansible-core" in setup.split("vm_packages=(")[0]  # the playbook tests run with ansible-core alone
