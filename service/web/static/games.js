// The games list: GET /api/v1/games with the form's filters (ruleset, status, player, tournament), one page at a time (cursor `next`).
import { getJson, token } from "./session.js";
import { el } from "./dom.js";
import { rulesetNames } from "./rulesets.js";
import { gameTitle } from "./game_title.js";

const form = document.getElementById("filters");
const body = document.querySelector("#games tbody");
const error = document.getElementById("games-error");
const nextButton = document.getElementById("next-page");
const firstButton = document.getElementById("first-page");
// ?limit= in the page's URL chooses the page size (the API's own bound applies).
const PAGE = Number(new URLSearchParams(location.search).get("limit")) || 25;
let next = null;

function query(after) {
  const params = new URLSearchParams({ limit: String(PAGE) });
  for (const [name, value] of new FormData(form)) if (value) params.set(name, String(value).trim());
  if (after) params.set("after", after);
  return params;
}

function row(game, names) {
  const link = el("a", { href: `/games/${encodeURIComponent(game.id)}`, text: gameTitle(game) });
  const seats = game.seats.map((s) => s.name || s.seat).join(", ");
  return el(
    "tr",
    { "data-game": game.id },
    el("td", {}, link),
    el("td", {}, el("a", { href: `/rulesets/${encodeURIComponent(game.ruleset)}/rules?version=${encodeURIComponent(game.ruleset_version)}`, text: names[game.ruleset] || game.ruleset })),
    el("td", { text: seats }),
    el("td", { text: game.status }),
    el("td", { text: game.version }),
    el("td", { text: (game.created_at || "").slice(0, 16).replace("T", " ") }),
  );
}

async function load(after) {
  error.hidden = true;
  try {
    const page = await getJson(`/api/v1/games?${query(after)}`);
    const names = await rulesetNames();
    body.replaceChildren(...page.items.map((game) => row(game, names)));
    if (!page.items.length) body.append(el("tr", {}, el("td", { colspan: 6, text: "No game matches." })));
    next = page.next;
    nextButton.disabled = !next;
    firstButton.disabled = !after;
    keepUrl(after);
  } catch (problem) {
    error.textContent = problem.message;
    error.hidden = false;
  }
}

// The filters and the page shown live in the page's URL too, so a filtered list can be shared, and a reload or the
// browser's Back from a game opened on page 3 comes back to page 3.
function keepUrl(after) {
  const shown = query(after);
  if (PAGE === 25) shown.delete("limit");
  history.replaceState(null, "", `${location.pathname}${String(shown) ? `?${shown}` : ""}`);
}

function fromUrl() {
  const params = new URLSearchParams(location.search);
  for (const name of ["ruleset", "status", "player"]) if (params.has(name)) form.elements[name].value = params.get(name);
  return params.get("after");
}

// The tournaments by name (a public list); one named by the address but not listed keeps its id.
async function offerTournaments(chosen) {
  const select = form.elements.tournament;
  // The newest 200: a longer list is a search, not a drop-down (an older one is still reached by its address).
  const listed = await getJson("/api/v1/tournaments?limit=200").catch(() => ({ items: [] }));
  const options = listed.items.map((t) => el("option", { value: t.tournament_id, text: `${t.name} (${t.status})` }));
  if (chosen && !listed.items.some((t) => t.tournament_id === chosen)) options.push(el("option", { value: chosen, text: chosen }));
  select.append(...options);
  select.value = chosen || "";
}

// With a token, names typed in the player box are looked up (GET /api/v1/players?q=): choosing one fills its id.
// Names are personal data: an anonymous reader filters by an id they were given.
function offerPlayers() {
  if (!token()) return;
  const box = form.elements.player;
  let asked = "";
  box.addEventListener("input", async () => {
    const typed = box.value.trim();
    if (typed.length < 2 || typed === asked || /^[0-9a-f-]{36}$/.test(typed)) return;
    asked = typed;
    const found = await getJson(`/api/v1/players?limit=20&q=${encodeURIComponent(typed)}`).catch(() => ({ items: [] }));
    if (asked !== typed) return; // a later keystroke asked again
    document.getElementById("player-names").replaceChildren(...found.items.map((p) => el("option", { value: p.id, label: p.name })));
  });
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  load(null);
});
nextButton.addEventListener("click", () => load(next));
firstButton.addEventListener("click", () => load(null));
const startAt = fromUrl();
offerPlayers();
offerTournaments(new URLSearchParams(location.search).get("tournament")).then(() => load(startAt));
