"""Notation and views over the sample campaign: one readable line per event, no secrets in other seats' views."""

from __future__ import annotations

import json

from domain.kernel import Event, Viewer
from domain.rulesets.cedofan_rv import CEDOFAN_RV
from service.samples import SAMPLES
from tests.domain.cedofan_rv.fixtures import Table

SAMPLE = SAMPLES / "cedofan_rv_siege_of_brod.sample.json"


def _replayed() -> tuple[Table, list[tuple[Event, str]]]:
    sample = json.loads(SAMPLE.read_text(encoding="utf-8"))
    demo = CEDOFAN_RV.shipped_boards["demonstration"]
    table = Table.on(demo, seats=tuple(s["seat"] for s in sample["game"]["seats"]), options=sample["game"]["options"])
    lines: list[tuple[Event, str]] = []
    for step in sample["actions"]:
        before = len(table.events)
        if "sealed" in step:
            sealed = step["sealed"]
            table.seal_loot(sealed["round"], sealed["seat"], sealed["payload"]["amount"])
        elif step["type"] != "end_game":
            data = dict(step["data"])
            dice = data.pop("dice", None)
            decision = table.decide(step["seat"], step["type"], dice, **data)
            assert decision.violations == (), (step, decision.violations)
            states = []
            for event in decision.events:
                states.append(table.state)
                table.record([event])
            lines += [(e, CEDOFAN_RV.notation(e, s)) for e, s in zip(decision.events, states, strict=True)]
            continue
        lines += [(e, CEDOFAN_RV.notation(e, table.state)) for e in table.events[before:]]
    return table, lines


def test_every_event_of_the_sample_has_one_readable_line() -> None:
    _, lines = _replayed()
    kinds = {event.type for event, _ in lines}
    assert {"SiegeStarted", "StormCalled", "ReliefDeclared", "LootOwed", "LootDelivered", "AttackDeclared"} <= kinds
    for event, line in lines:
        assert line and "\n" not in line and line != event.type, (event.type, line)


def test_loot_amount_appears_in_no_notation_line() -> None:
    _, lines = _replayed()
    loot = [line for event, line in lines if event.type in ("LootOwed", "LootDelivered")]
    assert loot and not any(ch.isdigit() for line in loot for ch in line.replace("loot-2", ""))


def test_sample_ends_with_the_influence_and_treasuries_the_rules_give() -> None:
    table, _ = _replayed()
    # K: 10 + 1 (Kiertz, RV-ECO-4) - 3 (purse) - 1 (siege) - 1 (storm) - 1 (move) - 1 (recruit);
    # G: 10 + 2 (Brod, Knorów, RV-ECO-4) - 1 (move) + 1 (slip) + 1 (extraction) - 2 (purse).
    assert dict(table.state.treasuries) == {"katzowicove": 4, "gliviciove": 11}
    assert dict(table.state.influence) == {"katzowicove": 1, "gliviciove": 1}
    k_view = CEDOFAN_RV.view(table.state, Viewer(seat="katzowicove"))
    assert k_view["treasuries"] == {"katzowicove": 4, "gliviciove": "sealed"}
