"""``?``: what the current step is about, in plain words (fstune's own, not the seed documents').

Each step's help is a sequence of blocks: a paragraph (one string, never wrapped by hand: the
screen wraps it to the terminal's width) or a list of terms with their explanations (a table, so
an explanation that wraps keeps its indent at any width).
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from fstune import workloads

Terms = tuple[tuple[str, str], ...]
Block = str | Terms


def _workload_terms() -> Terms:
    """One entry per workload from its declared summary, in the order the step lists them."""
    return tuple((w.name, w.summary) for w in workloads.all() if w.summary)


KEYS = ("Keys: Ctrl+N next step, Ctrl+B back, Enter choose, Tab next field, ? or F1 this help, "
        "Ctrl+T light/dark theme, Ctrl+P all commands and themes, Ctrl+Q quit.")

HELP: dict[str, tuple[Block, ...]] = {
    "Disks": (
        "Every disk and partition on this machine, and whether fstune may format it.",
        (("usable", "nothing on it that fstune would destroy unasked."),
         ("confirm", "it holds a filesystem; you will type its name before anything is written."),
         ("locked", "fstune will not touch it: it is mounted, used as swap, part of RAID/LVM/encryption, "
                    "another filesystem's journal, a partition holding a partition table of its own, "
                    "listed in /etc/fstab, on the disk with / or /boot, read-only, too small, or in use "
                    "by another fstune. The line under the table says which.")),
        "Pick the partition to experiment on and press Enter. Plug in a disk and it appears here by "
        "itself; fstune announces such changes, but not its own formatting and mounting.",
        "No spare disk? When nothing is usable, L builds a practice lab: two file-backed loop-device "
        "disks, each with a data partition to format and a spare one for another disk's journal. 'lab' "
        "in the Bus column marks them. 'fstune --lab' starts here with the lab already built; quitting "
        "asks whether to remove it ('fstune lab down' does the same later).",
    ),
    "Study": (
        "A study is one experiment: a baseline configuration and one or more variants that change a "
        "single thing, measured with the same workloads so the difference is the tuning's.",
        "External journal. A journaling filesystem writes every metadata change twice: first to its "
        "journal, then to its place. With the journal inside the filesystem the disk head keeps moving "
        "between the two. Put the journal on a second disk and those writes stream in order on their own "
        "spindle, while the first disk only does the real work. Work that creates, renames and deletes "
        "many small files is made mostly of metadata changes, so it gains the most; streaming a big file "
        "changes little metadata and barely notices.",
        "noatime. By default reading a file also updates its access time, which is a small write (and a "
        "journal entry) for every read. noatime skips that; relatime only updates once a day or when the "
        "file changed. Read-heavy work with many files saves the most writes.",
        "A study marked ✗ needs a filesystem this kernel or its tools lack; the reason is shown.",
    ),
    "Devices": (
        "The target is formatted once per configuration; everything on it is lost.",
        "The spare partition holds the external journal (ext3/ext4, ReiserFS) or log (XFS, JFS). It only "
        "needs to be small, but where it sits matters: the point of an external journal is that its "
        "writes do not compete with the data for the same disk head. A spare on the same disk as the "
        "target works, but shows no seek savings, so a lab built on one disk (or loop devices backed by "
        "one disk) cannot show the benefit a second spindle gives. fstune warns about that and refuses a "
        "journal that is the target itself.",
    ),
    "Options": (
        "mkfs options are passed to the filesystem's mkfs tool, as words (e.g. -b 4096 or -O ^dir_index). "
        "fstune adds the force flag and the journal-device flags itself, so those are refused here.",
        "Mount options are separated by commas (e.g. noatime,commit=30). Each is checked against the "
        "filesystem: an unknown option, a value out of range, or one removed from Linux (XFS nobarrier, "
        "ext4 oldalloc) is explained at the field as you type. noatime stops reads from writing access "
        "times; commit=N lets the journal collect N seconds of changes before it writes them.",
    ),
    "Factors": (
        "A screening tries many options at once. A factor is one option at two levels: a mount option off "
        "and on (relatime against noatime), two values of it (commit=5 against commit=60), an mkfs "
        "setting, or the journal's place (journal, XFS's log: inside, or on the spare partition of the "
        "Devices step, which it then needs). "
        "Every run of the design sets each chosen factor to one of its levels, so every run tells "
        "something about every factor; one model then calls each 'matters', 'no detectable effect' or "
        "'too noisy to tell'.",
        (("space", "choose or drop the highlighted factor."),
         ("✗", "refused beside a factor already chosen, or by this kernel or filesystem: highlight it to "
               "read the rule. A refused pair is never combined (data=journal with delalloc: the kernel "
               "refuses both)."),
         ("Your own", "type a factor as fstune screen --factor takes it: NAME=A,B for two values of a mount "
                      "option, or OPTION for the option left out against set; Enter adds it."),
         ("Budget", "how long all the runs may take (30m, 1h30m): it buys whole replicates of the design; "
                    "the lines at the bottom say how many, and the smallest effect they find."),
         ("Max runs", "the most distinct runs the design may have (fstune screen --max-runs); empty: "
                      "blocks of at most 16.")),
        "Up to 4 factors run in every combination; more in a fraction that pyDOE makes; above 8 a "
        "Plackett–Burman design with its mirror in the next block, where the budget fits it. The Review "
        "shows the design run by run.",
    ),
    "Screening": (
        "Each factor's main effect: the change in the main figure from its first level to its second, in "
        "percent, with an interval at the level Holm's procedure tests it at, so that a factor that does "
        "nothing is called 'matters' in at most 5 % of studies. The chart draws the effects, largest first, "
        "with their intervals; the interactions are described, not judged.",
        (("c", "confirm the proposal: the factors that matter, at their better level, against every factor "
               "at its first level, in an ordinary paired study on the same target. The Review shows its "
               "script first. A screening suggests; only a confirmation decides."),
         ("Esc", "back to the run.")),
    ),
    "Workloads": (
        _workload_terms(),
        "The run is a sequence of blocks: each block measures every configuration once (every workload one "
        "time), in an order drawn for each block; 'repeats' is the number of blocks before the first look (at least 3). "
        "fstune adds blocks while the study's main figure cannot decide, up to the cap (15 blocks unless --max-blocks says otherwise). The estimate assumes an "
        "ordinary disk.",
    ),
    "Review": (
        "This is the whole plan, exactly as it will run, grouped by configuration; the same text is the "
        "dry-run script. Steps in red destroy data. The script's shell functions (the checks below and "
        "the cleanup) are folded to a line each; Ctrl+G shows them whole.",
        "To start, type the name of each device that will be erased (e.g. sdb1). In a dry run the script "
        "is saved instead, to run later as root; nothing is written to any device. Before each mkfs the "
        "script checks again that the device is the one reviewed here and that nothing uses it, and "
        "stops otherwise.",
    ),
    "Run": (
        "The run, step by step: the list on the left shows each step's state and time, the pane on the "
        "right the running step's own output and progress, the bar at the bottom the whole run with its "
        "time left.",
        (("Esc", "cancel the run (after asking); fstune then stops the step, unmounts and removes what it "
                 "made. Ctrl+C does the same."),
         ("f", "follow the output as it arrives, or stop following to scroll back through it."),
         ("r", "the results, once the run has ended.")),
        "fstune adds blocks while the study's main figure cannot decide; their steps appear in the list as "
        "they are added. Every step, its output and the cleanup are also written to the run's audit log.",
    ),
    "Guided": (
        "Guided mode stops before every step. The panel shows the command exactly as it will run, what it "
        "does and why it is part of the study.",
        (("Enter", "run the step as shown."),
         ("t", "type the command yourself, then Enter. fstune compares what you typed with the step "
               "(extra spaces and quoting do not matter) and runs the step only if they match; otherwise "
               "it says which word differs and nothing runs. Only the step's own command can ever run here."),
         ("a", "from the second repeat of a workload on: run the remaining repeats of that workload in this "
               "configuration without stopping. The first repeat is where there is something to see; the "
               "others repeat the same commands so that fstune can measure the noise. Extra repeats fstune "
               "adds while the figures are noisy also run unattended. The next configuration stops again at "
               "its first step."),
         ("Esc", "cancel the run; fstune then unmounts and removes what it made, as always.")),
        "When a configuration is done, the next pause starts with what to look for in its figures. At the "
        "end, a summary says per metric whether the variant was better, worse or within noise, with the "
        "numbers, and which caveats apply to this run (one physical disk under an external journal, "
        "repeats that stayed noisy, warm caches).",
    ),
    "Results": (
        "Each variant against the baseline, one table per workload: per metric every configuration's "
        "median ± standard deviation, the number of repeats, the change against the baseline and whether "
        "that change is real or within noise (better green, worse red, within noise dim). The charts below "
        "show each median with its 95 % interval; the notes say what limits this run's figures.",
        (("m c j h", "export the results as Markdown, CSV, JSON or HTML into the current directory."),
         ("a", "an Ansible playbook per configuration, to deploy the one the verdicts favour."),
         ("o", "where the run is stored, and the commands that show it again or compare a later run."),
         ("Esc", "back to the run's steps and output.")),
    ),
}


def help_text(step: str) -> str:
    """A step's help as plain text, one line per paragraph or term (tests search it)."""
    lines = []
    for block in HELP[step]:
        lines += [block] if isinstance(block, str) else [f"{term} {text}" for term, text in block]
    return "\n".join(lines)


