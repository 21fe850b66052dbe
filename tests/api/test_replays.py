"""Replays over HTTP: the frames rebuild every state a viewer may see; diffs between any two versions."""

from __future__ import annotations

from typing import Any

from replays.frames import apply_patch
from tests.api.conftest import assert_problem
from tests.conftest import Api


def _state(api: Api, game: str, version: int, viewer: str = "spectator", role: str | None = None) -> Any:
    response = api.client.get(f"/api/v1/games/{game}/state?at={version}&as={viewer}", headers=api.headers(role))
    assert response.status_code == 200, response.get_json()
    return response.get_json()["state"]


def _game(api: Api) -> str:
    game = str(api.create_game(dice="table")["id"])
    for action in (
        {"type": "move", "seat": "red", "data": {"to": "ford"}},
        {"type": "roll", "seat": "blue", "data": {"count": 2, "dice": [5, 2]}},
        {"type": "open_sealed", "seat": None, "data": {"round": "bids"}},
    ):
        assert api.send_action(game, action).status_code == 201
    return game


def test_frames_rebuild_every_state_when_their_deltas_are_applied(any_api: Api) -> None:
    game = _game(any_api)
    any_api.act(game, type="end_game", data={"winners": ["red"]})

    replay = any_api.client.get(f"/api/v1/games/{game}/replay?from=1").get_json()

    assert [f["version"] for f in replay["frames"]] == [2, 3, 4, 5]
    state = replay["initial"]
    assert state == _state(any_api, game, 1)
    for frame in replay["frames"]:
        state = apply_patch(state, frame["delta"])
        assert state == _state(any_api, game, frame["version"])
    assert replay["frames"][1]["notation"] == "blue rolls 2d6: 5 2"
    assert replay["frames"][-1]["bookmarks"] == ["game end"]


def test_sealed_payload_is_in_no_frame_before_its_reveal(api: Api) -> None:
    game = _game(api)
    api.client.post(
        f"/api/v1/games/{game}/sealed",
        json={"seat": "red", "round": "bids", "payload": {"bid": "MARKER-7f3a"}},
        headers=api.headers(),
    )

    replay = api.client.get(f"/api/v1/games/{game}/replay?from=1&as=blue", headers=api.headers()).get_data(as_text=True)

    assert "MARKER-7f3a" not in replay


def test_diff_turns_one_version_into_another_when_applied_either_way(api: Api) -> None:
    game = _game(api)

    forward = api.client.get(f"/api/v1/games/{game}/diff?a=2&b=4").get_json()
    backward = api.client.get(f"/api/v1/games/{game}/diff?a=4&b=2").get_json()

    assert apply_patch(_state(api, game, 2), forward["ops"]) == _state(api, game, 4)
    assert apply_patch(_state(api, game, 4), backward["ops"]) == _state(api, game, 2)


def test_400_when_to_is_before_from_or_beyond_the_game(api: Api) -> None:
    game = _game(api)

    assert_problem(api.client.get(f"/api/v1/games/{game}/replay?from=3&to=2"), 400)
    assert_problem(api.client.get(f"/api/v1/games/{game}/replay?from=1&to=99"), 400)
    assert_problem(api.client.get(f"/api/v1/games/{game}/diff?a=1&b=99"), 400)


def test_403_when_a_player_replays_as_another_seat(api: Api) -> None:
    alice = api.player("Alice")
    game = api.create_game(seats=[{"seat": "red", "player": alice}, {"seat": "blue"}])["id"]
    token = api.token_for_player(alice)

    response = api.client.get(f"/api/v1/games/{game}/replay?as=blue", headers={"Authorization": f"Bearer {token}"})

    assert_problem(response, 403)


def test_404_when_an_anonymous_client_replays_a_private_game(api: Api) -> None:
    game = api.create_game(visibility="private")["id"]

    assert_problem(api.client.get(f"/api/v1/games/{game}/replay"), 404)
    assert_problem(api.client.get(f"/api/v1/games/{game}/diff?a=1&b=1"), 404)


def test_bookmarks_list_rule_marks_and_bookmark_annotations_by_version(api: Api) -> None:
    game = _game(api)  # versions: 1 created, 2 move, 3 roll, 4 sealed round opened
    note = {"kind": "bookmark", "at_version": 2, "body": {"label": "the ford"}}
    assert api.client.post(f"/api/v1/games/{game}/annotations", json=note, headers=api.headers()).status_code == 201

    items = api.client.get(f"/api/v1/games/{game}/bookmarks").get_json()["items"]

    assert [(b["version"], b["label"], b["source"]) for b in items] == [
        (2, "the ford", "annotation"),
        (4, "sealed round: bids", "rules"),
    ]


