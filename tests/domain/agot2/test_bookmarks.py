"""A replay's bookmarks read areas, tracks and action steps as notation does (Winterfell, Iron Throne, Consolidate
Power); without a state, the labels old links hold (ids). On the base board."""

from __future__ import annotations

from domain.kernel import Event
from domain.rulesets.agot2 import AGOT2
from replays.frames import Bookmark, bookmarks_of, frames
from tests.domain.agot2.tables import act, seal
from tests.domain.agot2.test_card_abilities import _game
from tests.domain.agot2.test_notation import _base_game

CARD_TYRION, CARD_EDDARD = "lannister_tyrion_lannister", "stark_eddard_stark"

_EVENTS = [
    Event("CombatInitiated", {"combat_id": 12, "embattled_area": "white_harbor", "attacker": "stark"}),
    Event("TrackBidsRevealed", {"round": 3, "track": "iron_throne", "bids": {}}),
    Event("ActionStepBegun", {"step": "consolidate_power"}),
    Event("RoundEnded", {"round": 3}),
]


def test_got_combat_1_a_combat_bookmark_names_the_embattled_area_and_bids_their_track() -> None:
    state = _base_game()

    assert [AGOT2.bookmarks(e, state) for e in _EVENTS] == [
        ("combat 12 in White Harbor begins",),
        ("reveal: the Iron Throne bids of round 3",),
        ("action step: Consolidate Power",),
        ("round 3 ends",),
    ]
    assert [AGOT2.bookmarks(e) for e in _EVENTS] == [
        ("combat 12 in white_harbor begins",),
        ("bids for iron_throne revealed",),
        ("action step: consolidate_power",),
        ("round 3 ends",),
    ]


def test_got_track_1_sealed_orders_cards_and_bids_are_bookmarked_by_what_they_seal_and_keep_their_id_label() -> None:
    rounds = ("orders-2", "cards-12", "cards-12-2", "bid-kings-court-2-4")
    events = [Event("SealedRoundOpened", {"round": r, "seats": ["stark"], "purpose": "x"}) for r in rounds]

    assert bookmarks_of(AGOT2, events, 2, _base_game()) == [
        Bookmark(2, "sealed round: the orders of round 2", was="sealed round: orders-2"),
        Bookmark(3, "sealed round: the house cards of combat 12", was="sealed round: cards-12"),
        Bookmark(4, "sealed round: the new house card of combat 12", was="sealed round: cards-12-2"),
        Bookmark(5, "sealed round: the King's Court bids of round 2", was="sealed round: bid-kings-court-2-4"),
    ]


def test_got_card_3_the_card_stark_plays_after_tyrion_cancels_eddard_reads_as_a_new_card_not_the_first_choice() -> None:
    """Lannister attacks Stark; Tyrion (Lannister) sends Eddard Stark back, and Stark plays Ser Rodrik instead: two
    sealed rounds of house cards in one combat, the second Stark's alone."""
    game = _game("lannister", "stark", ["knight"], ["footman"])
    start = game
    moving = [u.id for u in game.state.units_in("a", "lannister")]
    game, marched = act(game, "march", "lannister", from_area="a", moves=[{"to_area": "b", "units": moving}])
    combat = game.state.combat.combat_id
    game, first = seal(game, "house_card", {"lannister": {"card": CARD_TYRION}, "stark": {"card": CARD_EDDARD}})
    tyrion = {"combat_id": combat, "card": CARD_TYRION, "choice": {"cancel": True}}
    game, cancelled = act(game, "resolve_card_ability", "lannister", **tyrion)
    game, second = seal(game, "house_card", {"stark": {"card": "stark_ser_rodrik_cassel"}})
    events = [*marched.events, *first.events, *cancelled.events, *second.events]

    shown = frames(AGOT2, start, events, lambda g: None)
    sealing = [(f.notation, f.bookmarks) for f in shown if f.type.startswith(("Sealed", "Submission"))]

    assert sealing == [
        (
            f"the house cards of combat {combat} are chosen in secret by Lannister, Stark",
            (f"sealed round: the house cards of combat {combat}",),
        ),
        (f"Lannister seals its choice of the house cards of combat {combat}", ()),
        (f"Stark seals its choice of the house cards of combat {combat}", ()),
        (f"the house cards of combat {combat} are revealed", (f"reveal: the house cards of combat {combat}",)),
        (
            f"the new house card of combat {combat} is chosen in secret by Stark",
            (f"sealed round: the new house card of combat {combat}",),
        ),
        (f"Stark seals its choice of the new house card of combat {combat}", ()),
        (f"the new house card of combat {combat} is revealed", (f"reveal: the new house card of combat {combat}",)),
    ]


def test_every_action_step_bookmark_is_capitalised_alike_and_keeps_its_old_lower_case_label() -> None:
    """The Action Phase resolves Raid, then March, then Consolidate Power orders: all three bookmarks read
    capitalised, as the printed "Consolidate Power" does; "action step: march" still finds the March step."""
    steps = [Event("ActionStepBegun", {"step": s}) for s in ("raid", "march", "consolidate_power")]

    assert bookmarks_of(AGOT2, steps, 5, _base_game()) == [
        Bookmark(5, "action step: Raid", was="action step: raid"),
        Bookmark(6, "action step: March", was="action step: march"),
        Bookmark(7, "action step: Consolidate Power", was="action step: consolidate_power"),
    ]
