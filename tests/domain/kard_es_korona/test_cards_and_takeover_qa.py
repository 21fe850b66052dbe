"""QA pass 2 (N6, N7, N2): event cards that overfill a castle (KK-CASTLE-2/3, KK-EVENT-5) or come up twice
(KK-EVENT-1), and the conqueror's takeover while a freed vassal's lord waits to return (KK-ELIM-5, KK-VASSAL-7)."""

from __future__ import annotations

from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.kard_es_korona.builders import act, play, rule_ids, set_up, when

PTD = ("pannonia", "tiszahat", "delvidek")
RED, BLUE, YELLOW = PTD
GARRISON = Force(cavalry=1, infantry=1, archer=1)  # KK-SETUP-9: royal Pest after setup


# --- N6: KK-CASTLE-2/3 bind the infantry an event card adds (KK-EVENT-5) ---


def bloody_sword_into_pest(change: int) -> list[str]:
    game = set_up(PTD)
    assert game.state.force("pest", "royal") == GARRISON
    entries = [{"county": "pest", "change": change}]
    decision = when(game, act("draw_event", RED, card="veres_kard", neutral_infantry=entries))
    if decision.violations:
        assert {v.details["field"] for v in decision.violations} == {"data.neutral_infantry[0].change"}
    return rule_ids(decision)


def test_refused_kk_castle_2_and_3_when_bloody_sword_puts_eight_units_six_infantry_in_a_castle() -> None:
    """KK-CASTLE-2: „a várban egyszerre 7 seregnél több nem tartózkodhat" — 1/1/1 + 5 infantry is 8 units; KK-CASTLE-3:
    „maximum az ott állomásozó katonaság fele ... azaz 4 sereg lehet azonos fajtájú" — 6 infantry of 8 is over 4.
    KK-EVENT-5 („gyalogost kell ... feltenni a semlegesek seregei ... közé") is the card that adds them."""
    assert bloody_sword_into_pest(5) == ["KK-CASTLE-2", "KK-CASTLE-3", "KK-EVENT-5"]


def test_refused_kk_castle_3_when_bloody_sword_fills_a_castle_to_seven_with_five_infantry() -> None:
    """KK-CASTLE-3: 7 units fit (KK-CASTLE-2) but 5 infantry exceed half of 7 rounded up (4)."""
    assert bloody_sword_into_pest(4) == ["KK-CASTLE-3", "KK-EVENT-5"]


def test_refused_kk_castle_3_when_six_units_would_hold_four_infantry() -> None:
    """KK-CASTLE-3: half of 6 is 3, so 1/4/1 is one infantry too many."""
    assert bloody_sword_into_pest(3) == ["KK-CASTLE-3", "KK-EVENT-5"]


def test_bloody_sword_adds_infantry_to_a_castle_when_it_stays_within_its_limits_kk_event_5() -> None:
    """KK-CASTLE-2/3: 1/3/1 is 5 units with 3 infantry, half of 5 rounded up: the card's infantry go in."""
    assert bloody_sword_into_pest(2) == []
    sword = act("draw_event", RED, card="veres_kard", neutral_infantry=[{"county": "pest", "change": 2}])
    game = play(set_up(PTD), sword)
    assert game.state.force("pest", "royal") == Force(cavalry=1, infantry=3, archer=1)
