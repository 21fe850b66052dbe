# ruff: noqa: E501  (a table of quoted rule texts: long lines keep each quote whole and greppable)
"""Seed 002's rules of sieges, storms, relief, combat and retreat (KBS-SIE, STM, REL, CMB, RET): (id, summary, quote, section)."""

RULES: tuple[tuple[str, str, str, str], ...] = (
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
)
