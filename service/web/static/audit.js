// The ruling beside a move: GET /api/v1/games/{id}/audit/{version} re-decides the recorded action and cites
// the rules, with the numbers (dice, strengths, costs) each step used.
import { getJson, postJson, problemText, token } from "./session.js";
import { el, onSubmit, setChildren } from "./dom.js";
import { proveRolls } from "./dice.js";

// A rule of the version the game is pinned to (`ruleset`: { id, version }), as that version's rulebook words it.
function ruleLink(ruleset, ruleId) {
  const page = `/rulesets/${encodeURIComponent(ruleset.id)}/rules?version=${encodeURIComponent(ruleset.version)}`;
  return el("a", { href: `${page}#${encodeURIComponent(ruleId)}`, class: "rule-id", text: ruleId });
}

function numbers(values) {
  const entries = Object.entries(values || {});
  if (!entries.length) return null;
  return el("span", { class: "numbers" }, ...entries.map(([k, v]) => el("span", { class: "number", text: `${k}: ${JSON.stringify(v)}` })));
}

function traceStep(ruleset, step) {
  return el("li", { "data-rule": step.rule_id }, ruleLink(ruleset, step.rule_id), " ", step.text || "", " ", numbers(step.numbers));
}

function ruleItem(ruleset, rule) {
  return el(
    "li",
    {},
    ruleLink(ruleset, rule.id),
    " ",
    el("span", { class: "summary", text: rule.summary }),
    rule.source_quote ? el("details", {}, el("summary", { text: "original text" }), el("blockquote", { text: rule.source_quote })) : null,
  );
}

function violations(ruleset, title, items) {
  if (!items || !items.length) return null;
  return el(
    "div",
    { class: "violations" },
    el("h4", { text: title }),
    el("ul", {}, ...items.map((v) => (typeof v === "string" ? el("li", {}, ruleLink(ruleset, v)) : el("li", {}, ruleLink(ruleset, v.rule_id || v.rule || "?"), " ", v.message || "")))),
  );
}

// An empty list under its heading says so, rather than leaving the heading over nothing.
function listOr(list, none) {
  return list.childElementCount ? list : el("p", { class: "quiet", text: none });
}

// A reader with a token may dispute the action; the new dispute's page then tells its course.
function disputeForm(gameId, actionAt) {
  if (!token()) return null;
  const claim = el("textarea", { rows: 2, required: true, maxlength: 4000, "aria-label": "What was wrong" });
  const said = el("p", { role: "status" });
  const form = el("form", { class: "dispute-form" }, el("h4", { text: "Dispute this ruling" }), claim, el("button", { type: "submit", text: `Open a dispute on version ${actionAt}` }), said);
  onSubmit(form, async () => {
    try {
      const opened = await postJson(`/api/v1/games/${encodeURIComponent(gameId)}/disputes`, { version: actionAt, claim: claim.value });
      said.replaceChildren("Opened: ", el("a", { href: `/disputes/${encodeURIComponent(opened.id)}`, text: `dispute ${opened.id}` }));
    } catch (problem) {
      said.replaceChildren(el("span", { class: "error", text: problemText(problem) }));
    }
  });
  return form;
}

// The action's server dice, proved here: the seed against its commitment, each face re-derived (dice.js).
async function diceProof(server) {
  if (!server) return null;
  const proof = await proveRolls(server.dice, server.rolls);
  const rolls = proof.rolls.map((roll) => {
    const k = roll.faces.length > 1 ? `k ${roll.first_k}-${roll.first_k + roll.faces.length - 1}` : `k ${roll.first_k}`;
    const checked = proof.revealed ? (roll.ok ? " ✓ re-derived from the seed" : ` ✗ the seed gives ${roll.expected.join(" ")}`) : "";
    return el("li", { "data-version": roll.version, "data-proved": proof.revealed ? String(roll.ok) : "pending", text: `v${roll.version}: ${roll.faces.join(" ")} (${k})${checked}` });
  });
  const head = proof.revealed
    ? `The seed is revealed and ${proof.commitmentOk ? "matches" : "does NOT match"} the commitment ${proof.commitment.slice(0, 12)}…; this browser re-derived every roll:`
    : `Server dice, committed as ${proof.commitment.slice(0, 12)}…: each roll can be re-derived once the seed is revealed (at the game's end).`;
  return el("div", { class: "dice-proof", "data-commitment-ok": proof.revealed ? String(proof.commitmentOk) : "pending" }, el("h4", { text: "Dice" }), el("p", { text: head }), el("ul", {}, ...rolls));
}

// What a verdict says in words: "consistent" beside "Deviations recorded" read as a contradiction, though it
// means the record is what the rules give, the deviations (a transcript's rule breaks) included.
function verdictMeaning(audit) {
  const deviations = (audit.deviations || []).length;
  const later = (audit.unrecorded_fields || []).map((f) => `${f.event}.${f.field}`);
  const older = later.length ? ` Recorded before Annals kept ${later.join(", ")}; the ruling is the same.` : "";
  if (audit.verdict === "consistent" && deviations) {
    return `The record is what the rules give: the action breaks the rules recorded below, and was recorded as breaking them (a transcript keeps what happened at the table).${older}`;
  }
  if (audit.verdict === "consistent") return `The rules, applied again, give exactly what was recorded.${older}`;
  if (audit.verdict === "deviates") return "The rules, applied again, give something other than what was recorded.";
  return "This action cannot be checked here (see why below).";
}

export async function showAudit(panel, gameId, ruleset, actionAt, version, viewer, server = null) {
  if (actionAt === null) {
    panel.replaceChildren(el("p", { text: `Version ${version} records no action of a player (the game's creation), so it has no ruling.` }));
    return;
  }
  panel.replaceChildren(el("p", { text: `Reading the ruling of version ${actionAt}…` }));
  try {
    const params = new URLSearchParams({ as: viewer });
    const audit = await getJson(`/api/v1/games/${encodeURIComponent(gameId)}/audit/${actionAt}?${params}`);
    const action = audit.action || {};
    const caused = actionAt === version ? "" : ` (version ${version} follows from it)`;
    setChildren(
      panel,
      el("h3", { text: `Ruling of version ${actionAt}${caused}` }),
      el("p", {}, "Action ", el("code", { text: action.type || "?" }), action.seat ? ` by ${action.seat}` : "", " · verdict ", el("strong", { class: `verdict-${audit.verdict}`, text: audit.verdict })),
      el("p", { class: "verdict-meaning", text: verdictMeaning(audit) }),
      audit.reason ? el("p", { text: audit.reason }) : null,
      violations(ruleset, "Deviations recorded", audit.deviations),
      violations(ruleset, "What the rules object to", audit.expected_violations),
      el("h4", { text: "Steps of the ruling" }),
      listOr(el("ol", { class: "trace" }, ...(audit.trace || []).map((step) => traceStep(ruleset, step))), "The ruleset checked nothing here."),
      el("h4", { text: "Rules cited" }),
      listOr(el("ul", { class: "rules" }, ...(audit.rules || []).map((rule) => ruleItem(ruleset, rule))), "None."),
      await diceProof(server),
      disputeForm(gameId, actionAt),
    );
  } catch (problem) {
    panel.replaceChildren(el("p", { class: "error", role: "alert", text: `No ruling: ${problem.message}` }));
  }
}
