"""The explicit registry of rulesets: every game names a ruleset id and is pinned to its version."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Ruleset
from domain.rulesets.agot2 import AGOT2
from domain.rulesets.agot2 import VERSIONS as AGOT2_VERSIONS
from domain.rulesets.cedofan_kards_bs import CEDOFAN_KARDS_BS
from domain.rulesets.cedofan_rv import CEDOFAN_RV
from domain.rulesets.cedofan_rv import VERSIONS as CEDOFAN_RV_VERSIONS
from domain.rulesets.freeform import FREEFORM
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona import VERSIONS as KARD_ES_KORONA_VERSIONS

# Every version still able to replay a recorded game stays listed here, oldest first; the last one is current.
# A ruling change that alters what recorded games decide ships as a new version beside the old (README, "Ruleset
# versions"): games keep deciding, folding, replaying and auditing under the version they were created with.
_VERSIONS: Mapping[str, tuple[Ruleset[Any], ...]] = {
    FREEFORM.id: (FREEFORM,),
    AGOT2.id: AGOT2_VERSIONS,
    KARD_ES_KORONA.id: KARD_ES_KORONA_VERSIONS,
    CEDOFAN_KARDS_BS.id: (CEDOFAN_KARDS_BS,),
    CEDOFAN_RV.id: CEDOFAN_RV_VERSIONS,
}


class UnknownRuleset(LookupError):
    """A ruleset id (or version of it) that this build of Annals does not ship."""


def ruleset_ids() -> tuple[str, ...]:
    """The ids of every shipped ruleset."""
    return tuple(_VERSIONS)


def current(ruleset_id: str) -> Ruleset[Any]:
    """The newest version of a ruleset, for new games."""
    try:
        return _VERSIONS[ruleset_id][-1]
    except KeyError:
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r}; known: {', '.join(_VERSIONS)}") from None


def pinned(ruleset_id: str, version: str) -> Ruleset[Any]:
    """The exact ruleset version a game was created with."""
    for ruleset in _VERSIONS.get(ruleset_id, ()):
        if ruleset.version == version:
            return ruleset
    raise UnknownRuleset(f"ruleset {ruleset_id!r} version {version!r} is not shipped by this build")


def versions(ruleset_id: str) -> tuple[str, ...]:
    """Every shipped version of a ruleset, oldest first."""
    return tuple(r.version for r in _VERSIONS.get(ruleset_id, ()))


def shipped(ruleset_id: str) -> tuple[Ruleset[Any], ...]:
    """Every shipped version of a ruleset, oldest first (the last is current)."""
    return tuple(_VERSIONS.get(ruleset_id, ()))
