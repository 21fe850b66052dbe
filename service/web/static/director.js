// A tournament director's controls on the tournament page. Each is offered only to a token whose role the API lets
// do it (service/tournaments: pairing, starting, approving and closing are the directors', admin and organiser;
// a table's result by seat is staff's, so an arbiter may enter one too): pair the next round (a preview first, its
// problems accepted only once a box listing them is ticked), start it, enter a table's result by seat, approve
// a pending result, close the round, finish. A refusal is shown once from the API's problem; after each write the
// API takes the page reads the tournament again, so what it shows is what the API has.
import { getJson, postJson, problemText, token } from "./session.js";
import { el, onSubmit } from "./dom.js";

const DIRECTORS = ["admin", "organiser"];
const STAFF = ["admin", "organiser", "arbiter"];
const error = document.getElementById("director-error");
let role; // undefined until asked once: the token's role does not change while the page is open

async function roleOf() {
  if (role === undefined) role = token() ? ((await getJson("/api/v1/tokens/current").catch(() => null)) || {}).role || null : null;
  return role;
}

function said(problem) {
  error.textContent = problem ? problemText(problem) : "";
  error.hidden = !problem;
}

// Run one write (or the preview): any earlier refusal cleared, then the page read again after a write the API took.
// A refusal wrote nothing: it is shown, and the forms keep what the director typed (places to correct, say).
async function act(ctx, write, reread = true) {
  said(null);
  try {
    await write();
  } catch (problem) {
    said(problem);
    return;
  }
  if (reread) await ctx.reread();
}

function actionForm(id, label, handler, ...fields) {
  const form = el("form", { id, class: "director-form" }, ...fields, el("button", { type: "submit", text: label }));
  onSubmit(form, handler);
  return form;
}

function field(control, label) {
  return el("div", { class: "field" }, el("label", { for: control.id, text: label }), control);
}

function seated(table, names) {
  return table.players.map((p) => `${names[p] || p} (${table.seats[p] || "?"})`).join(", ");
}

function planView(ctx, plan) {
  const tables = el("ul", { id: "plan-tables" }, ...plan.tables.map((t, i) => el("li", { "data-table": t.number ?? i + 1, text: `Table ${t.number ?? i + 1}: ${seated(t, ctx.names)}` })));
  const byes = plan.byes.length ? el("p", { id: "plan-byes", text: `Byes: ${plan.byes.map((p) => ctx.names[p] || p).join(", ")}` }) : null;
  const problems = plan.problems.map((p) => el("li", { "data-kind": p.kind, text: `${p.kind}: ${p.detail}` }));
  const fields = [];
  if (problems.length) {
    // The box names what it accepts (the list is its description): ticking it is the director's `accept_problems`,
    // and Publish waits for it (a required box: the browser keeps the form from posting until it is ticked).
    const box = el("input", { id: "accept-problems", type: "checkbox", name: "accept_problems", required: true, "aria-describedby": "plan-problems" });
    const kinds = [...new Set(plan.problems.map((p) => p.kind))].join(", ");
    const label = el("label", { for: "accept-problems", text: `Publish with these ${problems.length} problem(s) (${kinds})` });
    fields.push(el("fieldset", { class: "accept" }, el("legend", { text: "Pairing problems" }), el("ul", { id: "plan-problems" }, ...problems), el("div", { class: "field accept" }, box, label)));
  }
  const publish = actionForm("publish-form", `Publish round ${plan.round}`, () =>
    act(ctx, () => postJson(`${ctx.base}/rounds`, { accept_problems: problems.length > 0 && document.getElementById("accept-problems").checked })),
  ...fields);
  const header = el("p", { text: `Round ${plan.round} as it would be paired (nothing is written until you publish): repeat cost ${plan.repeat_cost}.` });
  return [header, tables, byes, problems.length ? null : el("p", { class: "quiet", text: "No pairing problems." }), publish];
}

function pairing(ctx, number) {
  const shown = el("div", { id: "pair-plan" });
  const preview = actionForm("preview-form", `Preview round ${number}`, () =>
    act(ctx, async () => shown.replaceChildren(...planView(ctx, await postJson(`${ctx.base}/rounds`, { preview: true }))), false),
  );
  return [el("h3", { text: `Pair round ${number}` }), preview, shown];
}

function resultForm(ctx, number, table) {
  const prefix = `result-${number}-${table.table}`;
  const inputs = table.players.map((p) => {
    const input = el("input", { id: `${prefix}-${table.seats[p]}`, type: "number", min: 1, max: table.players.length, required: true, inputmode: "numeric", "data-seat": table.seats[p] });
    return field(input, `Place of ${ctx.names[p] || p} (${table.seats[p]})`);
  });
  const send = () => {
    const places = Object.fromEntries(table.players.map((p) => [table.seats[p], Number(document.getElementById(`${prefix}-${table.seats[p]}`).value)]));
    return act(ctx, () => postJson(`${ctx.base}/rounds/${number}/tables/${table.table}/result`, { places }));
  };
  return actionForm(prefix, `Enter table ${table.table}'s result`, send, ...inputs);
}

