// Check-in on the tournament page (td20, service/tournaments/check_in.py): a director opens it, sees who has checked
// in and who has not, marks an entrant present, or ends it; a player whose token acts in this tournament checks in
// with one button while it is open. With `require_check_in` the round paired while it is open leaves out (and, once
// published, drops) who has not checked in, and the director's panel says so.
import { postJson } from "./session.js";
import { el } from "./dom.js";
import { act, actionForm, field } from "./director_forms.js";

function activeOf(ctx, tournament) {
  return Object.keys(ctx.names).filter((p) => !tournament.dropped.includes(p));
}

export function checkingIn(ctx, tournament) {
  const state = tournament.check_in;
  if (!state || tournament.status === "finished" || tournament.settings.format !== "swiss") return [];
  const heading = el("h3", { text: "Check-in" });
  if (!state.open) {
    const note = el("p", { class: "quiet", text: state.required ? "Open it before pairing: who has not checked in is left out of the round and dropped." : "Entrants check in with their tokens, or you mark them present." });
    return [heading, note, actionForm("check-in-open-form", "Open check-in", () => act(ctx, () => postJson(`${ctx.base}/check-in`, {})))];
  }
  const name = (p) => ctx.names[p] || p;
  const byName = (players) => [...players].sort((a, b) => name(a).localeCompare(name(b)));
  const waiting = byName(activeOf(ctx, tournament).filter((p) => !state.checked_in.includes(p)));
  const here = el("p", { id: "checked-in", text: `Checked in (${state.checked_in.length}): ${byName(state.checked_in).map(name).join(", ") || "nobody yet"}` });
  const away = el("p", { id: "not-checked-in", text: `Not checked in (${waiting.length}): ${waiting.map(name).join(", ") || "nobody"}` });
  const parts = [heading, here, away];
  if (waiting.length) {
    const who = el("select", { id: "check-in-player", required: true }, el("option", { value: "", text: "Choose a player" }), ...waiting.map((p) => el("option", { value: p, text: name(p) })));
    const send = () => act(ctx, () => postJson(`${ctx.base}/check-ins`, { player: who.value }));
    parts.push(actionForm("check-in-mark-form", "Mark present", send, field(who, "Player")));
  }
  parts.push(actionForm("check-in-close-form", "End check-in without pairing", () => act(ctx, () => postJson(`${ctx.base}/check-in/close`, {}))));
  return parts;
}

// A player's own check-in: the button while check-in is open and they have not checked in, a line once they have.
export function playerCheckIn(ctx, tournament) {
  const state = tournament.check_in;
  const mine = ctx.who.player;
  if (!state || !state.open || tournament.dropped.includes(mine)) return [];
  if (state.checked_in.includes(mine)) return [el("p", { id: "checked-in-self", text: "You are checked in." })];
  const send = () => act(ctx, () => postJson(`${ctx.base}/check-ins`, {}));
  return [el("h3", { text: "Check-in" }), actionForm("check-in-form", "Check in", send)];
}

// The preview's line for who would be left out (and dropped when it is published).
export function leftOutLine(plan, names) {
  const left = plan.not_checked_in || [];
  if (!left.length) return null;
  return el("p", { id: "plan-not-checked-in", text: `Not checked in, left out and dropped when published: ${left.map((p) => names[p] || p).join(", ")}` });
}
