// Annotations shown at their versions (GET .../annotations), map marks drawn on the board, and a comment
// form for a reader with a token (POST .../annotations); the API decides who may read and write what.
import { getAll, getJson, postJson, problemText, sendJson, token } from "./session.js";
import { el, onSubmit, svg } from "./dom.js";

export async function readNotes(gameId) {
  const found = await getAll(`/api/v1/games/${encodeURIComponent(gameId)}/annotations`);
  return found.items || [];
}

function noteText(note) {
  const body = note.body || {};
  const parts = [body.glyph, body.label, body.text].filter(Boolean);
  if (note.kind === "map_mark") parts.push(`marks ${[...(body.areas || []), ...(body.arrows || []).map((a) => `${a.from}→${a.to}`)].join(", ")}`);
  return parts.join(" ");
}

let glyphs = null; // GET /api/v1/annotations/glyphs, read once a page

async function glyphOptions() {
  glyphs = glyphs || (await getJson("/api/v1/annotations/glyphs")).items;
  return glyphs.map((g) => el("option", { value: g.glyph, text: `${g.symbol} ${g.meaning}` }));
}

// What a form's fields make of an annotation body: a comment's text, a glyph (with optional text), a bookmark.
function bodyOf(kind, fields) {
  const text = fields.text.value.trim();
  if (kind === "glyph") return { glyph: fields.glyph.value, ...(text ? { text } : {}) };
  if (kind === "bookmark") return { label: text };
  if (kind === "map_mark") return { areas: [...picking.areas], arrows: picking.arrows.map(([from, to]) => ({ from, to })), ...(text ? { text } : {}) };
  return { text };
}

// A map mark is drawn by clicking the board: a click marks an area (again: unmarks it); Shift-click one area,
// then another, for an arrow between them.
const picking = { on: false, areas: new Set(), arrows: [], from: null, shown: null };

function pickArea(event) {
  if (!picking.on) return;
  const area = event.target.closest(".area[data-area]");
  if (!area) return;
  const id = area.dataset.area;
  if (event.shiftKey) {
    if (picking.from && picking.from !== id) {
      picking.arrows.push([picking.from, id]);
      picking.from = null;
    } else picking.from = id;
  } else if (picking.areas.has(id)) picking.areas.delete(id);
  else picking.areas.add(id);
  area.classList.toggle("marked", picking.areas.has(id));
  showPicked();
}

function showPicked() {
  if (!picking.shown) return;
  const arrows = picking.arrows.map(([a, b]) => `${a}→${b}`);
  const pending = picking.from ? [`${picking.from}→?`] : [];
  picking.shown.textContent = [...picking.areas, ...arrows, ...pending].join(", ") || "Click areas on the board (Shift-click two for an arrow).";
}

// Areas are in the tab order only while a map mark is drawn: otherwise a keyboard would cross every area of the
// map (49 on Kard és Korona's) to reach the replay's controls. Enter or Space marks the focused area as a click
// does (with Shift, an arrow's end).
function areasPickable(board, on) {
  for (const area of board.querySelectorAll(".area[data-area]")) {
    area.setAttribute("tabindex", on ? "0" : "-1");
    if (on) area.setAttribute("role", "button");
    else area.removeAttribute("role");
  }
}

let watched = null;

