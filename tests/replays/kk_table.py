"""A Kard és Korona game played through the ruleset itself, for the scripts that write sample games.

Each accepted action (and each sealed bid) is kept in the form `replays/samples/*.sample.json` uses, so a
sample holds only what the rules accept; the sample corpus test then records it through the service,
re-decides and verifies it. Table dice are chosen by the script: the attacker's all 6, the defender's all 1,
as a lucky table might roll.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from domain.kernel import Action, Authority, Decision, Event, Game, Inputs, advance, start
from domain.platform import decide_action, decide_reveal, decide_seal
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.battle_order import battle_chooser
from domain.rulesets.kard_es_korona.boards import SHIPPED_BOARDS
from domain.rulesets.kard_es_korona.cards import siege_roll_due
from domain.rulesets.kard_es_korona.hits import casualty_options, other, side_force
from domain.rulesets.kard_es_korona.state import ATTACKER, KKState

SAMPLES = Path(__file__).resolve().parents[2] / "replays" / "samples"
_NOW = "2026-01-01T00:00:00Z"


def game_document(variant: str, seats: tuple[str, ...], title: str) -> dict[str, Any]:
    """The sample's `game` member: what `POST /games` receives."""
    return {
        "ruleset": "kard_es_korona",
        "variant": variant,
        "options": {"variant": variant},
        "board": variant,
        "seats": [{"seat": s, "player": None} for s in seats],
        "mode": "adjudicated",
        "dice": "table",
        "visibility": "public",
        "title": title,
    }


def created_event(variant: str, seats: tuple[str, ...], game_id: str = "sample") -> Event:
    """The `GameCreated` of a table-dice game on the shipped board of `variant`, with the default options."""
    return Event(
        "GameCreated",
        {
            "game_id": game_id,
            "ruleset": KARD_ES_KORONA.id,
            "ruleset_version": KARD_ES_KORONA.version,
            "variant": variant,
            "options": {**KARD_ES_KORONA.default_options, "variant": variant},
            "board": variant,
            "seats": [{"seat": s, "player": None} for s in seats],
            "mode": "adjudicated",
            "dice": "table",
            "dice_commitment": None,
            "visibility": "public",
        },
    )


class Table:
    """A game at the table on a shipped board; `steps` are the sample's actions and sealed bids."""

    def __init__(self, variant: str, seats: tuple[str, ...]) -> None:
        created = created_event(variant, seats)
        self.game: Game = start(KARD_ES_KORONA, created, SHIPPED_BOARDS[variant])
        self.steps: list[dict[str, Any]] = []

    @property
    def state(self) -> KKState:
        state: KKState = self.game.state
        return state

    def try_(self, type: str, seat: str | None, **data: Any) -> Decision:
        action = Action(type, seat, data, Authority.RECORDER)
        return decide_action(KARD_ES_KORONA, self.game, action, Inputs(_NOW))

    def do(self, type: str, seat: str | None, **data: Any) -> list[Event]:
        decision = self.try_(type, seat, **data)
        assert not decision.violations, (type, seat, data, decision.violations)
        self._apply(decision)
        self.steps.append({"type": type, "seat": seat, "data": data})
        return list(decision.events)

    def seal_round(self, amounts: dict[str, int]) -> list[Event]:
        """Every eligible seat seals its bid in the election's open round; the last seal reveals them all."""
        election = self.state.election
        assert election is not None and election.round is not None, "no sealed round is open"
        round_id = election.round
        completed = None
        for seat, amount in amounts.items():
            decision, completed = decide_seal(
                KARD_ES_KORONA, self.game, seat, round_id, {"amount": amount}, _salt(seat)
            )
            assert not decision.violations, (seat, amount, decision.violations)
            self._apply(decision)
            self.steps.append({"sealed": {"seat": seat, "round": round_id, "payload": {"amount": amount}}})
        assert completed is not None, f"not every eligible seat sealed in {round_id}"
        secrets = {seat: ({"amount": amount}, _salt(seat)) for seat, amount in amounts.items()}
        reveal = decide_reveal(KARD_ES_KORONA, self.game, completed, secrets, Inputs(_NOW))
        assert not reveal.violations, reveal.violations
        self._apply(reveal)
        return list(reveal.events)

    def _apply(self, decision: Decision) -> None:
        for event in decision.events:
            self.game = advance(KARD_ES_KORONA, self.game, event)

    def fight(self) -> None:
        """One exchange: the attacker's dice all 6, the defender's all 1 (found from a trial roll's groups)."""
        battle = self.state.battle(self.state.current_battle)
        assert battle is not None
        trial = self.try_("fight_exchange", battle.attacker, dice=[6] * 40)
        rolled = next(v for v in trial.violations if v.rule_id == "CORE-DICE-1").details["rolled"]
        trial = self.try_("fight_exchange", battle.attacker, dice=[6] * rolled)
        groups = next(e for e in trial.events if e.type == "ExchangeRolled").data["groups"]
        faces = [6 if g["side"] == ATTACKER else 1 for g in groups for _ in g["faces"]]
        self.do("fight_exchange", battle.attacker, dice=faces)
        self.assign()

    def assign(self) -> None:
        battle = self.state.battle(self.state.current_battle)
        if battle is None:
            return None
        for hits in battle.pending:
            if hits.chosen is None and hits.chooser is not None:
                enemy = side_force(self.state, battle, other(hits.side))
                _, options = casualty_options(hits.targets, enemy)
                self.do("assign_casualties", hits.chooser, side=hits.side, casualties=options[0].to_json())
                return self.assign()
        return None

    def battles(self) -> None:
        """Every battle of the phase, the chooser picking his in id order."""
        while self.state.phase == "battle" and not self.game.meta.ended:
            if self.state.current_battle is None:
                chooser, mine = battle_chooser(self.state)
                assert chooser is not None
                self.do("select_battle", chooser, battle=sorted(b.id for b in mine)[0])
                continue
            due = siege_roll_due(self.state)
            if due is not None:  # KK-EVENT-7: Esős ősz; a 6 keeps the siege going
                self.do("roll_event_die", due.attacker, dice=[6])
                continue
            self.fight()

    def move(self, seat: str, to: str, origin: str, units: dict[str, int], path: list[str] | None = None) -> None:
        self.do("move", seat, to=to, groups=[{"from": origin, "units": units, "path": path or [to]}])


def _salt(seat: str) -> str:
    return hashlib.sha256(f"sample:{seat}".encode()).hexdigest()


def write_sample(target: Path, description: str, game: dict[str, Any], steps: list[dict[str, Any]]) -> None:
    """The sample file: the header indented, one step per line (short diffs when a script changes). It names the
    ruleset version the steps were played under, which `annals samples load` plays them under."""
    lines = [json.dumps(step, ensure_ascii=False) for step in steps]
    header = {"description": description, "ruleset_version": KARD_ES_KORONA.version, "game": game}
    head = json.dumps(header, ensure_ascii=False, indent=2)
    target.write_text(head[:-2] + ',\n  "actions": [\n    ' + ",\n    ".join(lines) + "\n  ]\n}\n", encoding="utf-8")
