"""agot2 over HTTP: the five house cards once entered with `adjust` are decided by the engine (issue 17, point 3).

Seed 001, 家族卡牌的效果: 「1.任何包含“忽略/取消”的效果…」「2.其它冲突的效果,按照顺位执行。」
「3.胜败决定后，任何包含“赢得/输去”的效果,按照顺位执行。」 — and at the end of combat
「战斗结算完毕，将2张刚打出的家族卡牌面朝上放置到各自的弃牌堆中。」
The owner's choices (Renly's footman, Patchface's card, Doran's track) are `resolve_card_ability` actions; the
cards' own texts are the base set's (catalog §3, house card data).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Game
from tests.api.test_agot2_examples import _act, _create, _one, _seal_all, _state
from tests.conftest import Api
from tests.domain.agot2.tables import board, new_game, units

STARK_DISCARDS = ["stark_eddard_stark", "stark_robb_stark"]


def _game(attacker: str, defender: str, a_units: list[str], d_units: list[str], **position: Any) -> Game:
    """`attacker` marches from `a` into the castle `b` held by `defender` (Defense +1); the Blade is spent."""
    areas: dict[str, str | tuple[str, Mapping[str, Any]]] = {
        "a": "land",
        "b": ("land", {"structure": "castle"}),
        "c": "land",
        "d": "land",
        "s": "sea",
    }
    b = board(areas, [("b", "a"), ("b", "c"), ("b", "d"), ("b", "s"), ("a", "s")])
    placed = {
        "phase": "action",
        "step": "march",
        "blade_used": True,
        "units": units(attacker, "a", *a_units) + units(defender, "b", *d_units) + position.pop("extra_units", []),
        "orders": [
            {"area": "a", "seat": attacker, "token": "march_0"},
            {"area": "b", "seat": defender, "token": "defense_plus1_a"},
            *position.pop("extra_orders", []),
        ],
        **position,
    }
    return new_game(b, (attacker, defender), {"kings_court_stars": [3, 2], "position": placed})


def _fight(
    api: Api, game: Game, cards: dict[str, str], supporters: tuple[str, ...] = ()
) -> tuple[str, int, list[dict[str, Any]]]:
    """The game created over HTTP, the march from `a` to `b`, supports declared, both cards sealed (attacker's
    first)."""
    attacker = next(iter(cards))
    game_id = _create(api, game)
    moving = [u.id for u in game.state.units_in("a", attacker)]
    marched = _act(api, game_id, "march", attacker, from_area="a", moves=[{"to_area": "b", "units": moving}])
    cid = _one(marched, "CombatInitiated")["combat_id"]
    for seat in supporters:
        _act(api, game_id, "declare_support", seat, combat_id=cid, side="attacker")
    return game_id, cid, _seal_all(api, game_id, {seat: {"card": card} for seat, card in cards.items()})


def _types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def _ability(api: Api, game_id: str, seat: str, cid: int, card: str, choice: dict[str, Any]) -> list[dict[str, Any]]:
    return _act(api, game_id, "resolve_card_ability", seat, combat_id=cid, card=card, choice=choice)


def test_tywin_lannister_takes_two_power_before_the_casualties_when_he_wins(api: Api) -> None:
    """Tywin Lannister: "If you win, take two Power tokens from the Power Pool." — an if_win effect (「3.胜败决定后，
    任何包含“赢得/输去”的效果,按照顺位执行。」), so before casualties (GOT-X-8 steps 7, 8). Two knights (4) + Tywin
    (4) beat a footman (1) + Defense +1 + Ser Rodrik (1); no adjust is needed."""
    game = _game("lannister", "stark", ["knight", "knight"], ["footman"])
    power = game.state.power["lannister"]
    game_id, _, events = _fight(
        api, game, {"lannister": "lannister_tywin_lannister", "stark": "stark_ser_rodrik_cassel"}
    )

    assert _one(events, "CombatResolved")["winner"] == "lannister"
    gained = _one(events, "PowerGained")
    assert (gained["seat"], gained["amount"], gained["reason"]) == ("lannister", 2, "lannister_tywin_lannister")
    assert _types(events).index("PowerGained") < _types(events).index("CasualtiesTaken")
    assert _state(api, game_id)["state"]["power"]["lannister"] == power + 2


def test_roose_bolton_and_the_discard_pile_go_back_to_hand_and_he_is_not_discarded_when_he_loses(api: Api) -> None:
    """Roose Bolton: "If you lose, your whole discard pile, this card included, goes back to your hand." GOT-X-8:
    "A played card that an ability has already moved (e.g. back to hand) is not discarded at step 11." — so the
    discards at the end of combat (「将2张刚打出的家族卡牌面朝上放置到各自的弃牌堆中」) take only the Hound."""
    game = _game("lannister", "stark", ["knight", "knight"], ["footman"], discards={"stark": STARK_DISCARDS})
    game_id, cid, events = _fight(api, game, {"lannister": "lannister_the_hound", "stark": "stark_roose_bolton"})

    assert _one(events, "CombatResolved")["loser"] == "stark"
    returned = _one(events, "HouseCardsReturned")
    assert (returned["seat"], returned["cards"]) == ("stark", STARK_DISCARDS)
    if "HouseCardsDiscarded" not in _types(events):  # the Hound's 2 swords leave no footman to retreat, else:
        events = _act(api, game_id, "choose_retreat", "stark", combat_id=cid, to_area="c")
    assert _one(events, "HouseCardsDiscarded")["cards"] == {"lannister": "lannister_the_hound"}
    state = _state(api, game_id)["state"]
    assert state["discards"]["stark"] == []
    assert sorted(state["hands"]["stark"]) == sorted(c for c in game.state.cards if c.startswith("stark_"))


def test_renly_baratheon_upgrades_the_footman_his_owner_names_when_he_wins(api: Api) -> None:
    """Renly Baratheon: "If you win, you may replace one of your footmen in this combat (or one supporting
    Baratheon footman) with a knight." — the owner's choice is an action, before casualties (GOT-X-8 steps 7, 8).
    Footman 1 + knight 2 + supporting footman 1 + Renly 3 = 7 against footman 1 + Defense +1 + Ser Rodrik 1 = 3."""
    extra = units("baratheon", "c", "footman")
    orders = [{"area": "c", "seat": "baratheon", "token": "support_0_a"}]
    game = _game("baratheon", "stark", ["footman", "knight"], ["footman"], extra_units=extra, extra_orders=orders)
    cards = {"baratheon": "baratheon_renly_baratheon", "stark": "stark_ser_rodrik_cassel"}
    game_id, cid, events = _fight(api, game, cards, supporters=("baratheon",))
    assert _one(events, "CombatResolved")["winner"] == "baratheon"
    assert "CasualtiesTaken" not in _types(events)
    pending = api.client.get(f"/api/v1/games/{game_id}/pending?as=arbiter", headers=api.headers("admin")).get_json()
    [fields] = [o["fields"] for w in pending["waiting"] for o in w["options"] if o["type"] == "resolve_card_ability"]
    # GOT-CARD-1: the card is named as printed, for the recorder's drop-down (not typed as its id)
    assert fields["cards"] == [{"id": "baratheon_renly_baratheon", "name": "Renly Baratheon", "strength": 3}]

    chosen = _ability(api, game_id, "baratheon", cid, "baratheon_renly_baratheon", {"unit": "baratheon:footman:c:1"})

    upgraded = _one(chosen, "UnitUpgraded")
    assert (upgraded["unit"], upgraded["to_type"], upgraded["area"]) == ("baratheon:footman:c:1", "knight", "c")
    state = _state(api, game_id)["state"]
    assert [u["type"] for u in state["units"].values() if u["area"] == "c"] == ["knight"]


def test_patchface_discards_the_card_his_owner_names_from_the_opponents_hand_after_the_combat(api: Api) -> None:
    """Patchface: "After the combat you may look at the opponent's hand and discard one card of your choice from
    it." — after the cards played are discarded (GOT-X-8 step 13 after step 11); Eddard's 2 swords kill the lone
    footman, so nobody retreats and the choice is what the combat waits for."""
    game = _game("stark", "baratheon", ["knight", "knight"], ["footman"])
    game_id, cid, events = _fight(api, game, {"stark": "stark_eddard_stark", "baratheon": "baratheon_patchface"})
    assert _one(events, "HouseCardsDiscarded")["cards"] == {
        "baratheon": "baratheon_patchface",
        "stark": "stark_eddard_stark",
    }
    assert "CombatEnded" not in _types(events)

    chosen = _ability(api, game_id, "baratheon", cid, "baratheon_patchface", {"card": "stark_robb_stark"})

    assert _one(chosen, "HouseCardsDiscarded")["cards"] == {"stark": "stark_robb_stark"}
    assert "CombatEnded" in _types(chosen)
    state = _state(api, game_id)["state"]
    assert state["discards"]["stark"] == ["stark_eddard_stark", "stark_robb_stark"]
    assert "stark_robb_stark" not in state["hands"]["stark"]


def test_doran_martell_sends_the_opponent_to_the_bottom_of_the_track_his_owner_names(api: Api) -> None:
    """Doran Martell: "Right after the reveal, move the opponent to the last position of one influence track of your
    choice." — an immediately effect (「2.其它冲突的效果,按照顺位执行。」), so before strength is final; moved last on
    Fiefdoms, Stark passes the Blade's track first place to Martell
    (「占据封臣势力条“1”位置的玩家，拥有瓦雷利亚钢剑。」)."""
    game = _game("stark", "martell", ["knight"], ["footman"])
    game_id, cid, events = _fight(api, game, {"stark": "stark_ser_rodrik_cassel", "martell": "martell_doran_martell"})
    assert "CombatResolved" not in _types(events)

    chosen = _ability(api, game_id, "martell", cid, "martell_doran_martell", {"track": "fiefdoms"})

    moved = _one(chosen, "TrackPositionsSet")
    assert (moved["track"], moved["order"]) == ("fiefdoms", ["martell", "stark"])
    assert _one(chosen, "DominanceTokenPassed")["to"] == "martell"


def test_tywin_lannister_takes_only_what_the_power_pool_holds(api: Api) -> None:
    """Tywin Lannister: "take two Power tokens from the Power Pool" — a House has 20 Power tokens (GOT-X-28); with 18
    available and one on the board, one is left in the Pool, and that one is all he takes (no `adjust` needed)."""
    power, on_board = {"lannister": 18, "stark": 5}, {"c": "lannister"}
    game = _game("lannister", "stark", ["knight", "knight"], ["footman"], power=power, power_tokens=on_board)
    game_id, _, events = _fight(
        api, game, {"lannister": "lannister_tywin_lannister", "stark": "stark_ser_rodrik_cassel"}
    )

    assert _one(events, "PowerGained")["amount"] == 1
    assert _state(api, game_id)["state"]["power"]["lannister"] == 19


def test_renly_baratheon_has_nothing_to_upgrade_when_all_five_knights_are_on_the_board(api: Api) -> None:
    """Renly Baratheon: "you may replace one of your footmen … with a knight" — a House has 5 knights (GOT-X-28);
    with all 5 on the board there is no knight to put in, so nothing waits for his owner's choice."""
    extra = units("baratheon", "c", "knight", "knight", "knight") + units("baratheon", "d", "footman")
    game = _game("baratheon", "stark", ["footman", "knight", "knight"], ["footman"], extra_units=extra)
    cards = {"baratheon": "baratheon_renly_baratheon", "stark": "stark_ser_rodrik_cassel"}
    _, _, events = _fight(api, game, cards)

    resolved = [e["data"] for e in events if e["type"] == "HouseCardAbilityResolved"]
    assert any("knights are on the board: nothing to upgrade" in effect for r in resolved for effect in r["effects"])
    assert "UnitUpgraded" not in _types(events) and "CasualtiesTaken" in _types(events)


