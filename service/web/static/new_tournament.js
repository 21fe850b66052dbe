// A new tournament from the tournaments list, for a director's token (POST /api/v1/tournaments: admin, organiser,
// not bound to games): name, ruleset and board, Swiss rounds or an open league, players per table, scoring, who is
// kept apart in round 1, the games' dice and visibility and the ruleset's options; the page then opens on the new
// tournament, where the director registers the players. A refusal is the API's, field by field.
import { createForm, optionsOf } from "./create_form.js";

const DIRECTORS = ["admin", "organiser"];

// A league has no planned rounds: its field is shown for Swiss only.
function showRounds(form) {
  const swiss = form.elements.format.value === "swiss";
  form.elements.rounds.closest("label").hidden = !swiss;
  form.elements.rounds.required = swiss;
}

function body(form) {
  const data = new FormData(form);
  const swiss = data.get("format") === "swiss";
  return {
    name: String(data.get("name")).trim(),
    ruleset: data.get("ruleset"),
    ...(data.get("board") ? { board: data.get("board") } : {}),
    format: data.get("format"),
    ...(swiss ? { rounds: Number(data.get("rounds")) } : {}),
    table_size: Number(data.get("table_size")),
    scoring: data.get("scoring"),
    ...(data.get("keep_apart") ? { keep_apart: data.get("keep_apart") } : {}),
    ...(data.get("seeding") ? { seeding: data.get("seeding") } : {}),
    dice: data.get("dice"),
    visibility: data.get("visibility"),
    options: optionsOf(form, "Game options"),
  };
}

createForm({
  prefix: "new-tournament",
  endpoint: "/api/v1/tournaments",
  accepts: (who) => DIRECTORS.includes(who.role) && who.games == null, // a token bound to games may not create one
  body,
  opened: (created) => `/tournaments/${encodeURIComponent(created.id)}`,
  wire: (form) => {
    form.elements.format.addEventListener("change", () => showRounds(form));
    showRounds(form);
  },
});
