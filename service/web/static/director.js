// The tournament page's panel: a director's controls, and a player's own table. Each is offered only to a token
// the API lets do it (service/tournaments: pairing, starting, approving, closing, dropping, swapping and linking a
// league's games are the directors', admin and organiser; a table's result by seat is staff's, so an arbiter may
// enter one too, and a player's for its own table, which the other players then confirm): pair the next round (a
// preview first, its problems accepted only once a box listing them is ticked, and published only as previewed:
// the preview's `plan_digest` goes with the publish), start it, enter a table's result by seat, approve a pending
// result, close the round, finish. A refusal is shown once from the API's problem; after each write the API takes
// the page reads the tournament again, so what it shows is what the API has.
import { getJson, postJson, token } from "./session.js";
import { el } from "./dom.js";
import { DIRECTORS, STAFF, act, actionForm, field, problemLine, reasonField, resultForm, seated } from "./director_forms.js";
import { dropping, linking, registering, registeringList, swapping } from "./entrants.js";
import { clockControls } from "./clock.js";
import { checkingIn, leftOutLine, playerCheckIn } from "./check_in.js";

let me; // undefined until asked once: the token (role, player, binding) does not change while the page is open

async function caller() {
  if (me === undefined) me = token() ? (await getJson("/api/v1/tokens/current").catch(() => null)) || {} : {};
  return me;
}

// A player's token acts for its own table's result in this tournament: unbound, or bound to this tournament (a
// token bound to games only is refused, auth.require_tournament).
function playsHere(who, tournamentId) {
  return who.role === "player" && Boolean(who.player) && (who.tournament ? who.tournament === tournamentId : !who.games);
}

function planView(ctx, plan, shown) {
  const tables = el("ul", { id: "plan-tables" }, ...plan.tables.map((t, i) => el("li", { "data-table": t.number ?? i + 1, text: `Table ${t.number ?? i + 1}: ${seated(t, ctx.names)}` })));
  const byes = plan.byes.length ? el("p", { id: "plan-byes", text: `Byes: ${plan.byes.map((p) => ctx.names[p] || p).join(", ")}` }) : null;
  // An unavoidable faction repeat is shown, not accepted: the API publishes without waiting for it.
  const toAccept = plan.problems.filter((p) => !p.unavoidable);
  const problems = toAccept.map((p) => el("li", { "data-kind": p.kind, text: problemLine(p, ctx.names) }));
  const unavoidable = plan.problems.filter((p) => p.unavoidable).map((p) => el("li", { "data-kind": p.kind, text: problemLine(p, ctx.names) }));
  const fields = [];
  if (unavoidable.length) fields.push(el("fieldset", { class: "unavoidable" }, el("legend", { text: `Unavoidable repeats (${unavoidable.length})` }), el("ul", { id: "plan-unavoidable" }, ...unavoidable)));
  if (problems.length) {
    // The box names what it accepts (the list is its description): ticking it is the director's `accept_problems`,
    // and Publish waits for it (a required box: the browser keeps the form from posting until it is ticked).
    const box = el("input", { id: "accept-problems", type: "checkbox", name: "accept_problems", required: true, "aria-describedby": "plan-problems" });
    const kinds = [...new Set(toAccept.map((p) => p.kind))].join(", ");
    const label = el("label", { for: "accept-problems", text: `Publish with these ${problems.length} problem(s) (${kinds})` });
    fields.push(el("fieldset", { class: "accept" }, el("legend", { text: "Pairing problems" }), el("ul", { id: "plan-problems" }, ...problems), el("div", { class: "field accept" }, box, label)));
  }
  // What was previewed is what is published: a plan that changed meanwhile is refused (409 plan-changed), and the
  // stale preview is taken away so that only Preview is left to press.
  const publishing = async () => {
    const accept = problems.length > 0 && document.getElementById("accept-problems").checked;
    try {
      await postJson(`${ctx.base}/rounds`, { accept_problems: accept, plan_digest: plan.plan_digest });
    } catch (problem) {
      if ((problem.problem || {}).type === "/api/v1/problems/plan-changed") shown.replaceChildren();
      throw problem;
    }
  };
  const publish = actionForm("publish-form", `Publish round ${plan.round}`, () => act(ctx, publishing), ...fields);
  const header = el("p", { text: `Round ${plan.round} as it would be paired (nothing is written until you publish): repeat cost ${plan.repeat_cost}.` });
  // Parts a plan lacks are null, left out: replaceChildren would write them as the text "null".
  const parts = [header, tables, byes, leftOutLine(plan, ctx.names), problems.length ? null : el("p", { class: "quiet", text: unavoidable.length ? "No pairing problems to accept." : "No pairing problems." }), publish];
  return parts.filter((part) => part !== null);
}

