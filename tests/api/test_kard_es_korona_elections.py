"""Kard és Korona elections through the public HTTP API: the worked example E3 (KK-ELECT-11), sealed bids
that no view shows before the reveal, and treasuries hidden from the other players during the election."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import assert_refused
from tests.api.test_kard_es_korona_api import act, adjust, create, ok
from tests.conftest import Api
from tests.domain.kard_es_korona.small_boards import province_board

# KK-SETUP-3: two pairs of neighbours, Tiszahát and Szlavónia unplayed; seated clockwise.
P1, P2, P3, P4 = SEATS = ["felvidek", "erdely", "delvidek", "pannonia"]


def battles_of_1306_end(api: Api) -> tuple[str, list[dict[str, Any]]]:
    """E3's position: 1306's movement with nothing left to do; every pass ends the year and opens the election."""
    game = create(api, board=province_board("basic"), seats=SEATS)
    units = {f"{s}_k2": {s: {"infantry": 1}} for s in SEATS}
    adjust(
        api,
        game,
        phase="movement",
        year=1306,
        starting_player=P1,
        turn=P1,
        units=units,
        control={c: next(iter(by)) for c, by in units.items()},
        treasury={P1: 20, P2: 15, P3: 12, P4: 9},
        offices={"judge_royal": P1, "treasurer": P2, "palatine": P3},
        elections_held=1,  # the first election closed 1303
    )
    adjust(api, game, lords={s: f"{s}_k2" for s in SEATS}, allowances=dict.fromkeys(SEATS, 4))
    adjust(api, game, steps_taken=dict.fromkeys(SEATS, 0))
    events: list[dict[str, Any]] = []
    for seat in SEATS:
        events += ok(act(api, game, "pass", seat))
    return game, events


def seal(api: Api, game: str, round_id: str, seat: str, amount: int) -> Any:
    return api.client.post(
        f"/api/v1/games/{game}/sealed",
        json={"seat": seat, "round": round_id, "payload": {"amount": amount}},
        headers=api.headers(),
    )


def view(api: Api, game: str, viewer: str) -> dict[str, Any]:
    response = api.client.get(f"/api/v1/games/{game}/state?as={viewer}", headers=api.headers())
    assert response.status_code == 200, response.get_json()
    body = response.get_json()["state"]
    rules: dict[str, Any] = body["state"] if viewer == "arbiter" else body["rules"]  # the arbiter's is the snapshot
    return rules


def every_text(api: Api, game: str) -> list[str]:
    """Every way a client reads the game: resource, event log, each seat's and the spectator's view and replay."""
    base = f"/api/v1/games/{game}"
    texts = [
        api.client.get(base, headers=api.headers()).get_data(as_text=True),
        api.client.get(f"{base}/events", headers={**api.headers(), "Accept": "application/json"}).get_data(True),
    ]
    for viewer in [*SEATS, "spectator"]:
        texts.append(api.client.get(f"{base}/state?as={viewer}", headers=api.headers()).get_data(as_text=True))
        frames = api.client.get(f"{base}/replay?from=1&as={viewer}", headers=api.headers())
        assert frames.status_code == 200, frames.get_json()
        texts.append(frames.get_data(as_text=True))
    return texts


def test_kk_elect_11_e3_the_palatine_decides_the_judge_royal_tie_through_the_api(api: Api) -> None:
    game, events = battles_of_1306_end(api)
    kinds = [e["type"] for e in events]
    assert kinds[-5:] == ["YearEnded", "ElectionOpened", "TreasuriesDeclared", "AuctionOpened", "SealedRoundOpened"]
    declared = next(e for e in events if e["type"] == "TreasuriesDeclared")
    assert declared["data"]["amounts"] == {P1: 20, P2: 15, P3: 12, P4: 9}
    round_id = events[-1]["data"]["round"]

    for seat, amount in ((P1, 5), (P2, 8), (P3, 0)):
        assert seal(api, game, round_id, seat, amount).status_code == 201
    revealed = seal(api, game, round_id, P4, 8).get_json()["events"]
    tied = next(e for e in revealed if e["type"] == "AuctionTied")
    assert tied["data"]["tied"] == [P2, P4] and tied["data"]["decider"] == P3

    assert_refused(act(api, game, "decide_tie", P2, player=P2), "KK-OFFICE-5")
    decided = ok(act(api, game, "decide_tie", P3, player=P4))
    award = next(e for e in decided if e["type"] == "OfficeAwarded")
    assert award["data"]["holder"] == P4 and award["data"]["outcome"] == "palatine_choice"
    arbiter = view(api, game, "arbiter")
    assert arbiter["offices"]["judge_royal"] == P4
    assert arbiter["treasury"] == {P1: 15, P2: 11, P3: 12, P4: 1}
    assert arbiter["election"]["office"] == "treasurer"


def test_kk_elect_6_no_view_shows_a_sealed_bid_before_the_reveal(api: Api) -> None:
    game, events = battles_of_1306_end(api)
    round_id = events[-1]["data"]["round"]
    for seat, amount in ((P1, 17), (P2, 13), (P3, 11)):
        assert seal(api, game, round_id, seat, amount).status_code == 201
    for text in every_text(api, game):
        assert '"amount"' not in text  # neither a payload nor a revealed bid anywhere yet


def test_kk_elect_6_a_bid_above_the_treasury_is_refused_through_the_api(api: Api) -> None:
    game, events = battles_of_1306_end(api)
    assert_refused(seal(api, game, events[-1]["data"]["round"], P4, 10), "KK-ELECT-6")


def test_kk_elect_3_a_player_sees_only_his_own_treasury_during_the_election(api: Api) -> None:
    game, _ = battles_of_1306_end(api)
    assert view(api, game, P2)["treasury"] == {P2: 15}
    assert view(api, game, "spectator")["treasury"] == {}
    assert len(view(api, game, "arbiter")["treasury"]) == 4


def test_kk_elect_4_a_money_transfer_is_refused_during_the_election_through_the_api(api: Api) -> None:
    game, _ = battles_of_1306_end(api)
    assert_refused(act(api, game, "transfer_money", P1, to=P2, amount=3), "KK-ELECT-4")


def test_kk_elect_10_kk_office_2_a_first_election_tie_goes_to_table_dice_and_the_judge_royal_rerolls(api: Api) -> None:
    game, events = battles_of_1306_end(api)
    adjust(api, game, offices={"judge_royal": P1, "treasurer": None, "palatine": None})
    for seat, amount in ((P1, 6), (P2, 6), (P3, 0)):
        seal(api, game, events[-1]["data"]["round"], seat, amount)
    revealed = seal(api, game, events[-1]["data"]["round"], P4, 0).get_json()["events"]
    award = next(e for e in revealed if e["type"] == "OfficeAwarded")
    assert award["data"]["outcome"] == "incumbent_tie"  # KK-ELECT-9: P1 holds it
    round_id = revealed[-1]["data"]["round"]
    for seat, amount in ((P1, 4), (P2, 4), (P3, 1)):
        seal(api, game, round_id, seat, amount)
    revealed = seal(api, game, round_id, P4, 0).get_json()["events"]
    assert revealed[-1]["type"] == "AuctionTied" and revealed[-1]["data"]["awaiting"] == "roll_off"
    rolled = ok(act(api, game, "roll_off", P2, dice=[1, 5]))
    assert rolled[-1]["type"] == "TieRolled" and rolled[-1]["data"]["awaiting"] == "judge_reroll"
    assert_refused(act(api, game, "reroll_tie_die", P2, reroll=True, dice=[6]), "KK-OFFICE-2")
    settled = ok(act(api, game, "reroll_tie_die", P1, reroll=True, dice=[6]))
    award = next(e for e in settled if e["type"] == "OfficeAwarded")
    assert award["data"]["holder"] == P1 and award["data"]["refunds"] == {P2: 2}


def test_kk_office_6_an_office_is_sold_at_a_public_auction_through_the_api(api: Api) -> None:
    game = create(api, board=province_board("basic"), seats=SEATS)
    adjust(
        api,
        game,
        phase="movement",
        year=1304,
        treasury={P1: 0, P2: 15, P3: 12, P4: 9},
        offices={"judge_royal": None, "treasurer": P1, "palatine": None},
    )
    ok(act(api, game, "offer_office", P1, office="treasurer"))
    ok(act(api, game, "bid_for_office", P2, amount=3))
    assert_refused(act(api, game, "bid_for_office", P3, amount=3), "KK-OFFICE-6")
    ok(act(api, game, "bid_for_office", P3, amount=7))
    sold = ok(act(api, game, "close_office_sale", P1))
    assert sold[-1]["data"] == {"office": "treasurer", "seller": P1, "buyer": P3, "price": 7}
    rules = view(api, game, "spectator")
    assert rules["offices"]["treasurer"] == P3 and rules["treasury"] == {P1: 7, P2: 15, P3: 5, P4: 9}
