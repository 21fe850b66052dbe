// One tournament: its standings (every criterion, what separated each line), its rounds' tables linking to their
// games with each result's state, and each round's pairing explained (GET /api/v1/tournaments/{id}/...).
import { getJson, token } from "./session.js";
import { rulesetName } from "./rulesets.js";
import { el } from "./dom.js";
import { director } from "./director.js";
import { problemLine } from "./director_forms.js";
import { roundClock } from "./clock.js";
import { entrantNames, seatName } from "./entrant_names.js";

const section = document.getElementById("tournament");
const id = section.dataset.tournament;
const base = `/api/v1/tournaments/${encodeURIComponent(id)}`;
const error = document.getElementById("tournament-error");
// The service found no tournament an anonymous reader may read (a 404 page): a private one shows to a token that may
// read it, and to others the page says no more than it said (no second "not found" under its own).
const missing = section.dataset.missing === "true";

function showError(problem) {
  error.textContent = problem.message;
  error.hidden = false;
}

// The tiebreak criteria as a director and the players read them (the API and the CSV keep the ids).
const CRITERIA = {
  score: "Score",
  opponents_score: "Opponents' score",
  wins: "Wins",
  head_to_head: "Head to head",
  draw: "Seeded draw",
};
const SCORINGS = {
  "placement-wbc": "WBC placement points",
  "win-draw-loss": "win 1, draw ½, loss 0",
  "sum-of-squares": "sum of squares",
  "draw-size": "draw size",
};

function criterionLabel(criterion) {
  if (criterion.startsWith("measure:")) return criterion.slice("measure:".length).replaceAll("_", " ");
  return CRITERIA[criterion] || criterion;
}

// A value as a person compares it: whole numbers as they are, others to two places (the exact fraction is the title).
function shown(value) {
  if (value === undefined || value === null) return "";
  return Number.isInteger(value) ? String(value) : Number(value).toFixed(2);
}

function standings(body, names) {
  const criteria = body.tiebreaks.filter((c) => c !== "draw" && c !== "head_to_head");
  document.getElementById("chain").textContent = body.tiebreaks.map(criterionLabel).join(" → ");
  const head = document.querySelector("#standings thead tr");
  const headings = ["#", "Player", ...criteria.map(criterionLabel), "Set apart by"];
  head.replaceChildren(...headings.map((h) => el("th", { scope: "col", text: h })));
  const rows = body.items.map((line) =>
    el(
      "tr",
      { "data-player": line.player, class: line.dropped ? "dropped" : null },
      el("td", { text: line.rank }),
      el(
        "td",
        {},
        el("a", { href: `/players/${encodeURIComponent(line.player)}`, text: names[line.player] || line.name || line.player }),
        `${line.dropped ? " (dropped)" : ""}${line.provisional ? ` (${line.provisional} provisional)` : ""}`,
      ),
      ...criteria.map((c) => el("td", { "data-criterion": c, title: line.exact[c], text: shown(line.values[c]) })),
      el("td", { "data-criterion": line.separated_by || "", text: line.separated_by ? criterionLabel(line.separated_by) : "" }),
    ),
  );
  document.querySelector("#standings tbody").replaceChildren(...rows);
  // Public standings count approved results only; staff see the provisional ones counted and marked per line.
  const waiting = body.provisional_tables;
  document.getElementById("standings-counted").textContent =
    body.results === "approved"
      ? `Approved results only${waiting ? `; ${waiting} table result(s) wait for the director's approval and are not counted yet` : ""}.`
      : `Provisional results counted too (${waiting} table(s) not yet approved), marked on each line; the public standings count approved results only.`;
}

// The standings after the round chosen (the API's `after_round`; "the latest" by default), the CSV link with them;
// the choice survives the page being read again after a director's write.
async function standingsAfter(rounds, names) {
  const choice = document.getElementById("standings-after");
  const chosen = rounds.includes(Number(choice.value)) ? choice.value : "";
  choice.replaceChildren(el("option", { value: "", text: "the latest round" }), ...rounds.map((n) => el("option", { value: String(n), text: `round ${n}` })));
  choice.value = chosen;
  document.getElementById("standings-when").hidden = rounds.length < 2;
  choice.onchange = () => standingsAfter(rounds, names).catch(showError);
  const after = choice.value ? `after_round=${choice.value}` : "";
  standings(await getJson(`${base}/standings${after ? `?${after}` : ""}`), names);
  document.getElementById("standings-csv").href = `${base}/standings?format=csv&public=true${after ? `&${after}` : ""}`;
}

function resultText(result, table) {
  if (!result) return table.game_status === "active" ? "no result yet: the game is being recorded" : "no result yet";
  // The game ended after the result was entered by hand, otherwise: the result stands until the director amends it.
  const differs = table.game_disagrees ? "; the game's end differs from the result" : "";
  return resultState(result) + differs;
}

function resultState(result) {
  if (result.amended_by_dispute) return result.approved ? "approved (amended by a ruling)" : "amended by a ruling, provisional";
  return result.approved ? "approved" : `provisional, ${result.confirmed_by.length} confirmation(s)`;
}

