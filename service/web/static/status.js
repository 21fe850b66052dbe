// The ruleset's status panel from the view JSON: a readable key/value panel. Each value is tagged with its
// path (data-key="treasuries.erdely") so that a reader, or a test, finds one value without parsing text.
import { el } from "./dom.js";
import { agotPanels } from "./agot_panels.js";
import { plain } from "./recorder.js";

// Panels a ruleset draws beyond its headline (the AGoT orders once revealed and the combat's breakdown).
const PANELS = { agot2: agotPanels };

// Parts of the view the board already draws, or that are too large to read as a panel.
const DRAWN = new Set(["units", "pieces", "armies", "control", "places", "cities", "options", "map", "cards", "tokens", "board", "lords"]);

function scalar(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

function isFlat(value) {
  return Array.isArray(value) && value.every((v) => v === null || typeof v !== "object");
}

function entry(key, value, path, depth) {
  const cell = el("dd", { "data-key": path });
  if (value === null || typeof value !== "object") cell.textContent = scalar(value);
  else if (isFlat(value)) cell.textContent = value.length ? value.map(scalar).join(", ") : "—";
  else if (depth < 2 && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length) cell.append(list(value, path, depth + 1));
    else cell.textContent = "—";
  } else {
    const text = JSON.stringify(value);
    cell.append(el("code", { text: text.length > 240 ? `${text.slice(0, 240)}…` : text }));
  }
  return [el("dt", { text: key.replace(/_/g, " ") }), cell];
}

function isEmpty(value) {
  return value === null || value === "" || (typeof value === "object" && Object.keys(value).length === 0);
}

function list(object, prefix, depth) {
  const rows = [];
  const empty = [];
  for (const [key, value] of Object.entries(object)) {
    if (depth === 0 && DRAWN.has(key)) continue;
    // At the top, what holds nothing now is listed in one line, so that what does hold something stands out.
    if (depth === 0 && isEmpty(value)) empty.push(key.replace(/_/g, " "));
    else rows.push(...entry(key, value, prefix ? `${prefix}.${key}` : key, depth));
  }
  if (empty.length) rows.push(el("dt", { class: "quiet", text: "nothing now" }), el("dd", { class: "quiet", text: empty.join(", ") }));
  return el("dl", { class: depth ? "kv nested" : "kv" }, ...rows);
}

// Each ruleset's own headline: where the game stands in one line, then one row per seat with what a table
// asks first (Kard és Korona: treasury, lord, office; AGoT: the three tracks, power, supply; cedofan: influence).
const HEADLINES = {
  kard_es_korona: (r, n) => ({
    line: [r.year, r.phase && `${r.phase} phase`, r.turn && `${n.seat(r.turn)} to act`, r.election && "an election is open"],
    columns: ["treasury", "lord at", "office"],
    row: (seat) => [r.treasury?.[seat], r.lords?.[seat] ? n.area(r.lords[seat]) : r.lord_status?.[seat], officeOf(r.offices, seat)],
  }),
  agot2: (r) => ({
    line: [r.round && `round ${r.round}`, r.phase && `${r.phase} phase`, r.step, r.combat && "a combat is open"],
    columns: ["Iron Throne", "Fiefdoms", "King's Court", "power", "armies (supply)"],
    row: (seat) => [
      place(r.tracks?.iron_throne, seat),
      place(r.tracks?.fiefdoms, seat),
      place(r.tracks?.kings_court, seat),
      r.power?.[seat],
      r.supply_limits?.[seat]?.join("·"), // the armies the supply track allows, largest first
    ],
  }),
  cedofan_rv: (r, n) => ({
    line: [r.round && `round ${r.round}`, r.impulse_no !== undefined && `impulse ${r.impulse_no} of ${r.limit}`, r.impulse && `${n.seat(r.impulse)} to act`],
    columns: [`influence (of ${r.influence_target})`, "treasury", "office"],
    row: (seat) => [r.influence?.[seat], r.treasuries?.[seat], officeOf(r.offices, seat)],
  }),
  cedofan_kards_bs: (r, n) => ({
    line: [r.round && `round ${r.round}`, r.phase && `${r.phase.replace(/_/g, " ")}`, r.turn && `${n.seat(r.turn)} to act`],
    columns: ["supplies", "influence", "cities"],
    row: (seat) => [r.factions?.[seat]?.supplies, r.factions?.[seat]?.influence, (r.factions?.[seat]?.cities || []).length],
  }),
};

