"""The rules catalogs (`shared/rules/*.md`, beside the repository in the team's workspace, not in a clone of it):
where to find them, and each rule's text and seed quote as the catalog gives it."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

FILES = {
    "kard_es_korona": "kard-es-korona.md",
    "agot2": "agot2.md",
    "cedofan_rv": "cedofan_rv.md",
    "cedofan_kards_bs": "cedofan_kards_bs.md",
}
_ID = r"(?:KK|GOT|RV|KBS)-[A-Z]+-\d+"
_TABLE_ROW = re.compile(rf"^\| ({_ID}) \| (.*?) \| (.*?) \|")
_BULLET = re.compile(rf"^- \*\*({_ID})\b(.*?)\*\*(.*)$")
_HEADING = re.compile(rf"^#### ({_ID}) · (.*)$")
_KK = re.compile(rf"^\*\*({_ID})\*\* `(?:\[[a-z]+\])+` — (.*)$")
# Kard és Korona's pointers to its ambiguity notes ("(→ A-48)"); the rulebook leaves them out.
_KK_POINTER = re.compile(r"\s*\(→ [^)]*\)")


@dataclass(frozen=True)
class Entry:
    """One rule as the catalog gives it: what it says (with its title, if any) and the seed line it rests on."""

    text: str
    quote: str = ""
    # False when a table follows the text, which the rulebook puts in words: only its opening is compared.
    whole: bool = True


def catalog_dir() -> Path | None:
    """`ANNALS_RULES_CATALOG`, else the first `shared/rules` beside the repository or one of its parents."""
    named = os.environ.get("ANNALS_RULES_CATALOG")
    if named:
        return Path(named)
    for parent in Path(__file__).resolve().parents:
        if (parent / "shared" / "rules" / FILES["agot2"]).exists():
            return parent / "shared" / "rules"
    return None


def _agot2_entries(lines: list[str]) -> dict[str, Entry]:
    found: dict[str, Entry] = {}
    current: str | None = None
    title = text = ""
    for line in lines:
        heading, row = _HEADING.match(line), _TABLE_ROW.match(line)
        if heading:
            current, title, text = heading.group(1), heading.group(2), ""
        elif current and line.startswith("- **Rule:**"):
            text = line.removeprefix("- **Rule:**")
        elif current and text and line.startswith("  "):  # the rule's numbered steps
            text += " " + line
        elif current and line.startswith("- **Source:**"):
            found[current] = Entry(f"{title}. {text}", line.removeprefix("- **Source:**"))
            current = None
        elif row:  # the GOT-X defaults: id | title | text
            found[row.group(1)] = Entry(f"{row.group(2)} {row.group(3)}")
    return found


def entries(ruleset: str, catalog: Path) -> dict[str, Entry]:
    """Every rule of one catalog by id."""
    lines = (catalog / FILES[ruleset]).read_text(encoding="utf-8").splitlines()
    if ruleset == "agot2":
        return _agot2_entries(lines)
    if ruleset == "kard_es_korona":
        return _kk_entries(lines)
    found: dict[str, Entry] = {}
    for line in lines:
        if row := _TABLE_ROW.match(line):
            found[row.group(1)] = Entry(row.group(2), row.group(3))
        elif bullet := _BULLET.match(line):
            found[bullet.group(1)] = Entry(f"{bullet.group(2)} {bullet.group(3)}")
    return found


def _kk_entries(lines: list[str]) -> dict[str, Entry]:
    """`**KK-…** `[variant]` — text`, its continuation lines, then a table or the `> „quote"` line."""
    found: dict[str, Entry] = {}
    for number, line in enumerate(lines):
        rule = _KK.match(line)
        if not rule:
            continue
        text, rest = rule.group(2), iter(lines[number + 1 :])
        following = next(rest, "")
        while following and not following.startswith((">", "|", "(→")):
            text, following = f"{text} {following}", next(rest, "")
        table = not following and next(rest, "").startswith("|")
        found[rule.group(1)] = Entry(_KK_POINTER.sub("", text), whole=not table)
    return found


def words(text: str) -> list[str]:
    """The words of a text, whatever its markdown, punctuation and quotation marks."""
    return re.findall(r"\w+", text.replace("`", "").lower())
