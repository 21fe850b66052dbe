// A dispute: what was claimed, the audit attached, the rulings and appeals, from GET /api/v1/disputes/{id}.
import { getJson } from "./session.js";
import { el } from "./dom.js";

const section = document.getElementById("dispute");
const id = section.dataset.dispute;

function eventItem(event) {
  const data = event.data || {};
  const rules = (data.rule_ids || []).map((r) => el("code", { text: r }));
  return el(
    "li",
    { "data-type": event.type },
    el("strong", { text: event.type }),
    " ",
    el("time", { text: (event.recorded_at || "").replace("T", " ").slice(0, 19) }),
    data.claim ? el("p", { text: `Claim: ${data.claim}` }) : null,
    data.decision ? el("p", { text: `Decision: ${data.decision}` }) : null,
    data.reasoning ? el("p", { text: data.reasoning }) : null,
    rules.length ? el("p", {}, "Rules: ", ...rules) : null,
  );
}

async function show() {
  try {
    const dispute = await getJson(`/api/v1/disputes/${encodeURIComponent(id)}`);
    const game = dispute.game;
    const link = game
      ? el("a", { href: `/games/${encodeURIComponent(game)}?v=${dispute.version ?? ""}`, text: `game ${game}, version ${dispute.version}` })
      : null;
    section.replaceChildren(
      el("p", {}, "Status: ", el("strong", { text: dispute.status }), " · on ", link),
      el("ol", { class: "dispute-events" }, ...(dispute.events || []).map(eventItem)),
    );
  } catch (problem) {
    section.replaceChildren(el("p", { class: "error", role: "alert", text: problem.message }));
  }
}

show();
