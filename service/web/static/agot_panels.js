// AGoT's own panels (issue 14): the orders on the board once revealed, and the open combat's breakdown — each
// side's strength by part (GOT-COMBAT-*: units, support, orders, garrison, fortifications, house card, Valyrian
// blade), the total, the swords, the winner and the casualties due — as the rulebook's step 5 adds it up.
import { el } from "./dom.js";

// An order token as a reader names it, from the game's token table (`tokens`: id -> [type, modifier, special]).
export function orderName(token, tokens = {}) {
  const [type, modifier, special] = tokens[token] || [String(token).split(/_(?:plus|minus|\d|[ab]$|special)/)[0], null, false];
  const bonus = typeof modifier === "number" ? ` ${modifier > 0 ? "+" : modifier < 0 ? "−" : "+"}${Math.abs(modifier)}` : "";
  const words = String(type).replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase()); // "Consolidate Power", as printed
  return `${words}${bonus}${special ? " ★" : ""}`;
}

// Seats and areas as people call them (`names.seat`, `names.area`: the game's seat names and the board's area
// names); ids when the page has none.
const IDS = { seat: (s) => String(s), area: (a) => String(a).replace(/_/g, " ") };

function ordersPanel(orders, tokens, names) {
  const rows = Object.entries(orders)
    .sort(([, a], [, b]) => String(a.seat).localeCompare(String(b.seat)))
    .map(([area, order]) =>
      el("tr", { "data-area": area }, el("td", { text: names.seat(order.seat) }), el("td", { text: names.area(area) }), el("td", { "data-key": `orders.${area}`, text: orderName(order.token, tokens) })),
    );
  return el(
    "section",
    { class: "agot-orders", "aria-label": "Orders" },
    el("h3", { text: "Orders" }),
    el("table", { class: "seats" }, el("thead", {}, el("tr", {}, ...["house", "area", "order"].map((c) => el("th", { scope: "col", text: c })))), el("tbody", {}, ...rows)),
  );
}

const PARTS = [
  ["units", "units"],
  ["support", "support"],
  ["march_order", "march order"],
  ["defense_order", "defense order"],
  ["garrison", "garrison"],
  ["fortifications", "fortifications"],
  ["card_strength", "house card"],
  ["blade", "Valyrian blade"],
  ["total", "total strength"],
  ["swords", "swords"],
];

function supportOf(side) {
  const parts = (side.support || []).map((s) => s.units + (s.order_bonus || 0));
  return parts.length ? parts.reduce((a, b) => a + b, 0) : 0;
}

function value(side, key) {
  if (!side) return "—";
  if (key === "support") return supportOf(side);
  if (key === "units") return `${side.units ?? "—"}${side.unit_detail?.length ? ` (${side.unit_detail.join(", ")})` : ""}`;
  const found = side[key];
  return found === undefined || found === null ? "—" : found;
}

function combatPanel(combat, cardNames, names) {
  const sides = combat.result || combat.base || {};
  const head = el("tr", {}, el("th", { scope: "col", text: "" }), ...["attacker", "defender"].map((s) => el("th", { scope: "col", text: `${s}: ${names.seat(combat[s])}` })));
  const card = (id) => cardNames[id]?.name || String(id).replace(/_/g, " ");
  const cards = combat.cards || {};
  const rows = PARTS.filter(([key]) => combat.result || !["card_strength", "blade", "total", "swords"].includes(key)).map(([key, name]) =>
    el(
      "tr",
      { "data-part": key },
      el("th", { scope: "row", text: key === "card_strength" ? `${name}` : name }),
      ...["attacker", "defender"].map((s) => el("td", { "data-key": `combat.${s}.${key}`, text: String(value(sides[s], key)) + (key === "card_strength" && sides[s]?.card ? ` (${card(sides[s].card)})` : "") })),
    ),
  );
  const result = combat.result;
  const outcome = result
    ? `${names.seat(result.winner)} wins${result.tie ? ` the tie (broken by ${result.tie_broken_by})` : ""}; ${names.seat(result.loser)} loses ${result.casualties_due} unit${result.casualties_due === 1 ? "" : "s"}`
    : `strength so far, before the house cards${Object.keys(cards).length ? " (cards chosen)" : ""}`;
  return el(
    "section",
    { class: "agot-combat", "aria-label": "Combat" },
    el("h3", { text: `Combat in ${names.area(combat.area)} (from ${names.area(combat.origin)})` }),
    el("table", { class: "seats" }, el("thead", {}, head), el("tbody", {}, ...rows)),
    el("p", { class: "outcome", "data-key": "combat.outcome", text: outcome }),
  );
}

export function agotPanels(rules, given = {}) {
  const names = { ...IDS, ...given };
  const panels = [];
  if (rules.combat && (rules.combat.base || rules.combat.result)) panels.push(combatPanel(rules.combat, rules.cards || {}, names));
  if (rules.orders && Object.keys(rules.orders).length) panels.push(ordersPanel(rules.orders, rules.tokens, names));
  return panels;
}
