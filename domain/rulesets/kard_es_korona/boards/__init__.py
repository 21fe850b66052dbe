"""The boards shipped with Kard és Korona: `basic` and `advanced`, approximations of the printed map.

Each is a KK board document (`domain/rulesets/kard_es_korona/board.py`) kept as JSON next to this module,
drawn from the historical geography of the Kingdom of Hungary around 1300. A club with the printed map
uploads its exact board instead (POST /api/v1/boards) and names it when creating a game.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

_HERE = Path(__file__).parent


def _load(variant: str) -> Mapping[str, Any]:
    document: Mapping[str, Any] = json.loads((_HERE / f"{variant}.json").read_text(encoding="utf-8"))
    return document


# Loaded once at import: the documents are small and every game on a shipped board shares them.
SHIPPED_BOARDS: Mapping[str, Mapping[str, Any]] = MappingProxyType(
    {variant: _load(variant) for variant in ("basic", "advanced")}
)
