import { el } from "./dom.js";

// Where a counted game's result came from: its game, or the tournament table whose result was typed in (with the
// table's game, when it has one whose end ranked no one). A game's `title`, when the page knows it, follows the day.
export function ratedSource(game, table, when, title) {
  const day = (when || "").slice(0, 10);
  if (!table) return [el("a", { href: `/games/${encodeURIComponent(game)}`, text: title ? `${day}, ${title}` : day })];
  const where = el("a", { href: `/tournaments/${encodeURIComponent(table.tournament)}`, text: `${day}, round ${table.round} table ${table.table}` });
  return game ? [where, " (", el("a", { href: `/games/${encodeURIComponent(game)}`, text: "its game" }), ")"] : [where];
}