def test_seek_gives_the_same_state_as_the_version_of_the_bookmark(api: Api) -> None:
    game = _game(api)
    assert api.act(game, type="open_sealed", data={"round": "orders"}).status_code == 201  # version 5

    sought = api.client.get(f"/api/v1/games/{game}/seek?bookmark=sealed round: orders")

    assert sought.status_code == 200, sought.get_json()
    assert sought.get_json()["version"] == 5
    assert sought.get_json()["state"] == _state(api, game, 5)
    assert sought.get_json()["state"] != _state(api, game, 4)


def test_seek_is_404_naming_the_bookmark_when_it_does_not_occur(api: Api) -> None:
    game = _game(api)

    body = assert_problem(api.client.get(f"/api/v1/games/{game}/seek?bookmark=year 1303"), 404)
    assert "year 1303" in body["detail"]
    assert_problem(api.client.get(f"/api/v1/games/{game}/seek?bookmark=sealed round: bids&occurrence=2"), 404)


def test_ruleset_bookmarks_mark_years_phases_and_battles_of_a_kard_es_korona_sample(api: Api) -> None:
    from service.samples import SAMPLES, game_of, load_sample

    game = game_of(load_sample(api.services, SAMPLES / "kard_es_korona_basic_three_lords.sample.json"))

    labels = [b["label"] for b in api.client.get(f"/api/v1/games/{game}/bookmarks").get_json()["items"]]
    sought = api.client.get(f"/api/v1/games/{game}/seek?bookmark=year 1302").get_json()

    assert labels[:3] == ["year 1301", "1301 movement", "1301 battles"]  # no income in the first year (KK-TURN-2)
    assert "1302 income and recruitment" in labels and "1301 ends" in labels
    assert any(label.startswith("battle ") and label.endswith(" begins") for label in labels)
    assert sought["state"]["rules"]["year"] == 1302


def _rv_siege_of_brod(api: Api) -> str:
    from service.samples import SAMPLES, game_of, load_sample

    return str(game_of(load_sample(api.services, SAMPLES / "cedofan_rv_siege_of_brod.sample.json")))


def test_rule_bookmarks_read_factions_and_places_by_name_in_the_list_and_the_frames(api: Api) -> None:
    game = _rv_siege_of_brod(api)

    labels = [b["label"] for b in api.client.get(f"/api/v1/games/{game}/bookmarks").get_json()["items"]]
    frames = api.client.get(f"/api/v1/games/{game}/replay?from=1").get_json()["frames"]

    assert "siege of Brod begins" in labels and "siege of brod begins" not in labels
    assert "round 1: Katzowicové's impulse 1" in labels
    assert [m for f in frames for m in f["bookmarks"]] == labels  # the viewer's list and its chapters agree


def test_seek_finds_a_rule_bookmark_by_the_id_label_it_had_before_and_an_annotation_keeps_its_own(api: Api) -> None:
    game = _rv_siege_of_brod(api)  # the siege of Brod begins at version 9, its storm at 16
    note = {"kind": "bookmark", "at_version": 3, "body": {"label": "storm of brod"}}
    assert api.client.post(f"/api/v1/games/{game}/annotations", json=note, headers=api.headers()).status_code == 201

    def seek(label: str, occurrence: int = 1) -> Any:
        return api.client.get(f"/api/v1/games/{game}/seek?bookmark={label}&occurrence={occurrence}").get_json()

    items = api.client.get(f"/api/v1/games/{game}/bookmarks").get_json()["items"]

    assert seek("siege of brod begins")["version"] == seek("siege of Brod begins")["version"] == 9
    assert seek("siege of brod begins")["state"] == seek("siege of Brod begins")["state"]
    assert seek("round 1: katzowicove's impulse 1")["version"] == 6
    # The author's note keeps the words they wrote, and answers to them before the rules' storm (by version).
    assert [(b["version"], b["label"]) for b in items if b["source"] == "annotation"] == [(3, "storm of brod")]
    assert [seek("storm of brod", n)["version"] for n in (1, 2)] == [3, 16]
    assert all(set(b) <= {"version", "label", "source", "annotation"} for b in items)  # no old label shown


