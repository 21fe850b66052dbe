# ruff: noqa: E501  (a table of quoted rule texts: long lines keep each quote whole and greppable)
"""The rule catalog of `cedofan_kards_bs`: seed 002 (Czech, "Pravidla boje") and the catalog's defaults.

Each rule keeps the seed's Czech words it rests on; the KBS-AMB-* rules are the catalog's readings of
open points, each backed by a ruleset option where a game may choose otherwise.
"""

from collections.abc import Mapping

from domain.kernel import Rule

SEED = "002_099a56066bd75f99.txt"
CATALOG = "shared/rules/cedofan_kards_bs.md"

_RULES: tuple[tuple[str, str, str, str], ...] = (
    (
        "KBS-CTY-1",
        "An unfortified city gives its defenders no bonus: its city_defence is 0.",
        "Neopevněné město nedává žádné bonusy",
        "Pravidla boje",
    ),
    (
        "KBS-CTY-2",
        "An unfortified city must also be besieged before it can be stormed.",
        "avšak musí být před ztečí oblehnuto",
        "Pravidla boje",
    ),
    (
        "KBS-CTY-3",
        "A fortified city doubles the BS of the units defending it. In the defender formula (KBS-CMB-2) city_defence = the defending army's BS.",
        "Opevněné město zvedá 2x BS bránících jednotek.",
        "Pravidla boje",
    ),
    (
        "KBS-LDR-1",
        "Robert and Rim each add +3 to the BS of the army they lead (their leader bonus).",
        "Robert a Rim +3 BS",
        "Síla kardů",
    ),
    ("KBS-LDR-2", "Kalamé, Petros and Jaromír each add +1.", "Kalamé, Petros a Jaromír +1 BS", "Síla kardů"),
    (
        "KBS-LDR-3",
        "A faction without its ruler cannot win the game.",
        "Bez panovníka nelze vyhrát.",
        "Vykoupení zajatého karda",
    ),
    (
        "KBS-RAN-1",
        "When an enemy army captures a kard, the kard's faction may ransom him at the start of its own turn.",
        "frakce na začátku svého kola jej může vykoupit",
        "Vykoupení",
    ),
    (
        "KBS-RAN-2",
        "The ransom costs 5 supplies and 5 influence. Both go to the captor: the ransomer loses them and the captor gains them.",
        "Stojí to 5 zásob a -5 vliv, (Obojí je předáno nepříteli",
        "Vykoupení",
    ),
    (
        "KBS-RAN-3",
        "If the captor is a neutral enemy, it at once builds units with the supplies it received, following the recruitment rules.",
        "ten si okamžitě postaví za získané zásoby jednotky podle pravidel verbování",
        "Vykoupení",
    ),
    (
        "KBS-RAN-4",
        "A ransomer with less than 5 influence hands over only the influence it has. Influence never goes below 0.",
        "odevzdává, jen ten vliv, který má",
        "Vykoupení",
    ),
    (
        "KBS-RAN-5",
        "If the conditions for taking a vassal are met (KBS-VAS-1) but the future vassal's general is held by a third faction, the faction gaining the vassal pays that ransom.",
        "tak jej vykupuje frakce, která tímto získá frakci do vazalství",
        "Vykoupení",
    ),
    (
        "KBS-MOV-1",
        "One movement unit is any of: an army unit (BS +1, or +2 for Shadowlands fanatics), a ruler figure, a catapult, a shade, a ship, a giant.",
        "Jedna jednotka je armáda s +1BS/ +2BS (fanatici ze Stínových zemí), postava panovníka, katapult, stín, loď, nebo Obr.",
        "Přesuny",
    ),
    (
        "KBS-MOV-2",
        "Moving 1 to 5 movement units one field (to an adjacent region) costs 1 supply.",
        "Na přesun 1-5 jednotek o jedno pole je potřeba 1 zásoba.",
        "Přesuny",
    ),
    (
        "KBS-MOV-3",
        "A larger group pays as several 5-unit groups: cost per field = ceil(n / 5) for n movement units.",
        "jako by šlo více pěti-jednotkových skupin",
        "Přesuny",
    ),
    (
        "KBS-MOV-4",
        "The move action, and its cost, applies to leaving a city, to naval moves and to land campaigns.",
        "Akce přesun je použita při opouštění města, námořních přesunech, nebo pěších taženích.",
        "Přesuny",
    ),
    (
        "KBS-MOV-5",
        "Entering a territory with swamps (the lands around Baria) or one held by untamed wild tribes costs double supplies.",
        "platí dvojnásobek zásob",
        "Přesuny",
    ),
    (
        "KBS-MOV-6",
        "A territory of the giants or of the impassable swamps cannot be entered.",
        "je nepřístupné",
        "Přesuny",
    ),
    (
        "KBS-MOV-7",
        "A foot army carried by ships pays supplies for the ships only.",
        "počítá se se zásobami jen pro lodě",
        "Přesuny",
    ),
    (
        "KBS-MOV-8",
        "A ship carries as many units as its BS, that is 2 units per ship (ship BS = 2).",
        "Jedna loď uveze tolik jednotek, kolik jej její BS. (Tedy každá loď uveze 2 jednotky.)",
        "Přesuny",
    ),
    (
        "KBS-MOV-9",
        "Merging armies is free. So is merging a besieging army with another army in the same region.",
        "Neplatí se za spojení armád a spojení armády obléhající město s armádou v dané oblasti.",
        "Přesuny",
    ),
    (
        "KBS-MOV-10",
        "Units from two different regions may enter a region at the same moment (a joint entry).",
        "Do oblasti mohou v jeden moment vstoupit jednotky zde dvou různých oblastí.",
        "Podpora obléhané armády",
    ),
    (
        "KBS-SIE-1",
        "Starting a siege of a city costs 1 supply.",
        "Započatí obléhání města stojí 1 zásobu.",
        "Obléhání města",
    ),
    (
        "KBS-SIE-2",
        "The besieging army must stand in the city's administrative region.",
        "Armáda musí být ve správní oblasti onoho města.",
        "Obléhání města",
    ),
    (
        "KBS-SIE-3",
        "When the siege starts, the besieging army's BS must be strictly greater than the BS of the city's defence (KBS-AMB-3).",
        "musí mít větší počáteční BS než je BS obrany města",
        "Obléhání města",
    ),
    (
        "KBS-SIE-4",
        "If the besiegers' BS falls below the defenders' BS, the siege is broken and the besiegers withdraw into the administrative region outside the city.",
        "Pokud se sníží BS pod BS obránců, tak je obléhání přerušeno a jednotky se stahují do správní oblasti mimo město.",
        "Obléhání města",
    ),
    (
        "KBS-SIE-5",
        "When a siege breaks, catapults, and fire swords the army cannot carry away, stay with the defenders (they change owner).",
        "Jednotky, jako katapult, či přebytečné ohnivé meče ... zůstávají obráncům.",
        "Obléhání města",
    ),
    (
        "KBS-SIE-6",
        "If the attackers defeat the defenders and wipe out their numbers, the city passes to the attackers.",
        "Pokud útočníci porazí obránce a zničí jejich počty, tak město získává pod svou vládu.",
        "Obléhání města",
    ),
    (
        "KBS-SIE-7",
        "In every year of a siege from the second on, one unit inside the besieged city is killed (KBS-AMB-5).",
        "Každý rok obležení, počínaje druhým je zabita jedna jednotka v obleženém městě.",
        "Obléhání města",
    ),
    (
        "KBS-STM-1",
        "A city can be stormed only if it was besieged in a previous turn or earlier (KBS-AMB-6).",
        "Město musí být oblehnuto předešlý tah, nebo dřív.",
        "Dobývání města",
    ),
    (
        "KBS-STM-2",
        "The storming faction must border the city's administrative territory (KBS-AMB-7).",
        "Dobyvatelská frakce musí sousedit se správním územím tohoto města.",
        "Dobývání města",
    ),
    (
        "KBS-STM-3",
        "A faction that wants to start a siege must have a higher BS than the defender. This restates KBS-SIE-3.",
        "musí mít vyšší BS, než má obránce",
        "Dobývání města",
    ),
    ("KBS-STM-4", "Calling a storm costs 1 supply.", "Vyvolání zteče stojí 1 zásobu.", "Dobývání města"),
    (
        "KBS-REL-1",
        "While a city is besieged, another army may come and attack the besiegers.",
        "může přijít jiná armáda a zaútočit na obléhatele",
        "Podpora obléhané armády",
    ),
    (
        "KBS-REL-2",
        "In that battle the BS of the besieged units also counts, without the city-defence bonus.",
        "Počítá se i BS jednotek, které jsou obleženy bez bonusu za obranu města.",
        "Podpora",
    ),
    (
        "KBS-REL-3",
        "If the besieged side loses, its surviving besieged units go back into the city.",
        "Při prohře obléhaných se přeživší jednotky stahují do města.",
        "Podpora",
    ),
    (
        "KBS-REL-4",
        "Merging armies costs no supplies (as KBS-MOV-9).",
        "Za slučování armád se neplatí zásoby.",
        "Podpora",
    ),
    (
        "KBS-REL-5",
        "The seed's example: Rudern besieges Jezerní město; armies from Heráň and Zlatka enter Jezerní město's administrative region together and attack the besiegers jointly, supported by the troops inside the city.",
        "Z Heráně a Zlatky přijdou dvě armády ... Dostanou podporu i z Jezerního města.",
        "Podpora",
    ),
    (
        "KBS-CMB-1",
        "Attacker value V_att = floor((BS_att + leader_bonus_att + d6) / 4).",
        "Útočník: (BS armády + schopnost generála + 1k6)/4",
        "Boj a ztráty",
    ),
    (
        "KBS-CMB-2",
        "Defender value V_def = floor((BS_def + leader_bonus_def + city_defence + d6) / 4), where city_defence is 0 outside a city or in an unfortified city and BS_def in a fortified city (KBS-CTY-3).",
        "Obránce: (BS armády + schopnost generála + obrana města + 1K6)/4",
        "Boj a ztráty",
    ),
    (
        "KBS-CMB-3",
        "The side with the higher value after the roll wins and gains the region or city.",
        "Ten, kdo bude mít po hodu větší BS, vyhrál a získá oblast/město.",
        "Boj a ztráty",
    ),
    (
        "KBS-CMB-4",
        "The loser withdraws with its remaining units, if it has somewhere to go (losses: KBS-AMB-1).",
        "Poražený se stáhne se zbylými jednotkami, pokud má kam.",
        "Boj a ztráty",
    ),
    ("KBS-CMB-5", "A tie goes to the defender.", "Remízy vyhrává obránce.", "Boj a ztráty"),
    (
        "KBS-RET-1",
        "After a battle outside a city, the losers withdraw into the city or into a neighbouring region.",
        "stahují do města nebo sousední oblasti",
        "Stahování jednotek",
    ),
    (
        "KBS-RET-2",
        "After a battle in a city, the losers withdraw into a fortress, or else they are captured.",
        "stahují do pevnosti, nebo jsou zajati",
        "Stahování jednotek",
    ),
    (
        "KBS-RET-3",
        "Captured units may be ransomed after the battle at 1 supply per unit. Ransomed units appear in their faction's capital.",
        "1 jednotka = 1 zásoba. Octnou se v hlavním městě.",
        "Stahování jednotek",
    ),
    (
        "KBS-GNT-1",
        "Giants arrive in every odd round from round 3 on (3, 5, 7, …).",
        "Každé liché kolo, počínaje 3 kolem",
        "Příchod obrů",
    ),
    (
        "KBS-GNT-2",
        "Roll 1 d6 for the target: 1 Kerdurin, 2 Mineur, 3 Heilbron, 4 Lomen, 5 Rotstain, 6 Malmo.",
        "1 - Kerdurin, 2 - Mineur, 3 - Heilbron, 4 - Lomen, 5 - Rotstain, 6 - Malmo",
        "Příchod obrů",
    ),
    (
        "KBS-GNT-3",
        "Giants do not attack neutral cities. If the rolled city is neutral, no giant comes that round.",
        "Obři neútočí na neutrální města. (Může se tedy stát, že taky vůbec nepřijdou.)",
        "Příchod obrů",
    ),
    (
        "KBS-GNT-4",
        "The battle is fought before the city. The BS of the defending troops inside the city and in its administrative region outside the city both count.",
        "započítává se i BS armády ve městě i mimo město v dané správní oblasti",
        "Příchod obrů",
    ),
    (
        "KBS-GNT-5",
        "The city's fortification does not count in this battle.",
        "Při útoku se nepočítá opevnění města.",
        "Příchod obrů",
    ),
    (
        "KBS-GNT-6",
        "Giant value V_giant = floor((5 + d6) / 4). Defender value V_def = floor((BS in city and admin region + d6) / 4).",
        'Obr: +5 BS + 1k6)4" / „BS vojska ve městě a správní oblasti + 1k6)4',
        "Příchod obrů",
    ),
    (
        "KBS-GNT-7",
        "If the giant wins, the city is taken: the giant vanishes and the city turns neutral with 2 neutral units.",
        "Obr zmizí a město se stane neutrální se dvěma neutrálními jednotkami.",
        "Příchod obrů",
    ),
    (
        "KBS-GNT-8",
        "After a giant victory the defenders do not withdraw into the city or a fortress, and no prisoner can be ransomed.",
        "Obránci se nestahují do města ani pevnosti a nejdou vykoupit zajatci.",
        "Příchod obrů",
    ),
    (
        "KBS-GNT-9",
        "If the giant loses, it vanishes and the defending faction gains influence under the influence rules (the amount is the option giant_repelled_influence).",
        "Pokud Obr prohraje, tak zmizí a daná frakce získá vliv podle pravidel.",
        "Příchod obrů",
    ),
    (
        "KBS-PIR-1",
        "Pirates raid the city of Ostius in every even round from round 4 on (4, 6, 8, …).",
        "Každé sudé kolo, počínaje čtvrtým kolem je veden pirátský nájezd na město Ostius.",
        "Nájezd pirátů",
    ),
    (
        "KBS-PIR-2",
        "They sail to the city with a fleet and storm it at once; no siege is needed.",
        "přitáhnout s flotilou k městu a uskuteční se zteč",
        "Nájezd pirátů",
    ),
    (
        "KBS-PIR-3",
        "Pirate value V_pir = floor((BS of all ships in neutral, unbesieged port cities + 4 × number of neutral port cities) / 4).",
        "(BS všech lodí v neutrálních neoblehnutých přístav. + počet neutrálních přístav. měst*4)/4",
        "Nájezd pirátů",
    ),
    (
        "KBS-PIR-4",
        "Ostius value V_ost = floor((BS of the army in the city + wall defence) / 4).",
        "(BS armády ve městě + obrana hradeb)/4",
        "Nájezd pirátů",
    ),
    (
        "KBS-PIR-5",
        "If Ostius falls, the surviving pirates occupy it as a number of ships worth the surviving pirates' BS (KBS-AMB-13).",
        "obsadí přeživší piráti = počet lodí v hodnotě BS přeživších pirátů",
        "Nájezd pirátů",
    ),
    (
        "KBS-PIR-6",
        "The defenders of Ostius cannot hide in a fortress, and no prisoner can be ransomed.",
        "Nedá se skrýt do pevnosti ani vykoupit zajatci.",
        "Nájezd pirátů",
    ),
    (
        "KBS-VAS-1",
        "If a faction takes another faction's capital and in the same action captures its general, the defeated faction becomes its vassal.",
        "dobije hlavní město frakci jiné a zároveň zajme jejího generála",
        "Vazalství",
    ),
    (
        "KBS-VAS-2",
        "The vassal reappears with its ruler and 3 units in its capital (KBS-AMB-16).",
        "Vazal se objeví s panovníkem a třemi jednotkami ve svém hlavním městě.",
        "Vazalství",
    ),
    (
        "KBS-VAS-3",
        "The vassal keeps all its cities not yet taken and gains influence for them under the influence rules.",
        "Zůstanou mu všechny zbylé nedobyté města a má za ně vlivy podle pravidel.",
        "Vazalství",
    ),
    (
        "KBS-VAS-4",
        "The vassal may move through its lord's territory but may not enter the lord's cities.",
        "Může se pohybovat po území svého pána, ale nesmí vstupovat do jeho měst.",
        "Vazalství",
    ),
    ("KBS-VAS-5", "The vassal may not attack its lord.", "Nesmí na svého pána zaútočit.", "Vazalství"),
    (
        "KBS-VAS-6",
        "The vassal must pay its lord the supplies the lord requests (limit: KBS-VAS-9).",
        "Musí svému pánovi platit požadované zásoby.",
        "Vazalství",
    ),
    (
        "KBS-VAS-7",
        "The vassal may conquer new territory that connects to it through the lord's territory.",
        "Může dobývat nová území, se kterými je spojen přes území svého pána.",
        "Vazalství",
    ),
    (
        "KBS-VAS-8",
        "A vassal whose territory is larger than its lord's may declare a revolt and break free.",
        "Pokud má větší území než jeho pán, tak může vyhlásit revoltu",
        "Vazalství",
    ),
    (
        "KBS-VAS-9",
        "In the supply-gathering phase the lord may request from the vassal up to floor(vassal's cities / 2) supplies.",
        "počet zásob = počet jeho měst/2 (zaokrouhleno dolů)",
        "Vazalství",
    ),
    (
        "KBS-VAS-10",
        "The lord may cross vassal territory but may not enter vassal cities.",
        "Může chodit přes vazalská území, ale nemůže vstupovat do měst.",
        "Vazalství",
    ),
    (
        "KBS-VAS-11",
        "The lord may conquer territory that connects to it through the vassal's territory.",
        "Může dobývat území spojená přes území vazala.",
        "Vazalství",
    ),
)

# The catalog's defaults for open points (§4): no seed quote; the option that overrides each is in options.py.
_DEFAULTS: tuple[tuple[str, str], ...] = (
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

# Setting up a situation (issue 15) is not in the seed: the catalog's rule for positions (§3.13).
POSITIONS = Rule(
    "KBS-POS-1",
    "Positions: a position (a situation set up by an arbiter, a club or a tournament) names only the fields and cities of the game's board, the factions of the board or the seating (or neutral), the seated factions where a seat takes turns, and each army and leader figure once; what a city is (fortified, port, capital) stays the board's.",
    "",
    CATALOG,
    "§3.13 Positions",
)

RULEBOOK: Mapping[str, Rule] = {
    **{rid: Rule(rid, summary, quote, SEED, section) for rid, summary, quote, section in _RULES},
    **{rid: Rule(rid, summary, "", CATALOG, "§4 ambiguities and defaults") for rid, summary in _DEFAULTS},
    POSITIONS.id: POSITIONS,
}