export function watchBoard(board) {
  watched = board;
  board.addEventListener("click", pickArea);
  board.addEventListener("keydown", (event) => {
    if (!picking.on || (event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    pickArea(event);
  });
}

// Edit (the text) or delete an annotation in place; the API says whether this reader may.
function changeControls(gameId, note, onChanged) {
  if (!token()) return null;
  const error = el("span", { class: "error", role: "alert", hidden: true });
  const fail = (problem) => {
    error.textContent = problemText(problem);
    error.hidden = false;
  };
  const editButton = el("button", { type: "button", class: "small", text: "Edit" });
  const deleteButton = el("button", { type: "button", class: "small", text: "Delete" });
  const base = `/api/v1/games/${encodeURIComponent(gameId)}/annotations/${encodeURIComponent(note.id)}`;
  editButton.addEventListener("click", () => {
    const field = note.kind === "bookmark" ? "label" : "text";
    const area = el("textarea", { rows: 2, "aria-label": "New text", maxlength: 4000 });
    area.value = (note.body || {})[field] || "";
    const save = el("button", { type: "submit", text: "Save" });
    const form = el("form", { class: "comment-form edit-form" }, area, save);
    onSubmit(form, async () => {
      try {
        await sendJson("PATCH", base, { body: { ...(note.body || {}), [field]: area.value.trim() } });
        await onChanged();
      } catch (problem) {
        fail(problem);
      }
    });
    editButton.replaceWith(form);
  });
  deleteButton.addEventListener("click", async () => {
    try {
      await sendJson("DELETE", base);
      await onChanged();
    } catch (problem) {
      fail(problem);
    }
  });
  return el("span", { class: "note-controls" }, editButton, deleteButton, error);
}

// The text box's visible label and placeholder for each kind: a comment and a bookmark need it (an empty one is
// not sent, and the placeholder says so before Send), a glyph and a map mark take it as an optional note.
const TEXT_LABELS = {
  comment: ["Comment", "what to note at this version (required: an empty comment is not sent)"],
  glyph: ["Note (optional)", "a word on the glyph, if any"],
  bookmark: ["Bookmark label", "the bookmark's name (required: an empty label is not sent)"],
  map_mark: ["Note (optional)", "a word on the marked areas, if any"],
};

const labelled = (text, control) => el("label", { class: "note-field" }, el("span", { text }), control);

function annotationForm(gameId, version, onAdded) {
  const kinds = ["comment", "glyph", "bookmark", "map_mark"];
  const kind = el("select", { name: "kind" }, ...kinds.map((k) => el("option", { value: k, text: k.replace("_", " ") })));
  const picked = el("p", { class: "quiet picked", hidden: true });
  const glyph = el("select", { name: "glyph" });
  const glyphField = labelled("Glyph", glyph);
  glyphField.hidden = true;
  const text = el("textarea", { name: "text", rows: 2, maxlength: 4000, placeholder: TEXT_LABELS.comment[1] });
  const textField = labelled(TEXT_LABELS.comment[0], text);
  textField.classList.add("note-text");
  const visibility = el("select", { name: "visibility" }, ...["public", "private"].map((v) => el("option", { value: v, text: v })));
  const error = el("p", { class: "error", role: "alert", hidden: true });
  const fields = [textField, labelled("Kind", kind), glyphField, labelled("Who may read it", visibility)];
  const form = el("form", { class: "comment-form" }, ...fields, el("button", { type: "submit", text: `Annotate version ${version}` }), picked, error);
  kind.addEventListener("change", async () => {
    glyphField.hidden = kind.value !== "glyph";
    textField.firstChild.textContent = TEXT_LABELS[kind.value][0];
    text.placeholder = TEXT_LABELS[kind.value][1];
    picking.on = kind.value === "map_mark";
    if (watched) areasPickable(watched, picking.on);
    picked.hidden = !picking.on;
    picking.shown = picked;
    showPicked();
    if (!glyphField.hidden && !glyph.options.length) glyph.replaceChildren(...(await glyphOptions()));
  });
  onSubmit(form, async () => {
    if ((kind.value === "comment" || kind.value === "bookmark") && !text.value.trim()) {
      error.textContent = `${TEXT_LABELS[kind.value][0]}: empty, so nothing was sent; write it first.`;
      error.hidden = false;
      text.focus();
      return;
    }
    error.hidden = true;
    try {
      const body = { kind: kind.value, at_version: version, visibility: visibility.value, body: bodyOf(kind.value, { text, glyph }) };
      await postJson(`/api/v1/games/${encodeURIComponent(gameId)}/annotations`, body);
      Object.assign(picking, { on: false, areas: new Set(), arrows: [], from: null, shown: null });
      if (watched) areasPickable(watched, false);
      await onAdded();
    } catch (problem) {
      error.textContent = problemText(problem); // the API names the field (body.text, body.glyph...)
      error.hidden = false;
    }
  });
  return form;
}

// The notes panel for `version`; `onAdded` reloads the annotations after a new one is recorded.
export function renderNotes(panel, gameId, notes, version, onAdded) {
  const here = notes.filter((n) => n.at_version === version);
  Object.assign(picking, { on: false, areas: new Set(), arrows: [], from: null, shown: null }); // a new version: a new mark
  const items = here.map((n) =>
    el(
      "li",
      { "data-annotation": n.id, "data-kind": n.kind },
      el("strong", { text: n.kind.replace("_", " ") }),
      " ",
      el("span", { class: "note-text", text: noteText(n) }),
      " ",
      el("small", { text: `(${n.visibility})` }),
      " ",
      changeControls(gameId, n, onAdded),
    ),
  );
  panel.replaceChildren(
    el("h2", { text: `Annotations at version ${version}` }),
    items.length ? el("ul", {}, ...items) : el("p", { class: "quiet", text: "None here." }),
    token() ? annotationForm(gameId, version, onAdded) : el("p", { class: "quiet" }, el("a", { href: "/login", text: "Paste a token" }), " to annotate."),
  );
}

// Highlight the areas and draw the arrows of the map marks at `version` on the board's SVG.
export function drawMarks(board, notes, version) {
  const layer = board.querySelector("g.marks") || board.appendChild(svg("g", { class: "marks" }));
  layer.replaceChildren();
  for (const area of board.querySelectorAll(".area.marked")) area.classList.remove("marked");
  const at = (id) => board.querySelector(`.area[data-area="${CSS.escape(id)}"]`);
  const centre = (node) => node.transform.baseVal.consolidate()?.matrix;
  for (const note of notes.filter((n) => n.kind === "map_mark" && n.at_version === version)) {
    for (const id of note.body.areas || []) at(id)?.classList.add("marked");
    for (const arrow of note.body.arrows || []) {
      const [a, b] = [at(arrow.from), at(arrow.to)];
      if (!a || !b) continue;
      const [p, q] = [centre(a), centre(b)];
      layer.append(svg("line", { class: "arrow", x1: p.e, y1: p.f, x2: q.e, y2: q.f, "marker-end": "url(#arrowhead)" }));
    }
  }
}
