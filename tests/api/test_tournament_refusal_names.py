"""Refusals name a tournament as a director knows it, by its name (td16); its id stays in the problem's
`tournament` field. (A table's game is named by its table: test_tournaments, test_tournament_mistakes.)"""

from __future__ import annotations

from typing import Any

from tests.api.conftest import assert_problem
from tests.api.test_tournament_mistakes import _by_hand, _closed_round
from tests.api.test_tournaments import BASE, _create, _post, _register, _round
from tests.conftest import Api


def _events(api: Api, tid: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = api.client.get(f"{BASE}/{tid}/events", headers=api.headers()).get_json()["items"]
    return found


def test_refusals_after_the_finish_name_the_tournament_by_its_name_and_keep_its_id_in_tournament(api: Api) -> None:
    tid = _create(api, name="Szeged Open", rounds=1)["id"]
    players = _register(api, tid, 4)
    _closed_round(api, tid, 1)
    assert _post(api, f"{tid}/finish").status_code == 200
    before = _events(api, tid)

    refusals = {
        "register": _post(api, f"{tid}/players", {"name": "Late Lou"}),
        "drop": _post(api, f"{tid}/players/{players[0]}/drop", {"reason": "went home"}),
        "pair": _post(api, f"{tid}/rounds", {}),
        "amend": _by_hand(api, tid, 1, _round(api, tid, 1)["tables"][0], amend_reason="too late"),
        "finish": _post(api, f"{tid}/finish"),
        "no round": api.client.get(f"{BASE}/{tid}/rounds/7", headers=api.headers()),
    }

    for what, response in refusals.items():
        problem = assert_problem(response, 404 if what == "no round" else 409)
        assert "the tournament 'Szeged Open'" in problem["detail"] and tid not in problem["detail"], (what, problem)
        assert problem["tournament"] == tid, what
    assert _events(api, tid) == before  # nothing written