function approvalForm(ctx, number, table) {
  const id = `approve-${number}-${table.table}`;
  const reason = el("input", { id: `${id}-reason`, type: "text", maxlength: 2000, autocomplete: "off" });
  const send = () => act(ctx, () => postJson(`${ctx.base}/rounds/${number}/tables/${table.table}/approval`, { override_reason: reason.value.trim() || null }));
  return actionForm(id, `Approve table ${table.table}'s result`, send, field(reason, "Override reason (only while players have not confirmed)"));
}

// A round's tables needing a hand: a result to enter (staff) or to approve (directors).
function tableControls(ctx, found) {
  const items = [];
  for (const table of found.tables) {
    let control = null;
    if (!table.result && !found.closed && STAFF.includes(ctx.role)) control = resultForm(ctx, found.round, table);
    else if (table.result && !table.result.approved && DIRECTORS.includes(ctx.role)) control = approvalForm(ctx, found.round, table);
    if (control) items.push(el("fieldset", { "data-round": found.round, "data-table": table.table }, el("legend", { text: `Round ${found.round}, table ${table.table}: ${seated(table, ctx.names)}` }), control));
  }
  return items;
}

function roundControls(ctx, found) {
  const parts = [el("h3", { text: `Round ${found.round}` })];
  if (found.tables.some((t) => !t.game)) {
    parts.push(actionForm("start-form", `Start round ${found.round} (create its games)`, () => act(ctx, () => postJson(`${ctx.base}/rounds/${found.round}/start`, {}))));
  }
  parts.push(actionForm("close-form", `Close round ${found.round}`, () => act(ctx, () => postJson(`${ctx.base}/rounds/${found.round}/close`, {}))));
  return parts;
}

function nextToPair(tournament) {
  const settings = tournament.settings;
  const last = tournament.rounds[tournament.rounds.length - 1];
  const rounds = Number(settings.rounds || 0) + (settings.final_table ? 1 : 0);
  const open = tournament.status === "finished" || settings.format !== "swiss" || (last && !last.closed);
  return open || tournament.rounds.length >= rounds ? null : tournament.rounds.length + 1;
}

// Every Swiss round closed: the director may finish (results final, the draw's seed revealed). It cannot be undone,
// so a required box says so first, and says when rounds the settings planned were not played.
function finishing(ctx, tournament) {
  const played = tournament.rounds.filter((r) => r.round > 0).length;
  const planned = Number(tournament.settings.rounds || 0);
  const box = el("input", { id: "finish-sure", type: "checkbox", required: true });
  const short = played < planned ? ` after ${played} of ${planned} planned rounds` : "";
  const label = el("label", { for: "finish-sure", text: `Finish${short}: every result becomes final and the draw's seed is revealed` });
  const send = () => act(ctx, () => postJson(`${ctx.base}/finish`, {}));
  return [el("h3", { text: "Finish" }), actionForm("finish-form", "Finish the tournament", send, el("div", { class: "field accept" }, box, label))];
}

// The director's panel for the tournament as just read, or hidden for a token that may do none of it.
export async function director(tournament, names, base, reread) {
  const section = document.getElementById("director");
  const ctx = { role: await roleOf(), names, base, reread };
  if (!STAFF.includes(ctx.role) || tournament.status === "finished") {
    section.hidden = true;
    document.getElementById("tournament").dataset.directorReady = "true";
    return;
  }
  const parts = [];
  const number = nextToPair(tournament);
  if (number && DIRECTORS.includes(ctx.role)) parts.push(...pairing(ctx, number));
  // The open round, and closed ones holding a result amended after closing that awaits approval.
  const pending = tournament.rounds.filter((r) => r.round > 0 && (!r.closed || r.results < r.tables));
  for (const summary of pending) {
    const found = await getJson(`${base}/rounds/${summary.round}`);
    const tables = tableControls(ctx, found);
    if (!found.closed && DIRECTORS.includes(ctx.role)) parts.push(...roundControls(ctx, found));
    else if (tables.length) parts.push(el("h3", { text: `Round ${found.round}` }));
    parts.push(...tables);
  }
  const rounds = tournament.rounds.filter((r) => r.round > 0);
  if (DIRECTORS.includes(ctx.role) && tournament.settings.format === "swiss" && rounds.length && rounds.every((r) => r.closed)) parts.push(...finishing(ctx, tournament));
  document.getElementById("director-controls").replaceChildren(...parts);
  section.hidden = parts.length === 0;
  document.getElementById("tournament").dataset.directorReady = "true"; // the tests' sign that it has decided
}