def test_rv_loot_2_a_loot_slip_s_sealed_round_and_reveal_are_bookmarked_by_whose_slip_it_is(api: Api) -> None:
    game = _rv_siege_of_brod(api)  # Katzowicové's loot slip from battle 2 is opened at version 35, revealed at 38

    items = api.client.get(f"/api/v1/games/{game}/bookmarks").get_json()["items"]
    frames = api.client.get(f"/api/v1/games/{game}/replay?from=1").get_json()["frames"]

    slip = "the loot slip of Katzowicové from battle 2"
    assert [(b["version"], b["label"]) for b in items if "slip" in b["label"] or "loot" in b["label"]] == [
        (35, f"sealed round: {slip}"),
        (38, f"reveal: {slip}"),
    ]
    assert [f["bookmarks"] for f in frames if f["version"] in (35, 38)] == [
        [f"sealed round: {slip}"],
        [f"reveal: {slip}"],
    ]
    sought = api.client.get(f"/api/v1/games/{game}/seek?bookmark=reveal: loot-2-katzowicove").get_json()
    assert sought["version"] == 38  # a saved link with the round's id still lands


def _sample(api: Api, name: str) -> str:
    from service.samples import SAMPLES, game_of, load_sample

    return str(game_of(load_sample(api.services, SAMPLES / f"{name}.sample.json")))


def test_kk_move_11_a_battle_is_bookmarked_by_its_county_once_its_year_is_over(api: Api) -> None:
    """The three lords' sample: Erdély's first attack of 1301 is into Arad (b1301-1); the sample stops as 1303
    begins, so the newest state, which the bookmarks read names from, holds no battle of 1301 or 1302."""
    game = _sample(api, "kard_es_korona_basic_three_lords")

    labels = [b["label"] for b in api.client.get(f"/api/v1/games/{game}/bookmarks").get_json()["items"]]
    frames = api.client.get(f"/api/v1/games/{game}/replay?from=1").get_json()["frames"]
    begins = next(f for f in frames if f["type"] == "BattleStarted")

    assert "battle in Arad begins" in labels and "battle in Arad ends" in labels
    assert not [label for label in labels if "b1301" in label or "b1302" in label]
    assert [m for f in frames for m in f["bookmarks"]] == labels  # the chapters read the same
    assert begins["notation"].startswith("battle b1301-1 in Arad begins: ")
    sought = api.client.get(f"/api/v1/games/{game}/seek?bookmark=battle in Arad begins").get_json()
    old = api.client.get(f"/api/v1/games/{game}/seek?bookmark=battle b1301-1 begins").get_json()
    assert sought["version"] == old["version"] == begins["version"]


def test_got_term_6_a_bid_reveal_is_one_bookmark_where_the_bids_show_and_answers_to_its_old_labels(api: Api) -> None:
    """The North sample: the Fiefdoms bids of round 2 (Baratheon 0, Stark 2, Greyjoy 2) are sealed in
    "bid-fiefdoms-2-4", and the orders of rounds 1 and 2 are revealed too."""
    game = _sample(api, "agot2_north_two_rounds")

    items = api.client.get(f"/api/v1/games/{game}/bookmarks").get_json()["items"]
    frames = api.client.get(f"/api/v1/games/{game}/replay?from=1").get_json()["frames"]

    def seek(label: str, occurrence: int = 1) -> Any:
        response = api.client.get(f"/api/v1/games/{game}/seek?bookmark={label}&occurrence={occurrence}")
        assert response.status_code == 200, (label, response.get_json())
        return response.get_json()

    reveals = [b["label"] for b in items if "revealed" in b["label"] or b["label"].startswith("reveal: the")]
    assert [r for r in reveals if "bids" in r or "orders" in r] == [
        "reveal: the orders of round 1",
        "reveal: the Fiefdoms bids of round 2",
        "reveal: the orders of round 2",
    ]
    bids = seek("reveal: the Fiefdoms bids of round 2")
    shown = next(f for f in frames if f["version"] == bids["version"])
    assert shown["type"] == "TrackBidsRevealed"  # the board shows the bids there, not one event before
    for old in ("bids for Fiefdoms revealed", "bids for fiefdoms revealed", "reveal: bid-fiefdoms-2-4"):
        assert seek(old)["version"] == bids["version"], old
    assert [seek(f"reveal: orders-{n}")["version"] for n in (1, 2)] == [
        seek("orders revealed", n)["version"] for n in (1, 2)
    ]
    assert [m for f in frames for m in f["bookmarks"]] == [b["label"] for b in items]
