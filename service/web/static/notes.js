// Annotations shown at their versions (GET .../annotations), map marks drawn on the board, and a comment
// form for a reader with a token (POST .../annotations); the API decides who may read and write what.
import { getJson, postJson, problemText, token } from "./session.js";
import { el, svg } from "./dom.js";

export async function readNotes(gameId) {
  const found = await getJson(`/api/v1/games/${encodeURIComponent(gameId)}/annotations`);
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
  return { text };
}

function annotationForm(gameId, version, onAdded) {
  const kind = el("select", { name: "kind", "aria-label": "Kind" }, ...["comment", "glyph", "bookmark"].map((k) => el("option", { value: k, text: k })));
  const glyph = el("select", { name: "glyph", "aria-label": "Glyph", hidden: true });
  const text = el("textarea", { name: "text", rows: 2, "aria-label": "Text (a bookmark's label)", maxlength: 4000 });
  const visibility = el("select", { name: "visibility", "aria-label": "Who may read it" }, ...["public", "private"].map((v) => el("option", { value: v, text: v })));
  const error = el("p", { class: "error", role: "alert", hidden: true });
  const form = el("form", { class: "comment-form" }, text, kind, glyph, visibility, el("button", { type: "submit", text: `Annotate version ${version}` }), error);
  kind.addEventListener("change", async () => {
    glyph.hidden = kind.value !== "glyph";
    if (!glyph.hidden && !glyph.options.length) glyph.replaceChildren(...(await glyphOptions()));
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const body = { kind: kind.value, at_version: version, visibility: visibility.value, body: bodyOf(kind.value, { text, glyph }) };
      await postJson(`/api/v1/games/${encodeURIComponent(gameId)}/annotations`, body);
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
  const items = here.map((n) =>
    el("li", { "data-annotation": n.id, "data-kind": n.kind }, el("strong", { text: n.kind.replace("_", " ") }), " ", noteText(n), " ", el("small", { text: `(${n.visibility})` })),
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
