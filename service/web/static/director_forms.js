// The forms of the tournament page's panel, shared by the director's controls (director.js), who plays
// (entrants.js) and a player's own table: one submission at a time (dom.js onSubmit), labelled controls, a refusal
// shown once from the API's problem, and the tournament read again after each write the API took.
import { postJson, problemText } from "./session.js";
import { el, onSubmit } from "./dom.js";

export const DIRECTORS = ["admin", "organiser"];
export const STAFF = ["admin", "organiser", "arbiter"];

export function said(problem) {
  const error = document.getElementById("director-error");
  error.textContent = problem ? problemText(problem) : "";
  error.hidden = !problem;
}

// Run one write (or the preview): any earlier refusal cleared, then the page read again after a write the API took.
// A refusal wrote nothing: it is shown, and the forms keep what was typed (places to correct, say).
export async function act(ctx, write, reread = true) {
  said(null);
  try {
    await write();
  } catch (problem) {
    said(problem);
    return;
  }
  if (reread) await ctx.reread();
}

export function actionForm(id, label, handler, ...fields) {
  const form = el("form", { id, class: "director-form" }, ...fields, el("button", { type: "submit", text: label }));
  onSubmit(form, handler);
  return form;
}

export function field(control, label) {
  return el("div", { class: "field" }, el("label", { for: control.id, text: label }), control);
}

// A pairing problem as a director reads it: its detail names players by id (the tournament's events carry ids
// only), so each player it lists is shown by name.
export function problemLine(problem, names) {
  const detail = (problem.players || []).reduce((text, p) => text.replaceAll(p, names[p] || p), problem.detail);
  return `${problem.kind}: ${detail}`;
}

export function seated(table, names) {
  return table.players.map((p) => `${names[p] || p} (${table.seats[p] || "?"})`).join(", ");
}

// A reason the API keeps in the tournament's record: required, and not blank (the API takes 1-2000 characters).
export function reasonField(id, label) {
  return field(el("input", { id, type: "text", required: true, maxlength: 2000, pattern: ".*\\S.*", autocomplete: "off" }), label);
}

// A place by seat for each player of the table: a physical game's result (staff, or a player of the table). Amending
// (a director, with a reason the record keeps) replaces a result in: the way out of an approval refused because the
// table's game ended otherwise (game_places, game_winners) or of a result entered wrong.
export function resultForm(ctx, number, table, amending = false) {
  const prefix = `${amending ? "amend" : "result"}-${number}-${table.table}`;
  const inputs = table.players.flatMap((p) => {
    const input = el("input", { id: `${prefix}-${table.seats[p]}`, type: "number", min: 1, max: table.players.length, required: true, inputmode: "numeric", "data-seat": table.seats[p] });
    // A seat that did not play (a no-show once the round started): scored by its place, never rated.
    const forfeit = el("input", { id: `${prefix}-${table.seats[p]}-forfeit`, type: "checkbox", "data-seat": table.seats[p] });
    return [field(input, `Place of ${ctx.names[p] || p} (${table.seats[p]})`), field(forfeit, `${ctx.names[p] || p} did not play (forfeit)`)];
  });
  if (amending) inputs.push(reasonField(`${prefix}-reason`, "Why the result is amended"));
  const send = () => {
    const places = Object.fromEntries(table.players.map((p) => [table.seats[p], Number(document.getElementById(`${prefix}-${table.seats[p]}`).value)]));
    const forfeit = table.players.map((p) => table.seats[p]).filter((s) => document.getElementById(`${prefix}-${s}-forfeit`).checked);
    const entered = forfeit.length ? { places, forfeit } : { places };
    const body = amending ? { ...entered, amend_reason: document.getElementById(`${prefix}-reason`).value.trim() } : entered;
    return act(ctx, () => postJson(`${ctx.base}/rounds/${number}/tables/${table.table}/result`, body));
  };
  return actionForm(prefix, `${amending ? "Amend" : "Enter"} table ${table.table}'s result`, send, ...inputs);
}
