# ruff: noqa: E501 - the catalog's statements and the seed's quotes are kept whole, one line each
"""Catalog rules LORD-5..9, ELIM, VASSAL and CAPTIVE of ../shared/rules/kard-es-korona.md.

The lords after a battle: the duel, the winner's extra step, defeat and elimination, fealty and captivity. Each entry: (rule id, the catalog's English statement, the seed's Hungarian quote, section and seed
lines)."""

RULES: tuple[tuple[str, str, str, str], ...] = (
    (
        "KK-LORD-5",
        "The lords' duel. If two lord-led armies fight and the last exchange kills every unit on both sides, the two lords fight a duel. Each duel round, both lords roll one die, both fighting as knights. A lord wins only when **he alone** rolls a 6. If both roll 6, or neither does, the round is void and is repeated. The loser is beheaded.",
        "Mindketten lovagként küzdenek, csak hatos dobással győzedelmeskedhetnek a másik fölött, és a küzdelem jellegére tekintettel az együttes találat nem számít. … Addig folyik a harc, amíg egyikük egyedül nem tud hatot dobni",
        "§3.13 LORD (L200)",
    ),
    (
        "KK-LORD-6",
        "Duel modifiers. No modifier applies in a duel: Szüret's +1 for an attacking lord does not apply. The reigning Judge Royal, if he is one of the duellists, may reroll one of his own duel rolls, once per duel.",
        "A Szüret eseménykártya hatása nem érvényesül (a támadó hadúr nem kap tehát +1-et), de a párviadal folyamán a regnáló országbíró egy dobását egyszer újradobhatja.",
        "§3.13 LORD (L200)",
    ),
    (
        "KK-LORD-7",
        "The duel's spoils. The duel winner takes all of the loser's territories and his entire treasury. The loser is eliminated (KK-ELIM-4…8).",
        "amivel ellenfele fejét veszi, és vele minden területét és egész vagyonát!",
        "§3.13 LORD (L200)",
    ),
    (
        "KK-LORD-8",
        "The winning lord's extra step. After the battle the winning lord may make one extra step within 4 MP. Either units from other counties move to the lord's county, or the lord moves to a county holding other units of his. Under the default this applies to lord-against-lord battles, duels included.",
        "A győztes hadúr csata után még egy, extra lépésre jogosult: seregeket mozgat más megyékből a hadúr mellé vagy őt mozgatja el más saját csapatokhoz a maximálisan rendelkezésére álló 4 mozgáspontján belül.",
        "§3.13 LORD (L202)",
    ),
    (
        "KK-LORD-9",
        "No passing through enemy territory. The extra step may not pass through or end in a county holding enemy units, nor enter a county with a pending battle.",
        "Ellenséges területen természetesen ilyenkor sem haladhat át.",
        "§3.13 LORD (L202)",
    ),
    (
        "KK-ELIM-1",
        "A defeated lord means elimination. When a lord is defeated by another player's army, his player is eliminated at once, unless (a) the lord escapes (KK-ELIM-2) or (b) the player swears fealty (KK-ELIM-3). Defeat by neutral forces leads to captivity instead (KK-CAPTIVE-1).",
        "A játékos azonnal kiesik, ha tartományura egy ütközete számára kedvezőtlenül végződik.",
        "§3.14 ELIM (L205)",
    ),
    (
        "KK-ELIM-2",
        "Escape. A defeated lord may try to escape if at least one of his own units stands in a county at distance one. Mountains, swamps and counties across a river count. The player rolls one die. On a 6 the lord escapes to that county and suffers no further consequence of the defeat. The Judge Royal may reroll this roll once.",
        "ha egy vármegyényi távolságban – beleértve a hegyeket, mocsarakat és a folyón túli területeket – van saját csapata és sikerül egy kockával 6-ost dobnia (az országbíró újradobhatja!), akkor, erre a területre sikeresen elmenekülhet!",
        "§3.14 ELIM (L205)",
    ),
    (
        "KK-ELIM-3",
        "Fealty instead of elimination. Instead of being eliminated, the defeated player may swear fealty to his conqueror and become a vassal (KK-VASSAL). Under the default the conqueror must accept.",
        "A vesztes játékosnak választhatóan ilyenkor lehetősége lehet hűbéresküt tenni legyőzőjének",
        "§3.14 ELIM (L205)",
    ),
    (
        "KK-ELIM-4",
        "The conqueror takes everything. If the defeated player does not swear fealty, the conqueror receives all of his territories and all of his money. All of his units, wherever they stand, change allegiance to the conqueror.",
        "A kiesett játékos minden seregét le kell cserélni legyőzőjéére, személyes tulajdonát (területeit és pénzét is) az őt legyőző kapja meg, ha nem vállalja a hűbéresküt. … máshol állomásozó seregei a győztes hadúrra esküsznek fel",
        "§3.14 ELIM (L207, L86)",
    ),
    (
        "KK-ELIM-5",
        "One unit per county. The eliminated player's units are **not** replaced one for one. In every county where he had units, they are all removed, and the conqueror may place one unit of his own there, of one of the arms that was present.",
        "A győztes minden újonnan elnyert vármegyébe egy-egy sereget helyezhet a sajátjaiból, ha több is volt ott korábban, akkor az egyik fajtából tehet fel egyet. … Nem szükséges tehát kicserélni a legyőzött seregeket, csak a számukat mindenhol egyre csökkenteni.",
        "§3.14 ELIM (L209, L211)",
    ),
    (
        "KK-ELIM-6",
        "Pending battles pass to the conqueror. In every county where the eliminated player still had an unresolved battle (as attacker or as defender), the conqueror places one of his units, which then fights that battle.",
        "A tartományúrnak legyőzésének pillanatában lehetnek még végre nem hajtott csatái. Ezekre a területekre is a győztes hadúr egységeiből kell egy-egy csapatot odatenni, és rájuk hárul majd a harc terhe.",
        "§3.14 ELIM (L211)",
    ),
    (
        "KK-ELIM-7",
        "Piece shortage. If the conqueror runs out of pieces, the eliminated player's pieces may stand in for his. This is physical only; the engine tracks ownership.",
        "Ha egy játékosnak elfogynának a feltehető ﬁgurái, ilyenkor erre a célra a már játékból éppen kiesett ellenfele egységeit is felhasználhatja.",
        "§3.14 ELIM (L211)",
    ),
    (
        "KK-ELIM-8",
        "Offices of a defeated lord. Every office held by a defeated lord returns to the crown and stays vacant until the next election. The conqueror does not inherit it.",
        "Ha a legyőzött tartományúr tisztséget is töltött be, az visszaszáll a koronára a következő választásig. A győztes a tisztséget automatikusan nem nyeri el tőle.",
        "§3.14 ELIM (L211)",
    ),
    (
        "KK-VASSAL-1",
        "Effects of the oath. A vassal is not eliminated. His lord figure leaves the board. He loses all offices. His whole treasury goes to the victor as spoils. He may not take part in elections. He keeps command of his remaining units and may start battles.",
        "Az őt megtestesítő ﬁgurát le kell venni a tábláról, tisztségeit elveszíti, a kincstárában lévő pénz a győztes hadizsákmánya lesz, és ezentúl a tisztségviselő választáson sem vehet részt, részleges önállóságát azonban megőrzi. Megmaradt seregei felett továbbra is megilleti a parancsnoklás jog, csatákat kezdeményezhet.",
        "§3.15 VASSAL (L213)",
    ),
    (
        "KK-VASSAL-2",
        "The liege's protection and veto. A vassal may never attack his liege. The liege may veto any battle the vassal wants to start and any surrender of the vassal's territory.",
        "Hűbérurát természetesen nem támadhatja meg, sőt a hűbérúr vétójoggal rendelkezik csatái megindításával-, illetve területei feladásával kapcsolatosan",
        "§3.15 VASSAL (L213)",
    ),
    (
        "KK-VASSAL-3",
        "A vassal without castles. A vassal still recruits under KK-RECRUIT, only in castles he controls. So a vassal with no castle can never be reinforced.",
        "Ha a hűbéres már összes várát elveszítette, nem érdemes vele hűbéresküt tetetni, hiszen vár híján erősítést már nem fog tudni kapni",
        "§3.15 VASSAL (L213)",
    ),
    (
        "KK-VASSAL-4",
        "The vassal's lands count for the liege. For the liege, the vassal's territories count as if the liege held them himself. Every castle the vassal holds counts towards the liege's victory conditions.",
        "A hűbéres által birtokolt területek a hűbérúr számára úgy számítanak, mintha maga állna rajtuk. Minden hűbéres által birtokolt vár a hűbérúr győzelmi feltételeibe is beleszámít.",
        "§3.15 VASSAL (L215)",
    ),
    (
        "KK-VASSAL-5",
        "Vassal income. The liege collects the full income of the vassal's territory in addition to his own. The vassal receives exactly half of his normal income, rounded down.",
        "Az adóbevételeket a teljes terület után kapja meg, a hűbéres csak pontosan a felét kapja meg annak, mint amennyi rendesen járna neki.",
        "§3.15 VASSAL (L215)",
    ),
    (
        "KK-VASSAL-6",
        "Separate armies. The liege and the vassal may not move into or through each other's territory, and may not fight together against another army.",
        "Egymás területén nem haladhatnak át, és nem harcolhatnak közösen sem más sereg ellen.",
        "§3.15 VASSAL (L215)",
    ),
    (
        "KK-VASSAL-7",
        "Release. If the liege falls in a battle against another lord, the vassal is freed. His lord figure returns to the board in one of his own counties, and he has the same rights as before.",
        "Ha a hűbéres hűbérura elesik egy másik hadúrral vívott ütközetben, a hűbéres felszabadul. Tartományura visszakerül a táblára egy saját vármegyébe, ugyanolyan jogokkal, mint amivel korábban rendelkezett.",
        "§3.15 VASSAL (L215)",
    ),
    (
        "KK-CAPTIVE-1",
        "Capture. A lord defeated in a battle against royal or neutral forces is not killed but captured. He is taken off the board and placed on the timeline on the year **current year + 3**. Captivity replaces elimination.",
        "Ha egy tartományúr a királyi/semleges seregekkel vívott ütközetben alulmarad, fogságba esik, le kell venni a tábláról, és az időskálára kell felhelyezni, három évvel a jelenlegi év utánra!",
        "§3.16 CAPTIVE (L83)",
    ),
    (
        "KK-CAPTIVE-2",
        "Ransom. The ransom is 2 gold florins = 20 garas, paid into the royal treasury. It may be paid at the earliest in the next recruitment phase, during the player's recruitment turn. On payment the lord returns to the board.",
        "A váltságdíj ára 2 aranyforint, azaz 20 garas, amit legkorábban a következő toborzáskor ﬁzethet be a kincstárba az érintett játékos",
        "§3.16 CAPTIVE (L83)",
    ),
    (
        "KK-CAPTIVE-3",
        "Execution. If the lord has not been ransomed when the year marker reaches the year he stands on, he is executed and his player is eliminated. Under the default the payment windows are the recruitment phases of years Y+1 and Y+2.",
        "Amíg ki nem váltják onnan, ott is marad, és, ha ez nem sikerülne addig, amíg az időskálán elérik azt az évet, ahol a hadúr áll, az életével ﬁzet, és játékosa kiesik a játékból.",
        "§3.16 CAPTIVE (L83)",
    ),
    (
        "KK-CAPTIVE-4",
        "The captive's rights. Until ransomed the player may not take part in office elections. Any office he holds is lost at once, when he is captured. In every other respect he keeps playing.",
        "aki amíg nem váltották ki, nem vehet részt tisztségviselő választáson, sőt ha valamilyen rangja volt, azt is azonnal elveszíti",
        "§3.16 CAPTIVE (L83)",
    ),
    (
        "KK-CAPTIVE-5",
        "Captivity is an exception to elimination. A captured lord can be ransomed within three years.",
        "További kivételt jelent, amikor a hadúr semleges csapatok fogságába esik, és váltságdíj ellenében három éven belül kiváltható!",
        "§3.16 CAPTIVE (L205)",
    ),
)
