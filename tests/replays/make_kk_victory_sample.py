"""Writes `replays/samples/kard_es_korona_basic_castle_victory.sample.json`: a complete basic game won by castles.

Run from the repository root: `python -m tests.replays.make_kk_victory_sample`. The game is played through the
ruleset itself (the same `decide_action` the service calls), so the file holds only actions that are accepted;
the sample corpus test then records it through the service, re-decides and verifies it like every sample.

Felvidék plays for castles (KK-WIN-5: 7 with 3 players): in 1301 it besieges Győr, Pest and Borsod, in 1302
Fejér and Abaúj. Table dice favour the attacker (6s) and fail the defenders (1s), as a lucky table might.
The 1301 Peasant Revolt adds a royal infantry in Kunság (KK-EVENT-5); the 1302 Rainy Autumn makes Felvidék
roll before each siege and his 6s keep them going (KK-EVENT-7).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from domain.kernel import Action, Authority, Event, Game, Inputs, advance, start
from domain.platform import decide_action
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.boards import SHIPPED_BOARDS
from domain.rulesets.kard_es_korona.cards import siege_roll_due
from domain.rulesets.kard_es_korona.combat import battle_chooser
from domain.rulesets.kard_es_korona.hits import casualty_options, other, side_force
from domain.rulesets.kard_es_korona.state import ATTACKER, KKState

SEATS = ("felvidek", "erdely", "szlavonia")
_GUARD = {"cavalry": 1, "infantry": 2, "archer": 1}
GAME = {
    "ruleset": "kard_es_korona",
    "variant": "basic",
    "options": {"variant": "basic"},
    "board": "basic",
    "seats": [{"seat": s, "player": None} for s in SEATS],
    "mode": "adjudicated",
    "dice": "table",
    "visibility": "public",
    "title": "Sample: Kard és Korona, Felvidék wins by castles in 1302",
}
# KK-SETUP-7: each lord's 5 infantry, 4 archers and 3 cavalry in three counties of his province.
STARTS = {
    seat: (castle, {castle: _GUARD, second: _GUARD, third: {"cavalry": 1, "infantry": 1, "archer": 2}})
    for seat, castle, second, third in (
        ("felvidek", "pozsony", "trencsen", "nyitra"),
        ("erdely", "kolozs", "feher", "hunyad"),
        ("szlavonia", "zagrab", "varasd", "pozsega"),
    )
}
TARGET = Path(__file__).resolve().parents[2] / "replays" / "samples" / "kard_es_korona_basic_castle_victory.sample.json"


class Table:
    """A game at the table: each accepted action is kept for the sample file."""

    def __init__(self) -> None:
        created = Event(
            "GameCreated",
            {
                "game_id": "sample",
                "ruleset": KARD_ES_KORONA.id,
                "ruleset_version": KARD_ES_KORONA.version,
                "variant": "basic",
                "options": {**KARD_ES_KORONA.default_options, "variant": "basic"},
                "board": "basic",
                "seats": GAME["seats"],
                "mode": "adjudicated",
                "dice": "table",
            },
        )
        self.game: Game = start(KARD_ES_KORONA, created, SHIPPED_BOARDS["basic"])
        self.actions: list[dict[str, Any]] = []

    @property
    def state(self) -> KKState:
        state: KKState = self.game.state
        return state

    def try_(self, type: str, seat: str | None, **data: Any) -> Any:
        action = Action(type, seat, data, Authority.RECORDER)
        return decide_action(KARD_ES_KORONA, self.game, action, Inputs("2026-01-01T00:00:00Z"))

    def do(self, type: str, seat: str | None, **data: Any) -> list[Event]:
        decision = self.try_(type, seat, **data)
        assert not decision.violations, (type, seat, data, decision.violations)
        for event in decision.events:
            self.game = advance(KARD_ES_KORONA, self.game, event)
        self.actions.append({"type": type, "seat": seat, "data": data})
        return list(decision.events)

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
        for hits in battle.pending if battle is not None else ():
            if hits.chosen is None and hits.chooser is not None:
                enemy = side_force(self.state, battle, other(hits.side))  # type: ignore[arg-type]
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


def play() -> Table:
    t = Table()
    t.do("roll_for_first_player", None, dice=[6, 4, 3])  # Felvidék starts 1301
    for seat, (lord, placements) in STARTS.items():
        t.do("place_forces", seat, lord=lord, placements=placements)
    for seat, county, arm in (
        ("felvidek", "saros", "cavalry"),
        ("erdely", "zemplen", "infantry"),
        ("szlavonia", "szabolcs", "archer"),
        ("felvidek", "csanad", "cavalry"),
        ("erdely", "arad", "infantry"),
        ("szlavonia", "torontal", "archer"),
        ("felvidek", "zala", "cavalry"),
        ("erdely", "veszprem", "infantry"),
        ("szlavonia", "tolna", "archer"),
    ):
        t.do("place_neutral_piece", seat, county=county, arm=arm)

    # 1301: no income; Felvidék besieges three castles, the others take a county of their own province.
    t.do("draw_event", "felvidek", card="parasztlazadas", neutral_infantry=[{"county": "kunsag", "change": 1}])
    t.move("felvidek", "gyor", "pozsony", {"cavalry": 1, "infantry": 2})
    t.move("erdely", "torda", "feher", {"infantry": 1})
    t.move("szlavonia", "koros", "varasd", {"infantry": 1})
    t.move("felvidek", "pest", "nyitra", {"cavalry": 1, "infantry": 1, "archer": 2})
    t.do("pass", "erdely")
    t.do("pass", "szlavonia")
    t.move("felvidek", "borsod", "trencsen", {"cavalry": 1, "infantry": 2}, ["zolyom", "borsod"])
    t.do("pass", "felvidek")
    t.battles()
    assert len(t.state.castles_of("felvidek")) == 5, t.state.castles_of("felvidek")

    # 1302: Erdély passed first and starts; income and recruitment; Felvidék takes Fejér and Abaúj.
    t.do("draw_event", "erdely", card="esos_osz")
    t.do("recruit", "erdely", purchases=[{"castle": "kolozs", "arm": "infantry", "count": 1}])
    t.do("recruit", "szlavonia", purchases=[{"castle": "zagrab", "arm": "archer", "count": 1}])
    t.do("recruit", "felvidek", purchases=[{"castle": "pest", "arm": "infantry", "count": 3}])
    t.move("erdely", "doboka", "kolozs", {"infantry": 1})
    t.move("szlavonia", "valko", "pozsega", {"infantry": 1})
    t.move("felvidek", "fejer", "gyor", {"cavalry": 1, "infantry": 2})
    t.do("pass", "erdely")
    t.do("pass", "szlavonia")
    t.move("felvidek", "abauj", "borsod", {"cavalry": 1, "infantry": 2})
    t.do("pass", "felvidek")
    t.battles()
    assert t.game.meta.ended and t.game.meta.result is not None, t.state.phase
    assert t.game.meta.result["winners"] == ["felvidek"], t.game.meta.result
    return t


def main() -> None:
    table = play()
    document = {
        "description": (
            "Kard és Korona, basic map, three lords: a complete game that Felvidék wins by castles (KK-WIN-5/6). "
            "Felvidék takes Győr, Pest and Borsod in 1301 and Fejér and Abaúj in 1302: the seventh castle ends "
            "the game at once with GameEnded; a Peasant Revolt adds royal infantry and Rainy Autumn rolls precede the "
            "1302 sieges; table dice."
        ),
        "game": GAME,
        "actions": table.actions,
    }
    lines = [json.dumps(a, ensure_ascii=False) for a in table.actions]
    head = json.dumps({k: v for k, v in document.items() if k != "actions"}, ensure_ascii=False, indent=2)
    TARGET.write_text(head[:-2] + ',\n  "actions": [\n    ' + ",\n    ".join(lines) + "\n  ]\n}\n", encoding="utf-8")
    print(f"{TARGET.name}: {len(table.actions)} actions, {table.game.meta.result}")


if __name__ == "__main__":
    main()
