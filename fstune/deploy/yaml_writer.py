"""A tiny YAML writer for the Ansible export: every string double-quoted (a JSON string is a
valid YAML scalar), long ones folded so ansible-lint's line-length rule holds.

Kept apart from ``fstune.deploy.ansible`` because it knows nothing of playbooks: values in,
text out.
"""

from __future__ import annotations

import json


def _scalar(value) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if isinstance(value, (int, float)):
        return str(value)
    return json.dumps(str(value), ensure_ascii=False)


def _key(key: str) -> str:
    return key if key.replace("_", "").replace(".", "").isalnum() else json.dumps(key)


class Raw(str):
    """A pre-formatted YAML block scalar (``>-`` folded text) for long Jinja expressions."""


FOLD_AT = 110  # ansible-lint's yaml rule allows 160 columns; long strings are folded below that


def _folded(text: str, indent: int) -> list[str] | None:
    """``text`` as the lines of a ``>-`` folded block scalar, or None when folding would change it:
    the reader joins the lines with single spaces, so only single spaces may become line breaks."""
    text = " ".join(text.split()) if isinstance(text, Raw) else text
    words = text.split(" ")
    if len(text) + indent < FOLD_AT or "\n" in text or "" in words or text != text.strip():
        return None
    lines, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) + indent > FOLD_AT:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return lines


def _yaml(value, indent: int) -> list[str]:
    pad = " " * indent
    lines: list[str] = []
    if isinstance(value, str) and not isinstance(value, Raw):
        folded = _folded(value, indent + 2)
        if folded:
            return [f"{pad}>-", *(f"{pad}  {part}" for part in folded)]
    if isinstance(value, dict):
        for key, item in value.items():
            folded = _folded(item, indent + 2) if isinstance(item, str) else None
            if folded:
                lines.append(f"{pad}{_key(key)}: >-")
                lines += [f"{pad}  {part}" for part in folded]
            elif isinstance(item, (dict, list)) and item:
                lines.append(f"{pad}{_key(key)}:")
                lines += _yaml(item, indent + 2)
            elif isinstance(item, (dict, list)):
                lines.append(f"{pad}{_key(key)}: {'{}' if isinstance(item, dict) else '[]'}")
            else:
                lines.append(f"{pad}{_key(key)}: {_scalar(item)}")
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, (dict, list)) and item:
                inner = _yaml(item, indent + 2)
                lines.append(f"{pad}- {inner[0].lstrip()}")
                lines += inner[1:]
            elif isinstance(item, str) and _folded(item, indent + 2):
                lines.append(f"{pad}- >-")
                lines += [f"{pad}  {part}" for part in _folded(item, indent + 2)]
            else:
                lines.append(f"{pad}- {_scalar(item)}")
    else:
        lines.append(pad + _scalar(value))
    return lines


def to_yaml(value) -> str:
    return "\n".join(_yaml(value, 0)) + "\n"
