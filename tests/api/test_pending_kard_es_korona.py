"""GET /games/{id}/pending for Kard és Korona (issue 15, point 2): what the table waits for, per viewer, over HTTP;
the choices it offers are recorded as offered (201)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.conftest import Api

SAMPLE = Path(__file__).resolve().parents[2] / "replays" / "samples"
ELECTION_SAMPLE = "kard_es_korona_advanced_palatine_and_vassal"


def _pending(api: Api, game_id: str, viewer: str | None = None) -> dict[str, Any]:
    query = f"?as={viewer}" if viewer else ""
    response = api.client.get(f"/api/v1/games/{game_id}/pending{query}", headers=api.headers("admin"))
    assert response.status_code == 200, response.get_json()
    body: dict[str, Any] = response.get_json()
    return body


def _options(body: dict[str, Any], action_type: str) -> dict[str | None, dict[str, Any]]:
    return {w["seat"]: o for w in body["waiting"] for o in w["options"] if o["type"] == action_type}


def _new_game(api: Api) -> str:
    game = api.create_game(
        ruleset="kard_es_korona",
        variant="basic",
        options={"variant": "basic"},
        board="basic",
        seats=[{"seat": s} for s in ("felvidek", "erdely", "szlavonia")],
        dice="server",
    )
    return str(game["id"])


def test_the_table_rolls_for_the_first_player_then_the_first_player_places_and_each_choice_is_recorded(
    api: Api,
) -> None:
    """KK-TURN-3: the first player is rolled for by the table (no seat); then placement goes round from him."""
    game_id = _new_game(api)
    body = _pending(api, game_id)

    assert body["phase"] == "first_player" and body["rule_id"] == "KK-TURN-3"
    roll = _options(body, "roll_for_first_player")[None]
    assert roll["rule_ids"] == ["KK-TURN-3"] and roll["endpoint"] == "actions" and roll["dice"]
    assert api.act(game_id, type="roll_for_first_player", data=roll["choices"][0]).status_code == 201

    placing = _pending(api, game_id)
    assert placing["phase"] == "placement"
    [(seat, place)] = _options(placing, "place_forces").items()
    assert "KK-SETUP-6" in place["rule_ids"] and place["fields"]["units"] == {"cavalry": 3, "infantry": 5, "archer": 4}
    recorded = api.act(game_id, type="place_forces", seat=seat, data=place["choices"][0])
    assert recorded.status_code == 201, recorded.get_json()
    assert _pending(api, game_id)["version"] == placing["version"] + 1


def _at_first_auction(api: Api) -> str:
    """The sample game recorded up to its first election's sealed bids (table dice, four lords)."""
    sample = json.loads((SAMPLE / f"{ELECTION_SAMPLE}.sample.json").read_text(encoding="utf-8"))
    game_id = str(api.create_game(**sample["game"])["id"])
    for step in sample["actions"]:
        if "sealed" in step:
            break
        response = api.act(game_id, type=step["type"], seat=step["seat"], data=step["data"])
        assert response.status_code == 201, (step, response.get_json())
    return game_id


def test_during_an_election_a_seat_sees_its_own_sealed_bid_choices_and_never_another_seats(api: Api) -> None:
    """KK-ELECT-3: treasuries are hidden during the election, so each bid's choices are private (KK-ELECT-6)."""
    game_id = _at_first_auction(api)

    whole = _pending(api, game_id, "arbiter")
    assert whole["phase"] == "election"
    seals = _options(whole, "seal")
    bidders = sorted(s for s in seals if s is not None)
    assert len(bidders) >= 2 and all(seals[s]["private"] and seals[s]["choices"] for s in bidders)
    assert "KK-ELECT-6" in seals[bidders[0]]["rule_ids"] and seals[bidders[0]]["endpoint"] == "sealed"

    mine, theirs = bidders[0], bidders[1]
    as_mine = _options(_pending(api, game_id, mine), "seal")
    assert as_mine[mine]["choices"] == seals[mine]["choices"]
    assert as_mine[theirs]["choices"] == [] and as_mine[theirs]["fields"] == {}  # no hint of their treasury
    as_spectator = _options(_pending(api, game_id, "spectator"), "seal")
    assert all(option["choices"] == [] for option in as_spectator.values())

    choice = seals[mine]["choices"][-1]
    sealed = api.client.post(
        f"/api/v1/games/{game_id}/sealed", json={"seat": mine, **choice}, headers=api.headers("admin")
    )
    assert sealed.status_code == 201, sealed.get_json()
    assert mine not in _options(_pending(api, game_id, "arbiter"), "seal")
