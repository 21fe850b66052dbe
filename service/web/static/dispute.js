// A dispute: the claim, the audit attached when it was opened, the rulings and appeals
// (GET /api/v1/disputes/{id}), with every rule id linked to its ruleset's rulebook.
import { getJson } from "./session.js";
import { el, setChildren } from "./dom.js";

const section = document.getElementById("dispute");
const id = section.dataset.dispute;

function rules(rulesetId, ids) {
  if (!ids || !ids.length) return null;
  const links = ids.map((r) => el("a", { class: "rule-id", href: `/rulesets/${encodeURIComponent(rulesetId)}/rules#${encodeURIComponent(r)}`, text: r }));
  return el("p", {}, "Rules: ", ...links.flatMap((link, i) => (i ? [", ", link] : [link])));
}

function eventItem(rulesetId, event) {
  const data = event.data || {};
  const audit = data.audit || null;
  return el(
    "li",
    { "data-type": event.type },
    el("strong", { text: event.type }),
    " ",
    el("time", { text: (event.recorded_at || "").replace("T", " ").slice(0, 19) }),
    data.claim ? el("p", { text: `Claim: ${data.claim}` }) : null,
    audit ? el("p", {}, "Audit of the action: ", el("strong", { class: `verdict-${audit.verdict}`, text: audit.verdict })) : null,
    data.decision ? el("p", {}, "Decision: ", el("strong", { text: data.decision })) : null,
    data.reasoning ? el("p", { text: data.reasoning }) : null,
    rules(rulesetId, data.rule_ids),
  );
}

async function show() {
  try {
    const dispute = await getJson(`/api/v1/disputes/${encodeURIComponent(id)}`);
    const game = await getJson(`/api/v1/games/${encodeURIComponent(dispute.game)}`);
    const at = el("a", { href: `/games/${encodeURIComponent(dispute.game)}?v=${dispute.version}`, text: `${game.title || dispute.game}, version ${dispute.version}` });
    setChildren(
      section,
      el("p", {}, "Status: ", el("strong", { "data-status": dispute.status, text: dispute.status }), " · on ", at),
      el("p", { class: "claim", text: dispute.claim }),
      rules(game.ruleset, dispute.rule_ids),
      el("h2", { text: "History" }),
      el("ol", { class: "dispute-events" }, ...(dispute.events || []).map((event) => eventItem(game.ruleset, event))),
    );
  } catch (problem) {
    section.replaceChildren(el("p", { class: "error", role: "alert", text: problem.message }));
  }
}

show();
