"""Writes `replays/samples/kard_es_korona_advanced_palatine_and_vassal.sample.json`.

Run from the repository root: `python -m tests.replays.make_kk_election_sample`. The game is played through the
ruleset itself (see `kk_table`), so the file holds only actions and sealed bids the rules accept.

Four lords on the advanced map (KK-SETUP-3: Erdély and Délvidék, Pannónia and Felvidék; Tiszahát and Szlavónia
neutral), 1301–1303:
- 1301: Délvidék's lord leads his cavalry from Zaránd into the mountains of Hunyad, where Erdély's lord stands
  with one infantry (KK-ADV-1 pins him). The infantry falls, Erdély's lord is defeated (KK-LORD-4), his escape
  roll to Fehér fails (KK-ELIM-2) and he swears fealty (KK-ELIM-3, KK-VASSAL-1): Délvidék is his liege.
- 1302: Királyválasztás calls an extraordinary election (KK-EVENT-4). Income shows the vassal's half and the
  liege's share (KK-VASSAL-5); the vassal may not bid (KK-ELECT-14). Délvidék wins the Judge Royal and the
  Palatine, Pannónia the Treasurer (KK-ELECT-5..8).
- 1303: the Treasurer's castles pay 5 (KK-OFFICE-3); Felvidék besieges royal Pozsony. The year's regular
  election is the game's second (A-34): Felvidék and Pannónia tie for the Judge Royal, whose holder bid less,
  so the Palatine decides (KK-ELECT-11, KK-OFFICE-5) and the tie loser gets half back (KK-ELECT-12); Pannónia
  keeps the Treasurer on a tie as its holder (KK-ELECT-9).
"""

from __future__ import annotations

from tests.replays.kk_table import SAMPLES, Table, game_document, write_sample

SEATS = ("felvidek", "erdely", "delvidek", "pannonia")
GAME = game_document("advanced", SEATS, "Sample: Kard és Korona, advanced: a vassal and the Palatine's decision")
TARGET = SAMPLES / "kard_es_korona_advanced_palatine_and_vassal.sample.json"
# KK-SETUP-8: six connected counties with at most one castle; 6 infantry, 5 archers and 4 cavalry.
STARTS = {
    "erdely": (
        "hunyad",
        {
            "hunyad": {"infantry": 1},
            "feher": {"infantry": 2, "archer": 2, "cavalry": 2},
            "torda": {"infantry": 1, "archer": 1},
            "kukullo": {"infantry": 1, "archer": 1},
            "doboka": {"infantry": 1, "archer": 1, "cavalry": 1},
            "szekelyfold": {"cavalry": 1},
        },
    ),
    "delvidek": (
        "zarand",
        {
            "zarand": {"cavalry": 3, "infantry": 2},
            "csanad": {"infantry": 1, "archer": 2},
            "arad": {"infantry": 1, "archer": 1},
            "torontal": {"infantry": 1, "archer": 1},
            "csongrad": {"cavalry": 1, "archer": 1},
            "keve": {"infantry": 1},
        },
    ),
    "pannonia": (
        "veszprem",
        {
            "veszprem": {"infantry": 2, "archer": 1, "cavalry": 1},
            "komarom": {"infantry": 1, "archer": 1},
            "zala": {"infantry": 1, "archer": 1, "cavalry": 1},
            "esztergom": {"infantry": 1, "archer": 1},
            "tolna": {"cavalry": 1, "archer": 1},
            "somogy": {"infantry": 1, "cavalry": 1},
        },
    ),
    "felvidek": (
        "nyitra",
        {
            "nyitra": {"infantry": 2, "archer": 1, "cavalry": 1},
            "turoc": {"infantry": 1, "archer": 1},
            "bars": {"infantry": 1, "archer": 1, "cavalry": 1},
            "zolyom": {"infantry": 1, "archer": 1},
            "hont": {"cavalry": 1, "archer": 1},
            "arva": {"infantry": 1, "cavalry": 1},
        },
    ),
}


