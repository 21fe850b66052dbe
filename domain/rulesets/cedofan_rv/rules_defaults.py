"""The catalog's documented defaults for open points (RV-AMB-*), each also a ruleset option; the positions rule."""

from domain.kernel import Rule

RULES: tuple[Rule, ...] = (
    Rule(
        "RV-AMB-1",
        (
            "Unit table: unit_table is required game data; a game without it is refused (board_errors). Tests use"
            " the labelled fixture in §6, not the real values."
        ),
        "",
        "shared/rules/cedofan_rv.md",
        "§4 Ambiguities and gaps",
    ),
    Rule(
        "RV-AMB-2",
        (
            'Unit versus noble: "Unit" means a non-noble piece in every count: the shelter of 5 (RV-BTY-4), '
            "outnumbering to start a siege (RV-SIE-2), the battle winner (RV-FLD-4, RV-REL-4..5, RV-VIC-1), "
            "capture (RV-STM-5), and outnumbered besiegers (RV-STM-6). Nobles roll the dice the table gives them "
            "and absorb hits last, but are never counted."
        ),
        "",
        "shared/rules/cedofan_rv.md",
        "§4 Ambiguities and gaps",
    ),
    Rule(
        "RV-AMB-3",
        "Exactly 5 defenders: A siege, per RV-BTY-4. More than 5 units means a field battle.",
        "",
        "shared/rules/cedofan_rv.md",
        "§4 Ambiguities and gaps",
    ),
    Rule(
        "RV-AMB-4",
        (
            '"Previous impulse" and "previous round": The seed uses both words for the same condition. A storm '
            "is legal in any impulse of the besieger in a round after the round in which the siege began; the Kard"
            " League, whose active sub-factions each take their own impulse in a round (RV-TURN-3, RV-KL-2), may "
            "not storm in the round it began the siege, even from a later sub-faction impulse. A defender may call"
            " a storm (RV-STM-4) in its own impulse if the siege existed when that impulse began. (Catalog 1.1: "
            "the earlier text assumed one impulse per faction and round, which the League's sub-factions do not "
            "have.)"
        ),
        "",
        "shared/rules/cedofan_rv.md",
        "§4 Ambiguities and gaps",
    ),
    Rule(
        "RV-AMB-5",
        (
            'Rounding of ÷2 and ÷3: Default siege_dice = "floor_min1": max(1, floor(total besieger city dice / '
            'divisor)), with the division applied to the side\'s total, not per unit. The alternative "floor" '
            "allows 0 dice."
        ),
        "",
        "shared/rules/cedofan_rv.md",
        "§4 Ambiguities and gaps",
    ),
    Rule(
        "RV-AMB-6",
        (
            "Columns: In a storm both sides use the city column; in field battles and relief battles both use the"
            " field column. Stínové země infantry uses the cavalry field value in field battles (RV-UNIT-5)."
        ),
        "",
        "shared/rules/cedofan_rv.md",
        "§4 Ambiguities and gaps",
    ),
    Rule(
        "RV-AMB-7",
        (
            'Empty city: "Empty" means no defending units. Nobles inside roll nothing and do not count. The '
            "defender rolls exactly 1 die; the besieger's dice are not divided; 1 or more besieger hits take the "
            "city. A defender hit still kills a besieging piece under RV-DICE-*."
        ),
        "",
        "shared/rules/cedofan_rv.md",
        "§4 Ambiguities and gaps",
    ),
    Rule(
        "RV-AMB-8",
        (
            "Nobles left in a captured place: When a city or fortress is taken (RV-STM-5, RV-SIE-5), any "
            "surviving defending nobles withdraw, free, to the nearest friendly or owned city. The resources in "
            "their purses go to the conqueror as loot (RV-LOOT-*)."
        ),
        "",
        "shared/rules/cedofan_rv.md",
        "§4 Ambiguities and gaps",
    ),
    Rule(
        "RV-AMB-9",
        (
            "Equal units after a fight: No side wins, so there is no influence and no loot. In a field battle, "
            "the side that moved in withdraws, free, to the place it came from. In a storm, the siege continues. "
            "In a relief battle, the relieving survivors withdraw into the supported place (as RV-REL-5)."
        ),
        "",
        "shared/rules/cedofan_rv.md",
        "§4 Ambiguities and gaps",
    ),
    Rule(
        "RV-AMB-10",
        (
            '"Nearest friendly or owned city": The shortest path in divider steps over passable borders on the '
            "board; the owner breaks ties. If none can be reached, the survivors are eliminated (nobles included;"
            " RV-DTH-* applies). The relief-loss case (RV-REL-4) may also use a fortress."
        ),
        "",
        "shared/rules/cedofan_rv.md",
        "§4 Ambiguities and gaps",
    ),
    Rule(
        "RV-AMB-11",
        (
            "Order among pieces with equal lives: The controlling player chooses. The engine's default order is "
            "fewer dice in the current column first, then the lower recruit cost, then the piece id. In an allied"
            " stack the owner of the place (or the attacker's leading faction) orders."
        ),
        "",
        "shared/rules/cedofan_rv.md",
        "§4 Ambiguities and gaps",
    ),
    Rule(
        "RV-AMB-12",
        (
            "Leftover hits: Hits too few to kill the next piece are discarded at the end of the battle; nothing "
            "carries wounds between battles."
        ),
        "",
        "shared/rules/cedofan_rv.md",
        "§4 Ambiguities and gaps",
    ),
    Rule(
        "RV-AMB-13",
        (
            "Repeated storms: Each storm is a new battle with new dice and a cost of 1. The series ends when the "
            "besieger stops, when the limit would be exceeded, when the place falls, or when the besiegers must "
            "withdraw (RV-STM-6)."
        ),
        "",
        "shared/rules/cedofan_rv.md",
        "§4 Ambiguities and gaps",
    ),
    Rule(
        "RV-AMB-14",
        (
            "What counts against the limit: Moves, storms (called by either side), siege starts and building all "
            "count (limit_counts_siege_start = true). Only cities count toward the limit, not fortresses or "
            "villages. Payment comes from the treasury or the purse (RV-SUP-2), but every payment counts against "
            "the limit."
        ),
        "",
        "shared/rules/cedofan_rv.md",
        "§4 Ambiguities and gaps",
    ),
    Rule(
        "RV-AMB-15",
        "Siege start cost: 1 resource in total, however many banners start the siege (literal).",
        "",
        "shared/rules/cedofan_rv.md",
        "§4 Ambiguities and gaps",
    ),
    Rule(
        "RV-AMB-16",
        (
            "Passable adjacency: The besieging banners must stand in the city's administrative region having "
            "entered it across a passable border, or stand in a region that shares a passable border with it. "
            "Board edges carry a border_kind; mountain and swamp never qualify."
        ),
        "",
        "shared/rules/cedofan_rv.md",
        "§4 Ambiguities and gaps",
    ),
    Rule(
        "RV-AMB-17",
        (
            "Relief battle: The defender lists at declaration which besieged units join. Both sides use field "
            "dice, undivided. Joined besieged survivors return into the place in every outcome. Loot runs both "
            "ways: if the besiegers lose they hand over their nobles' purses (seed), and if the relief loses its "
            "nobles' purses go to the besiegers (RV-LOOT-1)."
        ),
        "",
        "shared/rules/cedofan_rv.md",
        "§4 Ambiguities and gaps",
    ),
    Rule(
        "RV-AMB-18",
        (
            "More than 5 after a lost relief: Allowed (RV-REL-5). The siege stands without being restarted, but "
            "while more than 5 units are inside, any attack on the place is a field battle with undivided dice "
            "(RV-BTY-1) and no storm can be called."
        ),
        "",
        "shared/rules/cedofan_rv.md",
        "§4 Ambiguities and gaps",
    ),
    Rule(
        "RV-AMB-19",
        (
            "Which treasury gets loot: The treasury of the winning side's noble: house treasury for a house "
            "noble, imperial treasury for an imperial general, the sub-faction treasury in the Kard League. If "
            "several winning nobles fought, the one leading the most units takes it; the arbiter may split it by "
            "adjust."
        ),
        "",
        "shared/rules/cedofan_rv.md",
        "§4 Ambiguities and gaps",
    ),
    Rule(
        "RV-AMB-20",
        (
            "Fortress special properties: (RV-BTY-3) are unknown. No automatic battle; the GM records one by "
            "adjust if the table plays one."
        ),
        "",
        "shared/rules/cedofan_rv.md",
        "§4 Ambiguities and gaps",
    ),
    Rule(
        "RV-AMB-21",
        (
            "Move cost: Per banner, ceil(distance_steps / speed(slowest unit)), where speed is steps per resource"
            " from unit_table and distance_steps comes from the board."
        ),
        "",
        "shared/rules/cedofan_rv.md",
        "§4 Ambiguities and gaps",
    ),
    Rule(
        "RV-AMB-22",
        (
            "Divisor in a defender-called storm: The besiegers are divided by 2 at a city and by 3 at a fortress."
            " The seed mentions only ÷2, which we read as the city case."
        ),
        "",
        "shared/rules/cedofan_rv.md",
        "§4 Ambiguities and gaps",
    ),
    Rule(
        "RV-AMB-23",
        '"Po zteči" (after the storm) in field battles: (RV-FLD-4) is read as "after the fight".',
        "",
        "shared/rules/cedofan_rv.md",
        "§4 Ambiguities and gaps",
    ),
    Rule(
        "RV-AMB-24",
        (
            "Many defenders and losing besiegers: The defenders outnumber the besiegers when, after a storm, the "
            "defending units in the place exceed the besieging units (RV-STM-6). The seed puts this clause among "
            "the conditions of a storm, so it is checked after each storm and never after a relief battle: when "
            "the besiegers win a relief battle, the relievers' survivors enter the place even if they then number"
            " more than 5 and the siege simply goes on (RV-REL-5, RV-REL-6: „Oblehatelé dále pokračují v "
            'obléhání. … není potřeba jej znovu započínat a oblehatel může ve svém impulzu opět ztečovat."), '
            "whatever the count inside. (Corrected in catalog 1.1: the earlier text also checked after relief "
            "battles, which contradicted RV-REL-6.)"
        ),
        "",
        "shared/rules/cedofan_rv.md",
        "§4 Ambiguities and gaps",
    ),
    Rule(
        "RV-AMB-25",
        ("Damaged Kard League fortress: It is a village: no shelter, no ÷3. Attacking troops there is a field battle."),
        "",
        "shared/rules/cedofan_rv.md",
        "§4 Ambiguities and gaps",
    ),
    Rule(
        "RV-POS-1",
        (
            "Positions: a position (a situation set up by an arbiter, a club or a tournament, issue 15) names only "
            "the regions and places of the game's board, the factions seated in the game where a seat acts, holds "
            "or pays, and each piece once; what a place is (city, fortress, village, its class) stays the board's. "
            "The seed does not cover setting up a situation: this is the catalog's rule for it."
        ),
        "",
        "shared/rules/cedofan_rv.md",
        "§3.13 Positions",
    ),
)
