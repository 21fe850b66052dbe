"""The ruleset options of catalog §4.1: defaults, allowed values, and what each one decides.

`dice_source` of §4.1 is deliberately absent: the platform's game-level `dice` field (server | table) is the
one source of truth for who rolls, so a second switch here could only disagree with it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# option -> (default, allowed values, what it decides)
OPTIONS: Mapping[str, tuple[Any, tuple[Any, ...], str]] = {
    "variant": (None, ("basic", "advanced"), "KK-GEN-1: the map side and length; must match the board (required)"),
    "turn_order_mode": ("standard", ("standard", "traditional"), "KK-TRAD-1..6: the standard or traditional order"),
    "traditional_structure": (
        "sequential_turns",
        ("sequential_turns", "alternating_steps"),
        "A-51: whole turns one player after another, or alternating steps (traditional turn order only)",
    ),
    "castle_income_mode": ("replace", ("replace", "add"), "A-1: a castle county yields 3 (replace) or 1 + 3 (add)"),
    "control_model": ("persistent", ("persistent", "presence"), "A-2: a vacated county stays controlled or not"),
    "province_requires_garrison": (False, (True, False), "A-3: the +4 province bonus also needs a unit everywhere"),
    "castle_arm_limit": (
        "over_four",
        ("over_four", "strict_half", "advanced_only"),
        "A-4: which garrisons the half-rounded-up arm limit binds",
    ),
    "volley_vs_dismounted_cavalry": (
        "targetable",
        ("targetable", "immune"),
        "A-6: whether volleys may hit cavalry that fights on foot",
    ),
    "casualty_assignment": ("maximal", ("maximal", "free"), "A-8: hits must kill as many units as they can"),
    "siege_volley_chooser": ("hitter", ("hitter", "target"), "A-9: who picks the casualties of a siege volley"),
    "neutral_casualty_policy": ("roller_choice", ("roller_choice", "auto"), "A-10: who picks neutrals' casualties"),
    "step_allowance_timing": ("phase_start", ("phase_start", "dynamic"), "A-15: when the step allowance is counted"),
    "pass_through_foreign_empty": ("allow", ("allow", "forbid"), "A-17: passing through others' empty counties"),
    "winner_extra_step": ("lord_vs_lord", ("lord_vs_lord", "any_lord_victory"), "A-21"),
    "duel_loser": ("death", ("death", "normal_defeat"), "A-22"),
    "escape_vs_neutrals": (True, (True, False), "A-23"),
    "fealty_requires_victor_consent": (True, (True, False), "A-24"),
    "vassal_income_mode": (
        "liege_full_plus_vassal_half",
        ("liege_full_plus_vassal_half", "split_half"),
        "A-27",
    ),
    "liege_may_attack_vassal": (False, (True, False), "A-30"),
    "ransom_windows": (2, (2, 3), "A-31"),
    "all_offices_win": ("hold_all_three", ("hold_all_three", "newly_won_only"), "A-37"),
    "office_sale_requires_empty_treasury": (False, (True, False), "A-38"),
    "final_tie": ("shared", ("shared", "arbiter"), "A-41"),
    "knight_recruit_caps": (True, (True, False), "A-42, KK-RECRUIT-5..7: caps on new cavalry"),
    "attacked_lord_freeze": ("advanced_only", ("advanced_only", "always", "never"), "A-50"),
    "reverse_pinning": (True, (True, False), "KK-ADV-4 (advanced only)"),
    "harvest_bonus": (
        "led_arm",
        ("led_arm", "none"),
        "KK-EVENT-6, A-55: Szüret's +1 for an attacking lord goes on the arm he leads (none: enter it by adjust)",
    ),
    "rainy_autumn_withdraw_on": (
        3,
        (1, 2, 3, 4, 5),
        "KK-EVENT-7: the card text is not in the seed; a besieger's Rainy Autumn roll up to this face abandons",
    ),
    "royal_fixed_units_reserved": (True, (True, False), "A-52: players may not start in Bihar, Kunság, Nógrád"),
}

DEFAULT_OPTIONS: Mapping[str, Any] = {name: spec[0] for name, spec in OPTIONS.items() if name != "variant"}


def option_errors(options: Mapping[str, Any]) -> list[str]:
    """Every unknown option or value not allowed, each naming `options.<name>`; `variant` is required."""
    errors = []
    if "variant" not in options:
        errors.append("options.variant: required, 'basic' or 'advanced' (KK-GEN-1), matching the board")
    for name, value in options.items():
        if name == "dice_source":
            errors.append("options.dice_source: use the game's 'dice' field (server or table) instead")
            continue
        spec = OPTIONS.get(name)
        if spec is None:
            errors.append(f"options.{name}: Kard és Korona has no option {name!r}")
            continue
        allowed = spec[1]
        # bools are ints in Python: compare types as well, so 1 is not taken for True.
        if not any(value == a and type(value) is type(a) for a in allowed):
            shown = ", ".join(repr(a) for a in allowed)
            errors.append(f"options.{name}: {value!r} is not one of {shown}")
    return errors
