"""A ruleset shipped in versions (README, "Ruleset versions"): one instance per version, each naming its amendments.

A ruling change that alters what recorded games decide ships as a new version carrying an amendment (a name in the
ruleset's amendments.py). The version puts its amendments in every state it builds (`amended`); the decide paths the
change alters read the name there, so games pinned to an older version keep deciding as they were played. The fold
is one for every version: amendments are never written to a state's JSON.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar, Protocol, TypeVar


class Amendable(Protocol):
    """A ruleset's state: a dataclass carrying the amendments of the version that built it."""

    __dataclass_fields__: ClassVar[dict[str, Any]]

    @property
    def amendments(self) -> frozenset[str]: ...


State = TypeVar("State", bound=Amendable)


class Versioned:
    """The version, amendments and release notes of one shipped version (GET /rulesets lists `changes` and
    `changed_rules`); a ruleset class mixes it in before `Ruleset[ItsState]`."""

    version: str
    amendments: frozenset[str]
    changes: str
    changed_rules: tuple[str, ...]

    def __init__(
        self,
        version: str,
        amendments: frozenset[str] = frozenset(),
        changes: str = "",
        changed_rules: tuple[str, ...] = (),
    ) -> None:
        self.version = version
        self.amendments = amendments
        self.changes = changes or "the first version"
        self.changed_rules = changed_rules

    def amended(self, state: State) -> State:
        """The state (a dataclass with an `amendments` field) under this version's rulings."""
        return replace(state, amendments=self.amendments)
