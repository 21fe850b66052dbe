"""GET /games/{id}/pending for agot2 (issue 15, point 2): the choice a seat is offered is what the server accepts,
and a seat sees the cards of its own hand only (GOT-CARD-1, X-14)."""

from __future__ import annotations

import json
from typing import Any

from tests.api.conftest import assert_problem, bearer
from tests.conftest import Api

SEATS = ("stark", "lannister", "baratheon")


def _units(seat: str, area: str, *types: str) -> list[dict[str, Any]]:
    return [{"id": f"{seat}:{t}:{area}:{i}", "seat": seat, "type": t, "area": area} for i, t in enumerate(types, 1)]


def _create(api: Api, position: dict[str, Any] | None = None, setup: str = "standard") -> tuple[str, dict[str, str]]:
    """A base-board game whose seats are held by players; returns its id and each seat's token."""
    players = {seat: api.player(seat.title()) for seat in SEATS}
    tracks = {"iron_throne": list(SEATS), "fiefdoms": ["baratheon", "stark", "lannister"], "kings_court": list(SEATS)}
    body = {
        "ruleset": "agot2",
        "board": "base",
        "options": {"tracks": tracks, "setup": setup, **({"position": position} if position else {})},
        "seats": [{"seat": seat, "player": players[seat]} for seat in SEATS],
    }
    response = api.client.post("/api/v1/games", json=body, headers=api.headers("admin"))
    assert response.status_code == 201, response.get_json()
    return str(response.get_json()["id"]), {seat: api.token_for_player(p) for seat, p in players.items()}


def _pending(api: Api, game_id: str, viewer: str, token: str) -> dict[str, Any]:
    response = api.client.get(f"/api/v1/games/{game_id}/pending?as={viewer}", headers=bearer(token))
    assert response.status_code == 200, response.get_json()
    body: dict[str, Any] = response.get_json()
    return body


def _option(body: dict[str, Any], seat: str | None, kind: str) -> dict[str, Any]:
    found: dict[str, Any]
    [found] = [o for w in body["waiting"] if w["seat"] == seat for o in w["options"] if o["type"] == kind]
    return found


def _lannister_attacks_stark(api: Api) -> tuple[str, dict[str, str]]:
    """Lannister's knight and footman in Riverrun march on Stark's footman in Seagard (GOT-COMBAT-1)."""
    position = {
        "phase": "action",
        "step": "march",
        "units": _units("lannister", "riverrun", "knight", "footman")
        + _units("stark", "seagard", "footman")
        + _units("baratheon", "harrenhal", "footman"),
        "orders": [
            {"area": "riverrun", "seat": "lannister", "token": "march_0"},
            {"area": "seagard", "seat": "stark", "token": "defense_plus1_a"},
        ],
        "neutral_forces": [],
    }
    game_id, tokens = _create(api, position)
    march = _option(_pending(api, game_id, "lannister", tokens["lannister"]), "lannister", "march")
    assert (march["endpoint"], march["rule_ids"][0]) == ("actions", "GOT-TERM-4")
    attack = next(
        c for c in march["choices"] if [(m["to_area"], len(m["units"])) for m in c["moves"]] == [("seagard", 2)]
    )
    response = api.client.post(
        f"/api/v1/games/{game_id}/actions",
        json={"type": "march", "seat": "lannister", "data": attack},
        headers=bearer(tokens["lannister"]),
    )
    assert response.status_code == 201, response.get_json()
    return game_id, tokens


def test_a_march_offered_by_pending_is_accepted_and_each_seat_sees_only_its_own_hand(api: Api) -> None:
    """GOT-CARD-1: both combatants choose a card of their own hand face down; GOT-X-14: no other seat sees it."""
    game_id, tokens = _lannister_attacks_stark(api)
    stark_cards = _hand(api, game_id, "stark")
    lannister_cards = _hand(api, game_id, "lannister")

    as_lannister = _pending(api, game_id, "lannister", tokens["lannister"])
    as_stark = _pending(api, game_id, "stark", tokens["stark"])
    as_baratheon = _pending(api, game_id, "baratheon", tokens["baratheon"])

    assert as_lannister["phase"] == "combat" and [w["seat"] for w in as_lannister["waiting"]] == ["lannister", "stark"]
    own = _option(as_lannister, "lannister", "seal")
    assert (own["endpoint"], own["private"]) == ("sealed", True)
    assert [c["payload"]["card"] for c in own["choices"]] == lannister_cards
    assert (
        _option(as_lannister, "stark", "seal")["choices"] == []
        and _option(as_lannister, "stark", "seal")["fields"] == {}
    )
    assert not any(card in json.dumps(as_lannister) for card in stark_cards)
    assert [c["payload"]["card"] for c in _option(as_stark, "stark", "seal")["choices"]] == stark_cards
    assert not any(card in json.dumps(as_stark) for card in lannister_cards)
    assert not any(card in json.dumps(as_baratheon) for card in stark_cards + lannister_cards)
    spectator = api.client.get(f"/api/v1/games/{game_id}/pending").get_json()
    assert not any(card in json.dumps(spectator) for card in stark_cards + lannister_cards)
    assert_problem(
        api.client.get(f"/api/v1/games/{game_id}/pending?as=stark", headers=bearer(tokens["lannister"])), 403
    )


