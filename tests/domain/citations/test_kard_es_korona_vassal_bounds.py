"""Kard és Korona refusal paths of the liege/vassal bounds (KK-VASSAL-2/6, A-30): the veto's way back, a vassal's
retreat and siege withdrawal, and his forced battle. Positions: tests/domain/kard_es_korona/test_vassal_bounds.py."""

from __future__ import annotations

from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.citations.test_kard_es_korona import Path, cites
from tests.domain.kard_es_korona.builders import act, play
from tests.domain.kard_es_korona.test_duel_and_rerolls import EXTRA_STEP_TO_KUNSAG, vassal_freed_by_the_duel
from tests.domain.kard_es_korona.test_vassal_bounds import (
    BLUE,
    CROSSING,
    HOME,
    KEEP,
    RED,
    SURPLUS,
    YELLOW,
    castle_refilled_after_the_attack,
    red_pins_fejer,
    red_vassal_besieging,
)


def test_refused_citing_kk_castle_2_when_the_veto_would_send_units_back_into_a_full_castle() -> None:
    """KK-CASTLE-2: "A castle may never hold more than 7 units of one player at any time"."""
    path: Path = ("rule_id", "vassals:decide_veto_battle")
    cites(path, castle_refilled_after_the_attack(), act("veto_battle", YELLOW, battle="b1301-1"), "KK-CASTLE-2")


def test_refused_citing_kk_vassal_6_when_a_vassals_siege_surplus_withdraws_into_his_lieges_county() -> None:
    """KK-VASSAL-6: "The liege and the vassal may not move into or through each other's territory"."""
    path: Path = ("rule_id", "withdrawal:_moves")
    blue = {c: {BLUE: Force(infantry=1)} for c in ("tiszahat_d", "tiszahat_k2")}  # Felvidék M is empty
    control = {c: next(iter(by)) for c, by in {**HOME, **blue}.items()} | {"tiszahat_a": RED, "pest": YELLOW}
    game = red_vassal_besieging(blue, control)
    withdraw = act("withdraw", RED, keep=KEEP, moves=[{"to": "pest", "units": SURPLUS}])
    cites(path, game, withdraw, "KK-VASSAL-6")


def test_refused_citing_kk_vassal_2_when_a_vassals_forced_battle_targets_his_liege() -> None:
    """KK-VASSAL-2: "A vassal may never attack his liege"."""
    path: Path = ("rule_id", "withdrawal:_forced_or_destroyed")
    blue = {c: {BLUE: Force(infantry=1)} for c in ("tiszahat_d", "tiszahat_k2", "felvidek_m")}
    game = red_vassal_besieging({**blue, "pest": {YELLOW: Force(infantry=1)}})
    cites(path, game, act("withdraw", RED, keep=KEEP, moves=[{"to": "pest", "units": SURPLUS}]), "KK-VASSAL-2")


def test_refused_citing_kk_adv_1_when_the_vassal_has_crossed_the_vetoed_attacks_pinned_county() -> None:
    """KK-ADV-1: only the pin let the vassal's units cross; the veto would undo the attack but not the crossing."""
    path: Path = ("KK-ADV-1", "vassals:decide_veto_battle")
    game = play(red_pins_fejer(), CROSSING)
    cites(path, game, act("veto_battle", YELLOW, battle="b1301-1"), "KK-ADV-1")


def test_refused_citing_kk_vassal_7_when_the_duels_winner_steps_before_the_freed_vassals_lord_returns() -> None:
    """KK-VASSAL-7: the vassal freed by his liege's fall places his lord; the winner's extra step waits for it."""
    path: Path = ("KK-VASSAL-7", "lords:_lord_returns_first")
    cites(path, vassal_freed_by_the_duel(), EXTRA_STEP_TO_KUNSAG, "KK-VASSAL-7")
