"""The names notation reads for the ids cedofan_kards_bs's events carry: factions and kards as the catalog writes
them (Západní kardství, Stínové země; Jaromír, Kalamé), areas and cities by the board's names (Jezerní město,
Heráň), units counted by kind, and an army by its kard ("Robert's army") or, without one, by its faction and where
it stands ("the Západní kardství army in Heráň"). An id the game does not know is read as itself.

**Decision:** the board names no army (its ids, "z-heran", are the recorder's), so an army reads as the table sees
it: the kard who leads it, else its faction's army where it stands before the event, with its id only when another
army of that faction without a kard stands there too. An area the board leaves unnamed reads as the table finds it
on the map: a region by its city ("Heráň's lands", as the shipped board names Jezerní město's), a city by its
region ("the city in Heráň"), another area or a sea by the named areas it borders ("the region between Lomen and
Rotstain"); only one that borders no named area reads as its id."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from domain.rulesets.cedofan_kards_bs.board import NEUTRAL
from domain.rulesets.cedofan_kards_bs.options import UNIT_KINDS
from domain.rulesets.cedofan_kards_bs.state import Army, KbsState

# The catalog's factions (KBS header) and kards (KBS-LDR-1/2), as the seed writes them.
FACTION_NAMES: Mapping[str, str] = {
    "zapad": "Západní kardství",
    "rudern": "Rudern",
    "stiny": "Stínové země",
    "ostius": "Ostius",
    "kerdurin": "Kerdurin",
    "baria": "Baria",
    NEUTRAL: "neutral",
}
KARD_NAMES: Mapping[str, str] = {
    "robert": "Robert",
    "rim": "Rim",
    "kalame": "Kalamé",
    "petros": "Petros",
    "jaromir": "Jaromír",
}
# A unit kind, one and many (KBS-MOV-1's figures).
_KINDS: Mapping[str, tuple[str, str]] = {
    "army": ("army unit", "army units"),
    "fanatic": ("fanatic", "fanatics"),
    "ship": ("ship", "ships"),
    "catapult": ("catapult", "catapults"),
    "shade": ("shade", "shades"),
    "giant": ("giant", "giants"),
    "fire_sword": ("fire sword", "fire swords"),
}


def faction(seat: Any) -> str:
    """A faction by name: "zapad" reads "Západní kardství"."""
    return FACTION_NAMES.get(str(seat), str(seat)) if seat else "nobody"


def kard(leader: Any) -> str:
    """A kard by name: "jaromir" reads "Jaromír"."""
    return KARD_NAMES.get(str(leader), str(leader))


def kards(leaders: Iterable[Any]) -> str:
    """Kards by name, joined with "and"."""
    return _and([kard(leader) for leader in leaders])


def area(state: KbsState, area_id: Any) -> str:
    """An area or city by the board's name; an unnamed one by its city, its region or the areas it borders."""
    text = str(area_id)
    if (name := _named(state, text)) or text not in state.map.board.areas_by_id:
        return name or text
    kbs_map = state.map
    city = kbs_map.cities.get(text)
    if city is not None and (region := _named(state, city.admin_region)):
        return f"the city in {region}"
    ruled = sorted(name for c in kbs_map.cities.values() if c.admin_region == text and (name := _named(state, c.id)))
    if ruled:
        return f"{_and(ruled)}'s lands"
    around = sorted({name for other, _ in kbs_map.neighbours(text) if (name := _named(state, other))})
    if not around:
        return text
    what = "the sea" if kbs_map.kinds.get(text) == "sea" else "the region"
    return f"{what} between {_and(around)}" if len(around) > 1 else f"{what} by {around[0]}"


def _named(state: KbsState, area_id: str) -> str:
    found = state.map.board.areas_by_id.get(area_id)
    return found.name or "" if found is not None else ""


def army(state: KbsState, army_id: Any) -> str:
    """An army as the table sees it: "Robert's army", or "the Západní kardství army in Heráň"."""
    found = state.armies.get(str(army_id))
    if found is None:
        return str(army_id)
    if found.leaders:
        return army_title(state, found)
    named = f"{army_title(state, found)} in {area(state, found.at)}"
    return f"{named} ({found.id})" if _has_twin(state, found) else named


def army_title(state: KbsState, found: Army, with_twin: bool = False) -> str:
    """An army without its place: "Robert's army", "the Západní kardství army" (`with_twin`: its id too when
    another army of the faction without a kard stands beside it)."""
    if found.leaders:
        return f"{kards(found.leaders)}'s army"
    owner = "the neutral" if found.owner == NEUTRAL else f"the {faction(found.owner)}"
    return f"{owner} army {found.id}" if with_twin and _has_twin(state, found) else f"{owner} army"


def _has_twin(state: KbsState, found: Army) -> bool:
    beside = [a for a in state.armies.values() if (a.owner, a.at) == (found.owner, found.at) and not a.leaders]
    return len(beside) > 1


def armies(state: KbsState, army_ids: Iterable[Any]) -> str:
    """Armies by name, joined with "and"."""
    return _and([army(state, a) for a in army_ids]) or "no army"


def units(counts: Any) -> str:
    """Units counted by kind ("3 army units, 2 fanatics"); a kind the game does not know as itself."""
    if not isinstance(counts, Mapping) or not counts:
        return "nothing"
    order = sorted(counts, key=lambda k: (UNIT_KINDS.index(k) if k in UNIT_KINDS else len(UNIT_KINDS), str(k)))
    return ", ".join(_counted(kind, counts[kind]) for kind in order)


def _counted(kind: Any, count: Any) -> str:
    one, many = _KINDS.get(str(kind), (str(kind), str(kind)))
    return f"{count} {one if count == 1 else many}"


def _and(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} and {parts[-1]}"
