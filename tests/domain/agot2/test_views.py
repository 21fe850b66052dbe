"""Views (GOT-CARD-9, X-14): hands public except a combatant's hand from its seal until the reveal."""

from __future__ import annotations

from domain.kernel import Game, Viewer
from domain.platform import decide_seal
from domain.rulesets.agot2 import AGOT2
from tests.domain.agot2.examples import e8
from tests.domain.agot2.tables import SALT, act, apply, open_round, seal


def _sealed_by_blue() -> tuple[Game, Game]:
    game, _ = act(
        e8(),
        "march",
        "blue",
        from_area="l27",
        moves=[{"to_area": "l28", "units": ["blue:knight:l27:1", "blue:footman:l27:2"]}],
    )
    sealed_round = open_round(game, "house_card")
    decision, _ = decide_seal(AGOT2, game, "blue", sealed_round.round, {"card": "blue_c2f1"}, SALT)
    return game, apply(game, decision)


def test_hands_and_discards_are_public_when_no_card_is_sealed_card_9() -> None:
    before, _ = _sealed_by_blue()
    view = AGOT2.view(before.state, Viewer("red"))
    assert view["hands"]["blue"] == ["blue_c2f1"]
    assert "blue_c1f1" in view["discards"]["blue"]


def test_a_sealed_hand_is_hidden_from_the_opponent_and_spectators_when_its_card_is_sealed_x_14() -> None:
    _, game = _sealed_by_blue()

    for viewer in (Viewer("red"), Viewer(None)):
        view = AGOT2.view(game.state, viewer)
        assert view["hands"]["blue"] == {"hidden": True, "count": 1}
        assert "blue_c2f1" not in str(view["hands"])
        assert view["discards"]["blue"] == ["blue_c1f1", "blue_c4s2", "blue_c2s1", "blue_c1f2", "blue_c2", "blue_c1"]
        assert view["hands"]["red"] == ["red_c3s1", "red_c2s1", "red_c1", "red_c3", "red_c2s2"]  # not sealed yet
    assert AGOT2.view(game.state, Viewer("blue"))["hands"]["blue"] == ["blue_c2f1"]
    assert AGOT2.view(game.state, Viewer(arbiter=True))["hands"]["blue"] == ["blue_c2f1"]


def test_hands_are_public_again_when_the_cards_are_revealed_card_9() -> None:
    _, game = _sealed_by_blue()
    sealed_round = open_round(game, "house_card")
    from domain.kernel import Inputs
    from domain.platform import decide_reveal

    decision, complete = decide_seal(AGOT2, game, "red", sealed_round.round, {"card": "red_c2s1"}, SALT)
    game = apply(game, decision)
    assert complete is not None
    game = apply(
        game,
        decide_reveal(
            AGOT2,
            game,
            complete,
            {"blue": ({"card": "blue_c2f1"}, SALT), "red": ({"card": "red_c2s1"}, SALT)},
            Inputs("t"),
        ),
    )
    view = AGOT2.view(game.state, Viewer("red"))
    assert isinstance(view["hands"]["blue"], list) and len(view["hands"]["blue"]) == 6
    _ = seal  # the same path as seal(), step by step


def test_orders_are_absent_from_every_view_until_revealed_x_14() -> None:
    from tests.domain.agot2.test_rounds import _game

    game, _ = act(_game(), "plan_orders", None)
    decision, _ = decide_seal(
        AGOT2, game, "red", open_round(game, "orders").round, {"orders": [{"area": "a", "token": "march_0"}]}, SALT
    )
    game = apply(game, decision)
    for viewer in (Viewer("red"), Viewer("blue"), Viewer(None)):
        assert AGOT2.view(game.state, viewer)["orders"] == {}
