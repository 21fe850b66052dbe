// A new game from the games list, for a token that may create one (POST /api/v1/games: admin, organiser,
// player): ruleset, its boards, the seats in order, the dice and the ruleset's options; the page then opens
// on the new game, whose Record panel says what it waits for first. A refusal is the API's, field by field.
import { createForm, optionsOf } from "./create_form.js";

const CREATORS = ["admin", "organiser", "player"];

function body(form) {
  const data = new FormData(form);
  const seats = String(data.get("seats")).split(",").map((s) => s.trim()).filter(Boolean);
  const title = String(data.get("title")).trim();
  return {
    ruleset: data.get("ruleset"),
    ...(title ? { title } : {}),
    ...(data.get("board") ? { board: data.get("board") } : {}),
    seats: seats.map((seat) => ({ seat })),
    dice: data.get("dice"),
    options: optionsOf(form, "options"),
  };
}

createForm({
  prefix: "new-game",
  endpoint: "/api/v1/games",
  accepts: (who) => CREATORS.includes(who.role),
  body,
  opened: (created) => `/games/${encodeURIComponent(created.id)}`,
});