function place(order, seat) {
  const at = (order || []).indexOf(seat);
  return at < 0 ? null : at + 1;
}

function officeOf(offices, seat) {
  const held = Object.entries(offices || {}).filter(([, holder]) => holder === seat).map(([office]) => office.replace(/_/g, " "));
  return held.join(", ") || null;
}

function headline(rulesetId, seats, rules, names = {}) {
  const named = names.seat || ((seat) => seat);
  const make = HEADLINES[rulesetId];
  if (!make) return null;
  const found = make(rules, { seat: named, area: names.area || ((area) => String(area).replace(/_/g, " ")) });
  const line = found.line.filter(Boolean).map(String).join(" · ");
  const head = el("tr", {}, el("th", { scope: "col", text: "seat" }), ...found.columns.map((c) => el("th", { scope: "col", text: c })));
  const rows = seats.map((seat) =>
    el("tr", { "data-seat": seat }, el("th", { scope: "row", text: named(seat) }), ...found.row(seat).map((v, i) => el("td", { "data-key": `seat.${seat}.${i}`, text: scalar(v) }))),
  );
  return el("div", { class: "headline" }, el("p", { class: "where", "data-key": "where", text: line }), el("table", { class: "seats" }, el("thead", {}, head), el("tbody", {}, ...rows)));
}

let showEverything = null;

// How the game ended, as words: "Ended by recorder · reason: sample campaign ends after three rounds", not the
// GameEnded event's JSON (winners, scores, a ruleset's condition read as the recorder's legal values do).
// Seats by their names (`seat`: "felvidek" is Felvidék) in the winners, the scores and a ranking's rows.
export function endedText(result, seat = String) {
  if (!result || typeof result !== "object") return "Ended.";
  const { by, ...rest } = result;
  const said = Object.keys(rest).length ? ` · ${plain(seatsNamed(rest, seat))}` : "";
  return `Ended${by ? ` by ${by}` : ""}${said}`;
}

function seatsNamed(result, seat) {
  const named = { ...result };
  if (Array.isArray(result.winners)) named.winners = result.winners.map((w) => seat(w));
  if (result.scores && typeof result.scores === "object") named.scores = Object.fromEntries(Object.entries(result.scores).map(([s, n]) => [seat(s), n]));
  if (Array.isArray(result.ranking)) named.ranking = result.ranking.map((row) => (row && row.seat ? { ...row, seat: seat(row.seat) } : row));
  return named;
}

// `names` (optional): `seat` and `area` functions naming them as people do (the game's seat names, the board's areas).
export function renderStatus(panel, view, rulesetId = null, seats = [], names = {}) {
  const rules = (view && (view.rules || view.state)) || {};
  const meta = (view && view.meta) || {};
  const ended = meta.ended ? el("p", { class: "ended", text: endedText(meta.result, names.seat || String) }) : null;
  const more = el("details", { class: "more-status" }, el("summary", { text: "Everything the view holds" }), list(rules, "", 0));
  more.open = showEverything ?? !HEADLINES[rulesetId]; // the reader's choice holds while stepping
  more.addEventListener("toggle", () => {
    showEverything = more.open;
  });
  const own = PANELS[rulesetId] ? PANELS[rulesetId](rules, names) : [];
  panel.replaceChildren(...[ended, headline(rulesetId, seats, rules, names), ...own, more].filter(Boolean));
}
