# ruff: noqa: E501  (a table of quoted rule texts: long lines keep each quote whole and greppable)
"""The catalog's defaults for the open points of seed 002 (KBS-AMB-*): (id, summary), no seed quote."""

# The catalog's defaults for open points (§4); the option that overrides each is in options.py.
DEFAULTS: tuple[tuple[str, str], ...] = (
    (
        "KBS-AMB-1",
        'What the combat value means (losses). The seed calls the values "BS after the roll" and heads the giant and pirate formulas "roll for losses". It also speaks of the loser\'s "remaining units" and of "surviving pirates". Default loss_model = "survivors": each side\'s value is its surviving army BS. Survivors = min(V, pre-battle army BS): a side never gains BS, and neither the leader bonus nor city defence survives as units. The winner is decided on the uncapped values (KBS-CMB-3, KBS-CMB-5). The owner removes army units until their BS is the largest total not above the survivor figure; the engine\'s tie-break removes the lowest-BS units first. Leader figures, catapults and ships have no BS; they stay with their side unless captured (KBS-RET-2, KBS-AMB-15). Alternative loss_model = "inflicted": the value is the BS each side strips from the other. Under that model sieges almost never break (KBS-SIE-4), which is one reason it is not the default.',
    ),
    (
        "KBS-AMB-2",
        "City defence. city_defence = the defending army's BS in a fortified city, 0 otherwise. The leader bonus is never doubled. Ostius's \"wall defence\" (KBS-PIR-4) is the same quantity.",
    ),
    (
        "KBS-AMB-3",
        "Siege threshold. KBS-SIE-3 compares the besieging army's BS (no leader bonus, no die) with the *effective* defence, which is defenders' BS + city_defence, so twice their BS in a fortified city. Strictly greater is required.",
    ),
    (
        "KBS-AMB-4",
        'When a siege breaks. After every battle involving the besiegers and after siege attrition, compare the besiegers\' army BS with the besieged army BS, both raw (no doubling: the seed says "BS obránců", defenders\' BS, not "BS obrany", defence). The siege breaks only if the besiegers\' figure is strictly lower. A tied or lost storm therefore does not by itself end a siege. Besiegers who lose a storm stay in the administrative region; that is their "retreat".',
    ),
    (
        "KBS-AMB-5",
        "Years and rounds. One year = one round. The round in which a siege starts is year 1. At the start of every later round, before any turn, one unit inside the city is removed (KBS-SIE-7). The owner chooses which; the default is the lowest-BS army unit, with leader figures last. Attrition never takes a city by itself: an empty city must still be stormed. Defender value floor((0 + d6) / 4).",
    ),
    (
        "KBS-AMB-6",
        '"Previous turn". A storm is legal if the siege was started in an earlier round than the current one. Each faction has one turn per round.',
    ),
    (
        "KBS-AMB-7",
        '"The storming faction must border the administrative territory". True if the faction controls a region sharing a border with the administrative region, or its besieging army stands in that administrative region and entered it from an adjacent region. The engine computes it from the board; the GM may override it.',
    ),
    (
        "KBS-AMB-8",
        "Movement cost. Per step: ceil(n / 5) × 2 if the destination has swamp or wild_tribes, × 1 otherwise. Every movement unit counts, leader figures included. For a sea move: ceil(ships / 5) per step, carried units free. Capacity is 2 units per ship.",
    ),
    (
        "KBS-AMB-9",
        "Retreats. Retreats cost no supplies. A loser with no legal retreat destination (no friendly city in the region, no neighbouring region it may enter) is captured. Relieving armies may not retreat into a besieged city.",
    ),
    (
        "KBS-AMB-10",
        "Who is the defender. In a field battle, the side that was in the region before the attacker moved in. In a storm, the city's garrison. In a relief battle, the besiegers (so ties go to the besiegers). In a giant raid, the city's owner. In a pirate raid, Ostius.",
    ),
    (
        "KBS-AMB-11",
        "Giants. No leader bonus on either side (the formula has none). A tie goes to the city. The defenders counted are all units of the city's owner in the city and its administrative region. Allies do not count. If the giant wins, every counted defending unit is lost (neither retreat nor ransom, KBS-GNT-8). If the giant loses, the defenders keep survivors under KBS-AMB-1. The influence reward is option giant_repelled_influence, default 0 until the GM sets it.",
    ),
    (
        "KBS-AMB-12",
        "Pirates. Default pirate_dice = false: the literal formulas, no die. If Ostius is neutral or pirate-held, no raid happens. Both terms of KBS-PIR-3 count only neutral port cities that are not under siege. A tie goes to Ostius. Losses follow KBS-AMB-1.",
    ),
    (
        "KBS-AMB-13",
        "Pirate occupation. Ships placed in a fallen Ostius = ceil(V_pir / 2) (ship BS 2), at least 1. Ostius becomes a neutral, pirate-held city. All the garrison is lost to its owner. Removing the source ships from their ports is left to the GM (adjust).",
    ),
    (
        "KBS-AMB-14",
        "Kard ransom. Allowed only if the ransomer has at least 5 supplies (the seed sets no lower limit on supplies, only on influence). The freed kard appears in his faction's capital; if the capital is lost, the GM places him. A neutral captor's recruitment (KBS-RAN-3) uses option recruit_cost (data; not in the seed).",
    ),
    (
        "KBS-AMB-15",
        "Prisoners. Prisoners may be ransomed only immediately after the battle, in the same turn, by their owner (KBS-RET-3). Those not ransomed stay with the captor as prisoners, with no further effect unless the GM rules. Leader figures captured this way fall under KBS-RAN-*, not KBS-RET-3.",
    ),
    (
        "KBS-AMB-16",
        "Vassal's seat. The vassal's capital passes back to the vassal together with the ruler and 3 army units (the seed places them there). Any other reading is a GM adjust.",
    ),
    (
        "KBS-AMB-17",
        "Territory size for revolt. Option territory_measure, default = number of regions controlled (cities and their administrative regions).",
    ),
    (
        "KBS-AMB-18",
        "Relief battle. The relieving armies plus any besieged units the defender commits are one attacking side, with the highest leader bonus among them and no city defence. Survivors are found under KBS-AMB-1; losses fall first on the relieving armies, then on the besieged units. If the relief loses, the besieged survivors go back into the city (KBS-REL-3) and the relieving survivors retreat (KBS-AMB-9). If the relief wins, the besiegers' survivors retreat and the siege ends.",
    ),
    (
        "KBS-AMB-19",
        "BS of non-army units. Option unit_bs: army 1, fanatic 2, ship 2 (the seed); giant 5 when it fights as a unit; ruler figure, catapult, shade and fire sword 0 until the board data says otherwise.",
    ),
    (
        "KBS-AMB-20",
        "Turn order and supply phase. Turn order within a round comes from the option turn_order. The supply-gathering phase (KBS-VAS-9) opens every round, before the first turn. Giant and pirate events resolve after the supply phase and before the first turn of their round.",
    ),
    (
        "KBS-AMB-21",
        'Leader bonuses. Leaders not named in KBS-LDR-1..2 have bonus 0 unless the option leader_bonus gives one. With several leaders in one army, only the highest bonus counts (the formula names one "general").',
    ),
    (
        "KBS-AMB-22",
        '"Pole" (field). A field is a region; one field of movement = one step into an adjacent region (or sea space).',
    ),
)
