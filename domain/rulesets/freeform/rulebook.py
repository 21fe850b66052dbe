"""The few rules `freeform` enforces: well-formed actions, dice counts, sealed rounds."""

from collections.abc import Mapping

from domain.kernel import Rule

_SOURCE = "freeform"

RULEBOOK: Mapping[str, Rule] = {
    rule.id: rule
    for rule in (
        Rule(
            "FF-ACTION-1",
            "An action type is snake_case: a lower-case letter, then up to 63 lower-case letters, digits or '_'.",
            section="actions",
            source_file=_SOURCE,
        ),
        Rule(
            "FF-ACTION-2",
            "An action's data is a JSON object of at most 64 KiB (canonical JSON).",
            section="actions",
            source_file=_SOURCE,
        ),
        Rule(
            "FF-ACTION-3",
            "The platform's action names (adjust, add_client_seed, end_game) and this ruleset's roll and "
            "open_sealed keep their meaning and cannot be recorded as plain actions.",
            section="actions",
            source_file=_SOURCE,
        ),
        Rule(
            "FF-ROLL-1",
            "A roll names how many six-sided dice are rolled: 'count' from 1 to 100.",
            section="dice",
            source_file=_SOURCE,
        ),
        Rule(
            "FF-SEAL-1",
            "A sealed round has a name never used before in the game (1-64 of a-z, 0-9, '_', '-', '.', starting "
            "with a letter or digit) and names seats of the game (default: all seats).",
            section="sealed submissions",
            source_file=_SOURCE,
        ),
        Rule(
            "FF-SEAL-2",
            "A sealed payload is any JSON value of at most 64 KiB.",
            section="sealed submissions",
            source_file=_SOURCE,
        ),
        Rule(
            "FF-POSITION-1",
            "A position names only seats of the game: each seat's last action belongs to a seat the game has.",
            section="positions",
            source_file=_SOURCE,
        ),
        Rule(
            "FF-POSITION-2",
            "A position's action count is the sum of its counts by type, and each seat's last action has a "
            "number from 1 to that count, no two seats the same.",
            section="positions",
            source_file=_SOURCE,
        ),
        Rule(
            "FF-POSITION-3",
            "Each seat's last action is of a type the position counts, with data as an action has it (FF-ACTION-2).",
            section="positions",
            source_file=_SOURCE,
        ),
    )
}
