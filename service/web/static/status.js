// The ruleset's status panel from the view JSON: a readable key/value panel. Each value is tagged with its
// path (data-key="treasuries.erdely") so that a reader, or a test, finds one value without parsing text.
import { el } from "./dom.js";

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

export function renderStatus(panel, view) {
  const rules = (view && (view.rules || view.state)) || {};
  const meta = (view && view.meta) || {};
  const ended = meta.ended ? el("p", { class: "ended", text: `Ended: ${meta.result ? JSON.stringify(meta.result) : "yes"}` }) : null;
  panel.replaceChildren(...[ended, list(rules, "", 0)].filter(Boolean));
}
