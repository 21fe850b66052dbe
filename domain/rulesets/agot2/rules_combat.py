"""Catalog §3.8-3.11 (support, strength, house cards, the victor): rules quoting the seed."""

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
)
