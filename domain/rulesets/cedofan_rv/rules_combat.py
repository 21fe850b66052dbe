"""Rules of the seed itself (RV-DICE, BTY, FLD, LOOT, SIE, STM, CTY, REL): dice, battles, sieges, storms, relief."""

from domain.kernel import Rule

RULES: tuple[Rule, ...] = (
    Rule(
        "RV-DICE-1",
        (
            "Each side rolls d6s; how many depends on the battle kind and on the unit table (one column for field"
            " battles, one for city battles)."
        ),
        "Háže se kostkami k6 podle typu bitvy viz tabulka",
        "003_f8660263657a3e7d.txt",
        "§3.1 Dice and casualties (DICE)",
    ),
    Rule(
        "RV-DICE-2",
        "Every die showing 5 or 6 is a hit. Each hit takes 1 life from the opposing side.",
        "Ztráty způsobují kostky, na kterých padlo 5 a 6.",
        "003_f8660263657a3e7d.txt",
        "§3.1 Dice and casualties (DICE)",
    ),
    Rule(
        "RV-DICE-3",
        "Pieces with fewer lives die first.",
        "Přednostně umírají jednotky s méně životy.",
        "003_f8660263657a3e7d.txt",
        "§3.1 Dice and casualties (DICE)",
    ),
    Rule(
        "RV-DICE-4",
        "The noble dies last.",
        "Poslední umírá šlechtic.",
        "003_f8660263657a3e7d.txt",
        "§3.1 Dice and casualties (DICE)",
    ),
    Rule(
        "RV-DICE-5",
        (
            "Pieces die one at a time: a piece must lose all its lives before the next piece takes a hit. Hits "
            "cannot be spread."
        ),
        "Jednotky umírají postupně - tedy není možné zásahy rozložit.",
        "003_f8660263657a3e7d.txt",
        "§3.1 Dice and casualties (DICE)",
    ),
    Rule(
        "RV-DICE-6",
        (
            "Worked example on the unit page: 3 infantry, 2 elephants and 1 noble take 7 hits and lose the 3 "
            "infantry and 1 elephant."
        ),
        "3 pěší, 2 sloni a 1 šlechtic dostane 7 zásahů, tak umírají 3 pěší a jeden slon",
        "https://www.cedofan.cz/typy-vojska-rv/",
        "§3.1 Dice and casualties (DICE)",
    ),
    Rule(
        "RV-BTY-1",
        (
            "A **field battle** happens when two enemy armies meet outside a city, or when the defender inside a "
            "city or fortress has more than 5 units."
        ),
        "mimo město, nebo má-li obránce ve městě/pevnosti více jak 5 jednotek - dojde k bitvě v poli",
        "003_f8660263657a3e7d.txt",
        "§3.2 Which battle happens (BTY)",
    ),
    Rule(
        "RV-BTY-2",
        (
            "A **siege** happens when two armies meet and one of them defends a city with fewer than 5 units. "
            "Once the city has been besieged for one round, it may be stormed."
        ),
        "jedna je v počtu menším jak pět jednotek jako obránce města - dojde k obléhání",
        "003_f8660263657a3e7d.txt",
        "§3.2 Which battle happens (BTY)",
    ),
    Rule(
        "RV-BTY-3",
        (
            "If a foreign army enters the administrative region of an enemy fortress, a battle may follow under "
            "the fortress's special properties, which are **not given** (GM input)."
        ),
        "Vstoupí-li cizí armáda do správní oblasti nepřátelské pevnosti, může dojít k bitvě.",
        "003_f8660263657a3e7d.txt",
        "§3.2 Which battle happens (BTY)",
    ),
    Rule(
        "RV-BTY-4",
        (
            "A city or fortress shelters 5 units plus any number of nobles. With up to 5 units inside, it must be"
            " besieged before a storm may be called; with more, those units can be attacked in a field battle. "
            "(This settles the seed's open case of exactly 5: siege.)"
        ),
        "ochranu pro 5 jednotek + neomezený počet šlechticů. Pokud se v nich nachází jednotek do tohoto počtu…",
        "https://www.cedofan.cz/mesta-a-pevnosti-rv/",
        "§3.2 Which battle happens (BTY)",
    ),
    Rule(
        "RV-FLD-1",
        "Each side's strength is the sum of the strengths (dice) of all units of all banners that meet.",
        "Síla každé strany je rovna součtu sil všech jednotek všech praporů, které se setkají.",
        "003_f8660263657a3e7d.txt",
        "§3.3 Field battle (FLD)",
    ),
    Rule(
        "RV-FLD-2",
        "Strength = number of dice. The hits (dice showing 5 or 6) are the losses, applied by RV-DICE-3..5.",
        "Síla armád je rovna počtu kostek … Zásahy … znamenají počet ztrát.",
        "003_f8660263657a3e7d.txt",
        "§3.3 Field battle (FLD)",
    ),
    Rule(
        "RV-FLD-3",
        (
            "Units of several allied armies in a city support each other in its defence (all of them roll and all"
            " take the hits)."
        ),
        "Pokud se nalézají ve městě jednotky více spojeneckých armád, tak se … vzájemně při obraně podporují.",
        "003_f8660263657a3e7d.txt",
        "§3.3 Field battle (FLD)",
    ),
    Rule(
        "RV-FLD-4",
        "The winner is the side with more units after the fight.",
        "Vítězem je ten, kdo má po zteči více jednotek.",
        "003_f8660263657a3e7d.txt",
        "§3.3 Field battle (FLD)",
    ),
    Rule(
        "RV-FLD-5",
        "The losing army's survivors withdraw to the nearest friendly city or city they own.",
        "Přeživší z poražené armády se stahují do nejbližšího spřáteleného města/města ve vlastnictví.",
        "003_f8660263657a3e7d.txt",
        "§3.3 Field battle (FLD)",
    ),
    Rule(
        "RV-FLD-6",
        "A retreat costs no resources.",
        "Za ústup se neplatí suroviny.",
        "003_f8660263657a3e7d.txt",
        "§3.3 Field battle (FLD)",
    ),
    Rule(
        "RV-LOOT-1",
        "The resources the losing army carried go to the winner.",
        "Suroviny, které sebou armáda prohrané strany nesla, připadnou vítězovi.",
        "003_f8660263657a3e7d.txt",
        "§3.4 Loot (LOOT)",
    ),
    Rule(
        "RV-LOOT-2",
        "Their value is sent to the winner secretly on a slip; the winner adds it to its house or imperial stocks.",
        (
            "Jejich hodnota je poslána tajně na lístečku vítězi bitvy, který si ji přičte ke svým panským/říšským"
            " zásobám."
        ),
        "003_f8660263657a3e7d.txt",
        "§3.4 Loot (LOOT)",
    ),
    Rule(
        "RV-LOOT-3",
        "The loser loses the resources it kept with that noble.",
        "Poražený o suroviny, které měl u daného šlechtice, přichází.",
        "003_f8660263657a3e7d.txt",
        "§3.4 Loot (LOOT)",
    ),
    Rule(
        "RV-SIE-1",
        (
            "A city or fortress with fewer than 5 units (up to 5, RV-BTY-4) must be besieged for at least one "
            "impulse before a storm is called."
        ),
        "musí být tato pevnost/město aspoň jeden impulz oblehnuta předtím, než je vyvolána zteč",
        "003_f8660263657a3e7d.txt",
        "§3.5 Siege (SIE)",
    ),
    Rule(
        "RV-SIE-2",
        "To start a siege, the attacking faction must have more units than the defenders.",
        "musí mít útočící frakce více jednotek než frakce obránců",
        "003_f8660263657a3e7d.txt",
        "§3.5 Siege (SIE)",
    ),
    Rule(
        "RV-SIE-3",
        (
            "The attacker must border the territory that holds the besieged city across a **passable** border. "
            "Borders through mountains or swamp do not count."
        ),
        "sousedit prostupnou hranicí - nepočítá se hranice vedoucí v horách, či bažinou",
        "003_f8660263657a3e7d.txt",
        "§3.5 Siege (SIE)",
    ),
    Rule(
        "RV-SIE-4",
        "Starting a siege costs 1 resource for all the banners and units that start it together.",
        "Započetí obléhání stojí 1 surovinu za všechny prapory a jednotky",
        "003_f8660263657a3e7d.txt",
        "§3.5 Siege (SIE)",
    ),
    Rule(
        "RV-SIE-5",
        (
            "An empty city (no defenders) must still be besieged. It then defends with 1 d6 only, and the "
            "attacker's dice are not divided. A single hit in the following storm takes the city."
        ),
        "Brání se pak pouze silou 1k6 a útočníkovi se nedělí bojová síla. Stačí, aby … dal oblehatel jeden zásah",
        "003_f8660263657a3e7d.txt",
        "§3.5 Siege (SIE)",
    ),
    Rule(
        "RV-STM-1",
        "A storm requires that the siege began in the previous impulse (RV-AMB-4).",
        "Obléhání města/pevnosti muselo začít již minulý impulz.",
        "003_f8660263657a3e7d.txt",
        "§3.6 Storm (STM)",
    ),
    Rule(
        "RV-STM-2",
        "Calling a storm costs 1 resource for all the banners and units besieging the place.",
        "Vyvolání zteče stojí 1 surovinu za všechny prapory a jednotky, které město obléhají.",
        "003_f8660263657a3e7d.txt",
        "§3.6 Storm (STM)",
    ),
    Rule(
        "RV-STM-3",
        (
            "Within the besieger's impulse the storm may be repeated until the per-impulse limit (4 + cities "
            "owned) runs out."
        ),
        "Zteč jde v průběhu hráčova impulzu opakovat, dokud nedojde limit … (4+počet měst ve vlastnictví)",
        "003_f8660263657a3e7d.txt",
        "§3.6 Storm (STM)",
    ),
    Rule(
        "RV-STM-4",
        (
            "The defender may also call a storm. It costs the defender 1 resource, the besiegers' dice are still "
            "divided by 2, and the defender may repeat it in its own impulse up to its limit."
        ),
        "Vyvolání zteče obráncem opět stojí 1 surovinu. I v tomto případě se počet kostek oblehatele dělí dvěma.",
        "003_f8660263657a3e7d.txt",
        "§3.6 Storm (STM)",
    ),
    Rule(
        "RV-STM-5",
        "The fortress or city is taken as soon as its defender has no units left.",
        "Pevnost/město je dobyto, jakmile obránce města nemá žádné jednotky.",
        "003_f8660263657a3e7d.txt",
        "§3.6 Storm (STM)",
    ),
    Rule(
        "RV-STM-6",
        (
            "If the defenders outnumber the besiegers, the besiegers withdraw to the nearest friendly or owned "
            "city and hand the defenders all the resources their general carried."
        ),
        (
            "Pokud obránci města početně přečíslí oblehatele … předají obráncům všechny suroviny, které u sebe "
            "daný generál měl."
        ),
        "003_f8660263657a3e7d.txt",
        "§3.6 Storm (STM)",
    ),
    Rule(
        "RV-STM-7",
        (
            "A battle for a city requires the storm conditions: a siege from the previous round, and a passable "
            "border between the attacker and the city's administrative region."
        ),
        "obležení z minulého kola a sousedství (prostupná hranice)",
        "003_f8660263657a3e7d.txt",
        "§3.6 Storm (STM)",
    ),
    Rule(
        "RV-CTY-1",
        "In a city battle the defender rolls the dice of its units in the city, from the unit table.",
        "Obránce města - síla jednotek ve městě viz tabulka Typy vojska.",
        "003_f8660263657a3e7d.txt",
        "§3.7 Storm arithmetic (CTY)",
    ),
    Rule(
        "RV-CTY-2",
        "In a city battle the besieging army rolls its table dice **divided by 2** (RV-AMB-5).",
        "Oblehající armáda - síla jednotek obléhající město viz tabulka Typy vojska /2.",
        "003_f8660263657a3e7d.txt",
        "§3.7 Storm arithmetic (CTY)",
    ),
    Rule(
        "RV-CTY-3",
        "In a fortress battle the besieging army rolls its table dice **divided by 3**.",
        "síla jednotek obléhající pevnost viz tabulka Typy vojska /3",
        "003_f8660263657a3e7d.txt",
        "§3.7 Storm arithmetic (CTY)",
    ),
    Rule(
        "RV-CTY-4",
        "Losses: hits are taken from the lives of all units; fewest lives first; the noble last.",
        "počet životů všech jednotek - počet zásahů … Poslední umírá šlechtic.",
        "003_f8660263657a3e7d.txt",
        "§3.7 Storm arithmetic (CTY)",
    ),
    Rule(
        "RV-CTY-5",
        (
            "A fortress taken by the Kard League is damaged and counts as a village: no defence bonus, no "
            "recruiting, no extraction, until it is rebuilt as a city (so no ÷3 and no shelter; RV-AMB-25)."
        ),
        "Chovají se tedy jako vesnice - nedávají bonus k obraně",
        "https://www.cedofan.cz/mesta-a-pevnosti-rv/",
        "§3.7 Storm arithmetic (CTY)",
    ),
    Rule(
        "RV-REL-1",
        "A friendly or own army may support the besieged place by attacking the besiegers.",
        "může zkusit napadnout oblehatele",
        "003_f8660263657a3e7d.txt",
        "§3.8 Relief of a besieged place (REL)",
    ),
    Rule(
        "RV-REL-2",
        "This is a field battle. The besieged units may join it or stay out.",
        "Jedná se o boj v poli, kterého se mohou/nemusí účastnit obléhané jednotky.",
        "003_f8660263657a3e7d.txt",
        "§3.8 Relief of a besieged place (REL)",
    ),
    Rule(
        "RV-REL-3",
        "The besiegers' dice are **not** divided in this battle.",
        "Síla obléhající armády se v tomto případě nedělí.",
        "003_f8660263657a3e7d.txt",
        "§3.8 Relief of a besieged place (REL)",
    ),
    Rule(
        "RV-REL-4",
        (
            "If the relieving side wins (more units than the besiegers after the fight), the besiegers withdraw "
            "to the nearest friendly or owned city or fortress and hand the winner all the resources their noble "
            "carried."
        ),
        "Oblehající strana se ztahuje … a předává vítězi všechny suroviny",
        "003_f8660263657a3e7d.txt",
        "§3.8 Relief of a besieged place (REL)",
    ),
    Rule(
        "RV-REL-5",
        (
            "If the besiegers win (more units after the fight), the surviving relieving units withdraw into the "
            "fortress or city they came to support, even if that takes it above 5 units."
        ),
        "Ztahují se do města/pevnosti i pokud jejich počet pak přečíslí 5.",
        "003_f8660263657a3e7d.txt",
        "§3.8 Relief of a besieged place (REL)",
    ),
    Rule(
        "RV-REL-6",
        "After a besiegers' win the besiegers carry on the siege.",
        "Oblehatelé dále pokračují v obléhání.",
        "003_f8660263657a3e7d.txt",
        "§3.8 Relief of a besieged place (REL)",
    ),
    Rule(
        "RV-REL-7",
        (
            "Unless the siege was explicitly broken off, it need not be started again, and the besieger may storm"
            " again in its impulse."
        ),
        "Nebylo-li výslovně přerušeno obléhání, tak není potřeba jej znovu započínat",
        "003_f8660263657a3e7d.txt",
        "§3.8 Relief of a besieged place (REL)",
    ),
)
