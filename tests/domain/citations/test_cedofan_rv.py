"""Cedofan RV refusal paths cite the rule that bars the action (issue 17, point 4).

The position (`_besieged` of the siege tests): A besieges B's city `c` since round 1; it is B's impulse, with B's
general `gw` and 3 infantry next door in `w`.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.domain.cedofan_rv.fixtures import A, B
from tests.domain.cedofan_rv.test_sieges_and_reliefs import _besieged
from tests.domain.citations.paths_cedofan_rv import CEDOFAN_RV as INVENTORY

Path = tuple[str, str]


def test_refused_citing_rv_amb_18_then_rv_bty_1_when_storming_more_than_five_after_a_lost_relief() -> None:
    """RV-AMB-18: "The siege stands without being restarted, but while more than 5 units are inside, any attack on
    the place is a field battle with undivided dice (RV-BTY-1) and no storm can be called." — seed 003: „Přeživší
    jednotky se ztahují do pevnosti/města, které přišly podpořit. Ztahují se do města/pevnosti i pokud jejich počet
    pak přečíslí 5." RV-BTY-1 („má-li obránce ve městě/pevnosti více jak 5 jednotek - dojde k bitvě v poli") is
    the umbrella: it says what the attack is, RV-AMB-18 that the storm is barred."""
    assert ("RV-AMB-18", "storms:_no_storm_above_five") in INVENTORY
    table = _besieged(defenders=5, relief=3, besiegers=9)
    table.act(B, "relieve_siege", dice=[1] * 4 + [6, 6] + [1] * 8, place="c", nobles=["gw"])  # 6 inside now
    table.impulse(A)

    refused = table.decide(A, "storm_place", place="c")

    assert [v.rule_id for v in refused.violations][:2] == ["RV-AMB-18", "RV-BTY-1"] and not refused.events


CASES: list[tuple[Path, str, str, dict[str, Any], str]] = [
    (("RV-BTY-2", "sieges:_besiegeable"), B, "start_siege", {"place": "r", "nobles": ["gw"]}, "RV-BTY-2"),
    (("RV-STM-7", "battles:siege_at"), B, "sortie", {"place": "w"}, "RV-STM-7"),
    (("RV-STM-7", "battles:siege_at"), B, "relieve_siege", {"place": "w", "nobles": ["gw"]}, "RV-STM-7"),
    (("RV-BTY-1", "battles:attack"), B, "attack", {"nobles": ["gw"]}, "RV-BTY-1"),
    (("RV-TURN-1", "decide:_no_impulse_open"), B, "begin_impulse", {}, "RV-TURN-1"),
    (("RV-TURN-1", "guards:in_own_impulse"), A, "attack", {"nobles": ["ha"]}, "RV-TURN-1"),
    (("RV-TURN-1", "decide:decide"), B, "no_such_action", {}, "RV-TURN-1"),
]


@pytest.mark.parametrize(("path", "seat", "kind", "data", "rule"), CASES, ids=[f"{c[0][0]}@{c[2]}" for c in CASES])
def test_refusal_cites_the_rule_of_its_path(path: Path, seat: str, kind: str, data: dict[str, Any], rule: str) -> None:
    assert path in INVENTORY
    refused = _besieged().decide(seat, kind, **data)
    assert [v.rule_id for v in refused.violations][:1] == [rule] and not refused.events
