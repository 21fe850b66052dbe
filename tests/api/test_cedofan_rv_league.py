"""cedofan_rv over HTTP: the Kard League's sub-factions take their own impulses (RV-TURN-3/4, RV-SUP-1)."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import assert_refused
from tests.api.test_cedofan_rv_examples import RvGame, of
from tests.conftest import Api
from tests.domain.cedofan_rv.fixtures import A, board, noble, troops

KL, G = "kard_league", "gracujsti"
S, Z = "stinove_zeme", "zapadni_kardstvi"


def _of(sub: str, *pieces: dict[str, Any]) -> list[dict[str, Any]]:
    return [{**p, "subfaction": sub} for p in pieces]


def _league(api: Api) -> RvGame:
    pieces = [
        *_of(Z, noble("kz", KL, "jezero"), *troops("zi", 1, "infantry", KL, "jezero", "kz")),
        *_of(S, noble("ks", KL, "stin"), *troops("si", 1, "infantry", KL, "stin", "ks")),
    ]
    areas: dict[str, dict[str, Any]] = {
        "jezero": {"place": {"kind": "city", "owner": KL, "subfaction": Z}, "home": [KL]},
        "stin": {"place": {"kind": "city", "owner": KL, "subfaction": S}, "home": [KL]},
        "les": {"home": [KL]},
    }
    edges = [("jezero", "les", "passable", 2), ("stin", "les", "passable", 2)]
    return RvGame(api, board(areas, edges, pieces, {Z: 3, S: 3}), seats=(KL, G, A))


def test_rv_turn_4_round_one_gives_stinove_zeme_then_zapadni_kardstvi_their_own_impulses(api: Api) -> None:
    game = _league(api)
    game.ok(None, "start_round")

    started = of(game.ok(KL, "begin_impulse"), "ImpulseStarted")[0]
    assert (started["faction"], started["subfaction"], started["limit"]) == (KL, S, 1 + 4)
    seen, _ = game.seen_by(KL)
    assert (seen["impulse"], seen["impulse_subfaction"]) == (KL, S)
    assert_refused(game.post(KL, "move_banner", noble="kz", path=["les"], units=["zi1"]), "RV-TURN-3")
    moved = game.ok(KL, "move_banner", noble="ks", path=["les"], units=["si1"])
    assert of(moved, "BannerMoved")[0]["cost"] == 1
    ended = game.ok(KL, "end_impulse")
    assert ended[0]["notation"] == "the Kard League (Stínové země) ends its impulse having spent 1"

    assert_refused(game.post(G, "begin_impulse"), "RV-TURN-3")  # Západní kardství has still to play
    events = game.ok(KL, "begin_impulse")
    assert events[0]["notation"] == "the Kard League (Západní kardství)'s impulse (round 1), limit 5"
    assert game.full()["spent"] == 0  # its own limit, untouched by Stínové země's move
    game.ok(KL, "end_impulse")
    assert_refused(game.post(KL, "begin_impulse"), "RV-TURN-1")
    assert of(game.ok(G, "begin_impulse"), "ImpulseStarted")[0]["faction"] == G
