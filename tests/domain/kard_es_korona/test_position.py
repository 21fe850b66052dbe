"""Kard és Korona positions (issue 15, point 3): exported, validated, refused with their paths and rules, round-tripped.

The round trip is the contract of domain/positions.py: a game started from `position_of(game)` views the same as the
game for every viewer. It is run over games of the seeded random legal player (tests/replays/kk_autoplay.py) and the
shipped samples; every exported position validates against the documented schema and, between actions, breaks no
invariant. Invalid positions are worked from the rulebook and each is refused with its JSON pointer and rule id.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from domain.kernel import Action, Authority, Event, Game, Inputs, Viewer, advance, start
from domain.platform import decide_action
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.boards import SHIPPED_BOARDS
from domain.rulesets.kard_es_korona.forces import castle_limit_breaches
from domain.rulesets.kard_es_korona.state import MOVEMENT, PLACEMENT
from tests.domain.kard_es_korona.builders import set_up
from tests.domain.kard_es_korona.election_helpers import at_election, bid
from tests.domain.kard_es_korona.test_defeat import blue_defeated_by_reds_vassal
from tests.domain.kard_es_korona.test_duel_and_rerolls import duel
from tests.domain.kard_es_korona.test_elections import judge_in_a_treasurer_roll_off
from tests.domain.kard_es_korona.test_retreat import fejer_battle, siege
from tests.domain.kard_es_korona.test_turn_order import traditional
from tests.replays.kk_autoplay import Autoplayer, redecided
from tests.replays.kk_table import created_event

SAMPLES = Path(__file__).resolve().parents[3] / "replays" / "samples"
KK_SAMPLES = sorted(p.name for p in SAMPLES.glob("kard_es_korona_*.sample.json"))
VALIDATOR = Draft202012Validator(KARD_ES_KORONA.position_schema)
# Seeded random games (KK-SETUP-3/4 tables): three and four lords.
RANDOM_GAMES = (
    (("felvidek", "erdely", "szlavonia"), 1),
    (("erdely", "delvidek", "pannonia", "felvidek"), 4),
    (("felvidek", "erdely", "szlavonia"), 14),  # a captive conqueror takes over a fallen lord's pending battle
    (("tiszahat", "erdely", "szlavonia", "pannonia"), 12),  # two lords eliminated
    (("erdely", "delvidek", "pannonia", "felvidek"), 23),  # a siege leaves Pest's garrison with 4 archers of 6
)


def _viewers(game: Game) -> list[Viewer]:
    return [Viewer(), Viewer(arbiter=True), *(Viewer(seat) for seat in game.meta.seat_names())]


def _board(game: Game) -> Any:
    return game.state.board_document


def _restarted(game: Game, position: dict[str, Any]) -> Game:
    """A new game whose GameCreated carries the position (kernel.start builds it with from_position)."""
    created = created_event(str(game.meta.options["variant"]), game.meta.seat_names())
    data = {**created.data, "options": game.meta.options, "position": position}
    return start(KARD_ES_KORONA, Event("GameCreated", data), _board(game))


def _errors(game: Game, position: dict[str, Any]) -> set[tuple[str, str]]:
    found = KARD_ES_KORONA.position_errors(position, game.meta.options, _board(game), game.meta.seats)
    return {(e.path, e.rule_id) for e in found}


def assert_round_trip(game: Game, between_actions: bool) -> None:
    """The position validates, reads back to a game that every viewer sees as the original, and, at rest between
    two actions, breaks no invariant — but for sealed bids under way, which a new game cannot take over (KK-ELECT-6:
    they live in the game's open sealed round)."""
    position = json.loads(json.dumps(KARD_ES_KORONA.position_of(game)))  # plain JSON, nothing else
    assert [e.message for e in VALIDATOR.iter_errors(position)] == []
    again = _restarted(game, position)
    for viewer in _viewers(game):
        assert KARD_ES_KORONA.view(again.state, viewer) == KARD_ES_KORONA.view(game.state, viewer), viewer
    if between_actions:
        sealing = bool(game.meta.sealed)
        assert {rule for _, rule in _errors(game, position)} == ({"KK-ELECT-6"} if sealing else set())


@cache
def random_game(index: int) -> tuple[tuple[Game, bool], ...]:
    """Every version of one seeded random game, each marked True when it is the game between two actions."""
    seats, seed = RANDOM_GAMES[index]
    player = Autoplayer(seats, "basic", seed)
    versions: list[tuple[Game, bool]] = [(player.game, True)]
    while not player.game.meta.ended:
        before = len(player.events)
        player.act()
        # The versions inside one action are folded again from its events, one at a time.
        versions.extend(_inside(versions[-1][0], player.events[before:]))
    return tuple(versions)


def _inside(game: Game, events: list[Event]) -> Iterator[tuple[Game, bool]]:
    for index, event in enumerate(events):
        game = advance(KARD_ES_KORONA, game, event)
        yield game, index == len(events) - 1


@settings(deadline=None, max_examples=25)
@given(st.data())
def test_positions_round_trip_when_random_legal_games_are_exported_at_any_version(data: st.DataObject) -> None:
    versions = random_game(data.draw(st.sampled_from(range(len(RANDOM_GAMES))), label="game"))
    game, between_actions = versions[data.draw(st.integers(0, len(versions) - 1), label="version")]
    assert_round_trip(game, between_actions)


def test_no_error_when_a_conquerors_passed_battle_waits_for_his_unit() -> None:
    """KK-ELIM-6: "Ezekre a területekre is a győztes hadúr egységeiből kell egy-egy csapatot odatenni" — until the
    conqueror places his unit, the fallen lord's pending battle has no attacker on the board, and that is legal."""
    waiting = [
        game
        for game, between_actions in random_game(2)
        if between_actions and game.state.defeat.get("stage") == "takeover" and game.state.defeat.get("battles")
    ]
    assert waiting
    for game in waiting:
        assert _errors(game, KARD_ES_KORONA.position_of(game)) == set()


@cache
def sample_games(name: str) -> tuple[Game, ...]:
    """A shipped sample folded again action by action: the game before and after each."""
    document = json.loads((SAMPLES / name).read_text(encoding="utf-8"))
    return tuple(game for game, _ in redecided(document["game"], document["actions"]))


@pytest.mark.parametrize("name", KK_SAMPLES)
def test_positions_round_trip_when_shipped_samples_are_exported_after_every_action(name: str) -> None:
    for game in sample_games(name):
        assert_round_trip(game, between_actions=True)


# --- invalid positions, worked from the rulebook ---


def movement_game() -> Game:
    """The basic three-lord sample as its first movement phase begins: a legal position to break on purpose."""
    return next(g for g in sample_games("kard_es_korona_basic_three_lords.sample.json") if g.state.phase == MOVEMENT)


def _garrisoned_castle(game: Game) -> tuple[str, str]:
    """A castle held by one seat's units alone, with no battle in it: (county, seat)."""
    state = game.state
    for county in state.board.castles():
        owners = state.owners_in(county)
        if len(owners) == 1 and owners[0] in state.seats and state.battle_in(county) is None:
            return county, owners[0]
    raise AssertionError("the sample has a garrisoned castle")


def test_kk_move_3_kk_castle_2_kk_castle_3_when_movement_has_no_allowances_and_a_castle_holds_9_infantry() -> None:
    """Issue 15's example. KK-MOVE-3: "amennyi várat birtokol + 2-t" — the movement phase counts each player's steps;
    KK-CASTLE-2: "a várban egyszerre 7 seregnél több nem tartózkodhat"; KK-CASTLE-3: no arm above half rounded up,
    so 9 infantry of 9 units break both castle limits. Every error is reported, not just the first."""
    game = movement_game()
    castle, seat = _garrisoned_castle(game)
    position = copy.deepcopy(KARD_ES_KORONA.position_of(game))
    position["movement"]["step_allowances"] = {}
    position["units"][castle][seat] = {"cavalry": 0, "infantry": 9, "archer": 0}
    assert _errors(game, position) == {
        ("/movement/step_allowances", "KK-MOVE-3"),
        (f"/units/{castle}/{seat}", "KK-CASTLE-2"),
        (f"/units/{castle}/{seat}", "KK-CASTLE-3"),
    }


@pytest.mark.parametrize(
    ("garrison", "expected"),
    [
        ({"cavalry": 1, "infantry": 5, "archer": 1}, {"KK-CASTLE-3"}),  # 5 of 7 > 4 = ceil(7/2)
        ({"cavalry": 2, "infantry": 4, "archer": 1}, set()),  # "so at most 4 of 7"
        ({"cavalry": 0, "infantry": 4, "archer": 0}, set()),  # n <= 4 is unrestricted
        ({"cavalry": 3, "infantry": 3, "archer": 2}, {"KK-CASTLE-2"}),  # 8 units, no arm above 4
        # 4 archers and 3 infantry that lost 2 infantry in a siege: "Casualties … never count as a violation".
        ({"cavalry": 0, "infantry": 1, "archer": 4}, set()),
    ],
)
def test_kk_castle_2_kk_castle_3_garrison_limits_when_a_position_sets_a_castle(
    garrison: dict[str, int], expected: set[str]
) -> None:
    """KK-CASTLE-2/3 (A-4): at most 7 units, and above 4 units no arm over half rounded up ("so at most 4 of 7");
    since casualties never count as a violation, a position holds no more than 4 of one arm."""
    game = movement_game()
    castle, seat = _garrisoned_castle(game)
    position = copy.deepcopy(KARD_ES_KORONA.position_of(game))
    position["units"][castle][seat] = garrison
    assert _errors(game, position) == {(f"/units/{castle}/{seat}", rule) for rule in expected}


def test_kk_move_3_when_a_player_took_more_steps_than_his_allowance() -> None:
    """KK-MOVE-3: "Egy játékos egy adott körben maximum csak 6-ot léphet" — steps taken stay within the allowance."""
    game = movement_game()
    position = copy.deepcopy(KARD_ES_KORONA.position_of(game))
    seat = game.meta.seat_names()[0]
    position["movement"]["steps_taken"][seat] = position["movement"]["step_allowances"][seat] + 1
    assert _errors(game, position) == {(f"/movement/steps_taken/{seat}", "KK-MOVE-3")}


@pytest.mark.parametrize(("phase", "rule_id"), [(PLACEMENT, "KK-TURN-3"), (MOVEMENT, "KK-MOVE-1")])
def test_kk_turn_3_kk_move_1_when_a_phase_played_in_turns_names_nobody_in_turn(phase: str, rule_id: str) -> None:
    """KK-TURN-3 (the players place their forces in turn order) and KK-MOVE-1 ("A játékosok a kezdőjátékos után
    felváltva léphetnek egyet-egyet"): these phases always have a player in turn. With `turn: null` the position
    validated, and the game started from it waited on nobody: no step, no pass, no placement could be sent."""
    game = next(g for g in sample_games("kard_es_korona_basic_three_lords.sample.json") if g.state.phase == phase)
    position = copy.deepcopy(KARD_ES_KORONA.position_of(game))
    position["turn"] = None
    assert _errors(game, position) == {("/turn", rule_id)}


def test_unknown_counties_seats_and_owners_are_refused_each_at_its_path() -> None:
    """KK-GEN-2 (counties of the board), KK-SETUP-1 (seats of the game), KK-NEUTRAL-1 (royal or unplayed provinces'
    pieces), KK-LORD-1 (one lord per seat): nothing unknown is dropped silently."""
    game = movement_game()
    position = copy.deepcopy(KARD_ES_KORONA.position_of(game))
    first, second = game.meta.seat_names()[:2]
    position["control"]["atlantis"] = first
    position["treasuries"]["pannonia"] = 3  # not played in this three-lord game
    del position["lords"]["counties"][second]
    county = next(iter(position["units"]))
    position["units"][county]["neutral:atlantis"] = {"cavalry": 0, "infantry": 1, "archer": 0}
    assert _errors(game, position) == {
        ("/control/atlantis", "KK-GEN-2"),
        ("/treasuries/pannonia", "KK-SETUP-1"),
        ("/lords/counties", "KK-LORD-1"),
        (f"/units/{county}/neutral:atlantis", "KK-NEUTRAL-1"),
    }


def test_kk_captive_1_kk_captive_4_when_a_captive_lord_stands_on_the_board_and_holds_an_office() -> None:
    """KK-CAPTIVE-1: a captured lord is taken off the board onto the timeline; KK-CAPTIVE-4: "ha valamilyen rangja
    volt, azt is azonnal elveszíti" — he holds no office."""
    game = movement_game()
    position = copy.deepcopy(KARD_ES_KORONA.position_of(game))
    seat = next(s for s, county in position["lords"]["counties"].items() if county is not None)
    position["lords"]["fates"][seat] = "captive"
    position["lords"]["executed_in"][seat] = position["year"] + 3
    position["offices"]["holders"]["palatine"] = seat
    assert _errors(game, position) == {
        (f"/lords/counties/{seat}", "KK-CAPTIVE-1"),
        ("/offices/holders/palatine", "KK-CAPTIVE-4"),
    }


def test_kk_battle_2_kk_battle_3_when_a_battle_has_the_wrong_kind_and_no_defender() -> None:
    """KK-BATTLE-2: a battle in a county without a castle is an open battle; KK-BATTLE-3: a battle goes on until a
    side has no units left, so a pending battle has both sides in its county."""
    game = movement_game()
    state = game.state
    position = copy.deepcopy(KARD_ES_KORONA.position_of(game))
    seat = state.seats[0]
    county = next(c for c, by in state.units.items() if seat in by and not state.board.counties[c].castle)
    other = state.seats[1]
    position["battles"].append(
        {
            "id": "b-test",
            "county": county,
            "kind": "siege",
            "terrain": state.board.counties[county].terrain.value,
            "attacker": seat,
            "defender": other,
            "entry_counties": [],
            "created_at_step": 1,
            "attacker_lord": False,
            "defender_lord": False,
            "lord_battle": False,
            "status": "pending",
            "led_arms": {},
            "bonus_lost": [],
            "round": 0,
            "next_exchange": "",
            "pending_hits": [],
            "exchanges_rolled": 0,
            "volleyed": [],
            "forced": False,
        }
    )
    errors = _errors(game, position)
    assert errors == {("/battles/0/kind", "KK-BATTLE-2"), ("/battles/0/defender", "KK-BATTLE-3")}


def test_kk_neutral_4_when_the_crown_has_more_knights_than_setup_gave_it() -> None:
    """KK-NEUTRAL-4: "A királyi seregek … nem soroznak" — royal knights are at most one per garrisoned castle plus
    Bihar's fixed knight (KK-SETUP-9, KK-SETUP-11); only infantry is ever added by a card (KK-EVENT-5)."""
    game = movement_game()
    state = game.state
    position = copy.deepcopy(KARD_ES_KORONA.position_of(game))
    county = next(c for c, by in state.units.items() if list(by) == ["royal"])
    position["units"][county]["royal"]["cavalry"] += len(state.board.castles()) + 1
    assert ("/units", "KK-NEUTRAL-4") in _errors(game, position)
    position = copy.deepcopy(KARD_ES_KORONA.position_of(game))
    position["units"][county]["royal"]["infantry"] += 3  # Véres Kard may add neutral infantry (KK-EVENT-5)
    assert _errors(game, position) == set()


def test_schema_refuses_unknown_keys_and_negative_money_by_path() -> None:
    """Nothing is dropped silently: a misspelt key is refused by the schema (additionalProperties false)."""
    position = copy.deepcopy(KARD_ES_KORONA.position_of(movement_game()))
    position["treasury"] = {}
    position["lords"]["county"] = {}
    position["treasuries"]["erdely"] = -1
    found = {(e.json_path, e.validator) for e in VALIDATOR.iter_errors(position)}
    assert found == {
        ("$", "additionalProperties"),
        ("$.lords", "additionalProperties"),
        ("$.treasuries.erdely", "minimum"),
    }


def test_a_game_started_from_a_position_plays_on_from_it() -> None:
    """The restarted game takes the next action the original would: the player whose turn it is may pass."""
    game = movement_game()
    again = _restarted(game, KARD_ES_KORONA.position_of(game))
    seat = again.state.turn
    decision = decide_action(
        KARD_ES_KORONA, again, Action("pass", seat, {}, Authority.RECORDER), Inputs("2026-01-01T00:00:00Z")
    )
    assert decision.violations == () and decision.events[0].type == "StepPassed"


def test_schema_is_a_valid_documented_draft_2020_12_schema() -> None:
    """Every property of the position is described, and the schema itself is valid JSON Schema 2020-12."""
    Draft202012Validator.check_schema(KARD_ES_KORONA.position_schema)
    undocumented = list(_undocumented(KARD_ES_KORONA.position_schema, ""))
    assert undocumented == []


def _undocumented(schema: Any, where: str) -> Iterator[str]:
    if not isinstance(schema, dict):
        return
    for name, value in schema.get("properties", {}).items():
        if "description" not in value and "anyOf" not in value:
            yield f"{where}/{name}"
        yield from _undocumented(value, f"{where}/{name}")
    for key in ("additionalProperties", "items"):
        if isinstance(schema.get(key), dict):
            yield from _undocumented(schema[key], f"{where}/{key}")


def test_kk_econ_5_kk_elect_1_when_the_phase_does_not_belong_to_the_year() -> None:
    """KK-ECON-5: "Az első körben a játékosok még nem gyűjtenek be adóbevételt" — no recruitment phase in 1301;
    KK-ELECT-1: elections close 1303 and 1306 (basic), or a year with Királyválasztás."""
    game = movement_game()
    assert game.state.year == 1301
    position = copy.deepcopy(KARD_ES_KORONA.position_of(game))
    position["phase"] = "recruit"
    assert _errors(game, position) == {("/phase", "KK-ECON-5")}
    position["phase"] = "election"
    assert _errors(game, position) == {("/phase", "KK-ELECT-1")}
    position["events"]["extraordinary_election"] = True  # King Election drawn this year (KK-EVENT-4)
    assert _errors(game, position) == set()


def test_kk_elim_4_when_an_eliminated_player_keeps_money_and_counties() -> None:
    """KK-ELIM-4: "személyes tulajdonát (területeit és pénzét is) az őt legyőző kapja meg" — an eliminated player
    keeps no county and no money; KK-ELIM-1: he has no turn, and his lord is off the board."""
    game = movement_game()
    position = copy.deepcopy(KARD_ES_KORONA.position_of(game))
    seat = position["turn"]
    county = next(c for c, owner in position["control"].items() if owner == seat)
    position["lords"]["fates"][seat] = "eliminated"
    position["treasuries"][seat] = 5
    errors = _errors(game, position)
    assert {("/turn", "KK-ELIM-1"), (f"/treasuries/{seat}", "KK-ELIM-4"), (f"/control/{county}", "KK-ELIM-4")} <= errors
    assert (f"/lords/counties/{seat}", "KK-ELIM-1") in errors
    assert {rule for _, rule in errors} == {"KK-ELIM-1", "KK-ELIM-4"}


def test_kk_castle_4_advanced_garrison_of_five_needs_a_second_arm() -> None:
    """KK-CASTLE-4: "A 4-unit garrison may be all infantry or all archers. A 5th unit must then be of a different
    arm" (count(arm) <= ceil(n/2))."""
    game = next(
        g
        for g in sample_games("kard_es_korona_advanced_six_lords.sample.json")
        if g.state.phase == MOVEMENT and not g.state.battles
    )
    castle, seat = _garrisoned_castle(game)
    position = copy.deepcopy(KARD_ES_KORONA.position_of(game))
    position["units"][castle][seat] = {"cavalry": 0, "infantry": 0, "archer": 4}
    assert _errors(game, position) == set()
    position["units"][castle][seat] = {"cavalry": 0, "infantry": 0, "archer": 5}
    assert _errors(game, position) == {(f"/units/{castle}/{seat}", "KK-CASTLE-4")}
    position["units"][castle][seat] = {"cavalry": 0, "infantry": 2, "archer": 3}
    assert _errors(game, position) == set()


def test_kk_setup_12_when_the_advanced_six_player_crown_has_every_knight() -> None:
    """KK-SETUP-12: "A haladó változatban 6 személyes játék esetén hiányzó két királyi lovagot gyalogossal
    helyettesítsük" — with six lords the crown has two knights fewer than its castles."""
    game = sample_games("kard_es_korona_advanced_six_lords.sample.json")[-1]
    state = game.state
    position = copy.deepcopy(KARD_ES_KORONA.position_of(game))
    royal = {c: by["royal"] for c, by in position["units"].items() if "royal" in by}
    have = sum(force["cavalry"] for force in royal.values())
    county = next(iter(royal))
    position["units"][county]["royal"]["cavalry"] += len(state.board.castles()) - 1 - have
    assert ("/units", "KK-SETUP-12") in _errors(game, position)


def test_kk_move_4_kk_recruit_1_when_the_turn_belongs_to_a_player_done_for_the_year() -> None:
    """KK-MOVE-4: passing is final for the year (A-16), so a player who passed has no turn in the movement phase;
    KK-RECRUIT-1: players recruit one at a time, in turn order, once each."""
    game = movement_game()
    position = copy.deepcopy(KARD_ES_KORONA.position_of(game))
    position["movement"]["passed"] = [position["turn"]]
    assert _errors(game, position) == {("/turn", "KK-MOVE-4")}
    recruiting = next(
        g
        for g in sample_games("kard_es_korona_basic_three_lords.sample.json")
        if g.state.phase == "recruit" and g.state.turn is not None
    )
    position = copy.deepcopy(KARD_ES_KORONA.position_of(recruiting))
    position["recruitment"]["recruited"].append(position["turn"])
    assert _errors(recruiting, position) == {("/turn", "KK-RECRUIT-1")}


def test_kk_elim_3_when_a_position_makes_a_vassal_of_a_vassal() -> None:
    """Decision N4: a vassal takes no vassal (KK-ELIM-3; A-29 frees a liege's vassals when he swears fealty), so a
    position whose Tiszahát swears to Délvidék, himself Pannónia's vassal, is refused: Tiszahát's castles would
    count for nobody (KK-VASSAL-4 reaches one liege). The same oath to Pannónia is a position like any other."""
    game = blue_defeated_by_reds_vassal()
    position = copy.deepcopy(KARD_ES_KORONA.position_of(game))
    lords = position["lords"]
    assert lords["lieges"] == {"delvidek": "pannonia"}
    lords["counties"]["tiszahat"], lords["fates"]["tiszahat"], lords["defeat"] = None, "vassal", None
    lords["lieges"]["tiszahat"] = "delvidek"
    assert _errors(game, position) == {("/lords/lieges/tiszahat", "KK-ELIM-3")}
    lords["lieges"]["tiszahat"] = "pannonia"
    assert _errors(game, position) == set()


def test_every_rule_a_position_error_cites_is_in_the_rulebook() -> None:
    """A 422 names its rule with summary and source quote, so every cited id must be in the catalog."""
    sources = Path(__file__).resolve().parents[3] / "domain" / "rulesets" / "kard_es_korona"
    cited = {rule for path in sources.glob("position*.py") for rule in re.findall(r"KK-[A-Z]+-\d+", path.read_text())}
    assert cited and cited <= set(KARD_ES_KORONA.rulebook)


# --- any schema-valid position: every error is reported at a path that exists, nothing raises ---

_PHASES = KARD_ES_KORONA.position_schema["properties"]["phase"]["enum"]
_FATES = ("defeated", "captive", "vassal", "eliminated")


_SEATS = ("felvidek", "erdely", "szlavonia", "pannonia")  # the three-lord sample's seats, and one not played
_OWNERS = (*_SEATS, "royal", "neutral:tiszahat", "neutral:erdely")
_COUNTIES = ("abauj", "bihar", "kolozs", "zala", "atlantis", None)
_COUNT = st.integers(0, 9)
# Edits a person might make setting a situation up by hand: (field, seat or owner, county, numbers).
_EDITS = st.tuples(
    st.sampled_from(("units", "treasury", "phase", "lord", "fate", "office", "allowance")),
    st.sampled_from(_OWNERS),
    st.sampled_from(_COUNTIES),
    st.tuples(_COUNT, _COUNT, _COUNT),
)


def _edited(position: dict[str, Any], edits: list[tuple[str, str, str | None, tuple[int, int, int]]]) -> None:
    for edit, who, county, (a, b, c) in edits:
        seat = who if who in _SEATS else "erdely"
        if edit == "units":
            position["units"].setdefault(county or "zala", {})[who] = {"cavalry": a, "infantry": b, "archer": c}
        elif edit == "treasury":
            position["treasuries"][seat] = a * b
        elif edit == "phase":
            position["phase"], position["year"] = _PHASES[a], (0, 1301, 1309)[c % 3]
        elif edit == "lord":
            position["lords"]["counties"][seat] = county
        elif edit == "fate":
            position["lords"]["fates"][seat] = _FATES[a % len(_FATES)]
        elif edit == "office":
            position["offices"]["holders"]["treasurer"] = seat if a else None
        else:
            position["movement"]["step_allowances"].pop(seat, None)


def _resolves(document: Any, path: str) -> bool:
    for part in [p.replace("~1", "/").replace("~0", "~") for p in path.split("/")[1:]]:
        if isinstance(document, list) and part.isdigit() and int(part) < len(document):
            document = document[int(part)]
        elif isinstance(document, dict) and part in document:
            document = document[part]
        else:
            return False
    return True


@settings(deadline=None, max_examples=150)
@given(st.integers(1, 60), st.lists(_EDITS, min_size=1, max_size=4))
def test_every_error_of_an_edited_position_points_into_it(version: int, edits: list[Any]) -> None:
    """Whatever a schema-valid position holds, each error names a path inside it and a rule of the catalog, and the
    position still builds a game (an arbiter may have to record an impossible situation)."""
    games = sample_games("kard_es_korona_basic_three_lords.sample.json")
    game = games[version % len(games)]
    position = copy.deepcopy(KARD_ES_KORONA.position_of(game))
    _edited(position, edits)
    assert [e.message for e in VALIDATOR.iter_errors(position)] == []
    errors = KARD_ES_KORONA.position_errors(position, game.meta.options, _board(game), game.meta.seats)
    assert [e for e in errors if not _resolves(position, e.path) or e.rule_id not in KARD_ES_KORONA.rulebook] == []
    _restarted(game, position)


def test_kk_move_12_when_a_battle_names_an_entry_county_that_does_not_border_it() -> None:
    """KK-MOVE-12/KK-SIEGE-9: the attackers come into the battle county from the neighbouring counties they stepped
    from; a county that does not border it cannot be one of them."""
    game = next(g for g in sample_games("kard_es_korona_basic_three_lords.sample.json") if g.state.battles)
    battle = game.state.battles[0]
    far = next(
        c
        for c in game.state.board.counties
        if c != battle.county and not game.state.board.are_adjacent(c, battle.county)
    )
    position = copy.deepcopy(KARD_ES_KORONA.position_of(game))
    position["battles"][0]["entry_counties"] = [far]
    assert _errors(game, position) == {("/battles/0/entry_counties/0", "KK-MOVE-12")}


def test_kk_setup_2_when_units_or_control_are_in_the_counties_closed_with_five_players() -> None:
    """KK-SETUP-2: with five players Szlavónia's region between the Drava and the Sava is closed: "no unit may
    enter it", so nobody holds a county there."""
    seats = ("felvidek", "tiszahat", "erdely", "delvidek", "pannonia")
    game = start(KARD_ES_KORONA, created_event("basic", seats), SHIPPED_BOARDS["basic"])
    closed = sorted(game.state.closed)[0]
    position = copy.deepcopy(KARD_ES_KORONA.position_of(game))
    assert _errors(game, position) == set()
    position["units"][closed] = {"royal": {"cavalry": 0, "infantry": 1, "archer": 0}}
    position["control"][closed] = "royal"
    assert _errors(game, position) == {(f"/units/{closed}", "KK-SETUP-2"), (f"/control/{closed}", "KK-SETUP-2")}


def test_a_4_no_arm_limit_in_the_basic_game_when_the_option_binds_it_to_the_advanced_game_only() -> None:
    """A-4, option castle_arm_limit = advanced_only: the basic garrison has the 7-unit capacity (KK-CASTLE-2) alone."""
    game = movement_game()
    castle, seat = _garrisoned_castle(game)
    position = copy.deepcopy(KARD_ES_KORONA.position_of(game))
    position["units"][castle][seat] = {"cavalry": 0, "infantry": 7, "archer": 0}
    options = {**game.meta.options, "castle_arm_limit": "advanced_only"}
    assert KARD_ES_KORONA.position_errors(position, options, _board(game), game.meta.seats) == []
    assert _errors(game, position) == {(f"/units/{castle}/{seat}", "KK-CASTLE-3")}


def test_no_error_when_casualties_leave_a_garrison_over_the_arm_limit() -> None:
    """KK-CASTLE-3: "Casualties during a battle never count as a violation": after the 1306 siege of Pest the random
    game's garrison holds 4 archers of 6 units, above half rounded up, and the game goes on legally from there."""
    unbalanced = [
        game
        for game, between_actions in random_game(4)
        if between_actions
        and any(
            rule == "KK-CASTLE-3"
            for county in game.state.board.castles()
            for owner in game.state.owners_in(county)
            for rule, _ in castle_limit_breaches(game.state.force(county, owner), "over_four", "basic")
        )
    ]
    assert unbalanced
    for game in unbalanced:
        assert _errors(game, KARD_ES_KORONA.position_of(game)) == set()


def test_no_error_when_a_neutral_piece_joins_the_crowns_fixed_unit() -> None:
    """KK-SETUP-10/11, KK-NEUTRAL-1: a neutral piece placed in the county of the crown's fixed unit joins that one
    neutral force ("All neutral forces behave identically"); the county is the unplayed province's, the units the
    crown's, and the neutral pieces are counted together."""
    game = set_up(("pannonia", "tiszahat", "delvidek"))
    state = game.state
    joined = [
        county
        for county, owner in state.control.items()
        if owner.startswith("neutral:") and state.owners_in(county) == ("royal",)
    ]
    assert joined
    assert _errors(game, KARD_ES_KORONA.position_of(game)) == set()


@pytest.mark.parametrize("situation", [duel, traditional, judge_in_a_treasurer_roll_off, fejer_battle, siege])
def test_positions_round_trip_when_the_rule_tests_situations_are_exported(situation: Any) -> None:
    """The worked examples' situations the random player rarely reaches: two lords alone in a duel (KK-LORD-5),
    the traditional order's choice of turn position (KK-TRAD-3), the Judge Royal's roll-off reroll (KK-OFFICE-2),
    an advanced open battle and siege (KK-ADV-5..11)."""
    assert_round_trip(situation(), between_actions=True)


def test_kk_adv_3_when_a_pass_forced_by_the_freeze_names_a_player_who_has_not_passed() -> None:
    """KK-ADV-3: `frozen_passes` are the passes the attacked-lord freeze forced, so each is one of `passed`; a
    position without the key (written before it existed) reads as none."""
    game = movement_game()
    position = copy.deepcopy(KARD_ES_KORONA.position_of(game))
    position["movement"]["frozen_passes"] = [position["turn"]]
    assert _errors(game, position) == {("/movement/frozen_passes/0", "KK-ADV-3")}
    del position["movement"]["frozen_passes"]
    assert _errors(game, position) == set() and _restarted(game, position).state.frozen_passes == ()


def test_kk_elect_11_a_first_election_from_an_older_log_naming_the_palatine_exports_a_position_without_him() -> None:
    """KK-ELECT-11, A-34: logs recorded before A-34 was followed name the seated Palatine as the first election's
    decider; no Palatine decides there unless the tie already waits for him, so the exported position leaves him out
    and is accepted (the position check refuses a first-election decider)."""
    game, _ = bid(
        at_election({"felvidek": 20, "erdely": 15, "szlavonia": 12}), {"felvidek": 0, "erdely": 5, "szlavonia": 5}
    )
    older = replace(game.state, election=replace(game.state.election, decider="felvidek"))
    position = KARD_ES_KORONA.position_of(replace(game, state=older))
    assert position["offices"]["election"]["decider"] is None
    assert _errors(game, position) == set()


def test_kk_elect_11_when_a_first_election_auction_names_a_palatine_to_decide_its_ties() -> None:
    """KK-ELECT-11, A-34: the Palatine decides ties only from the game's second election on, so a first election's
    auction has no `decider`; and a tie waiting for the Palatine needs one."""
    game, _ = bid(
        at_election({"felvidek": 20, "erdely": 15, "szlavonia": 12}), {"felvidek": 0, "erdely": 5, "szlavonia": 5}
    )
    position = copy.deepcopy(KARD_ES_KORONA.position_of(game))
    election = position["offices"]["election"]
    assert (election["ordinal"], election["awaiting"], election["decider"]) == (1, "roll_off", None)
    election["decider"] = "felvidek"
    assert _errors(game, position) == {("/offices/election/decider", "KK-ELECT-11")}
    election["ordinal"], position["offices"]["elections_held"] = 2, 1
    assert _errors(game, position) == set()  # from the second election the seated Palatine is named
    election["decider"], election["awaiting"] = None, "palatine"
    assert _errors(game, position) == {("/offices/election/decider", "KK-ELECT-11")}