def test_got_casualty_3_retreat_3_the_pending_lists_casualties_and_retreat_areas_under_the_fields_own_names(
    api: Api,
) -> None:
    """GOT-CASUALTY-3, GOT-RETREAT-3/4, X-20: Ser Jaime's 1 sword against Stark's footman, knight, footman in `b`:
    `units` lists the eligible units (each in `unit_details` with its type and area), then `to_area` lists `c` and
    `d` only (not the march origin `a`, not the sea `s`); the old keys (`eligible`, `areas`) stay for API clients."""
    game = _game("lannister", "stark", ["knight", "knight", "knight"], ["footman", "knight", "footman"])
    cards = {"lannister": "lannister_ser_jaime_lannister", "stark": "stark_catelyn_stark"}
    game_id, cid, _ = _fight(api, game, cards)

    casualties = _fields(api, game_id, "choose_casualties")
    assert (
        casualties["units"] == casualties["eligible"] == ["stark:footman:b:1", "stark:footman:b:3", "stark:knight:b:2"]
    )
    assert casualties["due"] == 1
    assert casualties["unit_details"][2] == {"id": "stark:knight:b:2", "type": "knight", "area": "b"}
    _act(api, game_id, "choose_casualties", "stark", combat_id=cid, units=["stark:knight:b:2"])

    retreat = _fields(api, game_id, "choose_retreat")
    assert retreat["to_area"] == [a["area"] for a in retreat["areas"]] == ["c", "d"]


def _fields(api: Api, game_id: str, kind: str) -> dict[str, Any]:
    pending = api.client.get(f"/api/v1/games/{game_id}/pending?as=arbiter", headers=api.headers("admin")).get_json()
    [fields] = [o["fields"] for w in pending["waiting"] for o in w["options"] if o["type"] == kind]
    found: dict[str, Any] = fields
    return found
