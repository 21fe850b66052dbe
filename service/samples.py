"""Loading the sample games of `replays/samples/*.sample.json` through the normal command path, and the
recorded tournaments of `replays/samples/tournaments/*.tournament.json.gz` through the tournament import."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path

from service.auth import Principal
from service.games import RequestContext
from service.tournaments.records import import_tournament
from service.wiring import Services

SAMPLES = Path(__file__).resolve().parents[1] / "replays" / "samples"
# Not under the `*.sample.json` glob: a tournament record is imported whole, not played action by action.
TOURNAMENTS = SAMPLES / "tournaments"
# The samples are recorded by the service itself, as an organiser entering games at a table.
RECORDER = Principal(token_id="system:samples", role="organiser")


def load_samples(services: Services) -> Iterator[str]:
    """Record every sample game; idempotency keys make a second load write nothing."""
    for path in sample_paths():
        yield load_sample(services, path)
    for path in tournament_paths():
        yield load_tournament_sample(services, path)


def sample_paths() -> list[Path]:
    """The sample files, in name order."""
    return sorted(SAMPLES.glob("*.sample.json"))


def sample_name(path: Path) -> str:
    """A sample's name: its file name without `.sample.json`."""
    return path.name.removesuffix(".sample.json")


def load_sample(services: Services, path: Path) -> str:
    """Record one sample game (idempotently) and say which game it became."""
    sample = json.loads(path.read_text(encoding="utf-8"))
    name = sample_name(path)
    ctx = RequestContext(request_id=f"sample:{name}", client="annals samples load")
    # A sample names the ruleset version it was recorded with, beside its game: it is played under that version,
    # not the current one (README, "Ruleset versions"); POST /games itself always takes the current version.
    body = {**sample["game"], "ruleset_version": sample.get("ruleset_version")}
    created = services.commands.create(RECORDER, body, ctx, key=f"sample:{name}")
    game_id = created.game_id
    for index, step in enumerate(sample["actions"]):
        key = f"sample:{name}:{index}"
        if "sealed" in step:
            services.commands.seal(RECORDER, game_id, step["sealed"], None, key, ctx)
        else:
            services.commands.act(RECORDER, game_id, step, None, key, ctx)
    return f"sample {name}: game {game_id} ({len(sample['actions'])} steps)"


def game_of(line: str) -> str:
    """The game id in a line `load_sample` returned."""
    return line.split("game ")[1].split(" ")[0]


def tournament_paths() -> list[Path]:
    """The recorded sample tournaments, in name order."""
    return sorted(TOURNAMENTS.glob("*.tournament.json.gz"))


def load_tournament_sample(services: Services, path: Path) -> str:
    """Import one recorded tournament (idempotently) and say what it holds."""
    document = json.loads(gzip.decompress(path.read_bytes()).decode("utf-8"))
    report = import_tournament(services, document, RECORDER)
    name = path.name.removesuffix(".tournament.json.gz")
    if not report.written:
        return f"tournament {name}: {report.tournament_id} (loaded already)"
    return (
        f"tournament {name}: {report.tournament_id} ({len(document['players'])} players, "
        f"{len(document['games'])} table games, {report.events} events)"
    )