function tableRow(table, names, title) {
  const players = table.players.map((p) => {
    const forfeit = (table.result?.forfeit || []).includes(p) ? " forfeit (did not play)" : "";
    const place = table.result ? ` — ${table.result.places[p]}.${forfeit}` : "";
    const who = el("a", { href: `/players/${encodeURIComponent(p)}`, text: names[p] || p });
    return el("li", { "data-player": p }, who, ` (${seatName(table, p) || "?"})${place}`);
  });
  const game = table.game
    ? el("a", { class: "game", href: `/games/${encodeURIComponent(table.game)}`, text: "the game", "aria-label": `${title}, table ${table.table}: the game` })
    : el("span", { class: "quiet", text: table.result ? "not recorded (result entered by seat)" : "no game yet" });
  return el(
    "tr",
    { "data-table": table.table },
    el("td", { text: table.table }),
    el("td", {}, el("ol", { class: "seated" }, ...players)),
    el("td", {}, game),
    el("td", { "data-result": table.result ? (table.result.approved ? "approved" : "provisional") : "none", text: resultText(table.result, table) }),
  );
}

function explanation(pairing, names) {
  const name = (p) => names[p] || p;
  const items = [];
  items.push(el("li", { text: `Repeat cost ${pairing.repeat_cost} (0: nobody meets again), ${pairing.optimal ? "proved optimal" : "best found in the time limit"}.` }));
  for (const table of pairing.tables || []) {
    const repeats = table.rematches.map((r) => `${r.players.map(name).join(" and ")} met ${r.earlier}×`).join("; ");
    const groups = (table.score_group || []).join(", ");
    items.push(el("li", { text: `Table ${table.number}: score group ${groups}; seating cost ${table.seating.cost}${repeats ? `; unavoidable: ${repeats}` : ""}.` }));
  }
  // An unavoidable repeat was shown, not accepted: it is no error of the pairing.
  for (const problem of pairing.problems || []) items.push(el("li", { class: problem.unavoidable ? "quiet" : "error", text: problemLine(problem, names) }));
  for (const swap of pairing.swaps || []) items.push(el("li", { text: `Swap ${swap.players.map(name).join(" ↔ ")}: ${swap.reason}` }));
  return el("details", { class: "pairing" }, el("summary", { text: "How this round was paired" }), el("ul", {}, ...items));
}

async function round(number, names) {
  const found = await getJson(`${base}/rounds/${number}`);
  const pairing = number > 0 ? await getJson(`${base}/rounds/${number}/pairing`) : null;
  const title = number === 0 ? "League games" : `Round ${number}${found.closed ? " (closed)" : ""}`;
  const table = el(
    "table",
    { class: "games round", "data-round": number },
    el("thead", {}, el("tr", {}, ...["Table", "Players (seat) — place", "Game", "Result"].map((h) => el("th", { scope: "col", text: h })))),
    el("tbody", {}, ...found.tables.map((t) => tableRow(t, names, number === 0 ? "League" : `Round ${number}`))),
  );
  const byes = found.byes.length ? el("p", { text: `Byes: ${found.byes.map((p) => names[p] || p).join(", ")}` }) : null;
  const sheet = number > 0
    ? el("p", {}, el("a", { class: "pairings-link", href: `/tournaments/${encodeURIComponent(id)}/rounds/${number}/pairings`, text: `Round ${number} pairings to print` }))
    : null;
  return el("section", { class: "round" }, el("h3", { text: title }), ...roundClock(found, `${base}/rounds/${number}`, show), sheet, table, byes, pairing ? explanation(pairing, names) : null);
}

async function show() {
  let tournament = null;
  try {
    tournament = await getJson(base);
    if (missing) {
      document.getElementById("missing").hidden = true;
      document.getElementById("tournament-body").hidden = false;
    }
    const settings = tournament.settings;
    document.getElementById("tournament-name").textContent = settings.name;
    document.title = `${settings.name} · Annals`;
    const facts = [
      settings.format === "league" ? "open league" : `Swiss, ${settings.rounds} round(s)`,
      `tables of ${settings.table_size}`,
      SCORINGS[settings.scoring] || settings.scoring,
      tournament.status,
    ];
    const rules = el("a", { href: `/rulesets/${encodeURIComponent(settings.ruleset)}/rules`, text: await rulesetName(settings.ruleset) });
    document.getElementById("tournament-facts").replaceChildren(rules, ` · ${facts.join(" · ")}`);
    const entrants = await getJson(`${base}/players`);
    const names = entrantNames(entrants.items);
    const numbers = tournament.rounds.map((r) => r.round);
    await standingsAfter(numbers.filter((n) => n > 0), names);
    const rounds = await Promise.all(numbers.map((n) => round(n, names)));
    document.getElementById("rounds").replaceChildren(...(rounds.length ? rounds : [el("p", { class: "quiet", text: "No round paired yet." })]));
    document.getElementById("seed").textContent = tournament.seed
      ? `Seed ${tournament.seed}, committed as ${tournament.seed_commitment}: every round can be re-derived (annals tournament check-pairing).`
      : `Committed seed ${tournament.seed_commitment}; revealed when the tournament finishes.`;
    await director(tournament, names, base, show);
  } catch (problem) {
    if (!(missing && !tournament && problem.status === 404)) showError(problem);
    // No tournament to show (an unknown id, a refused token): the error alone, not empty standings and rounds.
    if (!tournament) document.getElementById("tournament-body").hidden = true;
  }
}

if (!missing || token()) show();
