"""Catalog §4: the GOT-X defaults that fill the seed's gaps (each names its option where it has one)."""

from domain.kernel import Rule

SOURCE_FILE = "001_57c9193692832850.txt"
_X = "catalog default (not in seed)"

RULES = (
    Rule(
        "GOT-X-1",
        (
            "The seed uses 攻方/守方 without defining them: Definitional. The attacker is the seat whose march m"
            "oved units into the area. The defender is the seat whose units occupy it, or whose garrison doe"
            "s (X-3). Outside combat an area holds units of only one seat."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    Rule(
        "GOT-X-2",
        (
            "The seed never says that a winning attacker occupies the area: winner_moves_in = true. After th"
            "e defender's retreat or destruction, the attacker's surviving attacking units move from the mar"
            "ch origin into the embattled area. They are not routed. If no attacking unit survives, nothing "
            "moves. A card ability may prevent the move; the units then stay in the march origin and are not"
            " routed."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    Rule(
        "GOT-X-3",
        (
            "The garrison token (GOT-STRENGTH-6) has no value or behaviour in the seed: garrison_alone_trigg"
            "ers_combat = true, garrison_removed_on_loss = true. The value comes from the board (garrison on"
            " the home area). It is added to the defender's initial strength only, when the embattled area i"
            "s the defender's own home area and the token is still there. Marching into an enemy home area t"
            "hat holds its garrison but no units starts a combat, with the garrison as the defender's only f"
            "orce; the defender still plays a house card. A garrison is not a unit: no supply, never a casua"
            "lty, never retreats. If its side loses, it is removed for the rest of the game."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    Rule(
        "GOT-X-4",
        (
            'Is support declared per order or per player?: support_declaration = "per_seat". Each seat with '
            "at least one eligible Support order declares once, in turn order (GOT-SUPPORT-3): attacker, def"
            'ender or none. The choice covers all of its eligible orders adjacent to that combat. ("per_orde'
            'r" lets each order choose separately, still in turn order.) Declarations are final.'
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    Rule(
        "GOT-X-5",
        (
            "Which Support orders are eligible?: A Support order is eligible if all of these hold. (a) It is"
            " in an area adjacent to the embattled area (GOT-SUPPORT-9). (b) It is not in the embattled area"
            " itself (GOT-SUPPORT-5). (c) For a sea combat, it is in a sea area or a port (GOT-SUPPORT-7); a"
            " port never supports its own linked land area (X-19). (d) Its area holds at least one non-route"
            "d unit. combatant_may_support_opponent = false: a combatant's own Support orders may back its o"
            "wn side or none. A Support order removed before step 5 (e.g. by a card ability) no longer count"
            "s."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    Rule(
        "GOT-X-6",
        (
            "Is the special Support bonus added when the area's units add 0?: special_support_bonus_always ="
            " true. The special bonus is added whenever that area's support counts, even if all its units co"
            "ntribute 0 (e.g. siege engines supporting the defender)."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    Rule(
        "GOT-X-7",
        (
            "Negative strength (a March −1 order with weak units): floor_total_strength_at_zero = true. A fi"
            "nal strength below 0 counts as 0 when the sides are compared. Only the attacker can go below 0."
            " So an attacker at −1 against a defender at 0 is a tie, decided by GOT-RESOLVE-2. Initial stren"
            "gth is reported unfloored. A card's printed strength is never reduced below 0 by modifiers."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    Rule(
        "GOT-X-8",
        (
            "Timing of abilities beyond the seed's three tiers: Definitional order inside a combat: 1. revea"
            "l; 2. cancel tier in turn order (CARD-3), where a cancelled card returns to hand and its owner "
            "seals and reveals a replacement; 3. immediately abilities in turn order; 4. the Blade (step 4);"
            " 5. continuous modifiers, with conflicting ones applied in turn order (CARD-4); 6. the victor ("
            "RESOLVE); 7. if_win/if_lose in turn order (CARD-5); 8. casualties; 9. retreat and rout; 10. cle"
            "an-up (CLEANUP-1..3, X-2, X-21); 11. discard (CARD-7); 12. 7th-card refresh (CARD-8); 13. after"
            "_combat abilities in turn order. Each ability resolves at most once per combat. A played card t"
            "hat an ability has already moved (e.g. back to hand) is not discarded at step 11."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    Rule(
        "GOT-X-9",
        (
            "An immediately ability destroys the last unit of one side: early_end_if_side_destroyed = true. "
            "The combat ends at once with no victor: no if_win/if_lose abilities, casualties or retreat. If "
            "the defender has no units and no garrison left, the attacking units move in and the defender's "
            "order and Power token in the area are removed. If the attacker has no units left, nothing moves"
            ". Then the played cards are discarded, the March order is removed and the 7th-card check runs."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    Rule(
        "GOT-X-10",
        (
            "Who may use the Blade, and when: Only the Blade holder, only in a combat where he is the attack"
            "er or the defender, only if it is unused this round. The decision (use_blade / decline_blade) c"
            "omes after the reveal and the cancel/immediately abilities. A declined Blade stays available."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    Rule(
        "GOT-X-11",
        (
            '"End of round", and how long routed units stay routed: routed_until = "end_of_round". The round'
            " ends after the last order of the Action Phase is resolved. RoundEnded then flips the Blade and"
            " the Raven to available (BLADE-4, RAVEN-5) and stands every routed unit up (RoutedUnitsRallied)"
            "."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    Rule(
        "GOT-X-12",
        (
            "Raven: the exact moment, and secrecy: Usable once, after all orders are revealed and before the"
            " first order is resolved. Option 1: the replacement must be an unplaced order of the holder. Th"
            "e new set must still respect his King's Court star limit (X-13). The removed token becomes unpl"
            "aced. The new token is public at once. Option 2: the log records placement: top \\| bottom. The "
            "card id is a secret shown only to the holder's view and the arbiter (RAVEN-4)."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    Rule(
        "GOT-X-13",
        (
            "Checking the King's Court limit: At OrdersRevealed (and after a Raven swap), each seat's number"
            " of placed special orders must be ≤ the stars of its King's Court position. The stars come from"
            " kings_court_stars for the game's player count (3 and 4 players use the overlay values, COURT-2"
            ")."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    Rule(
        "GOT-X-14",
        (
            "Hidden information in step 3: From a seat's HouseCardSealed until HouseCardsRevealed, its seale"
            "d card and its hand are hidden from other seats; discard piles stay public. Outside that window"
            " every hand and discard pile is public (CARD-9). Sealed bids, sealed orders and the Raven's pee"
            "k are hidden until their reveal."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    Rule(
        "GOT-X-15",
        (
            "Unusual hand or discard sizes: The 7th-card refresh returns every card in the discard pile exce"
            "pt the one just played (normally 6). If a seat must choose a card with an empty hand, its disca"
            "rd pile first returns to its hand. If an ability says a seat cannot use a house card, that seat"
            " fights with card strength 0, no icons and no text."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    Rule(
        "GOT-X-16",
        (
            "Which units may absorb casualties: siege_engines_absorb_casualties = false. Eligible units are "
            "the loser's units in the embattled area that are not supporting, not routed (ROUT-4) and not si"
            "ege engines. Siege engines are destroyed anyway when forced to retreat (RETREAT-9). For a losin"
            "g attacker, the eligible units are the ones that marched in. If casualties are at least the num"
            "ber of eligible units, all eligible units are destroyed with no choice and the excess is ignore"
            "d."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    Rule(
        "GOT-X-17",
        (
            "Choosing a retreat area; the supply test: Supply test: after the retreat, take the seat's armie"
            "s (2+ units of the seat in one area, routed units included), largest first. There must be no mo"
            "re of them than the entries of supply_limits[seat], and each must be ≤ the matching entry (sort"
            "ed largest first). Choice: the loser chooses (an ability may give the choice to another seat). "
            "If some legal area needs no destruction, only those areas may be chosen (RETREAT-5). Otherwise "
            "retreat_minimize_losses = true allows only the areas with the fewest destroyed units; the loser"
            " picks which retreating units to destroy. Attacker: a losing attacker's retreat to its march or"
            "igin is never supply-tested; it restores a legal position."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    Rule(
        "GOT-X-18",
        (
            'How "retreat by ship transport" works: retreat_by_transport = true. Land units may also retreat'
            " to a land area reached through a chain of sea areas. The first sea area is adjacent to the emb"
            "attled area; each next one is adjacent to the previous; each holds at least one ship of the ret"
            "reating seat. All other retreat constraints apply to the destination."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    Rule(
        "GOT-X-19",
        (
            'Ports are named in the seed (RETREAT-8) but not defined: ship_retreat_into_port = "if_land_cont'
            'rolled". A port is an area of kind port, linked to one land area and one sea area; only ships m'
            "ay be in it. A ship may retreat into a port only if its seat controls the port's land area. Shi"
            "ps in a port may support a combat in the linked sea area, never in the linked land area. Other "
            "port rules (capacity, capture) are out of scope."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    Rule(
        "GOT-X-20",
        (
            "Tokens that block retreat: An area holding another seat's garrison, or a neutral force token, i"
            "s neither empty nor friendly. It is not a legal retreat destination."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    Rule(
        "GOT-X-21",
        (
            "Orders left in areas that no longer hold their owner's units: remove_orders_in_empty_areas = tr"
            "ue. At the end of combat clean-up, every order token in an area holding none of its owner's uni"
            "ts is removed."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    Rule(
        "GOT-X-22",
        (
            'What "deciding a tie" records: The Iron Throne holder fixes the full relative order of the tied'
            " seats (TieBroken.order). He may be one of them. The seat whose holding counts is set by THRONE"
            "-1 and THRONE-3."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    Rule(
        "GOT-X-23",
        (
            "When support is fixed: The supporters and their areas are fixed at the end of step 1 (BaseStren"
            "gthAnnounced). Their strength is evaluated again at step 5 with the text abilities applied (e.g"
            ". modifiers to supporting ships). Only removal of the Support order takes an area out (X-5)."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    Rule(
        "GOT-X-24",
        (
            '"Army" is not restricted to one House in the seed: Definitional: an army is 2 or more units of '
            "one seat in one area."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    Rule(
        "GOT-X-25",
        (
            "Scope boundary for the engine: Marches, mustering, Westeros and wildling effects, raids, Consol"
            "idate Power, supply changes, neutral-force fights and victory are recorded with adjust (StateAd"
            "justed, with a reason) until later catalog versions model them. Combat starts from a recorded m"
            "arch (UnitsMarched with origin, destination and units)."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    # Beyond catalog 1.0.0 (issue 17): neutral forces, which the catalog leaves out of scope (§0.2, X-25) but
    # names in X-20. The seed says nothing of them; the numbers are the base game's (data/neutral_forces.json).
    Rule(
        "GOT-X-26",
        (
            "Neutral force tokens: At set-up each land area named for the game's player count in the neutral-"
            "force data (3 to 6 players; on the base board, never in a seated House's home area or where units "
            "stand) holds a neutral force token of its printed strength; a token of strength null closes its "
            "area for the game (no march enters it). options.position.neutral_forces (a list of {area, "
            "strength}) sets them instead for a game recorded from a given position; [] means none."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    Rule(
        "GOT-X-27",
        (
            "Attacking a neutral force: A march may move into an area holding a neutral force token only if "
            "its attack strength is at least the token's strength. The attack strength is the marching units' "
            "strength (COMBAT-2/3), the March order's modifier and the support of the marching House's own "
            "Support orders adjacent to the area (SUPPORT-2/8, X-5, X-6); no house card, no Blade, no other "
            "House's support. The token is then removed from the game and the units move in; otherwise the "
            "march is refused. Attacking a neutral force is the march's one combat (COMBAT-1)."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    # Beyond catalog 1.0.0 (issue 15, point 3): the component counts a position is checked against. The seed gives
    # none; the numbers are the second-edition base game's pieces for each House.
    Rule(
        "GOT-X-28",
        (
            "Components of a House: Each House has 10 footmen, 5 knights, 6 ships, 2 siege engines and 20 Power "
            "tokens. A position never shows more of a House's units of a kind on the board, nor more of its Power "
            "tokens available and on the board together (the rest are in the Power Pool, TERM-6). A Power token on "
            "the board marks control of a land area and stands on land only."
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
    # Beyond catalog 1.0.0: the starting set-up, which the catalog leaves out of scope (§0.2) and the seed does not
    # list (it is on the House screens); the numbers are the base game's (data/standard_setup.json).
    Rule(
        "GOT-X-29",
        (
            'The printed set-up: A game given no position starts, with options.setup = "standard" (the default of '
            "new games), from the base game's set-up on the base board for 3 to 6 of its Houses: each House's "
            "starting units from its House screen (in a three-player game Lannister leaves out the ship in the Port "
            "of Lannisport), 5 Power tokens each, its garrison, the printed starting order of the three influence "
            "tracks (absent Houses left out) and each House's starting supply (Stark 1, the others 2). "
            'options.setup = "empty" (and every game recorded before the option) starts with garrisons only.'
        ),
        _X,
        SOURCE_FILE,
        "catalog §4",
    ),
)
