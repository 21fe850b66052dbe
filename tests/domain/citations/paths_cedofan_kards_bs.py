"""Refusal paths of cedofan_kards_bs: (rule id cited, module:function) → the situations refused there.

The situations are the refusal messages, inputs elided.
Kept equal to the source by test_inventory.py, so a new refusal path, or a changed citation, is reviewed here.
"""

CEDOFAN_KARDS_BS: dict[tuple[str, str], tuple[str, ...]] = {
    ("KBS-CTY-2", "battle_guards:_not_besieging"): ("… is unfortified, but must still be besieged before a storm",),
    ("KBS-STM-1", "battle_guards:_not_besieging"): (
        "army … is not besieging …: a city is stormed only after a siege of an earlier round",
    ),
    ("rule_id", "battles:_unpaid"): ("message",),
    ("KBS-AMB-10", "battle_guards:_one_defender"): ("armies of … stand in …: name the defender",),
    ("KBS-AMB-22", "battle_guards:_land_step"): (
        "to … must name a region",
        "at_sea",
        "… is not one land step from …",
    ),
    ("KBS-CMB-3", "battle_guards:_enemy_present"): ("no enemy army of … stands in …",),
    ("KBS-CTY-2", "battle_guards:_not_a_city"): ("… is not a region: a city is taken by siege and storm",),
    ("KBS-MOV-6", "battle_guards:_enterable"): ("… cannot be entered (giants or impassable swamps)",),
    ("KBS-REL-1", "battle_guards:_enemy_present"): ("the enemies in … are besieging a city: use relieve_siege",),
    ("KBS-VAS-5", "battle_guards:_not_the_lord"): ("… is the vassal of … and may not attack its lord",),
    ("KBS-REL-1", "battle_guards:relief_sides"): (
        "… is not under siege",
        "… is the besieger of …",
    ),
    ("KBS-REL-1", "battle_guards:_relievers"): (
        "armies … must list the relieving armies",
        "armies[…] … is not an army of …",
        "armies[…] … is listed twice",
        "army … does not stand free in …",
    ),
    ("KBS-REL-2", "battle_guards:relief_sides"): ("only …, the city's owner, commits the besieged units",),
    ("KBS-VAS-5", "battle_guards:relief_sides"): ("… may not attack its lord …",),
    ("KBS-SIE-1", "battle_guards:_not_in_a_siege"): ("… or army … is already in a siege",),
    ("KBS-SIE-2", "battle_guards:_city_to_besiege"): (
        "city … is not a city of the board",
        "army … stands in …, not in …",
        "… is …'s own city",
    ),
    ("KBS-SIE-3", "battle_guards:_siege_strength"): ("message",),
    ("KBS-VAS-5", "battle_guards:siege_numbers"): ("… may not besiege … of its lord …",),
    ("KBS-VAS-10", "battle_guards:_not_a_vassal_city"): ("… is the vassal of …: its lord may not enter its cities",),
    ("KBS-STM-1", "battle_guards:storm_siege"): (
        "the siege of … began this round (…); storm from the next (KBS-AMB-6)",
    ),
    ("KBS-STM-2", "battle_guards:storm_siege"): ("… does not border the administrative territory of …",),
    ("KBS-AMB-20", "decide:_decide_begin_turns"): ("turns begin after the supply phase; the game is in its … phase",),
    ("KBS-AMB-14", "decide:_decide_ransom_kard"): ("the ransom costs … supplies; … has …",),
    ("held.barred_by", "decide:_decide_ransom_kard"): (
        "… was taken when the raiders won: no prisoner of theirs is ransomed",
    ),
    ("KBS-RAN-1", "decide:_decide_ransom_kard"): (
        "… is not a leader of … held by an enemy",
        "a kard is ransomed at the start of the turn; … has already acted",
    ),
    ("KBS-RET-3", "decide:_decide_ransom_prisoners"): (
        "… has no prisoners to ransom from a battle of this turn",
        "units … must name prisoners held: …",
        "… unit(s) cost … supplies; … has …",
        "ransomed units appear in the capital; … does not hold …",
    ),
    ("KBS-VAS-8", "decide:_decide_revolt"): (
        "… is no one's vassal",
        "… has territory … (…), not more than …'s …",
    ),
    ("KBS-AMB-20", "decide:_decide_start_round"): ("round … is still in its … phase",),
    ("KBS-VAS-9", "decide:_decide_vassal_supplies"): (
        "supplies are requested in the supply phase, not the … phase",
        "… is not a vassal of …",
        "… was already asked this supply phase",
        "amount …: at most floor(…/2) = …",
    ),
    ("KBS-AMB-20", "decide:decide"): (
        "seat … is not a faction of this game",
        "unknown action …; actions are: …",
        "… by … out of turn: it is …'s turn",
    ),
    ("KBS-AMB-22", "decide:decide"): ("this game was created without a board: the seed gives no map",),
    ("KBS-CMB-4", "decide:decide"): ("armies … must retreat first",),
    ("KBS-AMB-4", "losses:_attrition_errors"): ("the siege of … ended after this attrition: the loss stands",),
    ("KBS-AMB-5", "losses:_attrition_errors"): ("leader figures die last; units are still inside …",),
    ("KBS-SIE-7", "losses:_attrition_errors"): ("a year of siege kills exactly one unit (or leader figure) inside",),
    ("KBS-AMB-1", "losses:_battle_errors"): (
        "leader figures … are never battle losses",
        "… have no BS and are not battle losses",
        "the survivors must keep … BS (by area) as the battle decided; this choice keeps …",
        "the survivors must keep … BS as the giant battle decided; this choice keeps …",
    ),
    ("loss.rule", "losses:_same_stacks"): ("army … was … by the losses and must stay so",),
    ("KBS-AMB-1", "losses:decide_allocate_losses"): (
        "… has no losses at … left to allocate (open: …); losses are allocated before the owner's own tu…",
    ),
    ("loss.rule", "losses:decide_allocate_losses"): (
        "army … has changed since the losses at …: they stand as recorded",
        "removed",
        "leaders … must list leader figures",
    ),
    ("KBS-CTY-2", "movement:entry_refusal"): ("… belongs to …: besiege and storm it to enter",),
    ("KBS-MOV-6", "movement:entry_refusal"): ("… cannot be entered (giants or impassable swamps)",),
    ("KBS-VAS-10", "movement:entry_refusal"): ("… may cross its vassal's lands but not enter its city …",),
    ("KBS-VAS-4", "movement:entry_refusal"): ("… may cross its lord's lands but not enter its city …",),
    ("KBS-MOV-1", "movement:_moved_leaders"): (
        "leaders … must list distinct leader figures",
        "message",
    ),
    ("KBS-MOV-1", "movement:_moved_units"): (
        "units … must count the units moved by kind",
        "units.… … must be a whole number >= 0",
        "message",
    ),
    ("KBS-MOV-2", "movement:moving_part"): ("a move takes 1 or more movement units (KBS-MOV-1); none were named",),
    ("KBS-AMB-22", "movement:path_cost"): ("… is not one field away from …",),
    ("KBS-MOV-8", "movement:path_cost"): ("message",),
    ("KBS-MOV-2", "movement:_shortfall"): ("… costs … supplies; … has …",),
    ("KBS-AMB-4", "movement:_siege_left_standing"): ("message",),
    ("KBS-SIE-4", "movement:_siege_left_standing"): ("message",),
    ("KBS-MOV-10", "movement:decide_enter_jointly"): (
        "armies … must name at least two armies",
        "armies[…] … is not an army of …",
        "a joint entry brings armies from different regions",
        "to … must name the region entered",
    ),
    ("KBS-MOV-9", "movement:decide_merge"): (
        "armies … must name at least two different armies",
        "armies[…] … is not an army of …",
        "only armies in the same region merge",
        "armies besieging different cities do not merge",
    ),
    ("KBS-MOV-4", "movement:decide_move"): ("path … must list the fields to move through",),
    ("KBS-AMB-9", "movement:decide_retreat"): ("barred",),
    ("KBS-CMB-4", "movement:decide_retreat"): ("army … has no battle to retreat from",),
    ("KBS-RET-1", "movement:decide_retreat"): ("listed",),
    ("KBS-AMB-20", "ruleset:KardsBsRuleset.sealed_errors"): ("this game has no sealed submissions",),
    ("KBS-LDR-3", "ruleset:KardsBsRuleset.end_errors"): ("… cannot win: its ruler … is held",),
    ("KBS-MOV-1", "rulings:army_named"): (
        "… … is not an army on the board",
        "army … belongs to …, not to …",
    ),
}
