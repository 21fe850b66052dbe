"""Registering a whole field at once (td18): a director's list of entrants, written all or nothing.

A list is checked entrant by entrant as `commands.register` checks one (an unknown player id, a player already
registered, a namesake of an entrant without another club or `different_person`), and also against itself (the
same player or the same name twice in the list). Any refusal refuses the whole list: nothing is written, and the
problem names every refused entrant by its index in the list, its name and the JSON pointer of the field at fault
(`/entrants/3/name`); beside a malformed entrant the rest is checked too (`with_every_refusal`), so one answer
lists them all. **Decision:** an accepted list is one append of one `PlayerRegistered` per entrant, in list
order, so the log, the projection and `annals tournament check` read it exactly as the same entrants registered
one by one; the Idempotency-Key covers the whole list.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection

from domain.tournaments.state import TournamentState
from service.auth import Principal
from service.errors import AnnalsError, Conflict, Unprocessable
from service.games import RequestContext
from service.store import players
from service.store.events import RecordedEvent
from service.tournaments import commands
from service.tournaments.naming import tournament_named
from service.wiring import Services


@dataclass(frozen=True, slots=True)
class Refusal:
    """One refused entrant of a list: where it is (`index`, `field`), who (`name`) and why."""

    index: int
    name: str
    field: str
    detail: str
    unprocessable: bool = False

    @property
    def pointer(self) -> str:
        """The JSON pointer of the field at fault in the request body."""
        return f"/entrants/{self.index}/{self.field}"

    def shown(self) -> dict[str, Any]:
        """The refusal as the problem document lists it."""
        return {"index": self.index, "name": self.name, "pointer": self.pointer, "detail": self.detail}


def register_many(
    services: Services,
    principal: Principal,
    tournament_id: str,
    entrants: Sequence[Mapping[str, Any]],
    ctx: RequestContext,
    asked: commands.Asked | None = None,
) -> list[dict[str, Any]]:
    """Register every entrant of the list, or none (409/422 naming each refused one); their `PlayerRegistered`
    data in list order."""
    principal.require(*commands.DIRECTORS)
    known = players.existing(services.engine, [str(e["player"]) for e in entrants if e.get("player")])
    ids = [str(e.get("player") or uuid.uuid4()) for e in entrants]  # a new player's id, kept across retries
    new = [(pid, e) for pid, e in zip(ids, entrants, strict=True) if not e.get("player")]

    def add_players(conn: Connection, recorded: tuple[RecordedEvent, ...]) -> None:
        listed = [(player, str(entrant["name"]), entrant.get("email")) for player, entrant in new]
        players.create_many_within(conn, listed, recorded[0].recorded_at)

    def attempt(loaded: commands.Loaded) -> list[dict[str, Any]]:
        if loaded.state.finished:
            raise Conflict(f"{tournament_named(loaded.state)} is finished", tournament=tournament_id)
        if refusals := refusals_of(services, loaded.state, entrants, known):
            _refuse(refusals, entrants)
        drafts = [
            commands.draft(
                "PlayerRegistered", {"player": p, "club": e.get("club"), "team": e.get("team")}, principal, ctx
            )
            for p, e in zip(ids, entrants, strict=True)
        ]
        result = commands.append(services, loaded, drafts, extra=add_players if new else None, asked=asked)
        return [dict(event.data) for event in result.events]

    registered: list[dict[str, Any]] = commands.retrying(services, principal, tournament_id, attempt)
    return registered


# The list's entries before the one checked, by name as `commands.same_name` compares it: (index, name, club).
Listed = dict[str, list[tuple[int, str, Any]]]


def refusals_of(
    services: Services,
    state: TournamentState,
    entrants: Sequence[Mapping[str, Any]],
    known: set[str],
    indexes: Sequence[int] | None = None,
    beside: Mapping[int, Mapping[str, Any]] | None = None,
) -> list[Refusal]:
    """Every entrant of the list that `commands.register` would refuse, or that repeats an earlier one. The
    tournament's entrants are read once and the list's entries kept by name and by player: each entrant was checked
    against every entrant and every earlier entry, with a query of all the entrants' names each time (a list of 500
    sent twice took 7 s). `indexes` are the entrants' places in the list when some of it is left out (malformed);
    `beside` the malformed ones' names and clubs by place (`shapes.named_beside`): not checked, as they are refused
    already, but an entry after one of the same name is its namesake, as it will be once the director fixes it."""
    names = players.names_of(services.engine, sorted(known))
    by_name = commands.entrants_by_name(services, state)
    active = set(state.active_players)
    first_by_player: dict[str, int] = {}
    listed: Listed = {}
    refusals: list[Refusal] = []
    at = dict(zip(range(len(entrants)) if indexes is None else indexes, entrants, strict=True))
    for index in sorted({*at, *(beside or {})}):
        if index not in at:
            malformed = (beside or {})[index]
            if shown := malformed["name"] or names.get(str(malformed["player"])):
                listed.setdefault(commands.same_name(shown), []).append((index, shown, malformed["club"]))
            continue
        entrant = at[index]
        player = None if entrant.get("player") is None else str(entrant["player"])
        name = str(entrant.get("name") or names.get(str(player), player))
        if player is not None:
            refusal = _player_refusal(player, known, active, first_by_player.setdefault(player, index), index)
            listed_as = names.get(player, "")
        else:
            refusal = _name_refusal(services, state, entrant, by_name, listed)
            listed_as = str(entrant["name"])
        if listed_as:  # a player the store does not know has no name to repeat
            listed.setdefault(commands.same_name(listed_as), []).append((index, listed_as, entrant.get("club")))
        if refusal is not None:
            refusals.append(Refusal(index, name, *refusal))
    return refusals


def with_every_refusal(
    services: Services,
    principal: Principal,
    tournament_id: str,
    well_formed: Mapping[int, Mapping[str, Any]],
    beside: Mapping[int, Mapping[str, Any]],
    count: int,
    earlier: AnnalsError,
) -> AnnalsError:
    """`earlier`, a list refused before its entrants were checked against the tournament (a malformed entrant's
    400, a CSV row naming a player by another's name), with every other entrant the check refuses added to its
    `refused` and `errors`, each with its reason: one answer lists them all, as README says, rather than a namesake
    found only on the next try. Its status stays the earlier one's; `well_formed` are the entries that load, by
    their index in the list (a malformed one is checked once it is fixed), `beside` the malformed ones' names and
    clubs (`shapes.named_beside`): an entry of the same name is refused as their namesake already. Namesakes among
    the refused are told apart in their `name` (`told_apart_refused`)."""
    principal.require(*commands.DIRECTORS)
    try:
        state = commands.retrying(services, principal, tournament_id, lambda found: found).state
    except AnnalsError:  # no such tournament (or not the caller's to read): the earlier refusal stands alone
        return earlier
    indexes = sorted(well_formed)
    listed = [well_formed[i] for i in indexes]
    known = players.existing(
        services.engine, [str(e["player"]) for e in [*listed, *beside.values()] if e.get("player")]
    )
    # A malformed entry naming a known player was quoted by its id: the director knows them by name.
    stored = players.names_of(services.engine, sorted(known))
    shown: list[dict[str, Any]] = [
        {**r, "name": stored.get(r["name"], r["name"])} if r["name"] == beside.get(r["index"], {}).get("player") else r
        for r in earlier.extra.get("refused", [])
    ]
    refused_at = {r["index"] for r in shown}
    found = refusals_of(services, state, listed, known, indexes, beside)
    more = [r for r in found if r.index not in refused_at]
    refused = told_apart_refused(
        sorted([*shown, *(r.shown() for r in more)], key=lambda r: int(r["index"])), {**beside, **well_formed}
    )
    if more:
        head, _, said = earlier.detail.partition(", nobody registered: ")
        head = f"{head} and {len(more)} other(s)" if "malformed" in head else f"{len(refused)} of {count} entrant(s)"
        earlier.detail = f"{head} refused, nobody registered: {said}"
    earlier.extra["refused"] = refused
    earlier.extra["errors"] = {
        **earlier.extra.get("errors", {}),
        **{r["pointer"]: [f"{r['name']}: {r['detail']}"] for r in refused},
    }
    return earlier


def told_apart_refused(refused: list[dict[str, Any]], entries: Mapping[int, Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A list's refused entrants named as `told_apart` names entrants on the pages: entries of one name (as
    `commands.same_name` compares it) followed by the club when the clubs tell them apart, else by the player id's
    first 8 characters; an entry of a new player has no id yet, so its place in the list stands for it
    ("Eve (entrant 0)"). `entries` are the list's entries by index (their `club` and `player`, when they load)."""
    groups: dict[str, set[int]] = {}
    for item in refused:
        groups.setdefault(commands.same_name(str(item["name"])), set()).add(int(item["index"]))
    apart: dict[int, str] = {}
    for group in (sorted(g) for g in groups.values() if len(g) > 1):
        clubs = [str(entries.get(i, {}).get("club") or "") for i in group]
        by_club = all(clubs) and len({c.casefold() for c in clubs}) == len(group)
        for index, club in zip(group, clubs, strict=True):
            player = entries.get(index, {}).get("player")
            apart[index] = club if by_club else str(player)[:8] if player else f"entrant {index}"
    return [
        {**item, "name": f"{item['name']} ({apart[item['index']]})"} if item["index"] in apart else item
        for item in refused
    ]


def _player_refusal(
    player: str, known: set[str], active: set[str], first: int, index: int
) -> tuple[str, str, bool] | None:
    """A known player's entry at `index`, the player first listed at `first`: (field, why, unprocessable) when
    refused."""
    if player not in known:
        return "player", f"no player {player!r}; register a new one by 'name'", True
    if player in active:
        return "player", "already registered in this tournament", False
    if first != index:
        return "player", f"the same player as entrant {first} of this list", False
    return None


def _name_refusal(
    services: Services,
    state: TournamentState,
    entrant: Mapping[str, Any],
    by_name: commands.EntrantsByName,
    listed: Listed,
) -> tuple[str, str, bool] | None:
    """A new player's entry: (field, why, unprocessable) when it is a namesake, of an entrant or of the list (an
    earlier entry by name, or by `player` id under its player's name, as registering one by one would find)."""
    if entrant.get("different_person"):
        return None
    try:
        commands.check_name_is_new(services, state, entrant, by_name)
    except Conflict as namesake:
        return "name", namesake.detail, False
    for other, name, club in listed.get(commands.same_name(str(entrant["name"])), ()):
        if not (club and entrant.get("club") and club != entrant["club"]):  # no two clubs to tell them apart
            told = "a different person of the same name is listed with another 'club' or with 'different_person': true"
            return "name", f"{name} is entrant {other} of this list too; {told}", False
    return None


def _refuse(refusals: Sequence[Refusal], entrants: Sequence[Mapping[str, Any]]) -> None:
    """The list's problem: 422 when an entrant cannot be applied at all (an unknown player), 409 otherwise."""
    shown = told_apart_refused([r.shown() for r in refusals], dict(enumerate(entrants)))
    first = shown[0]
    detail = (
        f"{len(refusals)} of {len(entrants)} entrant(s) refused, nobody registered: "
        f"entrant {first['index']} ({first['name']}): {first['detail']}"
    )
    errors = {r["pointer"]: [f"{r['name']}: {r['detail']}"] for r in shown}
    if any(r.unprocessable for r in refusals):
        raise Unprocessable(detail, errors, refused=shown)
    raise Conflict(detail, errors=errors, refused=shown)


def told_apart(state: TournamentState, names: Mapping[str, str]) -> dict[str, str]:
    """Each entrant's name as the pages show it (`entrant_names.js`, qatd): a name two entrants share (as
    `commands.same_name` compares it) is followed by the club when the clubs tell them apart ("Ann (Szeged)"), else
    by the player id's first 8 characters ("Gábor Kiss (62af942e)"); every other entrant is their name alone."""
    groups: dict[str, list[str]] = {}
    for player, name in names.items():
        groups.setdefault(commands.same_name(name), []).append(player)
    told: dict[str, str] = {}
    for group in groups.values():
        clubs = [str(state.entrants.get(p, {}).get("club") or "") for p in group]
        by_club = all(clubs) and len({c.casefold() for c in clubs}) == len(group)
        for player, club in zip(group, clubs, strict=True):
            apart = club if by_club else player[:8]
            told[player] = f"{names[player]} ({apart})" if len(group) > 1 else names[player]
    return told
