"""QA pass 2 (N6, N7, N2): event cards that overfill a castle (KK-CASTLE-2/3, KK-EVENT-5) or come up twice
(KK-EVENT-1), and the conqueror's takeover while a freed vassal's lord waits to return (KK-ELIM-5, KK-VASSAL-7)."""

from __future__ import annotations

from domain.kernel import Decision, Event, Game
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.kard_es_korona.builders import act, offered, play, rule_ids, set_up, then, types, when, with_state
from tests.domain.kard_es_korona.test_defeat import fight, lords_battle

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


# --- N7: a card turned up is out of the deck for the rest of the game (KK-EVENT-1) ---


def next_year_after(card: str) -> Game:
    """1301: Red draws `card`, everyone passes; 1302's event phase, Red (who passed first) draws again."""
    game = play(set_up(PTD), act("draw_event", RED, card=card), *(act("pass", s) for s in PTD))
    assert (game.state.year, game.state.phase, game.state.starting_player) == (1302, "event", RED)
    return game


def test_refused_kk_event_1_when_the_card_drawn_last_year_is_drawn_again() -> None:
    """KK-EVENT-1: „Minden év legelején ... fel kell csapni egyet az eseménykártyák közül" — one card of the deck is
    turned up each year (16 cards for at most 12 years, 1301-1308/12); Céhek megerősödése, turned up in 1301, lasts
    „a játék végéig" and cannot come up again in 1302."""
    decision = when(next_year_after("cehek_megerosodese"), act("draw_event", RED, card="cehek_megerosodese"))
    assert rule_ids(decision) == ["KK-EVENT-1"]
    assert decision.violations[0].details["field"] == "data.card"


def test_refused_kk_event_1_when_a_card_the_seed_does_not_name_comes_up_twice() -> None:
    """KK-EVENT-1: the same holds for the nine cards entered by id (A-55)."""
    game = next_year_after("adoemeles")
    assert rule_ids(when(game, act("draw_event", RED, card="adoemeles"))) == ["KK-EVENT-1"]


def test_pending_offers_only_cards_not_yet_drawn_kk_event_1() -> None:
    """KK-EVENT-1: in 1302 the six named cards Red did not turn up in 1301 are offered, Szüret is not."""
    game = next_year_after("szuret")
    cards = [c["card"] for c in offered(game, RED, "draw_event")]
    assert "szuret" not in cards and len(cards) == 6
    assert types(when(game, act("draw_event", RED, card="esos_osz")))[0] == "EventCardDrawn"


def test_an_old_log_that_drew_a_card_twice_still_folds_kk_event_1() -> None:
    """KK-EVENT-1 is checked when a card is drawn; `evolve` has no error path, so a log recorded before the check
    (Céhek megerősödése in 1301 and again in 1302) folds, and the card counts as drawn twice."""
    game = next_year_after("cehek_megerosodese")
    again = Event("EventCardDrawn", {"year": 1302, "card": "cehek_megerosodese", "name": "x", "duration": "permanent"})
    state = then(game, Decision(events=(again,))).state
    assert state.drawn_events == ("cehek_megerosodese", "cehek_megerosodese")


def test_kk_event_1_each_draw_records_its_place_in_the_deck() -> None:
    """Catalog §5.3: `EventCardDrawn` carries `deck_position`; one card a year is turned up from the deck and none is
    put back (KK-EVENT-1), so 1301's card is the deck's 1st and 1302's its 2nd. Old draws without it still fold."""
    first = when(set_up(PTD), act("draw_event", RED, card="szuret")).events[0]
    assert (first.type, first.data["deck_position"]) == ("EventCardDrawn", 1)
    second = when(next_year_after("szuret"), act("draw_event", RED, card="esos_osz")).events[0]
    assert (second.data["card"], second.data["deck_position"]) == ("esos_osz", 2)


# --- N2: the conqueror's takeover (KK-ELIM-5) does not wait for the freed vassal's lord (KK-VASSAL-7) ---


def blue_eliminated_with_yellow_his_vassal() -> Game:
    """test_defeat's battle: Red's lord-led cavalry kills Blue's lord-led infantry in Fejér (Blue also holds Kunság
    and his home castle K2 with 1 infantry each); Yellow is Blue's vassal, his lord off the board. Blue forgoes the
    escape and refuses fealty: he is out (KK-ELIM-1), Yellow is freed (KK-VASSAL-7)."""
    game = lords_battle()
    game = with_state(
        game, lieges={YELLOW: BLUE}, lord_status={YELLOW: "vassal"}, lords={**game.state.lords, YELLOW: None}
    )
    game = play(fight(game, 6, 1), act("forgo_escape", BLUE), act("decline_fealty", BLUE))
    assert game.state.returning == (YELLOW,) and game.state.defeat["stage"] == "takeover"
    return game


def test_takeover_and_the_freed_vassals_return_both_offered_when_a_liege_is_eliminated_kk_elim_5_kk_vassal_7() -> None:
    """KK-VASSAL-7: „Tartományura visszakerül a táblára egy saját vármegyébe" — Yellow's lord goes back to his own
    county; KK-ELIM-5: „A kiesett játékos minden seregét le kell cserélni legyőzőjéére" — Red places one unit of an arm
    that stood there (infantry) in each of Blue's counties with units. The seed orders neither before the other."""
    game = blue_eliminated_with_yellow_his_vassal()
    assert offered(game, YELLOW, "return_lord") == [{"to": "delvidek_k2"}]
    full = {"placements": {"kunsag": "infantry", "tiszahat_k2": "infantry"}}
    assert full in offered(game, RED, "place_takeover")
    assert types(when(game, act("place_takeover", RED, **full))) == ["EliminationTakeoverPlaced"]