def play() -> Table:
    t = Table("advanced", SEATS)
    t.do("roll_for_first_player", None, dice=[3, 6, 2, 4])  # Erdély starts 1301
    for seat, (lord, placements) in STARTS.items():
        t.do("place_forces", seat, lord=lord, placements=placements)

    # 1301: no income; Délvidék's lord attacks Erdély's in Hunyad and takes his fealty.
    t.do("draw_event", "erdely", card="szuret")
    t.do("pass", "erdely")
    t.do(
        "move",
        "delvidek",
        to="hunyad",
        groups=[{"from": "zarand", "units": {"cavalry": 3, "infantry": 2}, "lord": True}],
    )
    for seat in ("pannonia", "felvidek", "delvidek"):
        t.do("pass", seat)
    t.do("lead_arm", "delvidek", arm="cavalry")  # KK-LORD-2, before the first roll
    t.do("lead_arm", "erdely", arm="infantry")
    t.fight()
    assert t.state.defeat.get("stage") == "escape", t.state.defeat
    t.do("attempt_escape", "erdely", to="feher", dice=[2])
    t.do("swear_fealty", "erdely")
    t.do("answer_fealty", "delvidek", accept=True)
    assert t.state.lieges == {"erdely": "delvidek"}, t.state.lieges
    t.do("decline_extra_step", "delvidek")

    # 1302: the King Election card; the vassal's income is halved, his liege collects it in full.
    assert (t.state.year, t.state.starting_player) == (1302, "erdely")
    t.do("draw_event", "erdely", card="kiralyvalasztas")
    t.do("recruit", "delvidek", purchases=[{"castle": "csanad", "arm": "archer", "count": 1}])
    for seat in ("pannonia", "felvidek"):
        t.do("pass", seat)  # recruiting nothing
    for seat in ("erdely", "delvidek", "pannonia", "felvidek"):
        t.do("pass", seat)
    assert t.state.election is not None and t.state.election.eligible == ("delvidek", "pannonia", "felvidek")
    t.seal_round({"delvidek": 3, "pannonia": 2, "felvidek": 0})  # Judge Royal
    t.seal_round({"delvidek": 0, "pannonia": 3, "felvidek": 1})  # Treasurer
    t.seal_round({"delvidek": 4, "pannonia": 0, "felvidek": 2})  # Palatine
    assert dict(t.state.offices) == {"judge_royal": "delvidek", "treasurer": "pannonia", "palatine": "delvidek"}

    # 1303: Felvidék besieges royal Pozsony; the second election, where the Palatine decides a tie.
    assert t.state.year == 1303
    t.do("draw_event", "erdely", card="veres_kard")
    t.do("recruit", "erdely", purchases=[{"castle": "feher", "arm": "infantry", "count": 1}])  # KK-VASSAL-3
    t.do("recruit", "delvidek", purchases=[{"castle": "csanad", "arm": "infantry", "count": 1}])
    t.do("pass", "pannonia")
    t.do("recruit", "felvidek", purchases=[{"castle": "nyitra", "arm": "infantry", "count": 1}])
    t.do("pass", "erdely")
    t.do("pass", "delvidek")
    t.do("pass", "pannonia")
    t.move("felvidek", "pozsony", "nyitra", {"cavalry": 1, "infantry": 2})
    t.do("pass", "felvidek")
    t.battles()
    assert "pozsony" in t.state.castles_of("felvidek"), t.state.castles_of("felvidek")
    election = t.state.election
    assert election is not None and election.ordinal == 2, election
    t.seal_round({"delvidek": 1, "pannonia": 4, "felvidek": 4})  # Judge Royal: a tie the holder is not in
    assert t.state.election is not None and t.state.election.decider == "delvidek", t.state.election
    t.do("decide_tie", "delvidek", player="felvidek")
    t.seal_round({"delvidek": 2, "pannonia": 2, "felvidek": 0})  # Treasurer: the holder keeps it on a tie
    t.seal_round({"delvidek": 5, "pannonia": 1, "felvidek": 3})  # Palatine
    assert dict(t.state.offices) == {"judge_royal": "felvidek", "treasurer": "pannonia", "palatine": "delvidek"}
    assert t.state.year == 1304 and not t.game.meta.ended
    return t


def main() -> None:
    table = play()
    description = (
        "Kard és Korona, advanced map, four lords, 1301–1303: Délvidék defeats Erdély's lord in Hunyad and takes "
        "him as a vassal (KK-ELIM-3, KK-VASSAL-1; half income, KK-VASSAL-5); Királyválasztás calls the first "
        "election in 1302 (KK-EVENT-4), the vassal may not bid (KK-ELECT-14); in the second election, 1303, "
        "Felvidék and Pannónia tie for the Judge Royal and the Palatine decides (KK-ELECT-11, KK-OFFICE-5), the "
        "Treasurer keeps his office on a tie (KK-ELECT-9); Felvidék takes royal Pozsony by siege; table dice, "
        "sealed bids."
    )
    write_sample(TARGET, description, GAME, table.steps)
    print(f"{TARGET.name}: {len(table.steps)} steps, year {table.state.year}, offices {dict(table.state.offices)}")


if __name__ == "__main__":
    main()
