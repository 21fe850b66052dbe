// A player's record, as a club member looks someone up: their tournaments (rank, score, games played, still in or
// dropped) and the newest games they sat in, each linking on (GET /api/v1/players/{id}, .../tournaments, /games).
import { getJson } from "./session.js";
import { el } from "./dom.js";
import { rulesetNames } from "./rulesets.js";

const section = document.getElementById("player");
const id = section.dataset.player;
const GAMES = 25;

function tournamentRow(entry, names) {
  const link = el("a", { href: `/tournaments/${encodeURIComponent(entry.tournament_id)}`, text: entry.tournament_name });
  return el(
    "tr",
    { "data-tournament": entry.tournament_id },
    el("td", {}, link),
    el("td", { text: names[entry.ruleset] || entry.ruleset }),
    el("td", { text: entry.rank ?? "" }),
    el("td", { text: entry.score ?? "" }),
    el("td", { text: entry.games ?? "" }),
    el("td", { text: entry.status }),
    el("td", { text: entry.tournament_status }),
  );
}

function gameRow(game, names) {
  const seat = game.seats.filter((s) => s.player === id).map((s) => s.seat).join(", ");
  return el(
    "tr",
    { "data-game": game.id },
    el("td", {}, el("a", { href: `/games/${encodeURIComponent(game.id)}`, text: game.title || game.id })),
    el("td", { text: names[game.ruleset] || game.ruleset }),
    el("td", { text: seat }),
    el("td", { text: game.status }),
    el("td", { text: (game.created_at || "").slice(0, 16).replace("T", " ") }),
  );
}

function emptyRow(columns, text) {
  return el("tr", {}, el("td", { colspan: columns, class: "quiet", text }));
}

async function show() {
  try {
    const player = await getJson(`/api/v1/players/${encodeURIComponent(id)}`);
    document.getElementById("player-name").textContent = player.name;
    document.title = `${player.name} · Annals`;
    const [entries, games, names] = await Promise.all([
      getJson(`/api/v1/players/${encodeURIComponent(id)}/tournaments`),
      getJson(`/api/v1/games?player=${encodeURIComponent(id)}&limit=${GAMES}`),
      rulesetNames(),
    ]);
    const tournaments = entries.items.map((e) => tournamentRow(e, names));
    document.querySelector("#player-tournaments tbody").replaceChildren(...(tournaments.length ? tournaments : [emptyRow(7, "No tournament you may read.")]));
    const rows = games.items.map((g) => gameRow(g, names));
    document.querySelector("#player-games tbody").replaceChildren(...(rows.length ? rows : [emptyRow(5, "No game you may read.")]));
    document.getElementById("player-all-games").href = `/games?player=${encodeURIComponent(id)}`;
    document.getElementById("player-body").hidden = false;
  } catch (problem) {
    const error = document.getElementById("player-error");
    error.textContent = problem.message;
    error.hidden = false;
  }
}

show();
