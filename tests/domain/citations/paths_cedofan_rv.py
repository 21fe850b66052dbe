"""Refusal paths of cedofan_rv: (rule id cited, module:function) → the situations refused there.

The situations are the refusal messages, inputs elided.
Kept equal to the source by test_inventory.py, so a new refusal path, or a changed citation, is reviewed here.
"""

CEDOFAN_RV: dict[tuple[str, str], tuple[str, ...]] = {
    ("RV-NOB-3", "battles:banners"): ("… must be a non-empty list of distinct nobles",),
    ("RV-STM-7", "battles:siege_at"): ("… is not under siege",),
    ("RV-REL-1", "battles:siege_battle_instead"): (
        "the army in … is besieging a place: attack it with relieve_siege (a field battle, RV-REL-2)",
    ),
    ("RV-STM-4", "battles:siege_battle_instead"): (
        "… is besieged by …: the besieged call a storm (sortie) or are relieved",
    ),
    ("RV-AMB-18", "storms:_no_storm_above_five"): ("message",),
    ("RV-BTY-1", "storms:_no_storm_above_five"): ("message",),
    ("RV-STM-3", "storms:_storm_within_limit"): ("over.message",),
    ("RV-STM-4", "storms:_storm_within_limit"): ("over.message",),
    ("RV-BTY-1", "battles:attack"): ("there is no enemy army in … to fight",),
    ("RV-BTY-2", "battles:sheltered_from"): ("… shelters … unit(s) (at most 5): besiege it, then storm (RV-BTY-4)",),
    ("RV-FLD-1", "battles:attack"): ("the attacking banners stand in …; they must meet in one region",),
    ("RV-FLD-3", "battles:_side_named"): ("… is held by … and the armies in it defend it together: attack …",),
    ("RV-FLD-1", "battles:defending_side"): ("… has no army in … to attack (armies there: …)",),
    ("RV-FLD-1", "battles:_side_named"): ("the armies of … stand in …: name the one attacked in data.defender",),
    ("RV-BTY-1", "battles:defending_side"): ("… and … are allies, not enemy armies: end the alliance first",),
    ("RV-BTY-1", "sieges:_held_by_another"): ("… is held by …, an ally of …",),
    ("RV-REL-1", "relief:_a_friend_of_the_besieged"): (
        "… is neither …, defending …, nor its ally: it may attack the besiegers instead",
    ),
    ("RV-FLD-3", "alliances:_pair"): ("message",),
    ("RV-REL-1", "relief:_not_the_besieger"): ("… besieges …; it cannot relieve it",),
    ("RV-REL-1", "relief:_relievers_reach"): (
        "… stands inside the besieged …: a relief comes from outside (the besieged sally or join)",
        "… in … is not at …",
    ),
    ("RV-REL-2", "relief:_joining_from_inside"): ("joining … must list the sender's own besieged units inside …",),
    ("RV-AMB-4", "storms:sortie"): ("the siege of … began in this impulse",),
    ("RV-STM-4", "storms:sortie"): ("… has no units inside … to storm with",),
    ("RV-BTY-1", "sieges:_few_enough_inside"): ("… holds … units, more than 5: attack them in a field battle",),
    ("RV-BTY-2", "sieges:_besiegeable"): ("… is not a city or fortress that can be besieged",),
    ("RV-SIE-1", "sieges:_not_besieged_yet"): ("… is already besieged",),
    ("RV-SIE-2", "sieges:_held_by_another"): ("… is held by … itself",),
    ("RV-SIE-2", "sieges:_besiegers_outnumber"): ("… besieging units do not outnumber … defending units",),
    ("RV-SIE-3", "sieges:_impassable_approaches"): ("… in … does not border … across a passable border",),
    ("RV-STM-1", "storms:storm_place"): ("the siege of … began in round …; storm from round … (RV-AMB-4)",),
    ("RV-STM-7", "storms:storm_place"): ("… does not besiege …",),
    ("RV-AMB-11", "combat:chosen_order"): (
        "casualty_order … must list distinct pieces of this battle that … controls",
    ),
    ("RV-KL-4", "moves:banner_units"): ("a … noble cannot move … unit …",),
    ("RV-NOB-2", "moves:banner_units"): ("… (…) moves at most … units, not …",),
    ("RV-NOB-3", "moves:banner_units"): (
        "units … must be a list of distinct unit ids",
        "… is not a unit on the board",
        "unit … is not a unit of … in …",
    ),
    ("RV-TURN-1", "decide:_no_impulse_open"): (
        "no round has started; start_round first",
        "the impulse of … is still open",
    ),
    ("RV-TURN-1", "decide:_not_played_yet"): ("… has had its impulse in round …",),
    ("RV-TURN-3", "decide:_in_impulse_order"): ("… plays before … (order: …)",),
    ("RV-AMB-10", "decide:_choose_retreat"): (
        "… has no withdrawal with equally near places this round",
        "… are not pieces of one of …'s withdrawals: …",
        "… is not an equally near place; choose one of …",
        "the pieces that withdrew to … have moved since: the withdrawal stands",
    ),
    ("RV-SUP-2", "moves:move_banner"): ("the move costs … but … holds …",),
    ("RV-MOV-2", "moves:_route"): (
        "path … must list the regions entered, in order",
        "no border joins … and …",
    ),
    ("RV-TURN-1", "decide:_start_round"): (
        "the impulse of … is still open; end it first",
        "… ha… not played round …: every player plays before a new round (a recorder or arbiter may start it)",
    ),
    ("RV-SUP-3", "moves:_whole_amount"): ("amount … must be a whole number >= 1",),
    ("RV-SUP-3", "moves:_treasury_to_purse"): ("… is not on home territory (…)",),
    ("RV-SUP-3", "moves:_holds_enough"): ("… holds …, not …",),
    ("RV-SUP-4", "moves:_purse_to"): (
        "… is not on home territory",
        "… is not a noble meeting … in …",
    ),
    ("RV-AMB-1", "decide:unit_table_gap"): ("piece … is a …, which options.unit_table does not give",),
    ("RV-TURN-1", "decide:decide"): (
        "unknown action …; actions are: …",
        "… is taken by a faction: name the seat",
    ),
    ("RV-ECO-1", "economy:workable"): (
        "… is not a city or (undamaged) fortress",
        "… is held by …, not …",
    ),
    ("RV-ECO-2", "economy:workable"): ("… has yielded … of … this round",),
    ("RV-ECO-5", "economy:workable"): ("… is an imperial city: the kard (…) decides there, not …",),
    ("RV-TURN-3", "economy:workable"): ("… is administered by …; it is the impulse of …",),
    ("RV-UNIT-1", "economy:_in_the_unit_table"): ("… is not a unit kind of the unit table",),
    ("RV-UNIT-2", "economy:_within_unit_limit"): ("… already fields … … of at most …",),
    ("RV-UNIT-3", "economy:_not_a_flame_legion"): ("flame legions cannot be recruited",),
    ("RV-UNIT-4", "economy:_elephants_in_ostius"): ("elephants are recruited only in Ostius, not …",),
    ("RV-UNIT-5", "economy:_no_cavalry_in_stinove_zeme"): (
        "Stínové země has no cavalry (its infantry fights as cavalry in the field)",
    ),
    ("rule_id", "guards:can_pay"): ("… costs … but the treasury of … holds …",),
    ("RV-TURN-1", "guards:in_own_impulse"): ("… acts only in its own impulse; it is …",),
    ("RV-NOB-1", "guards:own_noble"): (
        "… is not a noble on the board",
        "noble … belongs to …, not …",
    ),
    ("rule_id", "guards:within_limit"): ("… costs …: … + … = … > limit …",),
    ("RV-AMB-14", "guards:spending_within_limit"): ("over.message",),
    ("rule_id", "imperial:_the_kard"): ("… is the kard's; the kard is …, not …",),
    ("RV-ECO-6", "imperial:buy_imperial_general"): (
        "… is not an imperial city",
        "the empire already has … generals of at most 3",
    ),
    # RV-ECO-2 (the city's one yield of the round) leads, RV-ECO-6 (the purchase) follows.
    ("rule", "imperial:buy_imperial_general"): ("… has already yielded this round",),
    ("RV-ECO-8", "imperial:levy_extraordinary_tax"): (
        "the extraordinary tax was already levied in round …",
        "there is no imperial city to tax",
    ),
    ("RV-ECO-7", "imperial:summon_shade"): (
        "… has no Kalamé (the ruler of Stínové země) on the board",
        "Kalamé has already summoned a shade in this impulse",
        "… shades are already on the map, the most there may be",
    ),
    ("RV-TURN-3", "imperial:summon_shade"): ("Kalamé acts in the impulse of …, not of …",),
    ("RV-TURN-3", "league:acts_for_impulse"): ("… is of …; it is the impulse of …",),
    ("RV-KL-3", "league:storm_caller"): (
        "it is the impulse of …: only it calls a storm now, not data.subfaction …",
        "… does not meet the storm conditions at …: … (sub-factions that do: …)",
        "the storm on … is called by a sub-faction meeting its conditions: …; data.subfaction …",
    ),
    ("RV-TURN-3", "league:subfaction_due"): ("… (Kard League order: …)",),
    ("RV-LOOT-2", "ruleset:CedofanRvRuleset.resolve_reveal"): ("the slip says … but the losing nobles carried …",),
    ("RV-LOOT-2", "ruleset:CedofanRvRuleset.sealed_errors"): (
        "… is not an open loot slip",
        "a loot slip is {'amount': n} with n >= 0, not …",
    ),
}
