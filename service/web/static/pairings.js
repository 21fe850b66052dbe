// A round's pairings for the venue's wall: by table (each player's seat and score before the round) and by name
// (who sits where: the list a player looks for), the byes; Print prints both (annals.css @media print).
import { getJson, token } from "./session.js";
import { el } from "./dom.js";
import { hhmm } from "./clock.js";
import { entrantNames, seatName } from "./entrant_names.js";

const section = document.getElementById("pairings");
const id = section.dataset.tournament;
const number = Number(section.dataset.round);
const base = `/api/v1/tournaments/${encodeURIComponent(id)}`;
// The service found no round an anonymous reader may read (a 404 page): a private tournament's round shows to a token
// that may read it, and to others the page says no more than it said (no second "not found" under its own).
const missing = section.dataset.missing === "true";

function fail(problem) {
  const error = document.getElementById("pairings-error");
  error.textContent = problem.message;
  error.hidden = false;
}

// Scores before this round as the public standings count them (approved results of the rounds before).
async function scoresBefore() {
  const standings = await getJson(`${base}/standings?after_round=${number - 1}`).catch(() => ({ items: [] }));
  return Object.fromEntries(standings.items.map((line) => [line.player, line.values.score]));
}

function byTable(round, names, scores) {
  return round.tables.flatMap((table) =>
    table.players.map((player, index) =>
      el(
        "tr",
        { "data-table": table.table, class: index === 0 ? "table-start" : null },
        el("td", { text: index === 0 ? String(table.table) : "" }),
        el("td", { text: names[player] || player }),
        el("td", { text: seatName(table, player) }),
        el("td", { text: scores[player] ?? "" }),
      ),
    ),
  );
}

function byName(round, names) {
  const seated = round.tables.flatMap((table) => table.players.map((player) => ({ player, table: table.table, seat: seatName(table, player) })));
  const byes = round.byes.map((player) => ({ player, table: "bye", seat: "" }));
  const name = (p) => names[p.player] || p.player;
  return [...seated, ...byes]
    .sort((a, b) => name(a).localeCompare(name(b)))
    .map((p) => el("tr", { "data-player": p.player }, el("td", { text: name(p) }), el("td", { text: String(p.table) }), el("td", { text: p.seat })));
}

// When the round's clock says: its start and end (after the whole round's extensions), time called; nothing before it starts.
function clockLine(round) {
  const line = document.getElementById("pairings-clock");
  line.hidden = !round.started_at;
  if (!round.started_at) return;
  const called = round.time_called ? `; time called at ${hhmm(round.time_called)}` : "";
  const tables = round.tables.filter((t) => t.ends_at).map((t) => `; table ${t.table} ends at ${hhmm(t.ends_at)}`).join("");
  line.textContent = `Round starts at ${hhmm(round.started_at)}, ends at ${hhmm(round.ends_at)}${tables}${called}`;
}

async function show() {
  try {
    const [tournament, entrants, round] = await Promise.all([getJson(base), getJson(`${base}/players`), getJson(`${base}/rounds/${number}`)]);
    const names = entrantNames(entrants.items);
    const scores = await scoresBefore();
    const name = tournament.settings.name;
    document.title = `${name}, round ${number} pairings · Annals`;
    document.getElementById("pairings-title").textContent = `${name}: round ${number}`;
    const planned = tournament.settings.rounds ? ` of ${tournament.settings.rounds}` : "";
    document.getElementById("pairings-facts").textContent = `Round ${number}${planned} · ${round.tables.length} table(s) · ${round.closed ? "closed" : "open"}`;
    clockLine(round);
    document.querySelector("#by-table tbody").replaceChildren(...byTable(round, names, scores));
    document.querySelector("#by-name tbody").replaceChildren(...byName(round, names));
    document.getElementById("byes").textContent = round.byes.length ? `Byes: ${round.byes.map((p) => names[p] || p).join(", ")}` : "";
    document.getElementById("pairings-body").hidden = false;
    if (missing) {
      document.getElementById("missing").hidden = true;
      document.getElementById("pairings-tools").hidden = false;
    }
  } catch (problem) {
    if (!(missing && problem.status === 404)) fail(problem);
  }
}

document.getElementById("print").addEventListener("click", () => window.print());
if (!missing || token()) show();
