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

from tests.replays.kk_table import SAMPLES, Table, game_document, write_sample

SEATS = ("felvidek", "erdely", "szlavonia")
_GUARD = {"cavalry": 1, "infantry": 2, "archer": 1}
GAME = game_document("basic", SEATS, "Sample: Kard és Korona, Felvidék wins by castles in 1302")
# KK-SETUP-7: each lord's 5 infantry, 4 archers and 3 cavalry in three counties of his province.
STARTS = {
    seat: (castle, {castle: _GUARD, second: _GUARD, third: {"cavalry": 1, "infantry": 1, "archer": 2}})
    for seat, castle, second, third in (
        ("felvidek", "pozsony", "trencsen", "nyitra"),
        ("erdely", "kolozs", "feher", "hunyad"),
        ("szlavonia", "zagrab", "varasd", "pozsega"),
    )
}
TARGET = SAMPLES / "kard_es_korona_basic_castle_victory.sample.json"


def play() -> Table:
    t = Table("basic", SEATS)
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
    description = (
        "Kard és Korona, basic map, three lords: a complete game that Felvidék wins by castles (KK-WIN-5/6). "
        "Felvidék takes Győr, Pest and Borsod in 1301 and Fejér and Abaúj in 1302: the seventh castle ends "
        "the game at once with GameEnded; a Peasant Revolt adds royal infantry and Rainy Autumn rolls precede the "
        "1302 sieges; table dice."
    )
    write_sample(TARGET, description, GAME, table.steps)
    print(f"{TARGET.name}: {len(table.steps)} actions, {table.game.meta.result}")


if __name__ == "__main__":
    main()
