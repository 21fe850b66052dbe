// A new game from the games list, for a token that may create one (POST /api/v1/games: admin, organiser,
// player): ruleset, its boards, the seats in order, the dice and the ruleset's options; the page then opens
// on the new game, whose Record panel says what it waits for first. A refusal is the API's, field by field.
import { getJson, postJson, problemText, token } from "./session.js";
import { el, onSubmit } from "./dom.js";

const CREATORS = ["admin", "organiser", "player"];
const panel = document.getElementById("new-game");
const form = document.getElementById("new-game-form");
const error = document.getElementById("new-game-error");

// The ruleset's boards (GET /api/v1/rulesets/{id}); a ruleset with none is played without one.
async function showBoards() {
  const ruleset = await getJson(`/api/v1/rulesets/${encodeURIComponent(form.elements.ruleset.value)}`);
  const boards = ruleset.boards || [];
  form.elements.board.replaceChildren(...(boards.length ? boards : [""]).map((b) => el("option", { value: b, text: b || "none" })));
}

function body() {
  const data = new FormData(form);
  const seats = String(data.get("seats")).split(",").map((s) => s.trim()).filter(Boolean);
  const options = String(data.get("options")).trim();
  let parsed = {};
  if (options) {
    try {
      parsed = JSON.parse(options);
    } catch {
      throw new Error("options: not valid JSON");
    }
  }
  const title = String(data.get("title")).trim();
  return {
    ruleset: data.get("ruleset"),
    ...(title ? { title } : {}),
    ...(data.get("board") ? { board: data.get("board") } : {}),
    seats: seats.map((seat) => ({ seat })),
    dice: data.get("dice"),
    options: parsed,
  };
}

async function create() {
  error.hidden = true;
  try {
    const created = await postJson("/api/v1/games", body());
    location.assign(`/games/${encodeURIComponent(created.id)}`);
  } catch (problem) {
    error.textContent = problem.problem ? problemText(problem) : problem.message;
    error.hidden = false;
  }
}

async function start() {
  if (!token()) return;
  const who = await getJson("/api/v1/tokens/current").catch(() => null);
  if (!who || !CREATORS.includes(who.role)) return;
  panel.hidden = false;
  form.elements.ruleset.addEventListener("change", () => showBoards().catch(() => {}));
  onSubmit(form, create);
  await showBoards().catch(() => {});
}

start();
