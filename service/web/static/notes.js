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

function commentForm(gameId, version, onAdded) {
  const text = el("textarea", { name: "text", rows: 2, required: true, "aria-label": "Comment text", maxlength: 4000 });
  const visibility = el("select", { name: "visibility", "aria-label": "Who may read it" }, ...["public", "private"].map((v) => el("option", { value: v, text: v })));
  const error = el("p", { class: "error", role: "alert", hidden: true });
  const form = el("form", { class: "comment-form" }, text, visibility, el("button", { type: "submit", text: `Comment on version ${version}` }), error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const body = { kind: "comment", at_version: version, visibility: visibility.value, body: { text: text.value } };
      await postJson(`/api/v1/games/${encodeURIComponent(gameId)}/annotations`, body);
      await onAdded();
    } catch (problem) {
      error.textContent = problemText(problem);
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
    token() ? commentForm(gameId, version, onAdded) : el("p", { class: "quiet" }, el("a", { href: "/login", text: "Paste a token" }), " to annotate."),
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