def render_help(step: str) -> Group:
    """The help of ``step`` for the screen: Rich wraps every paragraph to the width it gets."""
    parts = []
    for index, block in enumerate(HELP[step]):
        if index:
            parts.append(Text(""))
        if isinstance(block, str):
            parts.append(Text(block))
            continue
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold", no_wrap=True)
        table.add_column(ratio=1)
        for term, text in block:
            table.add_row(term, text)
        parts.append(table)
    return Group(*parts)


class HelpScreen(ModalScreen):
    BINDINGS = [Binding("escape", "dismiss", "Close"), Binding("q", "dismiss", "Close", show=False)]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Vertical {
        width: 96%;
        max-width: 100;
        height: 90%;
        border: round $accent;
        background: $surface;
        padding: 0 1;
    }
    HelpScreen #help-title { text-style: bold; height: 1; }
    HelpScreen #help-keys { color: $text-muted; height: auto; border-top: solid $primary 50%; }
    """

    def __init__(self, step: str) -> None:
        super().__init__()
        if step not in HELP:
            raise KeyError(f"no help for the step {step!r}")  # a new screen must bring its own
        self.step = step

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"Help — {self.step}  (Esc closes)", id="help-title")
            with VerticalScroll():
                yield Static(render_help(self.step), id="help-text")
            yield Static(KEYS, id="help-keys")

    def action_dismiss(self) -> None:
        self.app.pop_screen()
