"""`agot2`: A Game of Thrones: The Board Game (2nd ed.) from the seed 001_57c9193692832850.txt.

Catalog: shared/rules/agot2.md. Modules: rulebook (every GOT-* rule with its seed quote: rules_terms, rules_combat,
rules_losses, rules_gaps), options (the GOT-X switches and the set-up data), setup, board, state, decide (the one
dispatch of actions and sealed rounds to the guards of their rules: planning, orders, tracks, combat_support,
card_choices, combat_actions, neutral), flow (the automatic steps of a combat and of the round) with aftermath
(casualties, retreats, clean-up), strength (combat steps 1, 2, 5), retreat (what is eligible and legal),
abilities (house-card texts), evolve (one apply function per event type), view, notation, pending (what the table
waits for, with pending_orders and pending_combat), position. Data of the base game and its validators: `data/`.

Actions (each names the acting seat; a recorder may act for a seat):
  plan_orders, use_raven {option, area, token | placement}, decline_raven,
  resolve_raid {area, target_area|null}, march {from_area, moves[{to_area, units}]}, resolve_consolidate {area},
  declare_support {combat_id, side}, refuse_support {combat_id}, use_blade / decline_blade {combat_id},
  resolve_card_ability {combat_id, card, choice} (choice: Tyrion {cancel}, Aeron {replace}, Cersei and Queen
  of Thorns {area}, Renly {unit|null}, Patchface {card|null}, Doran {track}), choose_casualties {combat_id, units},
  choose_retreat {combat_id, to_area, destroy} (after Robb Stark: the loser's {combat_id, destroy} first),
  open_bidding {track}, break_tie {order}, end_round;
  Westeros cards, wildlings, mustering, Power and supply changes: the universal `adjust` (GOT-X-25).
Sealed rounds (POST /sealed): purpose "orders" {orders: [{area, token}]}, "house_card" {card},
"bid:<track>" {amount}; the platform's SubmissionSealed / SubmissionsRevealed stand for the catalog's
OrdersSealed, HouseCardSealed and TrackBidSealed, and the ruleset adds OrdersRevealed, HouseCardsRevealed and
TrackBidsRevealed with the consequences.
"""

from domain.rulesets.agot2.ruleset import AGOT2, AGOT2_1_0_0, VERSIONS, Agot2Ruleset

__all__ = ["AGOT2", "AGOT2_1_0_0", "VERSIONS", "Agot2Ruleset"]
