"""Kard és Korona (Sword and Crown): 2-6 lords of Hungary in the interregnum of 1301-1308/1312."""

from domain.rulesets.kard_es_korona.ruleset import KARD_ES_KORONA, KARD_ES_KORONA_1_0_0, VERSIONS

__all__ = ["KARD_ES_KORONA", "KARD_ES_KORONA_1_0_0", "VERSIONS"]