function pairing(ctx, number) {
  const shown = el("div", { id: "pair-plan" });
  const preview = actionForm("preview-form", `Preview round ${number}`, () =>
    act(ctx, async () => shown.replaceChildren(...planView(ctx, await postJson(`${ctx.base}/rounds`, { preview: true }), shown)), false),
  );
  return [el("h3", { text: `Pair round ${number}` }), preview, shown];
}

function approvalForm(ctx, number, table) {
  const id = `approve-${number}-${table.table}`;
  const reason = el("input", { id: `${id}-reason`, type: "text", maxlength: 2000, autocomplete: "off" });
  const send = () => act(ctx, () => postJson(`${ctx.base}/rounds/${number}/tables/${table.table}/approval`, { override_reason: reason.value.trim() || null }));
  return actionForm(id, `Approve table ${table.table}'s result`, send, field(reason, "Override reason (only while players have not confirmed)"));
}

// A table whose game is still being recorded: its end reports the result (a player's entry is 409 game-in-progress).
function beingRecorded(found, table) {
  const game = el("a", { href: `/games/${encodeURIComponent(table.game)}`, text: "its game" });
  const text = `Table ${table.table}'s result comes from `;
  return el("p", { id: `recording-${found.round}-${table.table}`, class: "quiet" }, text, game, " when it ends: it is still being recorded.");
}

// A player's own table of an open round: enter its result when there is none and its game is not being recorded,
// else confirm it unless this player entered it or has confirmed it already (results.confirm refuses both).
function ownTableControl(ctx, found, table) {
  const mine = ctx.who.player;
  if (found.closed || !table.players.includes(mine)) return null;
  const result = table.result;
  if (!result) return table.game_status === "active" ? beingRecorded(found, table) : resultForm(ctx, found.round, table);
  if (result.approved || result.reported_by === `player:${mine}` || result.confirmed_by.includes(mine)) return null;
  const send = () => act(ctx, () => postJson(`${ctx.base}/rounds/${found.round}/tables/${table.table}/confirmations`, {}));
  const places = table.players.map((p) => `${result.places[p]}. ${ctx.names[p] || p}`).join(", ");
  return actionForm(`confirm-${found.round}-${table.table}`, `Confirm table ${table.table}'s result (${places})`, send);
}

// Staff may enter a result while the table's game is still being recorded (time called, a game abandoned: the API
// takes it from them alone), so the form stays, under the note saying the game is still running.
function staffEntry(ctx, found, table) {
  const form = resultForm(ctx, found.round, table);
  return table.game_status === "active" ? [beingRecorded(found, table), form] : form;
}

// A round's tables needing a hand: a result to enter (staff), to approve or amend (directors), or a player's own table.
function tableControls(ctx, found) {
  const items = [];
  for (const table of found.tables) {
    let control = null;
    if (ctx.who.role === "player") control = ownTableControl(ctx, found, table);
    else if (!table.result && !found.closed && STAFF.includes(ctx.role)) control = staffEntry(ctx, found, table);
    else if (table.result && !table.result.approved && DIRECTORS.includes(ctx.role)) control = [approvalForm(ctx, found.round, table), resultForm(ctx, found.round, table, true)];
    const title = `${found.round === 0 ? "League" : `Round ${found.round}`}, table ${table.table}: ${seated(table, ctx.names)}`;
    if (control) items.push(el("fieldset", { "data-round": found.round, "data-table": table.table }, el("legend", { text: title }), control));
  }
  return items;
}

