# ruff: noqa: E501 - the catalog's statements and the seed's quotes are kept whole, one line each
"""Catalog rules ADV and TRAD of ../shared/rules/kard-es-korona.md.

The advanced game's pinning and retreats, and the traditional turn order. Each entry: (rule id, the catalog's English statement, the seed's Hungarian quote, section and seed
lines)."""

RULES: tuple[tuple[str, str, str, str], ...] = (
    (
        "KK-ADV-1",
        "Pinning (lekötés). If the units that attack a county number **at least twice** the defending units there (any arms; lords not counted), the defenders are pinned. For the rest of the movement phase the attacker's **other** units may pass through that county without stopping, paying normal MP, and may attack counties beyond it. They may not stop in it.",
        "Ha egy vármegyében a védőket legalább kétszerannyi támadó sereg (fegyvernemi megkötés nélkül) foglalja le, azaz veszi fel velük a harcot, akkor a támadó más seregei – ha van elég mozgáspontjuk – ezt követően, a mozgásfázis során, akadálytalanul áthaladhatnak a vármegyén, és azon túli területeket támadhatnak.",
        "§3.20 ADV (L268)",
    ),
    (
        "KK-ADV-2",
        "The pinned battle is still fought. The pinning attackers and the pinned defenders fight their battle or siege in the battle phase as usual.",
        "A vármegyében a csata fázis során természetesen csatára vagy ostromra kerül sor a támadók és a lekötött védők között.",
        "§3.20 ADV (L268)",
    ),
    (
        "KK-ADV-3",
        "An attacked lord freezes his player. From the moment a lord's county is attacked, none of that player's units may move for the rest of the year. He can only pass, which may make him next year's starting player. Reverse pinning can release the lord (KK-ADV-4).",
        "Ha egy tartományurat támadás ér, onnantól kezdve az adott évben az ő seregei már nem léphetnek többet, mert az irányítás ideiglenesen megszűnt! Többi egysége akkor sem léphet már, ha erre egyébként lehetősége lenne.",
        "§3.20 ADV (L270)",
    ),
    (
        "KK-ADV-4",
        "Reverse pinning (fordított lekötés). An attacking army of A units pins at most 2·A defending units. If there are D > 2·A defenders, the defender chooses D − 2·A of his units (and may add the lord) to be **released**. Released units and the lord may move out normally and may fight another battle. If the lord stays among the pinned units, KK-ADV-3 freezes his player. Option `reverse_pinning`, default on in the advanced game.",
        "Ennél a szabályverziónál minden egység a saját létszámának maximum a dupláját tudja lefoglalni, ha ennél nagyobb seregre támad, akkor az efölötti létszám már szabadon mozoghat (beleértve a hadurat és parancsnokolási jogát is), és vállalhat további csatát is!",
        "§3.20 ADV (L274)",
    ),
    (
        "KK-ADV-5",
        "Retreat. After any **full** round of a battle (in an open battle, after the volley and the first melee exchange; likewise in a siege), either the attacking or the defending player may retreat from it. Neutral forces never retreat (KK-NEUTRAL-2). Castle defenders may retreat too.",
        "Amikor egy sereget támadás ér, a haladó verzióban lehetősége van visszavonulásra, a csata első- vagy bármely, teljes köre után. … majd bármelyik fél dönthet úgy, hogy visszavonul. Ez ostrom esetében is ugyanígy történik.",
        "§3.20 ADV (L277)",
    ),
    (
        "KK-ADV-6",
        "Pursuit. When an army retreats, every unit of the other side rolls one die against it, using the battle's current hit rules. The retreating army cannot strike back. The pursuer chooses the casualties (KK-BATTLE-11).",
        "A játékban a menekülő ellenséges seregekre a másik fél minden egysége még egyszer rátámadhat, azaz egy kockával dobhat. … A menekülő sereg már nem tud védekezni, és viszonozni sem a csapásokat",
        "§3.20 ADV (L277)",
    ),
    (
        "KK-ADV-7",
        "Retreat from a siege. When a siege attacker retreats, only the defending archers roll the pursuit die (each one die, hitting on 4, 5, 6). Other defenders are not in contact.",
        "Kivételt csupán az az eset képez, amikor várat támadó sereg vonul vissza, ilyenkor kizárólag a védő íjászainak van lehetősége még egy lövésre.",
        "§3.20 ADV (L277)",
    ),
    (
        "KK-ADV-8",
        "Where attackers retreat. A retreating attacker goes to an adjacent county from which attacking units came. A combined army (KK-MOVE-12), or what is left of it, may retreat to any adjacent county from which one of its parts came, but only as a whole: it may not split.",
        "Összevont támadás esetén az egyesített sereg, illetve maradéka, bármely határos vármegyébe visszavonulhat, amely felől valamelyik csapata érkezett, de már csak együtt, újra szét nem válhat.",
        "§3.20 ADV (L279)",
    ),
    (
        "KK-ADV-9",
        "Where defenders retreat. Retreating defenders go, as one army, to any adjacent county that they control or that is empty, but never to a county from which attacking units came.",
        "A védők bármely szomszédos saját- vagy üres vármegyébe elmenekülhetnek, kivéve olyan területre, ahonnan támadó csapat érkezett.",
        "§3.20 ADV (L279)",
    ),
    (
        "KK-ADV-10",
        "Fallback and limits of a retreat. If none of the allowed counties is still held by the retreating player, he may retreat into an adjacent **empty** county. A retreat may never enter a county with enemy units, and may never start a battle (unlike the forced siege withdrawal, KK-SIEGE-11). If no legal destination exists, the retreat may not be declared.",
        "Ha ezen vármegyék már nincsenek saját kézen, a menekülő had szomszédos, üres vármegyébe is léphet, újabb csatát azonban – szemben a várostromból történő kötelező és szervezett visszavonulással – nem kezdeményezhet, olyan vármegyébe sem léphet, ahol ellenséges csapat van.",
        "§3.20 ADV (L279)",
    ),
    (
        "KK-ADV-11",
        "Obstacle losses on a retreat. If the retreat crosses a major river or enters a mountain or swamp county, the retreating army loses half of its units, rounded down, after the pursuit. The retreating player chooses which units are lost.",
        "akkor a menekülő hadsereg elveszíti (lefelé kerekítve) létszáma felét. A fegyveresek közül a veszteséget a menekülő játékos határozhatja meg.",
        "§3.20 ADV (L279)",
    ),
    (
        "KK-TRAD-1",
        "Roll for the starting player every year. At the start of every year the players roll to decide the starting player, who takes the marker. Two dice each are recommended; the highest total wins, and tied players roll again.",
        "Minden kör elején kockával ki kell sorsolni a kezdőjátékos személyét, aki megkapja a jelölőkőt! Érdemes két kockával dobni",
        "§3.21 TRAD (L285)",
    ),
    (
        "KK-TRAD-2",
        "Income and recruitment order. The winner of the roll collects income and recruits first; the others follow clockwise.",
        "amelyből a legnagyobbat elérő játékos kezdi a bevételek beszedését és az abból való toborzást, majd a többi játékos az óramutató járásával megegyező irányban következik egymás után",
        "§3.21 TRAD (L285)",
    ),
    (
        "KK-TRAD-3",
        "First or last. After recruitment the starting player decides whether he moves first or last this year. If first, the others follow clockwise. If last, the player to his left begins, and the starting player moves and fights last.",
        "A toborzás befejezése után a legnagyobbat dobó, azaz a kezdő játékos eldöntheti, hogy az adott körben elsőként akar lépni, vagy éppen ellenkezőleg, utolsóként. … Így pontosan a kezdő játékos fog utoljára lépni és csatázni.",
        "§3.21 TRAD (L287)",
    ),
    (
        "KK-TRAD-4",
        "Whole turns one after another. Each player in turn takes his complete movement (up to his step allowance) and then resolves all of his battles. When his battles are finished his year is over: no regrouping and no more steps. Then the next player clockwise starts.",
        "Ha egy játékos befejezte valamennyi csatáját, akkor az egész kör véget ért számára; átcsoportosítást, vagy egyéb lépést már nem hajthat végre, és az óramutató járása szerint következő játékos kezdi el a saját lépését.",
        "§3.21 TRAD (L289)",
    ),
    (
        "KK-TRAD-5",
        "Election last. In an election year the auctions come at the very end of the year, after every player's turn.",
        "A mozgás után itt is a csaták fázisa következik, és ha választási év van, akkor a kör legvégén van licit is.",
        "§3.21 TRAD (L289)",
    ),
    (
        "KK-TRAD-6",
        "Everything else unchanged. The starting player is rolled again after every completed year. All other rules are the same.",
        "Azt, hogy ki kezdi a következő kört az előzőhöz hasonló módon, valamennyi befejezett kört követően, amikor már minden játékos lépett, újra ki kell sorsolni. Egyebekben a szabályok teljesen megegyeznek.",
        "§3.21 TRAD (L291)",
    ),
)
