"""Catalog §3.1-3.7 (terms, tracks, Iron Throne, Blade, King's Court, Raven, combat): rules quoting the seed."""

from domain.kernel import Rule

SOURCE_FILE = "001_57c9193692832850.txt"

RULES = (
    Rule(
        "GOT-TERM-1",
        (
            "Units: The unit types are exactly four: ship, footman, knight and siege engine. No other compon"
            "ent (Power token, order token, garrison token, card, marker) is a unit."
        ),
        "「兵种单位：包括战舰、步兵、骑士和攻城车。其它类型配件不视为“兵种单位”。」",
        SOURCE_FILE,
        "规则术语",
    ),
    Rule(
        "GOT-TERM-2",
        "Areas: Every area is either a sea area (red border) or a land area (white border).",
        "「区域：分为海域（红边）或陆域（白边）。」",
        SOURCE_FILE,
        "规则术语",
    ),
    Rule(
        "GOT-TERM-3",
        "Home areas: A home area is a land area printed with a House's sigil. It belongs to that House.",
        "「主城：印制家族徽记的陆域。」",
        SOURCE_FILE,
        "规则术语",
    ),
    Rule(
        "GOT-TERM-4",
        (
            'Turn order: Whenever a rule is resolved "in turn order", the Houses act in the order of their p'
            "ositions on the Iron Throne track (see GOT-TRACK-2)."
        ),
        "「游戏中任何按照“顺位”的规则，均按照王权势力条上的家族位次来执行。」",
        SOURCE_FILE,
        "规则术语",
    ),
    Rule(
        "GOT-TERM-5",
        "Army: 2 or more units in the same area form 1 army. A single unit is not an army.",
        "「位于同一区域的2个或更多单位称为1个“军团”。如果只有1个单位不视为“军团”。」",
        SOURCE_FILE,
        "规则术语",
    ),
    Rule(
        "GOT-TERM-6",
        (
            "Available Power: A player's available Power is the Power tokens in front of that player. Power "
            "tokens in the Power Pool are not available Power."
        ),
        "「现有权力：玩家面前的权力标记。在权力池的权力标记不是“现有权力”。」",
        SOURCE_FILE,
        "规则术语",
    ),
    Rule(
        "GOT-TRACK-1",
        (
            "Iron Throne track sets turn order: The positions of the markers on the Iron Throne track determ"
            "ine turn order."
        ),
        "「王权势力条上标记的位次决定了顺位。」",
        SOURCE_FILE,
        "王权势力条 / 封臣势力条 / 宫廷势力条",
    ),
    Rule(
        "GOT-TRACK-2",
        (
            "Resolving in turn order: When any rule is resolved in turn order, the player in position 1 of t"
            "he Iron Throne track always acts first, then position 2, and so on."
        ),
        "「当任何规则按照顺位执行时，总是从该势力条上标记在“1”位置的玩家开始，依此类推。」",
        SOURCE_FILE,
        "王权势力条 / 封臣势力条 / 宫廷势力条",
    ),
    Rule(
        "GOT-TRACK-3",
        '"Higher" position: On any track a position is higher the closer it is to 1.',
        "「位置较高（即更靠近“1”）」",
        SOURCE_FILE,
        "王权势力条 / 封臣势力条 / 宫廷势力条",
    ),
    Rule(
        "GOT-TRACK-4",
        ("Iron Throne token holder: The player in position 1 of the Iron Throne track holds the Iron Throne token."),
        "「占据王权势力条“1”位置的玩家，拥有铁王座。」",
        SOURCE_FILE,
        "王权势力条 / 封臣势力条 / 宫廷势力条",
    ),
    Rule(
        "GOT-TRACK-5",
        ("Valyrian Steel Blade holder: The player in position 1 of the Fiefdoms track holds the Valyrian Steel Blade."),
        "「占据封臣势力条“1”位置的玩家，拥有瓦雷利亚钢剑。」",
        SOURCE_FILE,
        "王权势力条 / 封臣势力条 / 宫廷势力条",
    ),
    Rule(
        "GOT-TRACK-6",
        ("Messenger Raven holder: The player in position 1 of the King's Court track holds the Messenger Raven."),
        "「占据宫廷势力条“1”位置的玩家，拥有信鸦。」",
        SOURCE_FILE,
        "王权势力条 / 封臣势力条 / 宫廷势力条",
    ),
    Rule(
        "GOT-THRONE-1",
        (
            "Holder breaks ties: The holder of the Iron Throne token decides the order of every tie in the g"
            "ame, with two exceptions. Combat ties are decided by Fiefdoms positions (GOT-RESOLVE-2). Ties f"
            "or winning the game are also excluded."
        ),
        (
            "「拥有本标记的玩家，除战斗平局（由封臣势力条的位次决定）和游戏胜利的平局之外，决定游戏中所有其它平局"
            "的先后。」"
        ),
        SOURCE_FILE,
        "王权势力条 / 封臣势力条 notes",
    ),
    Rule(
        "GOT-THRONE-2",
        (
            "Including ties in bids for the Fiefdoms track: The ties that the Iron Throne holder decides inc"
            "lude ties in bidding for the Fiefdoms track. Combat ties and game-victory ties remain excluded."
        ),
        "「除战斗平局和游戏胜利的平局之外，所有平局均由铁王座拥有者决定，包括封臣势力条的竞标平局。」",
        SOURCE_FILE,
        "王权势力条 / 封臣势力条 notes",
    ),
    Rule(
        "GOT-THRONE-3",
        (
            "Holder during bidding for the Iron Throne track: The owner of the Iron Throne token is settled "
            "only when bidding for the Iron Throne track has ended and all of that track's markers have been"
            " placed. Until then the current holder decides ties in that bidding, even if he loses the Iron "
            "Throne as a result."
        ),
        (
            "「直到王权势力条竞标结束，所有该势力条的标记放置完毕后，铁王座才结算拥有者，因此，铁王座拥有者在竞标"
            "王权势力条时，仍然可以决定平局，即使他可能在竞标结束后，失去铁王座。」"
        ),
        SOURCE_FILE,
        "王权势力条 / 封臣势力条 notes",
    ),
    Rule(
        "GOT-BLADE-1",
        ("+1 in one combat: The holder of the Valyrian Steel Blade may use it in 1 combat to gain +1 combat strength."),
        "「拥有本标记的玩家，可以在1次战斗中使用，获得战力+1」",
        SOURCE_FILE,
        "封臣势力条 / combat step 4",
    ),
    Rule(
        "GOT-BLADE-2",
        "Once per round: The Blade may be used at most once per game round.",
        "「每回合限用1次。」",
        SOURCE_FILE,
        "封臣势力条 / combat step 4",
    ),
    Rule(
        "GOT-BLADE-3",
        ("Flipped when used: When the Blade is used it is flipped to its back, showing it has been used this round."),
        "「当玩家使用瓦雷利亚钢剑时，将它翻至背面，表明本回合已使用过。」",
        SOURCE_FILE,
        "封臣势力条 / combat step 4",
    ),
    Rule(
        "GOT-BLADE-4",
        (
            "Refreshed at the end of each round: At the end of every round the Blade is flipped back to its "
            "coloured side and may be used again next round."
        ),
        "「在每回合结束时，将瓦雷利亚钢剑翻回彩色一面，下一回合可继续使用。」",
        SOURCE_FILE,
        "封臣势力条 / combat step 4",
    ),
    Rule(
        "GOT-BLADE-5",
        (
            "Used in combat step 4: The Blade is used in step 4 of combat, after house cards are chosen and "
            "revealed (step 3). It adds +1 to its user's final combat strength (GOT-STRENGTH-7)."
        ),
        "「4.使用瓦雷利亚钢剑」…「提供+1战力」",
        SOURCE_FILE,
        "封臣势力条 / combat step 4",
    ),
    Rule(
        "GOT-COURT-1",
        (
            "Stars limit special orders: The number of stars beside each King's Court position is the number"
            " of special order tokens that the player in that position may place."
        ),
        "「宫廷势力条上每个位置旁对应的星数，表示可部署的特殊指令标记数量。」",
        SOURCE_FILE,
        "宫廷势力条",
    ),
    Rule(
        "GOT-COURT-2",
        (
            "3/4-player overlay: In 3- and 4-player games the King's Court overlay is placed on the track, c"
            "hanging the number of stars at each position."
        ),
        "「在3/4人游戏时，在宫廷势力条上放置宫廷势力条盖板，以更改每个位置的星数。」",
        SOURCE_FILE,
        "宫廷势力条",
    ),
    Rule(
        "GOT-RAVEN-1",
        (
            "Use in the Planning Phase: one action of two: The holder of the Messenger Raven may use it duri"
            "ng the Planning Phase. Using it allows exactly 1 action, chosen from 2 options (GOT-RAVEN-2, GO"
            "T-RAVEN-3)."
        ),
        "「拥有本标记的玩家，可以在战略阶段使用信鸦,使用后可执行1个行动，2选一」",
        SOURCE_FILE,
        "宫廷势力条",
    ),
    Rule(
        "GOT-RAVEN-2",
        (
            "Option 1: replace an order token: The Raven holder replaces 1 of his own order tokens on the bo"
            "ard with 1 of his own unplaced order tokens."
        ),
        "「信鸦拥有者将版图上1个己方的指令标记，替换为1个己方未部署的指令标记。」",
        SOURCE_FILE,
        "宫廷势力条",
    ),
    Rule(
        "GOT-RAVEN-3",
        (
            "Option 2: look at the top Wildling card: The Raven holder looks at the top card of the Wildling"
            " deck, then places it back either on top of the deck or at the bottom."
        ),
        "「信鸦拥有者查看野人卡牌堆的顶牌，然后决定将该牌放回牌堆顶部，或牌堆底部。」",
        SOURCE_FILE,
        "宫廷势力条",
    ),
    Rule(
        "GOT-RAVEN-4",
        (
            "The peeked card is not shown: He may tell other players what the card says, truthfully or not, "
            "but may not show it."
        ),
        "「他可以将牌面信息和其他玩家分享（甚至说谎），但不能展示该卡牌。」",
        SOURCE_FILE,
        "宫廷势力条",
    ),
    Rule(
        "GOT-RAVEN-5",
        (
            "Flipped when used; refreshed each round: When the Raven is used it is flipped to its back to sh"
            "ow it has been used. At the end of every round it is flipped back and may be used again next ro"
            "und. It is therefore usable at most once per round."
        ),
        (
            "「当玩家使用信鸦时，将它翻至背面，表明已经使用过。在每回合结束时，将信鸦拥有者翻回彩色一面，下一回合"
            "可继续使用。」"
        ),
        SOURCE_FILE,
        "宫廷势力条",
    ),
    Rule(
        "GOT-COMBAT-1",
        (
            "Combat is initiated by moving into another House's units: A combat starts as soon as a player m"
            "oves one or more of his units into an area that contains units of another House."
        ),
        "「一旦玩家将己方的一个或多个单位移动至有其他家族单位的区域时，发起战斗。」",
        SOURCE_FILE,
        "解释战力",
    ),
    Rule(
        "GOT-COMBAT-2",
        ("Strength of footmen, knights and ships: A footman provides 1 combat strength, a knight 2 and a ship 1."),
        "「步兵/骑士/战舰提供1/2/1点战力。」",
        SOURCE_FILE,
        "解释战力",
    ),
    Rule(
        "GOT-COMBAT-3",
        (
            "Strength of siege engines: A siege engine provides 4 combat strength when it is attacking, or s"
            "upporting an attack, against an area containing a castle or a stronghold. In every other case i"
            "t provides 0."
        ),
        "「攻城车攻击（或支援攻击）城堡或要塞区域时提供4点战力，否则提供0点战力。」",
        SOURCE_FILE,
        "解释战力",
    ),
    Rule(
        "GOT-COMBAT-4",
        (
            "The six steps: A combat is resolved in 6 steps, in this order: 1. Call for Support; 2. Calculat"
            "e initial (base) combat strength; 3. Choose and reveal house cards; 4. Use the Valyrian Steel B"
            "lade; 5. Calculate final (total) combat strength; 6. Combat resolution."
        ),
        (
            "「战斗分为6个步骤」 (1.寻求支援 / 2.计算基础战力 / 3.选择并打出家族卡牌 / 4.使用"
            "瓦雷利亚钢剑 / 5.计算总战力 / 6.计算战果)"
        ),
        SOURCE_FILE,
        "解释战力",
    ),
    Rule(
        "GOT-COMBAT-5",
        (
            "The four resolution sub-steps: Combat resolution (step 6) has 4 sub-steps, in this order: 1. De"
            "termine the victor; 2. Casualties; 3. Retreats and routing; 4. Combat clean-up."
        ),
        ("「6.计算战果:包含4个步骤」 (--1.决定胜负 / --2.伤亡 / --3.撤退和溃败 / --4.清理战场)"),
        SOURCE_FILE,
        "解释战力",
    ),
)
