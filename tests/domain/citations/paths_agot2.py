"""Refusal paths of agot2: (rule id cited, module:function) → the situations refused there.

The situations are the refusal messages, inputs elided.
Kept equal to the source by test_inventory.py, so a new refusal path, or a changed citation, is reviewed here.
"""

AGOT2: dict[tuple[str, str], tuple[str, ...]] = {
    ("GOT-COMBAT-4", "combat_actions:_combat_guard"): (
        "no combat is under way",
        "combat_id … is not the combat under way (…)",
    ),
    ("GOT-SUPPORT-3", "combat_actions:_support_turn"): (
        "every eligible supporter has already declared",
        "message",
    ),
    ("GOT-BLADE-2", "combat_actions:blade"): ("the Valyrian Steel Blade was already used this round",),
    ("GOT-BLADE-5", "combat_actions:blade"): (
        "the Blade was already decided for this combat",
        "the Blade is used in step 4, after the cards and their first abilities",
    ),
    ("GOT-TRACK-5", "combat_actions:blade"): ("… does not hold the Valyrian Steel Blade; … does",),
    ("GOT-X-10", "combat_actions:blade"): ("… is not fighting in this combat",),
    ("GOT-CARD-1", "combat_actions:card_errors"): ("card … is not in …'s hand (…)",),
    ("GOT-CARD-3", "combat_actions:card_errors"): ("… was sent back; play a different card",),
    ("GOT-CASUALTY-1", "combat_actions:choose_casualties"): ("message",),
    ("GOT-CASUALTY-3", "combat_actions:choose_casualties"): ("… chooses its own casualties, not …",),
    ("GOT-COMBAT-5", "combat_actions:choose_casualties"): ("casualties are not being taken now",),
    ("rule", "combat_actions:choose_casualties"): ("message",),
    ("GOT-COMBAT-5", "combat_actions:choose_retreat"): ("no retreat is being chosen now",),
    ("GOT-RETREAT-1", "combat_actions:choose_retreat"): (
        "a losing attacker retreats to its march origin; nothing to choose",
    ),
    ("GOT-RETREAT-2", "combat_actions:choose_retreat"): ("message",),
    ("GOT-RETREAT-5", "combat_actions:choose_retreat"): ("message",),
    ("GOT-X-17", "combat_actions:choose_retreat"): ("… chooses this retreat, not …",),
    ("rule", "combat_actions:choose_retreat"): ("message",),
    ("GOT-SUPPORT-1", "combat_actions:declare_support"): (
        "side … must be 'attacker' or 'defender'",
        "areas … must list the supporting areas",
        "… has no Support order in …",
    ),
    ("GOT-X-4", "combat_actions:declare_support"): ("…'s declaration covers all its eligible orders: …",),
    ("GOT-X-5", "combat_actions:declare_support"): ("… is the …: it cannot support the …",),
    ("rule", "combat_actions:declare_support"): ("… cannot support the combat in …: …",),
    ("GOT-CARD-3", "combat_actions:resolve_card_ability"): ("choice must be {cancel: true|false}",),
    ("GOT-X-8", "combat_actions:resolve_card_ability"): (
        "… is not …'s card with an ability to resolve",
        "…'s ability does not resolve now (timing …)",
        "choice must be {replace: true|false}",
        "area … is not one of …",
        "a manual ability records its choice as an object",
    ),
    ("rule", "combat_actions:resolve_card_ability"): (
        "… (…)",
        "message",
    ),
    ("GOT-X-25", "decide:decide"): ("unknown action …; agot2 actions: …, adjust",),
    ("GOT-X-26", "neutral:attack_neutral"): ("message",),
    ("GOT-X-27", "neutral:attack_neutral"): (
        "… brings strength … against the neutral force of … in …; a march must bring at least …",
    ),
    ("GOT-COMBAT-4", "orders:_order_turn"): ("no order can be resolved now (planning, or a combat under way)",),
    ("GOT-TERM-4", "orders:_order_turn"): ("… has no … order in …",),
    ("GOT-RAVEN-5", "orders:_raven_guard"): ("the Messenger Raven was already used this round",),
    ("GOT-TRACK-6", "orders:_raven_guard"): ("message",),
    ("GOT-X-12", "orders:_raven_guard"): ("message",),
    ("GOT-TERM-4", "orders:_turn_deviations"): ("message",),
    ("GOT-X-12", "orders:_turn_deviations"): ("… must first use or decline the Messenger Raven",),
    ("GOT-X-11", "orders:close_round"): ("a round ends in the Action Phase with no combat under way",),
    ("GOT-COMBAT-1", "orders:march"): ("one march starts at most one combat",),
    ("GOT-RETREAT-8", "orders:march"): ("these units cannot enter the … area …",),
    ("GOT-ROUT-5", "orders:march"): ("… is routed and cannot move",),
    ("GOT-X-25", "orders:march"): (
        "moves … must be a list of {to_area, units}",
        "….units must list the moving units",
        "… is not a unit of … in …",
        "message",
    ),
    ("GOT-COURT-1", "orders:orders_errors"): ("… special orders but … has … star(s) on the King's Court track",),
    ("GOT-X-13", "orders:orders_errors"): (
        "… has no units in …",
        "two orders in …",
        "unknown order token …",
        "token … placed twice",
    ),
    ("GOT-X-14", "orders:orders_errors"): ("payload … must be {orders: [{area, token}]}",),
    ("GOT-X-14", "orders:plan_orders"): (
        "orders are placed in the Planning Phase; the game is in the … phase",
        "finish the combat or the bidding under way first",
    ),
    ("GOT-X-25", "orders:resolve_raid"): (
        "message",
        "… cannot remove a … order",
        "land units in … cannot raid the sea area …",
    ),
    ("GOT-COURT-1", "orders:use_raven"): ("message",),
    ("GOT-RAVEN-1", "orders:use_raven"): ("option … must be 'replace_order' or 'inspect_wildling'",),
    ("GOT-RAVEN-2", "orders:use_raven"): (
        "… has no order in …",
        "… is not one of …'s unplaced order tokens",
    ),
    ("GOT-RAVEN-3", "orders:use_raven"): ("placement … must be 'top' or 'bottom'",),
    ("GOT-X-13", "orders:use_raven"): ("message",),
    ("GOT-TERM-6", "tracks:bid_errors"): ("bid … must be 0 to …'s available Power …",),
    ("GOT-THRONE-1", "tracks:break_tie"): (
        "there is no tie to break",
        "… holds the Iron Throne and breaks this tie, not …",
    ),
    ("GOT-X-22", "tracks:break_tie"): ("order … must list each tied seat (…) once",),
    ("GOT-THRONE-3", "tracks:open_bidding"): ("another bidding is under way",),
    ("GOT-COMBAT-4", "tracks:open_bidding"): ("a combat is under way: bidding opens after it",),
    ("GOT-TRACK-1", "tracks:open_bidding"): ("track … must be one of …",),
}
