"""Rules the catalog takes from companion pages (RV-SUP, NOB, MOV, UNIT, ECO, DTH, TURN, KL, VIC)."""

from domain.kernel import Rule

RULES: tuple[Rule, ...] = (
    Rule(
        "RV-SUP-1",
        (
            "In one impulse a faction may spend on moves, storms and building at most **cities it administers + "
            "4** resources, paid from its own treasury."
        ),
        "počet měst pod správou + 4",
        "https://www.cedofan.cz/presuny-vojsk-rv/",
        "§3.9 Spending, purses and banners (SUP, NOB, MOV)",
    ),
    Rule(
        "RV-SUP-2",
        (
            "Moves on enemy territory are paid from the resources the moving noble carries in his purse; moves on"
            " home territory are paid from the main treasury."
        ),
        "Za přesuny na nepřátelském území se platí ze surovin, které si s sebou přenáší daný šlechtic.",
        "https://www.cedofan.cz/presuny-vojsk-rv/",
        "§3.9 Spending, purses and banners (SUP, NOB, MOV)",
    ),
    Rule(
        "RV-SUP-3",
        "A noble may hold resources in his purse while on home or friendly territory.",
        "Je možné mít suroviny uložené v pokladnici šlechtice",
        "https://www.cedofan.cz/presuny-vojsk-rv/",
        "§3.9 Spending, purses and banners (SUP, NOB, MOV)",
    ),
    Rule(
        "RV-SUP-4",
        (
            "A purse is refilled by returning to home territory; by two banners meeting and one noble passing "
            "resources to another, even across sub-factions and factions; or by taking a city or fortress, which "
            "makes that territory home, so moves there are again paid from the main treasury."
        ),
        "Znovunabrání surovin",
        "https://www.cedofan.cz/presuny-vojsk-rv/",
        "§3.9 Spending, purses and banners (SUP, NOB, MOV)",
    ),
    Rule(
        "RV-SUP-5",
        (
            'The independence page confirms the limit is "number of cities controlled + 4". Resources burned for '
            "independence may exceed it."
        ),
        "nad limit (počet ovládaných měst +4)",
        "https://www.cedofan.cz/vyhlaseni-nezavislosti-rv/",
        "§3.9 Spending, purses and banners (SUP, NOB, MOV)",
    ),
    Rule(
        "RV-NOB-1",
        "Units move only with a noble: a ruler, general or shade.",
        "Jednotkami jde přesouvat jen pomocí šlechticů (panovníků, generálů a stínů).",
        "https://www.cedofan.cz/typy-vojska-rv/, https://www.cedofan.cz/presuny-vojsk-rv/",
        "§3.9 Spending, purses and banners (SUP, NOB, MOV)",
    ),
    Rule(
        "RV-NOB-2",
        (
            "Banner capacity: rulers of Kard League sub-factions 10 units; the Rudern kard and the Rudern army "
            "commander 10; heads of Rudern houses up to 7 (inclusive); generals and shades up to 5 (inclusive)."
        ),
        "dokáží přesouvat armády do 7 (včetně) … Generálové a stíny … pouze do 5 jednotek (včetně)",
        "https://www.cedofan.cz/presuny-vojsk-rv/",
        "§3.9 Spending, purses and banners (SUP, NOB, MOV)",
    ),
    Rule(
        "RV-NOB-3",
        "A banner, the basic unit of movement, is a noble and all the units he moves.",
        "Jedná se o šlechtice a všechny jednotky, které pod sebou přesouvá.",
        "https://www.cedofan.cz/presuny-vojsk-rv/",
        "§3.9 Spending, purses and banners (SUP, NOB, MOV)",
    ),
    Rule(
        "RV-MOV-1",
        "A banner's move cost is set by its slowest unit. Banners travelling together each pay separately.",
        "Cena přesunu se odvíjí od nejpomalejší jednotky v praporu. … za každý platí suroviny zvlášť.",
        "https://www.cedofan.cz/presuny-vojsk-rv/",
        "§3.9 Spending, purses and banners (SUP, NOB, MOV)",
    ),
    Rule(
        "RV-MOV-2",
        (
            "Distance is measured with dividers: one step = 5 cm on the map = 150 Rudern stadia = 30 km. The unit"
            " table gives, per unit kind, how many steps 1 resource buys."
        ),
        'jeden odpich je 30 km" / „počet odpichů, které je možné udělat při zaplacení jedné suroviny',
        "https://www.cedofan.cz/obsah-hry-rv/, https://www.cedofan.cz/typy-vojska-rv/",
        "§3.9 Spending, purses and banners (SUP, NOB, MOV)",
    ),
    Rule(
        "RV-UNIT-1",
        (
            "For each unit kind the unit table gives the recruit cost, dice in battle (some kinds differ between "
            "city battles and field battles), lives and movement speed."
        ),
        "verbovací cena, počet kostek … Některé jednotky mají rozdílnou sílu při boji o město a boji v poli.",
        "https://www.cedofan.cz/typy-vojska-rv/",
        "§3.10 Units, economy and deaths (UNIT, ECO, DTH)",
    ),
    Rule(
        "RV-UNIT-2",
        "Each faction and sub-faction may build only a limited number of units.",
        "Každá frakce/podfrakce má omezený počet jednotek, které může vystavět.",
        "https://www.cedofan.cz/typy-vojska-rv/",
        "§3.10 Units, economy and deaths (UNIT, ECO, DTH)",
    ),
    Rule(
        "RV-UNIT-3",
        (
            "Flame legions cannot be recruited. They are in play from the start and can change hands through the "
            'political event card "Strzegomský požár".'
        ),
        "Plamenné legie nelze verbovat",
        "https://www.cedofan.cz/typy-vojska-rv/",
        "§3.10 Units, economy and deaths (UNIT, ECO, DTH)",
    ),
    Rule(
        "RV-UNIT-4",
        "Elephants can be recruited only in Ostius.",
        "Slony lze verbovat pouze v Ostiusu",
        "https://www.cedofan.cz/typy-vojska-rv/",
        "§3.10 Units, economy and deaths (UNIT, ECO, DTH)",
    ),
    Rule(
        "RV-UNIT-5",
        "Stínové země has no cavalry, but its infantry fights outside cities with cavalry strength.",
        "jejich pěší jednotky mají sílu při boji mimo město jako jízdní jednotky",
        "https://www.cedofan.cz/kardska-liga-rv/",
        "§3.10 Units, economy and deaths (UNIT, ECO, DTH)",
    ),
    Rule(
        "RV-UNIT-6",
        (
            "(Derived from RV-DICE-6.) Infantry has 1 life. An elephant has 3 or 4 lives: with 2 lives two "
            "elephants would have died."
        ),
        "",
        "https://www.cedofan.cz/typy-vojska-rv/",
        "§3.10 Units, economy and deaths (UNIT, ECO, DTH)",
    ),
    Rule(
        "RV-ECO-1",
        "Cities and fortresses are where resources are extracted and units recruited.",
        "Města a pevnosti umožňují získávat suroviny a verbovat jednotky.",
        "https://www.cedofan.cz/mesta-a-pevnosti-rv/",
        "§3.10 Units, economy and deaths (UNIT, ECO, DTH)",
    ),
    Rule(
        "RV-ECO-2",
        "(Inferred from RV-ECO-3.) A city yields per round either 1 resource or 1 recruited unit.",
        "",
        "https://www.cedofan.cz/kardska-liga-rv/",
        "§3.10 Units, economy and deaths (UNIT, ECO, DTH)",
    ),
    Rule(
        "RV-ECO-3",
        (
            "Jezerní město, capital of the Western Kardship, yields 2 resources instead of 1, or 2 recruits "
            "instead of 1, or 1 resource and 1 recruit."
        ),
        "získává 2 suroviny místo jedné … verbovat dvě jednotky místo jedné",
        "https://www.cedofan.cz/kardska-liga-rv/",
        "§3.10 Units, economy and deaths (UNIT, ECO, DTH)",
    ),
    Rule(
        "RV-ECO-4",
        (
            "In the first round every city extracts resources automatically, and no weather or political cards "
            "are turned."
        ),
        "Ve všech městech jsou automaticky během prvního kola těženy suroviny.",
        "https://www.cedofan.cz/prubeh-1-kola-6-hracu/",
        "§3.10 Units, economy and deaths (UNIT, ECO, DTH)",
    ),
    Rule(
        "RV-ECO-5",
        (
            "In imperial cities the kard decides between recruiting and collecting resources for the imperial "
            "treasury. Recruits are paid from that treasury, and only imperial units may be recruited there."
        ),
        "Kard rozhoduje, zdali se budou ve městě verbovat jednotky, či získávat suroviny",
        "https://www.cedofan.cz/typy-mest-rv/",
        "§3.10 Units, economy and deaths (UNIT, ECO, DTH)",
    ),
    Rule(
        "RV-ECO-6",
        (
            "An imperial city allows one imperial general, costing 3 resources; at most 3 imperial generals may "
            "be on the map."
        ),
        "stojí 3 suroviny. Maximálně může mít říše 3 říšské generály",
        "https://www.cedofan.cz/typy-mest-rv/",
        "§3.10 Units, economy and deaths (UNIT, ECO, DTH)",
    ),
    Rule(
        "RV-ECO-7",
        (
            "Shades (generals of Stínové země) cost nothing. Kalamé, the kardka of Stínové země, summons at most "
            "1 per turn where she stands; at most 3 shades may be on the map."
        ),
        "Vytvoření generálů nic nestojí … Maximálně mohou být na herní ploše 3 stíny",
        "https://www.cedofan.cz/kardska-liga-rv/",
        "§3.10 Units, economy and deaths (UNIT, ECO, DTH)",
    ),
    Rule(
        "RV-ECO-8",
        (
            "Once per round the kard may levy an extraordinary tax: 1 resource from every imperial city. For each"
            " such city roll 1 d6: a 5 kills 1 unit there and a 6 kills 2. A city left without units turns "
            "neutral."
        ),
        "Padne-li 5, tak v nepokojích zahynula jedna jednotka. Pokud padne 6, tak … padly jednotky 2.",
        "https://www.cedofan.cz/kard-rv/",
        "§3.10 Units, economy and deaths (UNIT, ECO, DTH)",
    ),
    Rule(
        "RV-DTH-1",
        (
            "When the head of a Rudern house or of the Gracujští dies, a new ruler appears at the end of the "
            "round in the house city (Katzowicové: Kiertz; Gliviciové: Knorów; Uradiové: Cieszin; Svebodští: "
            "Svebod), or in Rudern if the house does not hold that city. It costs nothing and may trigger a "
            "council vote."
        ),
        "se na konci kola objeví nový panovník ve svém panském městě",
        "https://www.cedofan.cz/typy-vojska-rv/",
        "§3.10 Units, economy and deaths (UNIT, ECO, DTH)",
    ),
    Rule(
        "RV-DTH-2",
        (
            "Dead rulers of Kard League sub-factions return at the end of the round to their capitals, free. They"
            " always escape, though they lose all their units and generals."
        ),
        "Mrtví panovníci podfrakcí Kardské ligy se navrací na konci kola do svých hlavních měst.",
        "https://www.cedofan.cz/typy-vojska-rv/",
        "§3.10 Units, economy and deaths (UNIT, ECO, DTH)",
    ),
    Rule(
        "RV-TURN-1",
        (
            "The game runs in rounds, in which every player plays, and impulses, in each of which one player is "
            "on the move."
        ),
        "Hra se člení na kola … a impuls, kdy je na tahu konkrétní hráč.",
        "https://www.cedofan.cz/herni-principy-rv/",
        "§3.11 Rounds and impulses (TURN)",
    ),
    Rule(
        "RV-TURN-2",
        (
            "Each round: (1) resolve the political event cards still running from last round; (2) turn a new "
            "weather card and resolve it; (3) turn two political event cards and resolve them, holding council "
            "elections here when needed; (4) if Robert's body is already in Rudern, lower the influence target by"
            " 1; (5) the impulses."
        ),
        "Průběh kola",
        "https://www.cedofan.cz/herni-principy-rv/",
        "§3.11 Rounds and impulses (TURN)",
    ),
    Rule(
        "RV-TURN-3",
        (
            "Impulse order: the Kard League first, its sub-factions in the fixed order Stínové země, Západní "
            "kardství, Emora, Tragia, Ostius, Bystria, skipping any not yet active. Then the Gracujští, unless "
            "they have joined Rudern, in which case they play in the slot of their council office. Then the "
            "Rudern offices: kard, treasurer, army commander, sermo, umbro. An empty office is skipped, and "
            "losing an office during the round does not change this round's order."
        ),
        "Impulz Kardské ligy … Impulz karda … pokladníka … velitele vojsk … serma … umbra",
        "https://www.cedofan.cz/herni-principy-rv/, https://www.cedofan.cz/prubeh-1-kola-6-hracu/",
        "§3.11 Rounds and impulses (TURN)",
    ),
    Rule(
        "RV-TURN-4",
        (
            "First round: each faction other than the Kard League draws its house head at random from 5 and shows"
            " it. No weather or political cards. Order: Kard League (Stínové země, then Západní kardství), "
            "Gracuja, Katzowicové, Gliviciové, Uradiové, Svebodští."
        ),
        "První kolo nejsou otáčeny karty počasí ani karty politických událostí.",
        "https://www.cedofan.cz/prubeh-1-kola-6-hracu/",
        "§3.11 Rounds and impulses (TURN)",
    ),
    Rule(
        "RV-TURN-5",
        (
            "Council offices at the start: Katzowicové treasurer, Gliviciové army commander, Uradiové sermo, "
            "Svebodští umbro. There is no kard at the start."
        ),
        "Katzowicové - pokladník, Gliviciové - velitel vojsk, Uradiové - sermo, Svebodští - umbro",
        "https://www.cedofan.cz/rudernska-rada-rv/, https://www.cedofan.cz/kard-rv/",
        "§3.11 Rounds and impulses (TURN)",
    ),
    Rule(
        "RV-KL-1",
        "Kard League sub-factions keep separate treasuries.",
        "mají rozdělené pokladnice",
        "https://www.cedofan.cz/kardska-liga-rv/",
        "§3.12 Kard League cooperation, victory and influence (KL, VIC)",
    ),
    Rule(
        "RV-KL-2",
        "They may support each other in field battles and in city battles.",
        "se mohou podporovat se při bitvách v poli i ve městech",
        "https://www.cedofan.cz/kardska-liga-rv/",
        "§3.12 Kard League cooperation, victory and influence (KL, VIC)",
    ),
    Rule(
        "RV-KL-3",
        (
            "A storm must be called by the sub-faction that meets the storm conditions. The city taken goes to "
            "the sub-faction that called the last storm."
        ),
        "Dobyté město připadá frakci, jež vyvolala poslední zteč.",
        "https://www.cedofan.cz/kardska-liga-rv/",
        "§3.12 Kard League cooperation, victory and influence (KL, VIC)",
    ),
    Rule(
        "RV-KL-4",
        "A general of one sub-faction cannot move the units of another.",
        "Generál jedné frakce nemůže hýbat jednotkami jiné frakce.",
        "https://www.cedofan.cz/kardska-liga-rv/",
        "§3.12 Kard League cooperation, victory and influence (KL, VIC)",
    ),
    Rule(
        "RV-VIC-1",
        (
            'A battle is "won", for influence, by the side with more units after the storm or fight. The page\'s '
            "example: defender 5 units, attacker 15; the defender scores 10 hits and the attacker 1; the attacker"
            " wins with 5 survivors to 4."
        ),
        "Vítězná bitva je ta, která skončí tak, že po zteči má daná strana více jednotek.",
        "https://www.cedofan.cz/souhrn-ziskavani-bodu-vlivu-rv/",
        "§3.12 Kard League cooperation, victory and influence (KL, VIC)",
    ),
    Rule(
        "RV-VIC-2",
        "Influence once gained cannot be lost.",
        "O získané vlivy nejde přijít.",
        "https://www.cedofan.cz/souhrn-ziskavani-bodu-vlivu-rv/",
        "§3.12 Kard League cooperation, victory and influence (KL, VIC)",
    ),
    Rule(
        "RV-VIC-3",
        (
            "The first to reach 25 influence wins. Once Robert's body has been brought to Rudern, the target "
            "drops by 1 every round."
        ),
        "Ten, kdo poprvé dosáhne vlivnosti 25 vyhrál.",
        "https://www.cedofan.cz/pribeh-rv2/",
        "§3.12 Kard League cooperation, victory and influence (KL, VIC)",
    ),
    Rule(
        "RV-VIC-4",
        "The Kard League wins by seizing Robert's dead body; the game then ends.",
        "Cílem Kardské ligy je ukořistit Robertovo mrtvé tělo.",
        "https://www.cedofan.cz/kardska-liga-rv/",
        "§3.12 Kard League cooperation, victory and influence (KL, VIC)",
    ),
)
