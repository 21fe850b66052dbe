// A "New …" form of a list page (new game, new tournament): shown only to a token whose role may create one
// (GET /api/v1/tokens/current), the ruleset's boards offered, the body POSTed and the new thing's page opened;
// a refusal is the API's, field by field, and writes nothing.
import { getJson, postJson, problemText, token } from "./session.js";
import { el, onSubmit } from "./dom.js";

// The ruleset's boards (GET /api/v1/rulesets/{id}); a ruleset with none is played without one.
async function showBoards(form) {
  const ruleset = await getJson(`/api/v1/rulesets/${encodeURIComponent(form.elements.ruleset.value)}`);
  const boards = ruleset.boards || [];
  form.elements.board.replaceChildren(...(boards.length ? boards : [""]).map((b) => el("option", { value: b, text: b || "none" })));
}

// The form's options box as JSON: empty is no options, anything else must parse.
export function optionsOf(form, label) {
  const text = String(form.elements.options.value).trim();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${label}: not valid JSON`);
  }
}

// `prefix`: the ids `<prefix>` (the panel), `<prefix>-form` and `<prefix>-error`; `accepts(who)`: whether the token
// may create; `body(form)`: the request; `opened(created)`: the page to open on the answer.
export async function createForm({ prefix, endpoint, accepts, body, opened, wire = () => {} }) {
  const panel = document.getElementById(prefix);
  const form = document.getElementById(`${prefix}-form`);
  const error = document.getElementById(`${prefix}-error`);
  if (!token()) return;
  const who = await getJson("/api/v1/tokens/current").catch(() => null);
  if (!who || !accepts(who)) return;
  panel.hidden = false;
  form.elements.ruleset.addEventListener("change", () => showBoards(form).catch(() => {}));
  wire(form);
  onSubmit(form, async () => {
    error.hidden = true;
    try {
      const created = await postJson(endpoint, body(form));
      location.assign(opened(created));
    } catch (problem) {
      error.textContent = problem.problem ? problemText(problem) : problem.message;
      error.hidden = false;
    }
  });
  await showBoards(form).catch(() => {});
}
