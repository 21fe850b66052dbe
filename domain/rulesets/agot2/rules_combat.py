"""Catalog §3.8-3.15 (support, strength, cards, victor, casualties, retreat, rout, clean-up): rules quoting the seed."""

from domain.kernel import Rule

SOURCE_FILE = "001_57c9193692832850.txt"

RULES = (
    Rule(
        "GOT-SUPPORT-1",
        (
            "Supporters choose a side or refuse: Each player controlling a Support order in an area adjacent"
            " to the embattled area may add its support strength to the attacker or to the defender, or may "
            "refuse to support."
        ),
        "「控制这些相邻支援指令的玩家，可以同意（或拒绝）将支援战力叠加到攻方或守方。」",
        SOURCE_FILE,
        "1.寻求支援",
    ),
    Rule(
        "GOT-SUPPORT-2",
        (
            "Support strength is all units in the area: The support strength of a supporting area is the sum"
            " of the combat strength of all units in that area."
        ),
        "「支援战力表示在支援指令区域内的所有单位的战力总和。」",
        SOURCE_FILE,
        "1.寻求支援",
    ),
    Rule(
        "GOT-SUPPORT-3",
        (
            "Declarations in turn order: If several Support orders are adjacent to the embattled area, suppo"
            "rt is declared (or refused) in turn order."
        ),
        "「如果交战区域相邻有多个支援指令，必须按照顺位宣告（或拒绝）支援。」",
        SOURCE_FILE,
        "1.寻求支援",
    ),
    Rule(
        "GOT-SUPPORT-4",
        (
            "Support orders stay; unlimited combats per round: Support orders are not removed at the end of "
            "a combat. One Support order can therefore support any number of adjacent combats in the same ro"
            "und."
        ),
        "「支援指令在战斗结束时不会移除,所以支援指令可以在同一回合中支援任意次数的相邻战斗。」",
        SOURCE_FILE,
        "1.寻求支援",
    ),
    Rule(
        "GOT-SUPPORT-5",
        (
            "No bonus when the supporting area itself is attacked: When the area containing a Support order "
            "is itself attacked, that Support order gives no strength bonus in that combat. The area's units"
            " defend with their normal strength."
        ),
        "「部署支援指令的区域被攻击时，不提供任何战力的加值。」",
        SOURCE_FILE,
        "1.寻求支援",
    ),
    Rule(
        "GOT-SUPPORT-6",
        (
            "Ships support sea and land combats: Ships may support a combat in an adjacent sea area or an ad"
            "jacent land area."
        ),
        "「战舰可以支援相邻海域或陆域的战斗。」",
        SOURCE_FILE,
        "1.寻求支援",
    ),
    Rule(
        "GOT-SUPPORT-7",
        (
            "Land units cannot support sea combats: Footmen, knights and siege engines cannot support a comb"
            "at in a sea area."
        ),
        "「但步兵、骑士或攻城车不能支援海域的战斗。」",
        SOURCE_FILE,
        "1.寻求支援",
    ),
    Rule(
        "GOT-SUPPORT-8",
        (
            "Siege engines support only attacks on castles or strongholds: A supporting siege engine adds st"
            "rength (4, per GOT-COMBAT-3) only when it supports the attacker and the embattled area contains"
            " a castle or a stronghold. Otherwise it adds 0."
        ),
        "「攻城车仅在支援攻方且交战区域有城堡或要塞时，才提供支援战力。」",
        SOURCE_FILE,
        "1.寻求支援",
    ),
    Rule(
        "GOT-SUPPORT-9",
        (
            "Adjacency is to the embattled area: Support can come only from areas that are adjacent to the e"
            "mbattled area and contain a Support order. Adjacency to the attacker's march origin does not co"
            "unt."
        ),
        (
            "「支援只能从交战区域相邻且部署有支援指令的区域提供，不要将交战区域和发起攻击的行军指令区域（攻方的出"
            "发点）混淆。」"
        ),
        SOURCE_FILE,
        "1.寻求支援",
    ),
    Rule(
        "GOT-STRENGTH-1",
        (
            "Both sides announce initial strength: In step 2 both sides calculate and announce their current"
            " combat strength. This is the initial (base) combat strength."
        ),
        "「双方计算并宣告当前各自的战力数值，这称为基础战力。」",
        SOURCE_FILE,
        "2.计算基础战力 / 5.计算总战力",
    ),
    Rule(
        "GOT-STRENGTH-2",
        (
            "Initial strength has five parts: Initial combat strength is the sum of five parts: 1. the stren"
            "gth of the side's own attacking or defending units in the fight; 2. the Defense order bonus (GO"
            "T-STRENGTH-3); 3. the March order modifier (GOT-STRENGTH-4); 4. supporting units plus the speci"
            "al Support order bonus (GOT-STRENGTH-5); 5. the home-area garrison token (GOT-STRENGTH-6)."
        ),
        "「它包含5部分」「1、攻击/防御单位」",
        SOURCE_FILE,
        "2.计算基础战力 / 5.计算总战力",
    ),
    Rule(
        "GOT-STRENGTH-3",
        (
            "Defense order bonus: defender only: The bonus of a Defense order in the embattled area counts o"
            "nly for the defender."
        ),
        "「2、防御指令加值（仅守方）」",
        SOURCE_FILE,
        "2.计算基础战力 / 5.计算总战力",
    ),
    Rule(
        "GOT-STRENGTH-4",
        (
            "March order modifier: attacker only: The modifier of the March order used to attack counts only"
            " for the attacker. It may be a bonus or a penalty."
        ),
        "「3、攻击指令加值/减值（仅攻方）」",
        SOURCE_FILE,
        "2.计算基础战力 / 5.计算总战力",
    ),
    Rule(
        "GOT-STRENGTH-5",
        (
            "Support and the special Support bonus: A side adds the support strength of every area supportin"
            "g it (GOT-SUPPORT-2), plus the bonus of each special Support order among them."
        ),
        "「4、支援单位和特殊支援指令加值」",
        SOURCE_FILE,
        "2.计算基础战力 / 5.计算总战力",
    ),
    Rule(
        "GOT-STRENGTH-6",
        "Garrison token: The home-area garrison token is part of initial strength.",
        "「5、主城守备军标记」",
        SOURCE_FILE,
        "2.计算基础战力 / 5.计算总战力",
    ),
    Rule(
        "GOT-STRENGTH-7",
        (
            "Final strength has three parts: Each side's final (total) combat strength is the sum of: 1. its"
            " initial combat strength; 2. the combat strength of its revealed house card, together with the "
            "effect of text abilities; 3. the Valyrian Steel Blade, if used."
        ),
        (
            "「双方玩家的总战力由3部分叠加构成」「1、基础战力」「2、打出的家族卡牌战力和文字效果」「3、瓦雷利"
            "亚钢剑的数值叠加」"
        ),
        SOURCE_FILE,
        "2.计算基础战力 / 5.计算总战力",
    ),
    Rule(
        "GOT-CARD-1",
        (
            "Each side must play one card face down: The attacker and the defender must each choose 1 house "
            "card from their hand and play it face down. Both cards are then revealed."
        ),
        "「攻方和守方必须从手中选择1张家族卡牌面朝下打出。」",
        SOURCE_FILE,
        "3.选择并打出家族卡牌",
    ),
    Rule(
        "GOT-CARD-2",
        (
            "Seven unique cards per House: At the start of the game each player receives the 7 house cards u"
            "nique to his House."
        ),
        "「每位玩家在游戏开始时获得7张独有的家族卡牌。」",
        SOURCE_FILE,
        "3.选择并打出家族卡牌",
    ),
    Rule(
        "GOT-CARD-3",
        (
            'Text tier 1: "ignore/cancel" in turn order: Text abilities containing "ignore" or "cancel" are '
            "resolved first, in turn order."
        ),
        "「1.任何包含“忽略/取消”的效果,按照顺位执行。」",
        SOURCE_FILE,
        "3.选择并打出家族卡牌",
    ),
    Rule(
        "GOT-CARD-4",
        (
            "Text tier 2: other conflicting effects in turn order: Next, other text effects that conflict wi"
            "th each other are resolved in turn order."
        ),
        "「2.其它冲突的效果,按照顺位执行。」",
        SOURCE_FILE,
        "3.选择并打出家族卡牌",
    ),
    Rule(
        "GOT-CARD-5",
        (
            'Text tier 3: "win/lose" effects after the victor: Once victory and defeat have been determined,'
            ' text abilities containing "win" or "lose" are resolved in turn order.'
        ),
        "「3.胜败决定后，任何包含“赢得/输去”的效果,按照顺位执行。」",
        SOURCE_FILE,
        "3.选择并打出家族卡牌",
    ),
    Rule(
        "GOT-CARD-6",
        (
            "Icons are used at resolution: Sword and fortification icons are applied in the resolution step "
            "(casualties, GOT-CASUALTY-1)."
        ),
        "「利剑和铁堡符号在“计算战果”步骤结算。」",
        SOURCE_FILE,
        "3.选择并打出家族卡牌",
    ),
    Rule(
        "GOT-CARD-7",
        (
            "Played cards are discarded face up: When the combat has been resolved, the 2 cards just played "
            "are placed face up on their owners' discard piles."
        ),
        "「战斗结算完毕，将2张刚打出的家族卡牌面朝上放置到各自的弃牌堆中。」",
        SOURCE_FILE,
        "3.选择并打出家族卡牌",
    ),
    Rule(
        "GOT-CARD-8",
        (
            "After the 7th card the discard pile returns: At the end of a combat, a player who has played hi"
            "s last (7th) house card returns the 6 cards in his discard pile to his hand, and puts the card "
            "he has just played into the discard pile."
        ),
        (
            "「在战斗结束时，如果玩家打出了最后一张（即第7张）家族卡牌，他将当前弃牌堆中的6张卡牌返回手中，并将"
            "最后打出的一张卡牌放进弃牌堆。」"
        ),
        SOURCE_FILE,
        "3.选择并打出家族卡牌",
    ),
    Rule(
        "GOT-CARD-9",
        (
            "Hands and discard piles are public outside step 3: At any time other than this step, each playe"
            "r's house cards in hand and discard pile are public information that other players may look at."
        ),
        "「除本步骤之外的任意时刻，玩家手中家族卡和弃牌堆均为公开信息，可以被其他玩家查看。」",
        SOURCE_FILE,
        "3.选择并打出家族卡牌",
    ),
    Rule(
        "GOT-RESOLVE-1",
        (
            "Higher final strength wins: The side with the higher final combat strength wins the combat; the"
            " other side loses."
        ),
        "「总战力较高的一方赢得战斗胜利，另一方告负。」",
        SOURCE_FILE,
        "--1.决定胜负 / 封臣势力条",
    ),
    Rule(
        "GOT-RESOLVE-2",
        (
            "Ties go to the higher Fiefdoms position: If the final strengths are equal, the combatant who is"
            " higher on the Fiefdoms track (closer to 1) wins. The Iron Throne holder does not decide combat"
            " ties (GOT-THRONE-1)."
        ),
        (
            "「如果双方的总战力相等，封臣势力条上位置较高（即更靠近“1”）的玩家赢得战斗。」 and 「封臣势力"
            "条位置较高（即更靠近“1”）的玩家与位置较低的玩家战斗时，在平局中获胜。」"
        ),
        SOURCE_FILE,
        "--1.决定胜负 / 封臣势力条",
    ),
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
