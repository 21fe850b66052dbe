// A game system's leaderboard (GET /api/v1/ratings?ruleset=), a page at a time; the game chosen stays in the address.
import { getJson } from "./session.js";
import { el } from "./dom.js";
import { pager } from "./pager.js";
import { ratedSource } from "./rated_source.js";

const form = document.getElementById("filters");
const body = document.querySelector("#ratings tbody");
const error = document.getElementById("ratings-error");
const PAGE = 50;
const pages = pager(form, error, load);

function shown(value) {
  return Number(value).toFixed(2);
}

function row(item) {
  const who = el("a", { href: `/players/${encodeURIComponent(item.player)}`, text: item.name ?? "(name not public)" });
  return el(
    "tr",
    { "data-player": item.player },
    el("td", { text: item.rank }),
    el("td", {}, who),
    el("td", { text: shown(item.rating), "data-rating": item.rating }),
    el("td", { text: shown(item.mu) }),
    el("td", { text: shown(item.sigma) }),
    el("td", { text: item.games }),
    el("td", {}, ...ratedSource(item.last_game, item.last_table, item.last_played)),
  );
}

async function load(after) {
  error.hidden = true;
  const ruleset = form.elements.ruleset.value;
  const params = new URLSearchParams({ ruleset, limit: String(PAGE) });
  if (after) params.set("after", after);
  // The first read after games ended folds them (a second or two on a big log): say so rather than show an empty table.
  body.replaceChildren(el("tr", {}, el("td", { colspan: 7, class: "quiet", text: "Working out the ratings…" })));
  try {
    const page = await getJson(`/api/v1/ratings?${params}`);
    body.replaceChildren(...page.items.map(row));
    if (!page.items.length) body.append(el("tr", {}, el("td", { colspan: 7, class: "quiet", text: "No rated player yet." })));
    pages.shown(page.next, after);
    history.replaceState(null, "", `${location.pathname}?ruleset=${encodeURIComponent(ruleset)}`);
  } catch (problem) {
    pages.failed(problem);
  }
}

load(null);
