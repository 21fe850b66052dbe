"""Catalog §3.12-3.15 (casualties, retreat, rout, clean-up): rules quoting the seed."""

from domain.kernel import Rule

SOURCE_FILE = "001_57c9193692832850.txt"

RULES = (
    Rule(
        "GOT-CASUALTY-1",
        (
            "Number of casualties: Casualties = (sword icons on the winner's house card) − (fortification ic"
            "ons on the loser's house card). If the difference is 0 or less, the loser suffers no casualties"
            "."
        ),
        ("「计算家族卡牌上胜方的利剑符号数量减去败方的铁堡符号数量的差值」…「如果差值等于或小于零，败方不承受伤亡」"),
        SOURCE_FILE,
        "--2.伤亡",
    ),
    Rule(
        "GOT-CASUALTY-2",
        (
            "Loser destroys that many units in the embattled area: The loser destroys that many of his own u"
            "nits in the embattled area."
        ),
        "「败方消灭相等数量的交战区域内己方单位」",
        SOURCE_FILE,
        "--2.伤亡",
    ),
    Rule(
        "GOT-CASUALTY-3",
        (
            "The loser chooses: The player taking casualties chooses which of his units are destroyed, unles"
            "s a played house card's text says otherwise."
        ),
        "「当玩家承受伤亡时，他选择哪个单位被消灭（除非所打出的家族卡牌有文字效果说明）。」",
        SOURCE_FILE,
        "--2.伤亡",
    ),
    Rule(
        "GOT-CASUALTY-4",
        "Supporting units are never casualties: Supporting units cannot be chosen as casualties.",
        "「支援单位不能被选作伤亡对象。」",
        SOURCE_FILE,
        "--2.伤亡",
    ),
    Rule(
        "GOT-RETREAT-1",
        (
            "A losing attacker retreats to its march origin: If the attacker loses, his surviving units must"
            " retreat to the area from which they marched."
        ),
        "「如果攻方输去战斗，幸存单位必须撤退回行军的出发点。」",
        SOURCE_FILE,
        "--3.撤退和溃败",
    ),
    Rule(
        "GOT-RETREAT-2",
        (
            "A losing defender retreats under the following rules: If the defender loses, his surviving unit"
            "s must retreat under GOT-RETREAT-3 to GOT-RETREAT-9."
        ),
        "「如果守方输去战斗，幸存单位必须按照以下规则撤退」",
        SOURCE_FILE,
        "--3.撤退和溃败",
    ),
    Rule(
        "GOT-RETREAT-3",
        (
            "All to one adjacent empty or friendly area: All retreating units must retreat together into one"
            " adjacent area, which must be either: empty: it holds no enemy units and no enemy Power token; "
            "or friendly: it holds the retreating player's own units and/or his own Power token."
        ),
        (
            "「所有撤退单位必须撤退至1个相邻的空白区域（即没有敌方单位或敌方权力标记）或己方区域（即有己方单位和"
            "/或己方的权力标记）。」"
        ),
        SOURCE_FILE,
        "--3.撤退和溃败",
    ),
    Rule(
        "GOT-RETREAT-4",
        (
            "Never into the attacker's march origin: Retreating units may not retreat into the area the atta"
            "cking units marched from, even if it is empty."
        ),
        "「撤退单位不能撤退到攻击单位的行军出发点，即使该区域为空白。」",
        SOURCE_FILE,
        "--3.撤退和溃败",
    ),
    Rule(
        "GOT-RETREAT-5",
        (
            "Supply limit: A player may not retreat into an area containing his own units if doing so would "
            "exceed his supply limit. If such areas are the only ones available, he must first destroy as ma"
            "ny retreating units as needed to stay within his supply limit, and then retreat."
        ),
        (
            "「如果撤退单位因撤退至有己方单位的区域，而导致超过补给上限，玩家不能选择这种撤退。如果玩家只能撤退到"
            "这样的区域，他必须首先消灭部分撤退单位以满足补给上限，然后，再进行这种撤退。」"
        ),
        SOURCE_FILE,
        "--3.撤退和溃败",
    ),
    Rule(
        "GOT-RETREAT-6",
        (
            "No legal area: all retreating units destroyed: If there is no area the units can retreat to, al"
            "l retreating units are destroyed immediately."
        ),
        "「如果没有任何区域可以进行撤退，所有撤退单位立刻被消灭。」",
        SOURCE_FILE,
        "--3.撤退和溃败",
    ),
    Rule(
        "GOT-RETREAT-7",
        "Retreat by ship transport: A player may retreat using ship transport.",
        "「玩家可以通过战舰运输来进行撤退。」",
        SOURCE_FILE,
        "--3.撤退和溃败",
    ),
    Rule(
        "GOT-RETREAT-8",
        (
            "Unit kinds and area kinds: Footmen and knights cannot retreat into a sea area or a port. Ships "
            "cannot retreat into a land area."
        ),
        "「步兵和骑士不能撤退至海域或港口，战舰不能撤退至陆域。」",
        SOURCE_FILE,
        "--3.撤退和溃败",
    ),
    Rule(
        "GOT-RETREAT-9",
        (
            "Siege engines cannot retreat: A siege engine cannot retreat. When it is forced to retreat it is"
            " destroyed instead."
        ),
        "「攻城车不能撤退，当被迫撤退时，改为直接被消灭。」",
        SOURCE_FILE,
        "--3.撤退和溃败",
    ),
    Rule(
        "GOT-ROUT-1",
        (
            "Retreated units are routed: After retreating, all the units that retreated are placed on their "
            "sides: they are routed. This applies to the attacker's units returning to their march origin as"
            " well as to the defender's."
        ),
        "「撤退后，将所有撤退单位放倒，表明它们已溃败。」",
        SOURCE_FILE,
        "--3.撤退和溃败",
    ),
    Rule(
        "GOT-ROUT-2",
        (
            "No strength, but they count for supply: Routed units provide no combat strength (attacking, def"
            "ending or supporting), but still count towards the supply limit."
        ),
        "「溃败单位不提供任何战力，但仍然计算补给上限。」",
        SOURCE_FILE,
        "--3.撤退和溃败",
    ),
    Rule(
        "GOT-ROUT-3",
        (
            "A routed unit forced to retreat is destroyed: When a routed unit is forced to retreat, it is de"
            "stroyed instead."
        ),
        "「当一个溃败单位被迫撤退时，改为直接被消灭。」",
        SOURCE_FILE,
        "--3.撤退和溃败",
    ),
    Rule(
        "GOT-ROUT-4",
        "Routed units are never casualties: Routed units cannot be chosen as casualties.",
        "「溃败单位不能被选作伤亡对象」",
        SOURCE_FILE,
        "--3.撤退和溃败",
    ),
    Rule(
        "GOT-ROUT-5",
        ("Routed units cannot move: Routed units cannot move, even if a March order in their area is resolved."),
        "「而且即使有行军指令也不能移动。」",
        SOURCE_FILE,
        "--3.撤退和溃败",
    ),
    Rule(
        "GOT-CLEANUP-1",
        (
            "The attacker's March order is removed: After the combat, the attacker removes the March order u"
            "sed for this march from the board, whatever the outcome."
        ),
        "「战斗结束后，攻方将本次行军指令从版图上移除。」",
        SOURCE_FILE,
        "--4.清理战场",
    ),
    Rule(
        "GOT-CLEANUP-2",
        (
            "Attacker wins: the defender's tokens in the area are removed: If the attacker wins, the defende"
            "r's order token and Power token (if any) in the embattled area are removed."
        ),
        "「如果攻方赢得战斗，将守方在交战区域的指令标记和权力标记（如果存在）移除。」",
        SOURCE_FILE,
        "--4.清理战场",
    ),
    Rule(
        "GOT-CLEANUP-3",
        (
            "Defender wins: the defender's tokens stay: If the defender wins, the defender's order token and"
            " Power token (if any) in the embattled area are unaffected."
        ),
        "「如果守方赢得战斗，守方在交战区域的指令标记和权力标记（如果存在）不受影响。」",
        SOURCE_FILE,
        "--4.清理战场",
    ),
)
