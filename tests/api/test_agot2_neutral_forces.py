"""agot2 neutral forces over HTTP (GOT-X-20, X-26, X-27): set-up, positions, marches against them, retreats."""

from __future__ import annotations

from typing import Any

from domain.kernel import Game
from tests.api.conftest import assert_problem, assert_refused, total_events
from tests.api.test_agot2_examples import _act, _create, _one, _seal_all, _state
from tests.conftest import Api
from tests.domain.agot2 import test_transcript_deviations as deviations
from tests.domain.agot2.tables import units

CARDS = {"red": {"card": "red_c3s1"}, "blue": {"card": "blue_c1"}}
HOUSES = ("stark", "lannister", "baratheon", "greyjoy")


def _base_game(api: Api, seats: tuple[str, ...], position: dict[str, Any] | None = None) -> Any:
    body = {
        "ruleset": "agot2",
        "board": "base",
        "options": {"position": position} if position is not None else {},
        "seats": [{"seat": s} for s in seats],
        "mode": "adjudicated",
        "dice": "table",
    }
    return api.client.post("/api/v1/games", json=body, headers=api.headers("admin"))


def _neutral_game(strength: int | None) -> Game:
    """Red (a knight and a footman in l1, March order) next to l2, held by a neutral force."""
    return deviations._game(
        "adjudicated",
        {"l1": "land", "l2": "land"},
        [("l1", "l2")],
        units("red", "l1", "knight", "footman"),
        [("l1", "red", "march_0")],
        position={"neutral_forces": [{"area": "l2", "strength": strength}]},
    )


def test_state_shows_the_base_games_neutral_forces_when_four_players_start_on_the_base_board(api: Api) -> None:
    """GOT-X-26: every viewer sees the tokens placed for four players."""
    response = _base_game(api, HOUSES)
    assert response.status_code == 201, response.get_json()
    game_id = response.get_json()["id"]
    for viewer, key in (("arbiter", "state"), ("stark", "rules")):
        found = _state(api, game_id, viewer)[key]["neutral_forces"]
        assert found["eyrie"] == 6 and found["kings_landing"] == 5 and found["storms_end"] == 4
        assert found["sunspear"] == 5 and "pyke" not in found


def test_game_refused_naming_the_path_when_a_neutral_force_stands_on_a_sea_area(api: Api) -> None:
    """GOT-X-26: neutral forces stand on land; nothing is written."""
    before = total_events(api)
    response = _base_game(api, HOUSES, {"neutral_forces": [{"area": "shivering_sea", "strength": 3}]})
    body = assert_problem(response, 422)
    [message] = body["errors"]["game"]
    assert message.startswith("options.position.neutral_forces[0].area: 'shivering_sea' is a sea area")
    assert total_events(api) == before


def test_game_refused_naming_the_path_when_a_neutral_force_strength_is_out_of_range(api: Api) -> None:
    """GOT-X-26: a strength is a whole number from 1 to 6 (or null for a closed area)."""
    response = _base_game(api, HOUSES, {"neutral_forces": [{"area": "eyrie", "strength": 12}]})
    body = assert_problem(response, 422)
    assert any(m.startswith("options.position.neutral_forces[0].strength:") for m in body["errors"]["options"])


def test_game_refused_naming_the_path_when_a_neutral_force_names_an_unknown_area(api: Api) -> None:
    """GOT-X-26: a token stands on an area of the board."""
    response = _base_game(api, HOUSES, {"neutral_forces": [{"area": "valyria", "strength": 3}]})
    [message] = assert_problem(response, 422)["errors"]["game"]
    assert message == "options.position.neutral_forces[0].area: 'valyria' is not an area of the board"


def test_march_refused_citing_got_x_27_when_it_cannot_beat_the_neutral_force(api: Api) -> None:
    """GOT-X-27: strength 3 (knight 2, footman 1, March +0) against 4 is refused; nothing is written."""
    game_id = _create(api, _neutral_game(4))
    before = total_events(api)
    moves = [{"to_area": "l2", "units": ["red:knight:l1:1", "red:footman:l1:2"]}]

    response = api.act(game_id, type="march", seat="red", data={"from_area": "l1", "moves": moves})

    body = assert_refused(response, "GOT-X-27")
    assert body["violations"][0]["details"] == {"field": "data.moves[0].to_area"}
    assert total_events(api) == before
    assert _state(api, game_id)["state"]["neutral_forces"] == {"l2": 4}


