"""The Kard és Korona samples show what issue 4 asks of them once recorded through the service."""

from __future__ import annotations

from typing import Any

from service.samples import SAMPLES, game_of, load_sample
from tests.conftest import Api


def _events(api: Api, name: str) -> list[Any]:
    game_id = game_of(load_sample(api.services, SAMPLES / f"{name}.sample.json"))
    return list(api.services.store.read(f"game:{game_id}"))


def test_kk_elect_11_kk_vassal_1_advanced_sample_has_a_vassal_and_a_palatine_decided_tie(api: Api) -> None:
    events = _events(api, "kard_es_korona_advanced_palatine_and_vassal")
    assert events[0].data["variant"] == "advanced"
    sworn = [e.data for e in events if e.type == "FealtySworn"]
    assert [(s["vassal"], s["liege"]) for s in sworn] == [("erdely", "delvidek")]
    opened = [e.data for e in events if e.type == "ElectionOpened"]
    # KK-EVENT-4 then the regular 1303 election; KK-ELECT-14: the vassal never bids.
    assert [(o["year"], o["ordinal"]) for o in opened] == [(1302, 1), (1303, 2)]
    assert all("erdely" not in o["eligible"] for o in opened)
    decided = [e.data for e in events if e.type == "OfficeAwarded" and e.data["outcome"] == "palatine_choice"]
    assert len(decided) == 1
    # KK-ELECT-11/12: 4 and 4 tie, the Palatine (Délvidék, who bid 1) picks Felvidék; Pannónia gets 2 of 4 back.
    assert decided[0]["office"] == "judge_royal" and decided[0]["holder"] == "felvidek"
    assert decided[0]["refunds"] == {"pannonia": 2}
    tied = [e.data for e in events if e.type == "AuctionTied"]
    assert [(t["tied"], t["decider"]) for t in tied] == [(["pannonia", "felvidek"], "delvidek")]


def test_kk_win_5_basic_sample_is_a_complete_game_won_by_castles(api: Api) -> None:
    events = _events(api, "kard_es_korona_basic_castle_victory")
    ended = [e.data for e in events if e.type == "GameEnded"]
    assert len(ended) == 1 and ended[0]["winners"] == ["felvidek"]
    assert ended[0]["condition"] == "KK-WIN-5"
    assert ended[0]["ranking"][0]["seat"] == "felvidek" and ended[0]["ranking"][0]["place"] == 1