def test_got_card_1_the_house_card_field_lists_the_playable_cards_by_printed_name_and_strength(api: Api) -> None:
    """GOT-CARD-1: the seal's `card` lists the cards of the seat's own hand it may play and `cards` names each as
    printed (a recorder's drop-down shows "Eddard Stark (4)", not the id it was typed as)."""
    game_id, tokens = _lannister_attacks_stark(api)
    fields = _option(_pending(api, game_id, "stark", tokens["stark"]), "stark", "seal")["fields"]

    assert fields["card"] == _hand(api, game_id, "stark")
    eddard = next(c for c in fields["cards"] if c["id"] == "stark_eddard_stark")
    assert eddard == {"id": "stark_eddard_stark", "name": "Eddard Stark", "strength": 4}
    assert [c["id"] for c in fields["cards"]] == fields["card"]


def test_the_sealed_cards_chosen_from_pending_are_accepted_and_revealed_together(api: Api) -> None:
    """GOT-CARD-1: the last card sealed reveals both, and the combat moves on past its card step."""
    game_id, tokens = _lannister_attacks_stark(api)
    chosen = {}

    for seat in ("lannister", "stark"):
        seal = _option(_pending(api, game_id, seat, tokens[seat]), seat, "seal")
        chosen[seat] = seal["choices"][0]["payload"]["card"]
        response = api.client.post(
            f"/api/v1/games/{game_id}/sealed", json={"seat": seat, **seal["choices"][0]}, headers=bearer(tokens[seat])
        )
        assert response.status_code == 201, response.get_json()

    revealed = [e["data"] for e in response.get_json()["events"] if e["type"] == "HouseCardsRevealed"]
    assert [r["cards"] for r in revealed] == [chosen]
    after = _pending(api, game_id, "stark", tokens["stark"])
    assert "seal" not in [o["type"] for w in after["waiting"] for o in w["options"]]


def test_the_westeros_phase_waits_on_the_table_and_its_orders_round_on_every_house(api: Api) -> None:
    """GOT-X-14: the orders are sealed by every House; before them the table opens bids or enters the Westeros
    cards' effects (GOT-X-25); a recorder's choice is accepted."""
    game_id, tokens = _create(api, setup="empty")  # no units: each House's one choice is to place no order
    body = api.client.get(f"/api/v1/games/{game_id}/pending?as=arbiter", headers=api.headers("admin")).get_json()
    assert body["phase"] == "planning" and [w["seat"] for w in body["waiting"]] == [None]
    adjust = _option(body, None, "adjust")
    assert adjust["senders"] == ["recorder", "arbiter"] and adjust["rule_ids"] == ["GOT-X-25"]

    recorded = api.act(game_id, type="adjust", data=adjust["choices"][0])
    assert recorded.status_code == 201, recorded.get_json()
    opened = api.act(game_id, type="plan_orders", data=_option(body, None, "plan_orders")["choices"][0])
    assert opened.status_code == 201, opened.get_json()

    orders = _pending(api, game_id, "stark", tokens["stark"])
    assert [w["seat"] for w in orders["waiting"]] == list(SEATS)
    seal = _option(orders, "stark", "seal")
    assert seal["choices"] == [{"round": "orders-1", "payload": {"orders": []}}]  # no units on an empty board
    response = api.client.post(
        f"/api/v1/games/{game_id}/sealed", json={"seat": "stark", **seal["choices"][0]}, headers=bearer(tokens["stark"])
    )
    assert response.status_code == 201, response.get_json()


def _hand(api: Api, game_id: str, seat: str) -> list[str]:
    state = api.client.get(f"/api/v1/games/{game_id}/state?as={seat}", headers=api.headers("admin")).get_json()
    hand: list[str] = state["state"]["rules"]["hands"][seat]
    return hand
