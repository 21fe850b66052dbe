"""Cedofan kards-era refusal paths cite the rule that bars the action (issue 17, point 4).

The position (`_siege_board` of the rules tests): round 1, Rudern's turn; its army `rs` (3 units) stands in
`r-c`, the administrative region of Západ's unfortified city `c`; Rudern's capital `c-r` lies in `r-r`.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.domain.cedofan_kards_bs.builders import army, at_turn, given, when
from tests.domain.cedofan_kards_bs.test_rules import _siege_board
from tests.domain.citations.paths_cedofan_kards_bs import CEDOFAN_KARDS_BS as INVENTORY

Path = tuple[str, str]
CASES: list[tuple[Path, str | None, str, dict[str, Any], str]] = [
    # KBS-SIE-2: "The besieging army must stand in the city's administrative region" (c-r's is r-r).
    (("KBS-SIE-2", "battle_guards:_city_to_besiege"), "r", "start_siege", {"army": "rs", "city": "c-r"}, "KBS-SIE-2"),
    # KBS-CMB-4: only the loser of a battle withdraws; rs fought none.
    (("KBS-CMB-4", "movement:decide_retreat"), "r", "retreat", {"army": "rs", "to": "r-r"}, "KBS-CMB-4"),
    # KBS-AMB-20: the supply phase opens the round, then the turns; they have begun.
    (("KBS-AMB-20", "decide:_decide_begin_turns"), None, "begin_turns", {}, "KBS-AMB-20"),
    (("KBS-AMB-20", "decide:decide"), "z", "move_army", {"army": "zs", "path": ["r-z"]}, "KBS-AMB-20"),
    # KBS-MOV-1: what moves is a movement unit of the board; no army 'nope' stands anywhere.
    (("KBS-MOV-1", "rulings:army_named"), "r", "move_army", {"army": "nope", "path": ["r-r"]}, "KBS-MOV-1"),
    # KBS-RAN-1: only a kard captured by an enemy is ransomed.
    (("KBS-RAN-1", "decide:_decide_ransom_kard"), "r", "ransom_kard", {"leader": "robert"}, "KBS-RAN-1"),
]


@pytest.mark.parametrize(("path", "seat", "kind", "data", "rule"), CASES, ids=[f"{c[0][0]}@{c[2]}" for c in CASES])
def test_refusal_cites_the_rule_of_its_path(
    path: Path, seat: str | None, kind: str, data: dict[str, Any], rule: str
) -> None:
    assert path in INVENTORY
    game = given(
        _siege_board([army("rs", "r", "r-c", army=3), army("zs", "z", "r-z", army=1)]), ("z", "r"), *at_turn(1, "r")
    )
    decision = when(game, kind, seat, **data)
    assert [v.rule_id for v in decision.violations][:1] == [rule] and not decision.events
