"""Replay frames and state diffs: step through a game without fetching whole states.

A frame is one event as a viewer sees it: its notation line, the change it made to the viewer's
state as JSON Patch operations (RFC 6902, applied in order), and bookmarks derived from the event.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from domain.kernel import NO_FACTS, Event, Game, Ruleset, advance

# Bookmarks every ruleset shares, from the event and a reading of its sealed round (the ruleset's
# `sealed_round_name`, or the id); rulesets add their own (years, phases, battles) with their `bookmarks` hook.
_PLATFORM_BOOKMARKS: Mapping[str, Callable[[Mapping[str, Any], Callable[[str], str]], str]] = {
    "GameEnded": lambda data, sealed: "game end",
    "SubmissionsRevealed": lambda data, sealed: f"reveal: {sealed(str(data.get('round', '')))}",
    "StateAdjusted": lambda data, sealed: "adjustment",
    "SealedRoundOpened": lambda data, sealed: f"sealed round: {sealed(str(data.get('round', '')))}",
}


@dataclass(frozen=True, slots=True)
class Frame:
    """One step of a replay."""

    version: int
    type: str
    notation: str
    delta: tuple[dict[str, Any], ...]
    bookmarks: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """The JSON shape of the replay API."""
        return {
            "version": self.version,
            "type": self.type,
            "notation": self.notation,
            "delta": list(self.delta),
            "bookmarks": list(self.bookmarks),
        }


def frames(
    ruleset: Ruleset[Any],
    start: Game,
    events: Iterable[Event],
    view: Callable[[Game], Any],
    readable: Callable[[Event], Event] = lambda event: event,
) -> list[Frame]:
    """The frames of `events` applied one by one from `start`, as `view` shows each game.

    `readable` is the event as the viewer may read it (secrets hidden), which the notation line is written from.
    """
    found: list[Frame] = []
    game, seen = start, view(start)
    facts: dict[str, str] = {}  # what the events seen so far told later bookmarks (the state tells the rest)
    for event in events:
        line = ruleset.notation(readable(event), game.state)
        game = advance(ruleset, game, event)
        shown = view(game)
        facts.update(ruleset.bookmark_facts(event))
        marks = bookmarks(event, ruleset, game.state, facts)
        found.append(Frame(game.version, event.type, line, tuple(json_diff(seen, shown)), marks))
        seen = shown
    return found


def bookmarks(
    event: Event, ruleset: Ruleset[Any] | None = None, state: Any = None, facts: Mapping[str, str] = NO_FACTS
) -> tuple[str, ...]:
    """Labels a reader can jump to, derived from the event, the names of `state`, a state of its game, and the
    `facts` earlier events told (the ruleset's `bookmark_facts`: the county of a battle).

    A ruleset adds its own (years, phases, battles, elections) with its `bookmarks` hook, naming factions and
    places as its notation does, and names a sealed round by what it seals ("reveal: the loot slip of Katzowicové
    from battle 2"); without a state they read ids, as they did before they named anything. A reveal the ruleset
    bookmarks itself, where its state shows what was revealed (`reveal_bookmarked_by_rules`), is not marked again
    at `SubmissionsRevealed`. A ruleset with no structure of its own (freeform) keeps the protocol's default,
    none. Without a ruleset, the platform's bookmarks alone.
    """
    if ruleset is None:
        return _platform_bookmarks(event, str)
    if event.type == "SubmissionsRevealed" and ruleset.reveal_bookmarked_by_rules(str(event.data.get("round"))):
        found: tuple[str, ...] = ()
    else:
        found = _platform_bookmarks(event, ruleset.sealed_round_name if state is not None else str)
    try:
        return found + tuple(ruleset.bookmarks(event, state, facts if state is not None else NO_FACTS))
    except (KeyError, TypeError, ValueError, AttributeError):  # an odd imported event has no bookmark
        return found


def _platform_bookmarks(event: Event, sealed: Callable[[str], str]) -> tuple[str, ...]:
    label = _PLATFORM_BOOKMARKS.get(event.type)
    return (label(event.data, sealed),) if label else ()


@dataclass(frozen=True, slots=True)
class Bookmark:
    """A place in a game to jump to: the version after the event that marks it."""

    version: int
    label: str
    # The label it had before bookmarks read names (ids: "siege of hrad_x begins"), which a saved link may hold.
    was: str | None = None
    # Other labels a saved link may hold for it: the ruleset's wording before it changed ("bids for Fiefdoms
    # revealed"), the platform's reveal it took over ("reveal: bid-fiefdoms-2-4").
    former: tuple[str, ...] = ()


def bookmarks_of(
    ruleset: Ruleset[Any], events: Iterable[Event], first_version: int = 1, state: Any = None
) -> list[Bookmark]:
    """Every bookmark of a stream, in order; `first_version` is the version of the first event, and `state` a state
    of the game whose names the labels read (the game's board names its places; a game never renames them). The
    facts events tell later bookmarks (`bookmark_facts`) are gathered on the way: a dict, no state is folded."""
    found: list[Bookmark] = []
    facts: dict[str, str] = {}
    taken_over: tuple[str, ...] = ()  # the labels of a reveal the ruleset bookmarks at its next event
    for version, event in enumerate(events, start=first_version):
        facts.update(ruleset.bookmark_facts(event))
        named = bookmarks(event, ruleset, state, facts)
        old = bookmarks(event, ruleset) if state is not None else named
        paired = old if len(old) == len(named) else (None,) * len(named)
        former = _paired(ruleset.former_bookmarks(event, state, facts), len(named)) if state is not None else ()
        for i, (new, was) in enumerate(zip(named, paired, strict=True)):
            more = (*(former[i : i + 1]), *(taken_over if i == 0 else ()))
            more = tuple(dict.fromkeys(m for m in more if m not in (new, was)))
            found.append(Bookmark(version, new, was if was != new else None, more))
        taken_over = _taken_over(ruleset, event)
    return found


def _paired(labels: tuple[str, ...], count: int) -> tuple[str, ...]:
    return labels if len(labels) == count else ()


def _taken_over(ruleset: Ruleset[Any], event: Event) -> tuple[str, ...]:
    """The labels the platform's reveal of `event` had (named and by id), when the ruleset bookmarks it itself at
    its next event: that bookmark answers to them."""
    if event.type != "SubmissionsRevealed" or not ruleset.reveal_bookmarked_by_rules(str(event.data.get("round"))):
        return ()
    labels = (*_platform_bookmarks(event, ruleset.sealed_round_name), *_platform_bookmarks(event, str))
    return tuple(dict.fromkeys(labels))


def json_diff(before: Any, after: Any, path: str = "") -> list[dict[str, Any]]:
    """JSON Patch operations turning `before` into `after`.

    Objects are compared key by key (sorted, so the patch is deterministic); lists of equal length
    element by element; a list that changed length is replaced whole, which keeps patches simple to
    apply and is what replays of board states produce in practice (short lists).
    """
    # Python finds {"x": 1} == {"x": True} and 1 == 1.0, JSON does not: containers that Python finds equal are
    # also compared as pickles, which keep each value's type. Both comparisons run in C, so an unchanged subtree
    # (most of a board state from one event to the next) costs no recursion.
    same = type(before) is type(after) and before == after
    if same and (not isinstance(before, dict | list) or _pickled(before) == _pickled(after)):
        return []
    ops: list[dict[str, Any]] = []
    if isinstance(before, dict) and isinstance(after, dict):
        keys = sorted(set(before) | set(after))
        both = [key for key in keys if key in before and key in after]
        unchanged = dict(zip(both, _unchanged([(before[key], after[key]) for key in both]), strict=True))
        for key in keys:
            if unchanged.get(key):
                continue
            child = f"{path}/{_escape(key)}"
            if key not in after:
                ops.append({"op": "remove", "path": child})
            elif key not in before:
                ops.append({"op": "add", "path": child, "value": after[key]})
            else:
                ops.extend(json_diff(before[key], after[key], child))
        return ops
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        pairs = list(zip(before, after, strict=True))
        for index, ((b, a), same_child) in enumerate(zip(pairs, _unchanged(pairs), strict=True)):
            if not same_child:
                ops.extend(json_diff(b, a, f"{path}/{index}"))
        return ops
    return [{"op": "replace", "path": path, "value": after}]


def apply_patch(document: Any, ops: Iterable[Mapping[str, Any]]) -> Any:
    """Apply the operations `json_diff` produces (add, remove, replace) to a copy of `document`."""
    result = _copy(document)
    for op in ops:
        parts = [_unescape(p) for p in str(op["path"]).split("/")[1:]]
        if not parts:
            result = _copy(op["value"])
            continue
        parent = result
        for part in parts[:-1]:
            parent = parent[int(part)] if isinstance(parent, list) else parent[part]
        last = parts[-1]
        if op["op"] == "remove":
            del parent[int(last) if isinstance(parent, list) else last]
        elif isinstance(parent, list):
            parent[int(last)] = _copy(op["value"])
        else:
            parent[last] = _copy(op["value"])
    return result


def _unchanged(pairs: list[tuple[Any, Any]]) -> list[bool]:
    """Whether each (before, after) pair is the same JSON: Python's == first, then the containers it finds equal
    confirmed by one pickle of them all (the unchanged counties of a board: one call, not one per county); if
    those pickles differ, each container is confirmed alone."""
    same = [type(b) is type(a) and b == a for b, a in pairs]
    containers = [i for i, (b, _a) in enumerate(pairs) if same[i] and isinstance(b, dict | list)]
    if containers and _pickled([pairs[i][0] for i in containers]) != _pickled([pairs[i][1] for i in containers]):
        for i in containers:
            same[i] = _pickled(pairs[i][0]) == _pickled(pairs[i][1])
    return same


def _pickled(value: Any) -> bytes:
    """Equal pickles hold the same types and values in the same order, hence the same JSON; pickling is ~4x faster
    than encoding JSON (a replay of a long game spent a third of its time encoding unchanged subtrees). Pickles of
    equal JSON may still differ (a value met twice is pickled once, then referred to): the caller then compares
    the children one by one and finds nothing changed, at some cost but never a wrong patch."""
    return pickle.dumps(value, pickle.HIGHEST_PROTOCOL)


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _escape(key: str) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def _unescape(part: str) -> str:
    return part.replace("~1", "/").replace("~0", "~")
