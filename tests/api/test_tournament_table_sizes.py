"""How a round's smaller tables are sized for each ruleset (tdx3): everyone seated at the fewest, most even tables
the ruleset's seat range, the seat sets and the scoring allow, none above `table_size`; byes only when no tables
seat the field. 14 players at AGoT tables of 6 (AGoT seats 3-6) were 2 tables of 6 and 2 byes."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.test_tournaments import _create, _post, _register
from tests.conftest import Api
from tests.domain.cedofan_kards_bs.builders import OPTIONS as KBS_OPTIONS
from tests.domain.cedofan_rv.fixtures import FIXTURE_OPTIONS

KBS = ("zapad", "rudern", "stiny", "ostius")  # the factions of its demonstration map
RV = ("kard_league", "gracujsti", "katzowicove", "gliviciove", "uradiove", "svebodsti")


def _preview(api: Api, tid: str) -> dict[str, Any]:
    response = _post(api, f"{tid}/rounds", {"preview": True})
    assert response.status_code == 200, response.get_json()
    found: dict[str, Any] = response.get_json()
    return found


def test_fourteen_players_at_agot_tables_of_six_all_play_at_tables_of_five_five_and_four(api: Api) -> None:
    tid = _create(api, ruleset="agot2", board="base", table_size=6, scoring="win-draw-loss")["id"]
    _register(api, tid, 14)

    plan = _preview(api, tid)

    assert [len(t["players"]) for t in plan["tables"]] == [5, 5, 4]
    assert plan["byes"] == [] and plan["problems"] == []


@pytest.mark.parametrize(
    ("body", "sizes"),
    [
        ({"ruleset": "agot2", "board": "base", "table_size": 6, "scoring": "win-draw-loss"}, [3, 4, 5, 6]),
        # WBC's placement points score tables of 3 and 4 only: tables of 2 (which KK seats) would score nothing.
        ({"ruleset": "kard_es_korona", "variant": "basic", "board": "basic", "table_size": 4}, [3, 4]),
        ({"ruleset": "kard_es_korona", "board": "basic", "table_size": 4, "scoring": "win-draw-loss"}, [2, 3, 4]),
        ({"ruleset": "freeform", "table_size": 5, "scoring": "win-draw-loss"}, [2, 3, 4, 5]),
        # RV has no default seats: the director's seat sets say which tables it seats (none of 2 here).
        (
            {
                "ruleset": "cedofan_rv",
                "options": FIXTURE_OPTIONS,
                "board": "demonstration",
                "table_size": 4,
                "seat_sets": {"4": [list(RV[:4])], "3": [list(RV[:3])]},
                "scoring": "win-draw-loss",
            },
            [3, 4],
        ),
        (
            {
                "ruleset": "cedofan_kards_bs",
                "options": KBS_OPTIONS,
                "board": "demonstration",
                "table_size": 4,
                "seat_sets": {n: [list(KBS[: int(n)])] for n in ("2", "3", "4")},
                "scoring": "win-draw-loss",
            },
            [2, 3, 4],
        ),
    ],
)
def test_each_ruleset_records_the_table_sizes_it_seats_and_scores(
    api: Api, body: dict[str, Any], sizes: list[int]
) -> None:
    assert _create(api, **body)["settings"]["table_sizes"] == sizes


def test_a_field_no_allowed_tables_seat_gets_the_fewest_byes_as_a_problem_to_accept(api: Api) -> None:
    # Placement points for tables of 6 and 5 only: 14 players sit at no tables of 5 and 6, so 2 of them get byes.
    points = {"6": [6, 5, 4, 3, 2, 1], "5": [5, 4, 3, 2, 1]}
    tid = _create(api, ruleset="agot2", board="base", table_size=6, placement_points=points)["id"]
    _register(api, tid, 14)

    plan = _preview(api, tid)

    assert [len(t["players"]) for t in plan["tables"]] == [6, 6] and len(plan["byes"]) == 2
    assert [p["kind"] for p in plan["problems"]] == ["remainder_byes"]
