// A player's record, as a club member looks someone up: their tournaments (rank, score, games played, still in or
// dropped), their rating per game system with its newest steps, and the newest games they sat in, each linking on
// (GET /api/v1/players/{id}, .../tournaments, .../ratings, /games).
import { getJson } from "./session.js";
import { el } from "./dom.js";
import { ratedSource } from "./rated_source.js";
import { rulesetNames } from "./rulesets.js";
import { gameTitle } from "./game_title.js";

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
  const seat = game.seats.filter((s) => s.player === id).map((s) => s.name || s.seat).join(", ");
  return el(
    "tr",
    { "data-game": game.id },
    el("td", {}, el("a", { href: `/games/${encodeURIComponent(game.id)}`, text: gameTitle(game) })),
    el("td", { text: names[game.ruleset] || game.ruleset }),
    el("td", { text: seat }),
    el("td", { text: game.status }),
    el("td", { text: (game.created_at || "").slice(0, 16).replace("T", " ") }),
  );
}

const HISTORY = 10; // the newest steps of a rating's history shown

// One game system's rating: the numbers, then the rating after each of its newest counted games (each by its
// game's title when the page lists that game: "2026-04-18, Spring Open: round 2, table 1").
function ratingBlock(rating, names, titles) {
  const game = names[rating.ruleset] || rating.ruleset;
  const steps = rating.history.slice(-HISTORY).reverse().map((step) =>
    el(
      "li",
      { "data-game": step.game, "data-tournament": step.table?.tournament },
      ...ratedSource(step.game, step.table, step.ended_at, titles[step.game]),
      ` place ${step.place} of ${step.players}: ${step.rating.toFixed(2)}`,
    ),
  );
  return el(
    "section",
    { class: "rating", "data-ruleset": rating.ruleset },
    el("h3", {}, el("a", { href: `/ratings?ruleset=${encodeURIComponent(rating.ruleset)}`, text: game })),
    el("p", { text: `Rating ${rating.rating.toFixed(2)} (μ ${rating.mu.toFixed(2)}, σ ${rating.sigma.toFixed(2)}) after ${rating.games} game(s)` }),
    el("ol", { class: "rating-history", "aria-label": `${game}: rating after each game, newest first` }, steps),
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
    const [entries, games, names, ratings] = await Promise.all([
      getJson(`/api/v1/players/${encodeURIComponent(id)}/tournaments`),
      getJson(`/api/v1/games?player=${encodeURIComponent(id)}&limit=${GAMES}`),
      rulesetNames(),
      getJson(`/api/v1/players/${encodeURIComponent(id)}/ratings`),
    ]);
    const titles = Object.fromEntries(games.items.filter((g) => g.title).map((g) => [g.id, g.title]));
    const blocks = ratings.items.map((r) => ratingBlock(r, names, titles));
    document.getElementById("player-ratings").replaceChildren(...(blocks.length ? blocks : [el("p", { class: "quiet", text: "Not rated yet: no counted game." })]));
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
