# ruff: noqa: E501 - the catalog's statements and the seed's quotes are kept whole, one line each
"""Catalog rules ELECT-2..14, OFFICE and WIN of ../shared/rules/kard-es-korona.md.

The court and the end of the game: elections, the offices and their powers, victory. Each entry: (rule id, the catalog's English statement, the seed's Hungarian quote, section and seed
lines)."""

RULES: tuple[tuple[str, str, str, str], ...] = (
    (
        "KK-ELECT-2",
        "Position in the year. The election is phase V: it follows the battle phase and ends the year.",
        "ha az összes csatát lebonyolították, akkor vége az évnek, vagy a tisztségviselők választása következik",
        "§3.17 ELECT (L161)",
    ),
    (
        "KK-ELECT-3",
        "Declaration, then secrecy. Before the first auction every player declares his treasury. After that, treasuries are not disclosed again until the election ends, and writing them down is forbidden. The service hides other players' treasuries during an election.",
        "Az egyes játékosok kincstárának tartalmáról az első licit megkezdése előtt mindenki számot kell, adjon, de később már nem és nem megengedett a számok rögzítése papíron, vagy egyéb módszerrel, fejben kell tartani!",
        "§3.17 ELECT (L218)",
    ),
    (
        "KK-ELECT-4",
        "No transfers during an election. No money may pass between players during the election phase.",
        "A játék többi részétől eltérően ebben a fázisban kifejezetten tiltott egymás részére pénz átadása",
        "§3.17 ELECT (L220)",
    ),
    (
        "KK-ELECT-5",
        "Three auctions in a fixed order. There is a separate auction for each office: first Judge Royal, then Treasurer, then Palatine. Each auction is settled, with its payments, before the next one begins.",
        "A licitekre külön-külön kerül sor: elsőként az országbíró, majd a tárnokmester, végül a nádor megválasztása következik.",
        "§3.17 ELECT (L222)",
    ),
    (
        "KK-ELECT-6",
        "Sealed bids, revealed together. Every eligible player secretly commits an amount between 0 and his current treasury. All bids are revealed at the same time. The service uses commit–reveal.",
        "A licit során az egyes tisztségekre szánt pénzt mindenki kézbe veszi olyan módon, hogy a többiek nem láthatják, majd egyszerre fedik fel",
        "§3.17 ELECT (L222)",
    ),
    (
        "KK-ELECT-7",
        "Highest bid wins. The highest bidder gets the office until the next election and pays his bid into the royal treasury.",
        "Az országbírói, tárnokmesteri és nádori tisztséget a liciteken legtöbbet ajánló játékos szerzi meg a következő választásig",
        "§3.17 ELECT (L222)",
    ),
    (
        "KK-ELECT-8",
        "Every losing bidder pays. Every player who bid less than the winner forfeits his whole bid to the royal treasury.",
        "Aki kevesebbet ajánlott fel a tisztségért az elveszíti a licitre szánt érméit, azok visszakerülnek a királyi kincstárba.",
        "§3.17 ELECT (L222)",
    ),
    (
        "KK-ELECT-9",
        "A tie with the holder. If the top bids tie and one of the tied players currently holds the office, he keeps it.",
        "Ha két játékos ugyanannyit licitált, de az egyikük tölti be éppen a rangot, akkor továbbra is ő marad pozíciójában.",
        "§3.17 ELECT (L222)",
    ),
    (
        "KK-ELECT-10",
        "A tie without the holder: dice. If the top bids tie and none of the tied players holds the office, a die roll decides, unless KK-ELECT-11 applies.",
        "Ha egyiküké sem volt ez a tisztség, akkor kockadobással kell eldönteni közülük a nyertest",
        "§3.17 ELECT (L222)",
    ),
    (
        "KK-ELECT-11",
        "From the second election: the Palatine decides. From the second election of the game on (extraordinary elections count, → A-34), a tie between players none of whom holds the office is decided by the sitting Palatine, who may pick any of the tied players, himself included. If no Palatine is seated, KK-ELECT-10 applies.",
        "A második választástól még jobban felértékelődik a nádor jelentősége: ugyanis, ha két játékos ugyanannyit licitál, és egyik sem viselte éppen ezt a tisztséget, akkor ő döntheti el, hogy közülük melyikük nyerje el a rangot, beleértve saját magát is!",
        "§3.17 ELECT (L224)",
    ),
    (
        "KK-ELECT-12",
        "Half back for a tie loser. In every tie case (holder keeps it, dice, or the Palatine's decision), each tied player who does not get the office gets back half of his bid, rounded down. The other half is forfeited.",
        "de az alulmaradó játékos mindkét esetben visszakapja a licitre felhasznált pénzének a felét, természetesen lefelé kerekítve … Az alulmaradónak természetesen ebben az esetben is visszajár a licitre szánt pénz fele.",
        "§3.17 ELECT (L222, L224)",
    ),
    (
        "KK-ELECT-13",
        "Nobody bids. If every bid for an office is 0, the office is not filled, or, if someone already holds it, he keeps it.",
        "Ha senki nem licitál egy tisztségre, tehát mindenki nullát ajánlott fel érte, akkor ez a tisztség nem kerül betöltésre, vagy ha már valaki birtokolta, nála marad.",
        "§3.17 ELECT (L226)",
    ),
    (
        "KK-ELECT-14",
        "Who may bid. Captive players (KK-CAPTIVE-4) and vassals (KK-VASSAL-1) may not take part. Eliminated players obviously may not either.",
        "és ezentúl a tisztségviselő választáson sem vehet részt",
        "§3.17 ELECT (L213)",
    ),
    (
        "KK-OFFICE-1",
        "Judge Royal (országbíró): battle reroll. Once per battle, the Judge Royal may reroll the dice of one of his arm groups in one exchange. He must then reroll **all** of that group's dice, not just the misses, and the new result stands.",
        "Minden csatában egyszer újradobhatja egy fegyvernem részére egy összecsapás eredményét, ilyenkor valamennyi dobást újra kell dobni, nem csak azokat, amelyek nem találtak.",
        "§3.18 OFFICE (L232)",
    ),
    (
        "KK-OFFICE-2",
        "Judge Royal: other rolls. Any other roll the Judge Royal has to make may be rerolled once. This covers event-card rolls such as Rainy Autumn, the lords' duel (KK-LORD-6), the escape roll (KK-ELIM-2), and tie roll-offs.",
        "Minden egyéb olyan esetben, amikor a játékosnak dobnia kell, például Esős ősz eseménykártya felhúzásakor, vagy hadurak összecsapásakor, egyszer újradobhatja azt!",
        "§3.18 OFFICE (L234)",
    ),
    (
        "KK-OFFICE-5",
        "Palatine: tie-breaker. At the next election the Palatine decides ties between tied players none of whom held the office (KK-ELECT-11).",
        "Továbbá, ha egy következő tisztségviselő választáson két játékos ugyanannyit licitál, akkor ő döntheti el – ha egyikük sem viselte épp előtte a tisztséget –, hogy közülük most melyik nyerje el a rangot.",
        "§3.18 OFFICE (L244)",
    ),
    (
        "KK-OFFICE-6",
        "Selling an office. A holder may sell an office to the other players, but only by a **public auction**. The highest bidder gets the office and pays the seller. Holding all three offices as a result of such sales wins the game (KK-WIN-3).",
        "Ilyenkor azonban ezt mindig nyilvános liciten kell megtenni, melyen a legtöbbet ajánló szerzi azt meg, így akár az is előfordulhat, hogy valaki a liciten kívül megszerezve mindhárom rangot megnyeri a játékot!",
        "§3.18 OFFICE (L245)",
    ),
    (
        "KK-OFFICE-7",
        "Term of office. An office is held until the next election. It is lost earlier on capture (KK-CAPTIVE-4), on defeat (KK-ELIM-8), on swearing fealty (KK-VASSAL-1), or by sale (KK-OFFICE-6).",
        "szerzi meg a következő választásig",
        "§3.18 OFFICE (L222)",
    ),
    (
        "KK-WIN-1",
        "Victory conditions. A player wins by any one of KK-WIN-2…5. If nobody has done so by the end of the last year, KK-WIN-7 decides. Victory is checked after every state change.",
        "A játékosok a következő négy esetben győzedelmeskednek:",
        "§3.19 WIN (L248)",
    ),
    (
        "KK-WIN-2",
        "Last lord standing. A player wins when every other player's lord has died in battle or become a vassal.",
        "Ha egy tartományúr egyedül marad, mert az összes többi játékos hadura odavész a csatákban, vagy hűbéressé válik.",
        "§3.19 WIN (L250)",
    ),
    (
        "KK-WIN-3",
        "All three offices. A player wins when he wins all three offices at one election. Under the default, holding all three at the end of an election, or straight after an office sale, also wins.",
        "Amennyiben egy játékosnak egy választáson sikerül elnyernie a tisztséget mindegyikét, akkor megnyerte a játékot!",
        "§3.19 WIN (L228)",
    ),
    (
        "KK-WIN-4",
        "Whole provinces. A player wins when he completely holds at least 3 whole provinces, 4 in 2- and 3-player games. His own starting province counts, and so does the royal territory.",
        "Saját induló tartományát is beleértve legalább 3 teljes országrészt hiánytalanul elfoglal. A 2-3 személyes játék esetén a győzelemhez 4 teljes országrész elfoglalása. Önálló országrésznek számít a középső, királyi terület is.",
        "§3.19 WIN (L253)",
    ),
    (
        "KK-WIN-5",
        "Castles. A player wins when he holds this many castles (the vassal's castles count for the liege, KK-VASSAL-4): basic 9 with 2 players, 7 with 3–4, 6 with 5–6; advanced 13, 11 and 9.",
        "Az alapverzióban 2 játékos esetén 9-et, 3 és 4 játékos esetén 7-et, 5 és 6 játékos esetén 6 várat. A haladó változatban: 2 játékos esetén 13-at, 3 és 4 játékos esetén 11-et, 5 és 6 játékos esetén 9 várat.",
        "§3.19 WIN (L255)",
    ),
    (
        "KK-WIN-6",
        "Instant win. Castle victory happens the moment the last needed castle is taken. The rest of the year is not played. The engine applies the same immediacy to KK-WIN-2 and KK-WIN-4.",
        "A győzelem az utolsó vár elfoglalásának pillanatában következik be, ilyenkor már az aktuális fordulót be sem kell fejezni.",
        "§3.19 WIN (L255)",
    ),
    (
        "KK-WIN-7",
        "End of the game. If nobody has won by the end of the 8th year (1308, basic) or the 12th year (1312, advanced), the player with the most castles wins. Ties are broken in this order: most counties, then most cavalry on the board, then most money in the treasury.",
        "Ebben az esetben a legtöbb várat birtokoló nyeri a játékot. Ha a várak száma egyenlő két vagy több játékos esetében, az nyer, akinek több vármegyéje van, ha ez is egyenlő, akkor az, akinek több lovagja áll a harcmezőn, és ha egészen kivételes helyzetben ez is egyenlő lenne, akkor az, akinek több pénze maradt a kincstárában.",
        "§3.19 WIN (L257)",
    ),
)
