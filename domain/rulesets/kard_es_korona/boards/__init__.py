"""The boards shipped with Kard és Korona: `basic` and `advanced`, approximations of the printed map.

Each is a KK board document (`domain/rulesets/kard_es_korona/board.py`) kept as JSON next to this module,
drawn from the historical geography of the Kingdom of Hungary around 1300. A club with the printed map
uploads its exact board instead (POST /api/v1/boards) and names it when creating a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from domain.shipped_data import shipped_json

# Loaded once at import by the shipped-data loader: every game on a shipped board shares the document.
SHIPPED_BOARDS: Mapping[str, Mapping[str, Any]] = MappingProxyType(
    {variant: shipped_json(__name__, f"{variant}.json") for variant in ("basic", "advanced")}
)
