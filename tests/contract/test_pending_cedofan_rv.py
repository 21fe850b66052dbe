"""`pending` of cedofan_rv (issue 15, point 2): random games played from its options alone, and what they reach.

The games are created with the ruleset's default options plus the data the creator must supply (RV-AMB-1: the
catalog's labelled TEST FIXTURE unit table and influence awards, `FIXTURE_OPTIONS`). They are played on the shipped
demonstration board (two houses, a city siege within reach) and on a league-and-empire board (the Kard League's
sub-factions with Kalamé, an imperial city and a kard) that the shipped board lacks. The situations of the rulebook
are tested one by one in test_pending_cedofan_rv_situations.py.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.kernel import Viewer
from domain.rulesets.cedofan_rv import CEDOFAN_RV
from tests.contract.pending_play import Played, created, play
from tests.domain.cedofan_rv.fixtures import FIXTURE_OPTIONS, board, city, noble, troops

SHIPPED = CEDOFAN_RV.shipped_boards["demonstration"]
HOUSES = ("katzowicove", "gliviciove")
KL, A, B = "kard_league", "katzowicove", "gliviciove"
Z, S = "zapadni_kardstvi", "stinove_zeme"


def _of(sub: str, pieces: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**p, "subfaction": sub} for p in pieces]


def league_and_empire() -> dict[str, Any]:
    """The Kard League (Západní kardství, and Stínové země with Kalamé) next to Katzowicové, the kard, who decides
    in the imperial city of Rudern; Gliviciové beyond it. Invented for the tests, like the shipped board."""
    areas: dict[str, dict[str, Any]] = {
        "jezero": {"place": {"kind": "city", "owner": KL, "subfaction": Z, "yield": 2, "capital_of": Z}, "home": [KL]},
        "stin": {"place": {"kind": "city", "owner": KL, "subfaction": S, "capital_of": S}, "home": [KL]},
        "pole": {"home": [A]},
        "kiertz": city(A, home=[A]),
        "rudern": {"place": {"kind": "city", "owner": A, "class": "imperial", "rudern": True}},
        "brod": city(B, home=[B]),
        "hrad": city(B, kind="fortress", home=[B]),
    }
    edges = [
        ("stin", "jezero", "passable", 1),
        ("jezero", "pole", "passable", 2),
        ("pole", "kiertz", "passable", 2),
        ("pole", "rudern", "passable", 1),
        ("stin", "rudern", "passable", 2),
        ("rudern", "brod", "passable", 2),
        ("brod", "hrad", "mountain", 1),
        ("hrad", "kiertz", "swamp", 3),
    ]
    pieces = [
        *_of(S, [noble("kalame", KL, "stin", "kl_ruler", purse=1), *troops("s", 3, "infantry", KL, "stin", "kalame")]),
        *_of(Z, [noble("kz", KL, "jezero", "kl_ruler"), *troops("z", 4, "infantry", KL, "jezero", "kz")]),
        noble("k_head", A, "kiertz", "house_head", purse=2),
        *troops("ki", 4, "infantry", A, "kiertz", "k_head"),
        *troops("ri", 1, "infantry", A, "rudern"),
        noble("g_head", B, "brod", "house_head", purse=1),
        *troops("gi", 3, "infantry", B, "brod", "g_head"),
        noble("g_gen", B, "hrad"),
        *troops("hi", 2, "cavalry", B, "hrad", "g_gen"),
    ]
    document = board(areas, edges, pieces, {Z: 5, S: 5, A: 8, B: 8, "imperial": 4})
    document["attributes"]["setup"]["offices"] = {"kard": A, "army_commander": B}
    assert CEDOFAN_RV.board_errors(document) == []
    return document


LEAGUE_BOARD = league_and_empire()
LEAGUE_SEATS = (KL, A, B)


def _play(document: Mapping[str, Any], seats: tuple[str, ...], seed: int, steps: int) -> Played:
    event = created(CEDOFAN_RV, seats, options=FIXTURE_OPTIONS, board="test board", game_id=f"rv-{seed}")
    return play(CEDOFAN_RV, event, document, random.Random(seed), steps=steps)


def _reached(played: Played) -> Counter[str]:
    """The action types played, and the sub-factions whose impulses began."""
    reached = Counter(kind for _, kind, _ in played.steps)
    reached.update(f"impulse of {data['subfaction']}" for _, kind, data in played.steps if "subfaction" in data)
    return reached


@pytest.mark.parametrize(
    ("document", "seats"),
    [pytest.param(SHIPPED, HOUSES, id="shipped"), pytest.param(LEAGUE_BOARD, LEAGUE_SEATS, id="league_and_empire")],
)
@settings(max_examples=7, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_games_played_from_pending_alone_are_accepted_throughout(
    document: Mapping[str, Any], seats: tuple[str, ...], seed: int
) -> None:
    played = _play(document, seats, seed, 150)

    # `play` checks every step (choices accepted, someone waited on, no private choice shown to others); the
    # game only ends by RV-VIC-3, which 150 actions with these awards cannot reach, so every step found a choice.
    assert len(played.steps) == 150
    assert played.game.state.round >= 1


def test_random_play_on_the_shipped_board_reaches_battles_sieges_storms_reliefs_and_loot_slips() -> None:
    """Ten seeded games of 250 actions: what the random player got to (all accepted), counted over the games."""
    reached: Counter[str] = Counter()
    for seed in range(10):
        reached += _reached(_play(SHIPPED, HOUSES, seed, 250))

    for kind in ("start_round", "begin_impulse", "end_impulse", "move_banner", "transfer_resources", "extract"):
        assert reached[kind] >= 10, (kind, reached)
    for kind in ("recruit", "attack", "start_siege", "storm_place", "seal"):
        assert reached[kind] >= 1, (kind, reached)
    assert reached["sortie"] + reached["relieve_siege"] >= 1, reached


def test_random_play_with_the_league_reaches_sub_faction_impulses_shades_and_the_kards_powers() -> None:
    """RV-TURN-3 (each sub-faction's impulse), RV-ECO-6..8 (the kard), RV-ECO-7 (Kalamé's shades)."""
    reached: Counter[str] = Counter()
    for seed in range(8):
        reached += _reached(_play(LEAGUE_BOARD, LEAGUE_SEATS, seed, 250))

    assert reached[f"impulse of {S}"] >= 8 and reached[f"impulse of {Z}"] >= 8, reached
    for kind in ("summon_shade", "levy_extraordinary_tax", "buy_imperial_general", "move_banner", "attack"):
        assert reached[kind] >= 1, (kind, reached)


def test_a_spectator_sees_whom_the_game_waits_for_but_no_hidden_choice() -> None:
    """RV-SUP-1/2 and view.py: treasuries and purses are their seats'; options they decide keep their choices."""
    played = _play(LEAGUE_BOARD, LEAGUE_SEATS, 3, 40)
    seen = CEDOFAN_RV.pending(played.game, Viewer())
    whole = CEDOFAN_RV.pending(played.game, Viewer(arbiter=True))

    assert seen.seats() == whole.seats()
    hidden = [o for w in seen.waiting for o in w.options if o.private]
    assert all(o.choices == () and o.fields == {} for o in hidden)
