# ruff: noqa: E501  (a table of quoted rule texts: long lines keep each quote whole and greppable)
"""Seed 002's rules of cities, leaders, ransom and movement (KBS-CTY, LDR, RAN, MOV): (id, summary, quote, section)."""

RULES: tuple[tuple[str, str, str, str], ...] = (
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
)
