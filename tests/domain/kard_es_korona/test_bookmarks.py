"""A replay's bookmarks read a lord by his province as notation does (Erdély, as seed 000 spells it); without a
state, the labels old links hold (ids). On the shipped basic map."""

from __future__ import annotations

from domain.kernel import Event
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from replays.frames import Bookmark, bookmarks_of
from tests.domain.kard_es_korona.test_notation import _basic_game

_EVENTS = [
    Event("PlayerTurnBegan", {"year": 1302, "seat": "erdely"}),
    Event("LordCaptured", {"seat": "felvidek", "captor": "erdely", "year": 1302, "execution_year": 1305}),
    Event("FealtySworn", {"vassal": "szlavonia", "liege": "erdely", "treasury_transferred": 0, "offices_lost": []}),
    Event("YearBegan", {"year": 1302}),
    Event("PlayerEliminated", {"seat": "erdely", "conqueror": "felvidek", "cause": "battle"}),
    Event("PlayerEliminated", {"seat": "szlavonia", "conqueror": None, "cause": "left"}),
    Event("LordExecuted", {"seat": "felvidek", "captured_year": 1302, "execution_year": 1305}),
]


def test_kk_captive_1_kk_elim_3_a_turn_and_a_lord_s_fate_are_bookmarked_by_his_province_in_notation_s_words() -> None:
    state = _basic_game()

    assert [KARD_ES_KORONA.bookmarks(e, state) for e in _EVENTS] == [
        ("1302 Erdély's turn",),
        ("Felvidék's lord is captured",),
        ("Szlavónia becomes the vassal of Erdély",),
        ("year 1302",),
        ("Erdély is eliminated",),
        ("Szlavónia leaves the game",),
        ("Felvidék's lord is executed",),
    ]
    assert [KARD_ES_KORONA.bookmarks(e) for e in _EVENTS] == [
        ("1302 erdely's turn",),
        ("felvidek: LordCaptured",),
        ("szlavonia: FealtySworn",),
        ("year 1302",),
        ("erdely: PlayerEliminated",),
        ("szlavonia: PlayerEliminated",),
        ("felvidek: LordExecuted",),
    ]


def test_kk_elect_6_an_office_s_sealed_bids_are_bookmarked_by_the_office_and_year_and_keep_their_id_label() -> None:
    events = [
        Event("SealedRoundOpened", {"round": "kk-election-1301-judge-royal", "seats": ["erdely"], "purpose": "bid"}),
        Event("SubmissionsRevealed", {"round": "kk-election-1301-judge-royal", "submissions": {}}),
    ]

    assert bookmarks_of(KARD_ES_KORONA, events, 40, _basic_game()) == [
        Bookmark(40, "sealed round: the Judge Royal bids of 1301", was="sealed round: kk-election-1301-judge-royal"),
        Bookmark(41, "reveal: the Judge Royal bids of 1301", was="reveal: kk-election-1301-judge-royal"),
    ]


def test_kk_move_11_a_battle_is_bookmarked_by_the_county_its_creation_named_though_the_state_no_longer_holds_it() -> (
    None
):
    """Felvidék besieges Pozsony (battle b1301-5); the state the labels read names from is a fresh game's, which
    holds no battle, as the newest state of a long game holds none of an earlier year."""
    created = {"battle": "b1301-5", "county": "pozsony", "kind": "siege", "attacker": "felvidek", "defender": "royal"}
    events = [
        Event("BattleCreated", created),
        Event("BattleStarted", {"battle": "b1301-5"}),
        Event("DuelStarted", {"battle": "b1301-5", "attacker": "felvidek", "defender": "erdely"}),
        Event("RetreatDeclared", {"battle": "b1301-5", "seat": "felvidek", "side": "attacker", "to": "nyitra"}),
        Event("BattleEnded", {"battle": "b1301-5", "result": "attacker_retreated"}),
        Event("BattleStarted", {"battle": "b1301-6"}),  # created before these events: its county is not known
    ]

    assert bookmarks_of(KARD_ES_KORONA, events, 30, _basic_game()) == [
        Bookmark(31, "battle in Pozsony begins", was="battle b1301-5 begins"),
        Bookmark(32, "duel in the battle in Pozsony", was="duel in battle b1301-5"),
        Bookmark(33, "retreat from the battle in Pozsony", "battle b1301-5 retreat", ("battle in Pozsony retreat",)),
        Bookmark(34, "battle in Pozsony ends", was="battle b1301-5 ends"),
        Bookmark(35, "battle b1301-6 begins"),
    ]