function roundControls(ctx, found) {
  const parts = [el("h3", { text: `Round ${found.round}` })];
  if (found.tables.some((t) => !t.game && !t.result)) {
    parts.push(actionForm("start-form", `Start round ${found.round} (create its games)`, () => act(ctx, () => postJson(`${ctx.base}/rounds/${found.round}/start`, {}))));
  }
  parts.push(...clockControls(ctx, found));
  parts.push(...swapping(ctx, found));
  parts.push(...withdrawing(ctx, found));
  parts.push(actionForm("close-form", `Close round ${found.round}`, () => act(ctx, () => postJson(`${ctx.base}/rounds/${found.round}/close`, {}))));
  return parts;
}

// A published round nobody has begun (no game, no result, its clock not started): withdrawn, it is paired again under its number — the way
// out of a no-show after publishing (drop the player, then preview again). The API refuses it once a table started.
function withdrawing(ctx, found) {
  if (found.started_at || found.tables.some((t) => t.game || t.result)) return [];
  const id = `withdraw-${found.round}`;
  const send = () => act(ctx, () => postJson(`${ctx.base}/rounds/${found.round}/withdrawal`, { reason: document.getElementById(`${id}-reason`).value.trim() }));
  return [actionForm(id, `Withdraw round ${found.round} to pair it again`, send, reasonField(`${id}-reason`, "Reason (kept in the record)"))];
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

// The rounds with something left to do: the open ones (a league's round 0 stays open), and closed ones holding a
// result amended after closing that awaits approval.
async function roundParts(ctx, tournament) {
  const parts = [];
  const pending = tournament.rounds.filter((r) => !r.closed || r.results < r.tables);
  for (const summary of pending) {
    const found = await getJson(`${ctx.base}/rounds/${summary.round}`);
    const tables = tableControls(ctx, found);
    if (found.round > 0 && !found.closed && DIRECTORS.includes(ctx.role)) parts.push(...roundControls(ctx, found));
    else if (tables.length) parts.push(el("h3", { text: found.round === 0 ? "League games" : `Round ${found.round}` }));
    parts.push(...tables);
  }
  return parts;
}

async function directorParts(ctx, tournament) {
  const parts = [];
  const number = nextToPair(tournament);
  // Check-in is for the round to pair next: offered once there is one (the API takes it earlier too), or while open.
  if (number || (tournament.check_in && tournament.check_in.open)) parts.push(...checkingIn(ctx, tournament));
  if (number) parts.push(...pairing(ctx, number));
  if (tournament.settings.format === "league") parts.push(...(await linking(ctx, tournament)));
  parts.push(...(await roundParts(ctx, tournament)));
  parts.push(...registering(ctx), ...registeringList(ctx));
  parts.push(...dropping(ctx, tournament));
  const rounds = tournament.rounds.filter((r) => r.round > 0);
  if (tournament.settings.format === "swiss" && rounds.length && rounds.every((r) => r.closed)) parts.push(...finishing(ctx, tournament));
  return parts;
}

// The panel for the tournament as just read, or hidden for a token that may do none of it.
export async function director(tournament, names, base, reread) {
  const section = document.getElementById("director");
  const who = await caller();
  const ctx = { who, role: who.role || null, names, base, reread, settings: tournament.settings };
  const player = playsHere(who, tournament.id);
  let parts = [];
  if (tournament.status !== "finished") {
    if (DIRECTORS.includes(ctx.role)) parts = await directorParts(ctx, tournament);
    else if (STAFF.includes(ctx.role) || player) parts = [...(player ? playerCheckIn(ctx, tournament) : []), ...(await roundParts(ctx, tournament))];
  }
  const checking = player && tournament.check_in && tournament.check_in.open;
  document.getElementById("director-title").textContent = player ? (checking ? "Check-in and your table" : "Your table's result") : "Run the tournament";
  document.getElementById("director-controls").replaceChildren(...parts);
  section.hidden = parts.length === 0;
  document.getElementById("tournament").dataset.directorReady = "true"; // the tests' sign that it has decided
}
