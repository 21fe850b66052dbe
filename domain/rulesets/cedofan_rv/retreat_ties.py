"""RV-AMB-10: withdrawals to one of equally near places that their owner may still redirect (`choose_retreat`).

A seat keeps every such tie of the round, oldest first: one action may withdraw its pieces from several places at
once (the end of an alliance, besiegers standing in several regions), and "the owner breaks ties" of each. A tie
is (the pieces that withdrew, where they went, the equally near places). **Decision:** `choose_retreat`'s
`pieces` names the withdrawal (all of them withdrew in it) and the whole withdrawal goes, as it went, together;
without `pieces` it means the seat's last tie, as it did while a seat kept only that one. State documents and
positions written then hold one tie per seat (an object): they read as a list of that one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, Protocol

Tie = tuple[tuple[str, ...], str, tuple[str, ...]]
Ties = Mapping[str, tuple[Tie, ...]]


class _Placed(Protocol):
    """What a tie needs of a piece (state.Piece): where it stands."""

    @property
    def area(self) -> str: ...


def tie_opened(ties: Ties, seat: str, tie: Tie) -> dict[str, tuple[Tie, ...]]:
    """The seat's ties with this one last; an earlier one of any of its pieces is over (they withdrew again)."""
    kept = tuple(t for t in ties.get(seat, ()) if not set(t[0]) & set(tie[0]))
    return {**ties, seat: (*kept, tie)}


def tie_closed(ties: Ties, seat: str, pieces: list[str]) -> dict[str, tuple[Tie, ...]]:
    """The seat's ties without the one these pieces withdrew in (without its last when none of them did)."""
    own = ties.get(seat, ())
    left = tuple(t for t in own if not set(t[0]) & set(pieces))
    if len(left) == len(own):
        left = own[:-1]
    rest = {s: t for s, t in ties.items() if s != seat}
    return {**rest, seat: left} if left else rest


def ties_standing(ties: Ties, pieces: Mapping[str, _Placed]) -> Ties:
    """The ties whose pieces still stand where they withdrew to, without those of them lost since (`ties` itself
    when nothing changed). **Decision:** a withdrawal whose pieces moved on, or were all lost, stands: it is no
    longer its owner's to redirect (RV-AMB-10) and leaves the state then, not at the round's end."""
    kept: dict[str, tuple[Tie, ...]] = {}
    for seat, own in ties.items():
        left = []
        for withdrew, went, places in own:
            standing = tuple(p for p in withdrew if p in pieces)
            if standing and all(pieces[p].area == went for p in standing):
                left.append((standing, went, places))
        if left:
            kept[seat] = tuple(left)
    return ties if kept == ties else kept


def tie_named(own: tuple[Tie, ...], named: Any) -> Tie | None:
    """The tie whose withdrawal `named` (choose_retreat's `pieces`) lists pieces of; None names the last."""
    if named is None:
        return own[-1] if own else None
    if not isinstance(named, list) or not named or not all(isinstance(p, str) for p in named):
        return None
    return next((t for t in own if set(named) <= set(t[0])), None)


def ties_json(ties: Ties) -> dict[str, list[dict[str, Any]]]:
    """The open ties by seat, each seat's oldest first."""
    return {
        seat: [{"pieces": list(pieces), "to": to, "ties": list(places)} for pieces, to, places in own]
        for seat, own in sorted(ties.items())
        if own
    }


def ties_read(document: Mapping[str, Any], tie: Callable[[Mapping[str, Any]], Tie]) -> dict[str, tuple[Tie, ...]]:
    """The open ties of a document's `retreat_ties`, a seat's one tie (older documents) or its list of them."""
    read = {str(seat): tuple(tie(t) for _, t in _listed(value)) for seat, value in document.items()}
    return {seat: own for seat, own in read.items() if own}


def tie_entries(document: Mapping[str, Any]) -> Iterator[tuple[tuple[str | int, ...], str, Mapping[str, Any]]]:
    """(JSON pointer parts, seat, tie) of each tie a position's `retreat_ties` holds, in either shape."""
    for seat, value in document.items():
        for index, tie in _listed(value):
            yield ("retreat_ties", seat, *(() if index is None else (index,))), seat, tie


def _listed(value: Any) -> list[tuple[int | None, Any]]:
    """(index, tie) of a seat's ties; an older document's single tie has no index."""
    return [(None, value)] if isinstance(value, Mapping) else list(enumerate(value))
