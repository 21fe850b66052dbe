"""The platform's own events read the same in every game, whatever its ruleset."""

from __future__ import annotations

from domain.kernel import CORRECTION_APPLIED, Event
from domain.platform_notation import platform_line
from domain.rulesets.agot2 import AGOT2
from domain.rulesets.cedofan_kards_bs import CEDOFAN_KARDS_BS as KBS
from domain.rulesets.cedofan_rv import CEDOFAN_RV
from domain.rulesets.freeform import FREEFORM
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from tests.domain.agot2.tables import new_game as agot2_game
from tests.domain.builders import given
from tests.domain.cedofan_kards_bs.builders import given as kbs_game
from tests.domain.cedofan_rv.fixtures import A, B, Table, board, city, noble
from tests.domain.kard_es_korona.builders import new_game

OVERTURN = {
    "dispute": "d-7",
    "ruling": 2,
    "version": 12,
    "decision": "overturned",
    "appeal": False,
    "strikes": [[12, 14]],
    "corrected_action": {"type": "recruit", "seat": "erdely", "data": {}},
    "superseded": [],
    "rule_ids": ["KK-RECRUIT-4"],
}


def test_correction_line_names_the_ruling_the_disputed_version_the_struck_versions_and_the_corrected_action() -> None:
    line = platform_line(Event(CORRECTION_APPLIED, OVERTURN))
    assert line == (
        "ruling 2 of the dispute on v12 (overturned) (KK-RECRUIT-4): strikes v12–v14; the corrected recruit follows"
    )


def test_correction_line_does_not_quote_the_dispute_uuid() -> None:
    data = {**OVERTURN, "dispute": "84686243-1c5e-4a0b-9d3f-2f1e0c9b7a65"}
    line = platform_line(Event(CORRECTION_APPLIED, data)) or ""
    assert "84686243" not in line
    assert line.startswith("ruling 2 of the dispute on v12")


def test_correction_line_of_an_appeal_that_restores_the_record_strikes_the_earlier_correction() -> None:
    data = {**OVERTURN, "decision": "upheld", "appeal": True, "strikes": [[15, 15]], "corrected_action": None}
    line = platform_line(Event(CORRECTION_APPLIED, data))
    assert line == "ruling 2 of the dispute on v12 (upheld on appeal) (KK-RECRUIT-4): strikes v15"


def test_a_malformed_or_foreign_event_has_no_platform_line() -> None:
    assert platform_line(Event(CORRECTION_APPLIED, {"dispute": "d-7"})) is None
    assert platform_line(Event("UnitsRecruited", {})) is None


def test_rulesets_fall_back_on_the_platform_line() -> None:
    correction = Event(CORRECTION_APPLIED, OVERTURN)
    expected = platform_line(correction)
    assert FREEFORM.notation(correction, given().state) == expected
    assert KARD_ES_KORONA.notation(correction, new_game().state) == expected
    westeros = AGOT2.shipped_boards["base"]
    assert AGOT2.notation(correction, agot2_game(westeros, ("stark", "lannister", "baratheon"), {}).state) == expected
    kbs = kbs_game(KBS.shipped_boards["demonstration"], ("zapad", "rudern", "stiny", "ostius"))
    assert KBS.notation(correction, kbs.state) == expected
    rv = Table.on(board({"home": city(A)}, [], [noble("g", A, "home")], {A: 1, B: 1}), seats=(A, B))
    assert CEDOFAN_RV.notation(correction, rv.game.state) == expected