def test_neutral_force_removed_when_a_march_brings_its_strength(api: Api) -> None:
    """GOT-X-27: strength 3 beats a neutral force of 3; the token leaves the game and the units move in."""
    game_id = _create(api, _neutral_game(3))
    moves = [{"to_area": "l2", "units": ["red:knight:l1:1", "red:footman:l1:2"]}]

    events = _act(api, game_id, "march", "red", from_area="l1", moves=moves)

    beaten = _one(events, "NeutralForceDefeated")
    assert (beaten["area"], beaten["strength"], beaten["attack_strength"]) == ("l2", 3, 3)
    state = _state(api, game_id)["state"]
    assert state["neutral_forces"] == {}
    assert {u["area"] for u in state["units"].values()} == {"l2"}


def test_retreat_refused_citing_got_x_20_when_the_area_holds_a_neutral_force(api: Api) -> None:
    """GOT-X-20: an area holding a neutral force token is neither empty nor friendly (seed 001 撤退和溃败:
    「所有撤退单位必须撤退至1个相邻的空白区域……或己方区域」); l4 and l5 are open, l3 is neutral-held.
    """
    game = deviations._game(
        "adjudicated",
        {"l1": "land", "l2": "land", "l3": "land", "l4": "land", "l5": "land"},
        [("l1", "l2"), ("l2", "l3"), ("l2", "l4"), ("l2", "l5")],
        units("red", "l1", "knight", "knight") + units("blue", "l2", "footman", "footman"),
        [("l1", "red", "march_0")],
        position={"neutral_forces": [{"area": "l3", "strength": 3}]},
    )
    game_id = _create(api, game)
    moves = [{"to_area": "l2", "units": ["red:knight:l1:1", "red:knight:l1:2"]}]
    cid = _one(_act(api, game_id, "march", "red", from_area="l1", moves=moves), "CombatInitiated")["combat_id"]
    assert _one(_seal_all(api, game_id, CARDS), "CombatResolved")["winner"] == "red"
    _act(api, game_id, "choose_casualties", "blue", combat_id=cid, units=["blue:footman:l2:1"])
    before = total_events(api)

    response = api.act(game_id, type="choose_retreat", seat="blue", data={"combat_id": cid, "to_area": "l3"})

    body = assert_refused(response, "GOT-X-20")
    assert "neutral force" in body["violations"][0]["message"] and "legal: l4, l5" in body["violations"][0]["message"]
    assert total_events(api) == before
    assert _one(_act(api, game_id, "choose_retreat", "blue", combat_id=cid, to_area="l4"), "RetreatChosen")


def test_state_shows_the_five_player_tokens_and_none_of_the_four_player_ones_when_five_players_start(api: Api) -> None:
    """GOT-X-26, the tokens by player count (the seed says nothing of them; data notes, checked against the base
    game's set-up): "The Eyrie 6 and King's Landing 5 at every player count; … with 5 players Sunspear 5 and 3 in
    Three Towers, Prince's Pass, Starfall, Yronwood, The Boneway and Salt Shore" — Storm's End, Oldtown and the
    Dornish Marches hold tokens only with 4 players."""
    response = _base_game(api, (*HOUSES, "tyrell"))
    assert response.status_code == 201, response.get_json()
    found = _state(api, response.get_json()["id"])["state"]["neutral_forces"]
    assert found == {
        "eyrie": 6,
        "kings_landing": 5,
        "sunspear": 5,
        **dict.fromkeys(("three_towers", "princes_pass", "starfall", "yronwood", "boneway", "salt_shore"), 3),
    }


def test_three_players_start_with_the_south_and_the_iron_islands_closed(api: Api) -> None:
    """GOT-X-26: "strength null marks an area closed to play in that game (the three-player map blocks the south and
    the Iron Islands)"; The Eyrie 6 and King's Landing 5 stand as in every game."""
    response = _base_game(api, ("stark", "lannister", "baratheon"))
    assert response.status_code == 201, response.get_json()
    found = _state(api, response.get_json()["id"])["state"]["neutral_forces"]
    assert (found["eyrie"], found["kings_landing"]) == (6, 5)
    closed = {area for area, strength in found.items() if strength is None}
    assert {"pyke", "highgarden", "sunspear", "oldtown", "storms_end"} <= closed
    assert {"winterfell", "lannisport", "dragonstone"}.isdisjoint(found)


def test_march_refused_citing_got_x_26_when_the_area_is_closed_to_play(api: Api) -> None:
    """GOT-X-26: "no march may enter it and no retreat may end in it" — whatever the strength marched in."""
    game_id = _create(api, _neutral_game(None))
    before = total_events(api)
    moves = [{"to_area": "l2", "units": ["red:knight:l1:1", "red:footman:l1:2"]}]

    response = api.act(game_id, type="march", seat="red", data={"from_area": "l1", "moves": moves})

    body = assert_refused(response, "GOT-X-26")
    assert body["violations"][0]["details"] == {"field": "data.moves[0].to_area"}
    assert total_events(api) == before
