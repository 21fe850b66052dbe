"""Loot slips stay secret in the event log too (RV-LOOT-2): every way of reading events respects views."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.api.conftest import assert_problem, bearer
from tests.conftest import Api
from tests.domain.cedofan_rv.fixtures import FIXTURE_OPTIONS, A, B, C, board, city, noble, troops

SLIP = 3  # what the loser's noble carried, written on the sealed slip


@pytest.fixture
def looted(api: Api) -> dict[str, Any]:
    """Catalog example 3: A beats B in the field; B's slip of 3 goes to A. Seats held by three players."""
    pieces = [
        noble("g1", A, "r"),
        *troops("ai", 4, "infantry", A, "r", "g1"),
        *troops("ac", 1, "cavalry", A, "r", "g1"),
        noble("n2", B, "r", purse=SLIP),
        *troops("bi", 3, "infantry", B, "r", "n2"),
    ]
    areas = {"r": {}, "b_city": city(B), "a_city": city(A)}
    edges = [("r", "b_city", "passable", 2), ("r", "a_city", "passable", 1)]
    players = {seat: api.player(seat) for seat in (A, B, C)}
    game = api.create_game(
        ruleset="cedofan_rv",
        board=board(areas, edges, pieces, {A: 5, B: 5, C: 5}),
        options=FIXTURE_OPTIONS,
        seats=[{"seat": seat, "player": player} for seat, player in players.items()],
        dice="table",
    )["id"]
    for kind, seat, data in (("start_round", None, {}), ("begin_impulse", A, {})):
        assert api.act(game, type=kind, seat=seat, data=data).status_code == 201
    attack = {"nobles": ["g1"], "dice": [6, 5, 1, 2, 3, 5, 4, 5, 1, 1, 2]}
    events = api.act(game, type="attack", seat=A, data=attack).get_json()["events"]
    round_id = next(e["data"]["round"] for e in events if e["type"] == "SealedRoundOpened")
    sealed = api.client.post(
        f"/api/v1/games/{game}/sealed",
        json={"seat": B, "round": round_id, "payload": {"amount": SLIP}},
        headers=api.headers(),
    )
    assert sealed.status_code == 201, sealed.get_json()
    return {"game": game, "tokens": {seat: api.token_for_player(p) for seat, p in players.items()}}


def _events(api: Api, game: str, headers: dict[str, str]) -> dict[str, dict[str, Any]]:
    items = api.client.get(f"/api/v1/games/{game}/events", headers={**headers, "Accept": "application/json"})
    return {e["type"]: e for e in items.get_json()["items"]}


def test_winner_and_loser_read_the_slip_in_the_log_and_an_outsider_does_not(api: Api, looted: dict[str, Any]) -> None:
    game, tokens = looted["game"], looted["tokens"]

    winner, loser = _events(api, game, bearer(tokens[A])), _events(api, game, bearer(tokens[B]))
    outsider, spectator = _events(api, game, bearer(tokens[C])), _events(api, game, {})

    assert winner["LootDelivered"]["data"]["amount"] == SLIP and "redacted" not in winner["LootDelivered"]
    assert loser["SubmissionsRevealed"]["data"]["submissions"][B]["payload"] == {"amount": SLIP}
    for seen in (outsider, spectator):
        assert seen["LootDelivered"]["data"]["amount"] == "sealed" and seen["LootDelivered"]["redacted"] is True
        assert seen["SubmissionsRevealed"]["data"]["submissions"][B]["payload"] == "sealed"


def test_arbiter_reads_every_event_whole(api: Api, looted: dict[str, Any]) -> None:
    seen = _events(api, looted["game"], api.headers("arbiter"))
    assert seen["LootDelivered"]["data"]["amount"] == SLIP


def test_global_feed_stream_and_notation_hide_the_slip_from_an_outsider(api: Api, looted: dict[str, Any]) -> None:
    game, outsider = looted["game"], bearer(looted["tokens"][C])

    feed = api.client.get("/api/v1/events?after=0", headers={**outsider, "Accept": "application/x-ndjson"})
    lines = [json.loads(line) for line in feed.get_data(as_text=True).splitlines()]
    stream = api.client.get(f"/api/v1/games/{game}/stream?timeout=0", headers=outsider).get_data(as_text=True)
    text = api.client.get(f"/api/v1/games/{game}/export?format=text", headers=outsider).get_data(as_text=True)

    delivered = next(e for e in lines if e["type"] == "LootDelivered")
    assert delivered["data"]["amount"] == "sealed"
    assert '"amount":3' not in stream.replace(" ", "") and '"amount":"sealed"' in stream.replace(" ", "")
    loot_line = next(line for line in text.splitlines() if "loot" in line.lower() and "reaches" in line)
    assert str(SLIP) not in loot_line.split("reaches")[-1]


def test_outsider_may_not_export_a_record_with_hidden_parts(api: Api, looted: dict[str, Any]) -> None:
    game = looted["game"]
    assert_problem(api.client.get(f"/api/v1/games/{game}/export", headers=bearer(looted["tokens"][C])), 403)
    assert api.client.get(f"/api/v1/games/{game}/export", headers=api.headers("arbiter")).status_code == 200


def test_events_read_as_a_named_viewer_show_what_that_viewer_sees(api: Api, looted: dict[str, Any]) -> None:
    """`?as=` on the events, as on the state: the arbiter reads the log as seat C (an outsider to the slip) or as a
    spectator and sees the slip sealed; as the winner A, whole. A player may not read as a seat they do not hold."""
    game, tokens = looted["game"], looted["tokens"]

    def read(viewer: str, headers: dict[str, str]) -> Any:
        return api.client.get(
            f"/api/v1/games/{game}/events?as={viewer}", headers={**headers, "Accept": "application/json"}
        )

    as_c = {e["type"]: e for e in read(C, api.headers("arbiter")).get_json()["items"]}
    as_a = {e["type"]: e for e in read(A, api.headers("arbiter")).get_json()["items"]}
    as_spectator = {e["type"]: e for e in read("spectator", bearer(tokens[A])).get_json()["items"]}

    assert as_c["LootDelivered"]["data"]["amount"] == "sealed" and as_c["LootDelivered"]["redacted"] is True
    assert as_a["LootDelivered"]["data"]["amount"] == SLIP
    assert as_spectator["LootDelivered"]["data"]["amount"] == "sealed"  # the winner may read the log as anyone sees it
    assert_problem(read(A, bearer(tokens[C])), 403)
    assert_problem(read("nobody", api.headers("arbiter")), 400)
