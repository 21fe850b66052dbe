"""A Game of Thrones refusal paths cite the rule that bars the action (issue 17, point 4).

The position: orders just revealed, Red (1 King's Court star, so the Raven) placed a march in l1 and a special
support in l3; no combat is under way (`_raven_moment` of the transcript tests, adjudicated here).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.domain.agot2.tables import decide
from tests.domain.agot2.test_transcript_deviations import _raven_moment, _rules
from tests.domain.citations.paths_agot2 import AGOT2 as INVENTORY

Path = tuple[str, str]


def test_refused_citing_got_court_1_then_got_x_13_when_the_raven_swap_exceeds_the_stars() -> None:
    """GOT-COURT-1: "The number of stars beside each King's Court position is the number of special order tokens
    that the player in that position may place." — seed 001 宫廷势力条: 「宫廷势力条上每个位置旁对应的星数，表示可部署
    的特殊指令标记数量。」 Red has 1 star and its special support; swapping its march for the special march +1 makes 2.
    GOT-X-13 (the limit is checked at the reveal and after a Raven swap) follows it."""
    path = ("GOT-COURT-1", "planning:use_raven")
    assert path in INVENTORY
    swap = {"option": "replace_order", "area": "l1", "token": "march_plus1"}

    decision = decide(_raven_moment("adjudicated"), "use_raven", "red", **swap)

    assert _rules(decision) == ["GOT-COURT-1", "GOT-X-13"] and not decision.events
    plain = decide(_raven_moment("adjudicated"), "use_raven", "red", option="replace_order", area="l1", token="raid_a")
    assert not plain.violations  # a plain order for a plain one keeps one special order


RAVEN = ("GOT-RAVEN-2", "planning:use_raven")
NO_COMBAT = ("GOT-COMBAT-4", "guards:combat_under_way")
# (path, action, seat, data, the rules cited): situations read from the catalog rule each cites.
CASES: list[tuple[Path, str, str | None, dict[str, Any], list[str]]] = [
    (RAVEN, "use_raven", "red", {"option": "replace_order", "area": "l2", "token": "raid_a"}, ["GOT-RAVEN-2"]),
    (RAVEN, "use_raven", "red", {"option": "replace_order", "area": "l1", "token": "march_0"}, ["GOT-RAVEN-2"]),
    (("GOT-RAVEN-1", "planning:use_raven"), "use_raven", "red", {"option": "fly"}, ["GOT-RAVEN-1"]),
    (
        ("GOT-RAVEN-3", "planning:use_raven"),
        "use_raven",
        "red",
        {"option": "inspect_wildling", "placement": "middle"},
        ["GOT-RAVEN-3"],
    ),
    (
        ("GOT-TRACK-6", "planning:_raven_guard"),
        "use_raven",
        "blue",
        {"option": "inspect_wildling", "placement": "top"},
        ["GOT-TRACK-6"],
    ),
    (NO_COMBAT, "declare_support", "red", {"combat_id": "c1", "side": "attacker"}, ["GOT-COMBAT-4"]),
    (NO_COMBAT, "choose_casualties", "red", {"combat_id": "c1", "units": []}, ["GOT-COMBAT-4"]),
    (NO_COMBAT, "choose_retreat", "red", {"combat_id": "c1", "to_area": "l2"}, ["GOT-COMBAT-4"]),
    (NO_COMBAT, "resolve_card_ability", "red", {"combat_id": "c1", "choice": {}}, ["GOT-COMBAT-4"]),
    (("GOT-THRONE-1", "tracks:break_tie"), "break_tie", "red", {"order": ["red", "blue"]}, ["GOT-THRONE-1"]),
    (("GOT-TRACK-1", "tracks:open_bidding"), "open_bidding", None, {"track": "nowhere"}, ["GOT-TRACK-1"]),
    (("GOT-X-14", "planning:plan_orders"), "plan_orders", None, {}, ["GOT-X-14"]),
    (("GOT-X-25", "decide:decide"), "no_such_action", None, {}, ["GOT-X-25"]),
]


@pytest.mark.parametrize(
    ("path", "kind", "seat", "data", "expected"), CASES, ids=[f"{c[0][0]}@{c[1]}-{i}" for i, c in enumerate(CASES)]
)
def test_refusal_cites_the_rule_of_its_path(
    path: Path, kind: str, seat: str | None, data: dict[str, Any], expected: list[str]
) -> None:
    assert path in INVENTORY
    decision = decide(_raven_moment("adjudicated"), kind, seat, **data)
    assert _rules(decision) == expected and not decision.events
