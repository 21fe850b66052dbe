// A dispute: the claim, the audit attached when it was opened, the rulings and appeals
// (GET /api/v1/disputes/{id}), with every rule id linked to the rulebook of the version its game is pinned to.
import { getJson, postJson, problemText, token } from "./session.js";
import { el, onSubmit, setChildren } from "./dom.js";
import { gameTitle } from "./game_title.js";

const section = document.getElementById("dispute");
const id = section.dataset.dispute;
// The service found no dispute an anonymous reader may read (a 404 page): one on a private game shows to a token that
// may read it, and to others the page says no more than it said (no second "not found" under its own).
const missing = section.dataset.missing === "true";

function rules(game, ids) {
  if (!ids || !ids.length) return null;
  const links = ids.map((r) => el("a", { class: "rule-id", href: `/rulesets/${encodeURIComponent(game.ruleset)}/rules?version=${encodeURIComponent(game.ruleset_version)}#${encodeURIComponent(r)}`, text: r }));
  return el("p", {}, "Rules: ", ...links.flatMap((link, i) => (i ? [", ", link] : [link])));
}

// A dispute's events as its history reads them, not their type names.
const HAPPENED = { DisputeOpened: "Dispute opened", AuditAttached: "Audit attached", RulingIssued: "Ruling", AppealOpened: "Appeal" };

function eventItem(game, event) {
  const data = event.data || {};
  const audit = data.audit || null;
  return el(
    "li",
    { "data-type": event.type },
    el("strong", { text: HAPPENED[event.type] || event.type }),
    " ",
    el("time", { text: (event.recorded_at || "").replace("T", " ").slice(0, 19) }),
    data.claim ? el("p", { text: `Claim: ${data.claim}` }) : null,
    audit ? el("p", {}, "Audit of the action: ", el("strong", { class: `verdict-${audit.verdict}`, text: audit.verdict })) : null,
    data.decision ? el("p", {}, "Decision: ", el("strong", { text: data.decision })) : null,
    data.reasoning ? el("p", { text: data.reasoning }) : null,
    rules(game, data.rule_ids),
  );
}

function field(control, label, hint = null) {
  return el("div", { class: "field" }, el("label", { for: control.id, text: label }), control, hint ? el("small", { class: "hint", text: hint }) : null);
}

// A form that posts to the dispute and shows the page again, or says what the API refused.
function disputeForm(formId, title, controls, button, send) {
  const said = el("p", { class: "error", role: "alert", hidden: true });
  const form = el("form", { id: formId, class: "dispute-form" }, el("h2", { text: title }), ...controls, el("button", { type: "submit", text: button }), said);
  onSubmit(form, async () => {
    try {
      await postJson(`/api/v1/disputes/${encodeURIComponent(id)}/${formId === "ruling" ? "ruling" : "appeal"}`, send());
      await show();
    } catch (problem) {
      said.textContent = problem instanceof SyntaxError ? "corrected action: not valid JSON" : problemText(problem);
      said.hidden = false;
    }
  });
  return form;
}

// An arbiter (or admin) rules on an open dispute here: upheld leaves the game as recorded; overturned strikes the
// action and, with a corrected action, records that instead (POST …/ruling; the API appends the correction).
function rulingForm(dispute) {
  const decision = el(
    "select",
    { id: "ruling-decision" },
    el("option", { value: "upheld", text: "upheld: the record stands" }),
    el("option", { value: "overturned", text: "overturned: the action is struck" }),
  );
  const reasoning = el("textarea", { id: "ruling-reasoning", rows: 3, required: true, maxlength: 4000 });
  const ruleIds = el("input", { id: "ruling-rules", type: "text", required: true, autocomplete: "off" });
  ruleIds.value = (dispute.rule_ids || []).join(", ");
  const corrected = el("textarea", { id: "ruling-correction", rows: 3, spellcheck: "false", placeholder: '{"type": "roll", "seat": "red", "data": {"count": 1, "dice": [5]}}' });
  const controls = [
    field(decision, "Decision"),
    field(reasoning, "Reasoning"),
    field(ruleIds, "Rule ids", "separated by commas"),
    field(corrected, "Corrected action (overturned only, JSON)", "what is recorded instead of the struck action; empty: nothing"),
  ];
  return disputeForm("ruling", "Rule on it", controls, "Issue the ruling", () => ({
    decision: decision.value,
    reasoning: reasoning.value.trim(),
    rule_ids: ruleIds.value.split(/[\s,]+/).filter(Boolean),
    ...(corrected.value.trim() ? { corrected_action: JSON.parse(corrected.value) } : {}),
  }));
}

// Anyone who may open a dispute may appeal its ruling (POST …/appeal): the dispute is open again.
function appealForm() {
  const claim = el("textarea", { id: "appeal-claim", rows: 2, required: true, maxlength: 4000 });
  return disputeForm("appeal", "Appeal the ruling", [field(claim, "Why the ruling is wrong")], "Appeal", () => ({ claim: claim.value.trim() }));
}

// Who raised it, when a player did: their name (as their record reads, when public) and the seat they held in the
// game ("raised by Bodnár Hajnalka, Délvidék"). A token's dispute (an arbiter's, an organiser's) names no one.
async function raisedBy(dispute, game) {
  const player = (dispute.raised_by || "").startsWith("player:") ? dispute.raised_by.slice("player:".length) : null;
  if (!player) return [];
  const record = await getJson(`/api/v1/players/${encodeURIComponent(player)}`).catch(() => null);
  const seats = (game.seats || []).filter((s) => s.player === player).map((s) => s.name || s.seat);
  const who = [record?.name, ...seats].filter(Boolean).join(", ");
  return who ? [" · raised by ", el("span", { class: "raised-by", text: who })] : [];
}

async function actions(dispute) {
  if (!token()) return null;
  const who = await getJson("/api/v1/tokens/current").catch(() => null);
  if (dispute.status === "open") return who && ["admin", "arbiter"].includes(who.role) ? rulingForm(dispute) : null;
  return appealForm();
}

async function show() {
  let dispute = null;
  try {
    dispute = await getJson(`/api/v1/disputes/${encodeURIComponent(id)}`);
    if (missing) {
      document.getElementById("missing").hidden = true;
      document.getElementById("dispute-title").replaceChildren("Dispute ", el("code", { text: id }));
      document.title = "Dispute · Annals";
    }
    const game = await getJson(`/api/v1/games/${encodeURIComponent(dispute.game)}`);
    const at = el("a", { href: `/games/${encodeURIComponent(dispute.game)}?v=${dispute.version}`, text: `${gameTitle(game)}, version ${dispute.version}` });
    setChildren(
      section,
      el("p", {}, "Status: ", el("strong", { "data-status": dispute.status, text: dispute.status }), " · on ", at, ...(await raisedBy(dispute, game))),
      el("p", { class: "claim", text: dispute.claim }),
      rules(game, dispute.rule_ids),
      el("h2", { text: "History" }),
      el("ol", { class: "dispute-events" }, ...(dispute.events || []).map((event) => eventItem(game, event))),
      await actions(dispute),
    );
  } catch (problem) {
    if (missing && !dispute && problem.status === 404) return;
    section.replaceChildren(el("p", { class: "error", role: "alert", text: problem.message }));
  }
}

if (!missing || token()) show();
