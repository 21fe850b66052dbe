// The shipped rulesets' short names (the title before its parenthesis: "Kard és Korona", "A Game of Thrones: The Board
// Game"), by id, read once per page from GET /api/v1/rulesets: lists and pages show the game's name, not its id; an
// id the list lacks shows as is.
import { getJson } from "./session.js";

let names = null;

export async function rulesetNames() {
  names ??= getJson("/api/v1/rulesets")
    .then((body) => Object.fromEntries(body.items.map((r) => [r.id, r.title.split("(")[0].trim()])))
    .catch(() => ({}));
  return names;
}

export async function rulesetName(id) {
  return (await rulesetNames())[id] || id;
}
