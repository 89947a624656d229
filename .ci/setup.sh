#!/usr/bin/env bash
# Sets up a fresh Debian/Ubuntu machine for fstune, as root: the tools fstune drives, a
# virtual environment with fstune and its test dependencies in .venv, `fstune` on PATH, and
# a running udev daemon (fstune finds disks through udev). Safe to run again.
#
#   sudo bash .ci/setup.sh           everything, the VM lab's QEMU and kernel included
#   sudo bash .ci/setup.sh --no-vm   the host labs only: no QEMU or kernel (a workshop laptop)
set -euo pipefail
cd "$(dirname "$0")/.."

with_vm=1
for arg in "$@"; do
  case "$arg" in
    --no-vm) with_vm=0 ;;
    *) echo "setup: unknown option $arg (the only one is --no-vm)" >&2; exit 2 ;;
  esac
done

if [ "$(id -u)" -ne 0 ]; then
  echo "setup: run this as root (sudo bash .ci/setup.sh): it installs Debian packages." >&2
  exit 2
fi

packages=(
  python3 python3-venv python3-pip   # fstune itself
  e2fsprogs xfsprogs btrfs-progs jfsutils reiserfsprogs   # mkfs and friends for each filesystem
  fio dbench                         # the benchmarks
  udev util-linux fdisk kmod         # udev inventory, losetup/partx/mount, sfdisk, modprobe
  tmux                               # the terminal tests drive the real program in tmux
  shellcheck                         # the dry-run scripts are linted in the tests
  ansible-core                       # the exported playbooks are run with ansible-core alone in the tests
  nbdkit nbdkit-plugin-python libnbd-bin  # the modelled lab: each lab disk served through the disk
                                     # model on this kernel, no VM needed (docs/modelled-lab.md)
)
# The class report's page is rendered and measured in a real, headless browser in the tests
# (tests/test_class_report_browser.py). Debian's name; where the distribution has no such package
# (Ubuntu ships it as a snap) it is skipped with a note, and only that test cannot run.
test_packages=(chromium)
# The VM lab (`fstune lab up --vm`) and its tests. These are Debian's names: where the
# distribution has no such package (Ubuntu's kernel is linux-image-generic) it is skipped with a
# note, and only the VM lab is unavailable.
vm_packages=(
  qemu-system-x86 linux-image-amd64  # a full kernel (JFS, ReiserFS, dm, md) in QEMU
  lvm2 mdadm cryptsetup-bin          # real holders for the VM lab's in-use tests (used in the guest)
)
if [ "$with_vm" -eq 0 ]; then
  vm_packages=()
  echo "setup: --no-vm: the VM lab's packages are left out; the host labs (plain and modelled) need none of them." >&2
fi
source .ci/apt.sh   # installed, has_candidate
missing=()
for package in "${packages[@]}"; do
  installed "$package" || missing+=("$package")
done
missing_vm=()
for package in "${vm_packages[@]}" "${test_packages[@]}"; do
  installed "$package" || missing_vm+=("$package")
done
if [ "${#missing[@]}" -gt 0 ] || [ "${#missing_vm[@]}" -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  for package in "${missing_vm[@]}"; do
    if has_candidate "$package"; then
      missing+=("$package")
    else
      if [ "$package" = chromium ]; then
        echo "setup: this distribution has no package chromium; the class report's browser test cannot run." >&2
      else
        echo "setup: this distribution has no package $package; the VM lab will not be available." >&2
      fi
    fi
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "setup: installing ${missing[*]}"
    apt-get install -y -q --no-install-recommends "${missing[@]}"
  fi
fi

# A virtual environment works the same with a distribution Python (which refuses global pip
# installs) and with any other Python 3.11+.
python=python3
if [ ! -x .venv/bin/python ]; then
  "$python" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e ".[test]"
# fstune's plans call `fstune workload-helper`, and root's PATH must find it too
# (FSTUNE_BIN_DIR puts the link elsewhere: a directory of your own that is on PATH)
bin_dir="${FSTUNE_BIN_DIR:-/usr/local/bin}"
ln -sf "$PWD/.venv/bin/fstune" "$bin_dir/fstune"

# Loop devices for the lab, and udev to describe them.
modprobe loop 2>/dev/null || true
if ! pgrep -x systemd-udevd >/dev/null && ! pgrep -x udevd >/dev/null; then
  /lib/systemd/systemd-udevd --daemon
fi
udevadm trigger --subsystem-match=block
# On a shared machine other work may keep udev's queue busy for minutes (loop devices coming and
# going): that is no reason to fail the setup. fstune waits for its own devices itself
# (fstune/devices/settle.py).
udevadm settle --timeout=60 || echo "setup: udev's queue is still busy (other work on this machine); going on." >&2
echo "setup: done. fstune $(.venv/bin/fstune --version | cut -d' ' -f2) is at $bin_dir/fstune."
