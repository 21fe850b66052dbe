// The tournaments list: GET /api/v1/tournaments, one page at a time (cursor `next`).
import { getJson } from "./session.js";
import { el } from "./dom.js";
import { rulesetNames } from "./rulesets.js";
import { pager } from "./pager.js";

const form = document.getElementById("filters");
const body = document.querySelector("#tournaments tbody");
const error = document.getElementById("tournaments-error");
const pages = pager(form, error, load);

function row(t, names) {
  const link = el("a", { href: `/tournaments/${encodeURIComponent(t.tournament_id)}`, text: t.name });
  const rounds = t.rounds_planned ? `${t.rounds_paired} of ${t.rounds_planned}` : String(t.rounds_paired);
  return el(
    "tr",
    { "data-tournament": t.tournament_id },
    el("td", {}, link),
    el("td", {}, el("a", { href: `/rulesets/${encodeURIComponent(t.ruleset)}/rules`, text: names[t.ruleset] || t.ruleset })),
    el("td", { text: t.format }),
    el("td", { text: t.status }),
    el("td", { text: t.players }),
    el("td", { text: rounds }),
    el("td", { text: (t.created_at || "").slice(0, 16).replace("T", " ") }),
  );
}

async function load(after) {
  error.hidden = true;
  const params = new URLSearchParams({ limit: "25" });
  const status = form.elements.status.value;
  if (status) params.set("status", status);
  if (after) params.set("after", after);
  try {
    const page = await getJson(`/api/v1/tournaments?${params}`);
    const names = await rulesetNames();
    body.replaceChildren(...page.items.map((t) => row(t, names)));
    if (!page.items.length) body.append(el("tr", {}, el("td", { colspan: 7, text: "No tournament matches." })));
    pages.shown(page.next, after);
    params.delete("limit");
    history.replaceState(null, "", `${location.pathname}${String(params) ? `?${params}` : ""}`); // a reload or Back keeps them
  } catch (problem) {
    pages.failed(problem);
  }
}

const shared = new URLSearchParams(location.search);
form.elements.status.value = shared.get("status") || "";
load(shared.get("after"));
