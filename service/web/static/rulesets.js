// The shipped rulesets' short names ("Kard és Korona" of "Kard és Korona (Sword and Crown)"), by id, read once per
// page from GET /api/v1/rulesets: lists and pages show the game's name, not its id; an id the list lacks shows as is.
import { getJson } from "./session.js";

let names = null;

export async function rulesetNames() {
  names ??= getJson("/api/v1/rulesets")
    .then((body) => Object.fromEntries(body.items.map((r) => [r.id, r.title.split(/[:(]/)[0].trim()])))
    .catch(() => ({}));
  return names;
}

export async function rulesetName(id) {
  return (await rulesetNames())[id] || id;
}
