// Who plays, on the tournament page, for directors only (POST .../players, .../drop, .../swaps and .../games are
// DIRECTORS'): register a late entrant, drop a player from the next pairing on, swap two players of a paired round
// whose games are not created, and count a played game for a league. Each is offered only where the API would take
// it: a swap names only players of tables without a result (or with the bye), and two of the same table are held
// back by the browser; a league is offered only games of its ruleset whose every seat is an active entrant and that
// it does not count already.
import { getJson, postJson } from "./session.js";
import { el } from "./dom.js";
import { act, actionForm, field, reasonField } from "./director_forms.js";
import { hhmm } from "./clock.js";

function playerSelect(id, players, label) {
  const choose = el("option", { value: "", text: "Choose a player" });
  return el("select", { id, required: true }, choose, ...players.map((p) => el("option", { value: p, text: label(p) })));
}

function valueOf(id) {
  return document.getElementById(id).value;
}

// A late entrant at the desk (POST .../players): paired from the next round on. A name an entrant already has is the
// API's 409 naming them, shown as any refusal; ticking "another person" (or giving another club) registers them.
export function registering(ctx) {
  const name = el("input", { id: "register-name", type: "text", required: true, maxlength: 200, pattern: ".*\\S.*", autocomplete: "off" });
  const club = el("input", { id: "register-club", type: "text", maxlength: 200, autocomplete: "off" });
  const other = el("input", { id: "register-other", type: "checkbox" });
  const send = () => {
    const body = { name: valueOf("register-name").trim() };
    const clubName = valueOf("register-club").trim();
    if (clubName) body.club = clubName;
    if (other.checked) body.different_person = true;
    return act(ctx, () => postJson(`${ctx.base}/players`, body));
  };
  const note = el("p", { class: "quiet", text: "Paired from the next round on." });
  const sameName = el("div", { class: "field" }, other, el("label", { for: "register-other", text: " Another person than the entrant of the same name" }));
  return [el("h3", { text: "Register a player" }), note, actionForm("register-form", "Register", send, field(name, "Name"), field(club, "Club (optional)"), sameName)];
}

// A whole field pasted from a spreadsheet (POST .../players/batch): one entrant a line, "name, club" (the club
// optional), blank lines skipped. Cells copied from a spreadsheet paste as "name<TAB>club": a line holding a tab is
// split there, not at a comma, which then stays in the name ("Kiss, Gábor"). All or nothing: a refusal registers
// nobody and is shown by the box's line numbers.
export function registeringList(ctx) {
  const box = el("textarea", { id: "register-list", rows: 6, required: true, placeholder: "Ann Kovács, Szeged\nBéla Tóth, Pécs", autocomplete: "off" });
  const send = () => {
    const lines = [];
    const entrants = [];
    valueOf("register-list").split("\n").forEach((text, n) => {
      if (!text.trim()) return;
      const cut = text.indexOf(text.includes("\t") ? "\t" : ",");
      const name = (cut < 0 ? text : text.slice(0, cut)).trim();
      const club = cut < 0 ? "" : text.slice(cut + 1).trim();
      entrants.push(club ? { name, club } : { name });
      lines.push(n + 1);
    });
    return act(ctx, async () => {
      try {
        await postJson(`${ctx.base}/players/batch`, { entrants });
      } catch (problem) {
        throw byLine(problem, lines);
      }
      box.value = "";
    });
  };
  const note = el("p", { class: "quiet", text: "One entrant a line: name, club (optional), or the two columns pasted from a spreadsheet. All are registered, or none." });
  return [el("h3", { text: "Register a list" }), note, actionForm("register-list-form", "Register the list", send, field(box, "Entrants"))];
}

// The list's refusal said by the box's lines ("line 3 (Ann): …") instead of the request's pointers.
function byLine(problem, lines) {
  const refused = (problem.problem && problem.problem.refused) || [];
  if (!refused.length) return problem;
  const told = refused.map((r) => `line ${lines[r.index]} (${r.name}): ${r.detail}`);
  const shown = new Error(`Nobody registered. ${told.join(" — ")}`);
  shown.problem = { ...problem.problem, errors: {} };
  return shown;
}

export function dropping(ctx, tournament) {
  const active = Object.keys(ctx.names).filter((p) => !tournament.dropped.includes(p));
  if (!active.length) return [];
  const who = playerSelect("drop-player", active, (p) => ctx.names[p] || p);
  const send = () => act(ctx, () => postJson(`${ctx.base}/players/${encodeURIComponent(valueOf("drop-player"))}/drop`, { reason: valueOf("drop-reason").trim() }));
  const note = el("p", { class: "quiet", text: "Not paired from the next round on; the results played stay." });
  return [el("h3", { text: "Drop a player" }), note, actionForm("drop-form", "Drop the player", send, field(who, "Player"), reasonField("drop-reason", "Reason (kept in the record)"))];
}

// A round whose games are not created: two players of different tables (or a table and the byes) change places, and
// both tables are seated again. A table with a result is left out: the swap would discard it (the API's 409).
export function swapping(ctx, found) {
  if (found.round === 0 || found.closed || found.tables.some((t) => t.game)) return [];
  const where = {};
  for (const t of found.tables) if (!t.result) for (const p of t.players) where[p] = `table ${t.table}`;
  for (const p of found.byes) where[p] = "the bye";
  const players = Object.keys(where);
  if (new Set(Object.values(where)).size < 2) return [];
  const id = `swap-${found.round}`;
  const label = (p) => `${ctx.names[p] || p} (${where[p]})`;
  const first = playerSelect(`${id}-first`, players, label);
  const second = playerSelect(`${id}-second`, players, label);
  const check = () => {
    const same = first.value && second.value && where[first.value] === where[second.value];
    second.setCustomValidity(same ? `Both are at ${where[first.value]}: choose players of two tables` : "");
  };
  first.addEventListener("change", check);
  second.addEventListener("change", check);
  const body = () => ({ players: [first.value, second.value], reason: valueOf(`${id}-reason`).trim() });
  // Once the round's clock started its players are playing: the API refuses a swap unless told `after_start`
  // (td21), so the director ticks a required box that says so.
  // A swap that seats a player with an earlier opponent (or gives a second bye) is refused unless accepted, as a
  // round's pairing problems are (tdx1): the box is the director's `accept_problems`, left unticked by default.
  const accept = el("input", { id: `${id}-accept`, type: "checkbox" });
  const sent = () => ({ ...body(), ...(found.started_at ? { after_start: true } : {}), ...(accept.checked ? { accept_problems: true } : {}) });
  const send = () => act(ctx, () => postJson(`${ctx.base}/rounds/${found.round}/swaps`, sent()));
  const acceptText = "Swap even if a player meets an earlier opponent or gets a second bye";
  const fields = [field(first, "Player"), field(second, "Swaps places with"), reasonField(`${id}-reason`, "Reason (shown with the pairing)")];
  fields.push(el("div", { class: "field accept" }, accept, el("label", { for: `${id}-accept`, text: acceptText })));
  if (found.started_at) {
    const box = el("input", { id: `${id}-after-start`, type: "checkbox", required: true });
    const text = `The round's clock started at ${hhmm(found.started_at)}: move their seats during play`;
    fields.push(el("div", { class: "field accept" }, box, el("label", { for: `${id}-after-start`, text })));
  }
  const legend = el("legend", { text: "Swap two players (both tables are seated again)" });
  return [el("fieldset", { class: "swap" }, legend, actionForm(id, `Swap the two players of round ${found.round}`, send, ...fields))];
}

// A league counts games as they are played: the newest games of its ruleset (up to GAME_PAGES pages of the list, its
// `next` cursor followed) are looked through for ones whose every seat an active entrant holds and that the league
// does not count yet (one counting for another tournament is refused by the API, and that refusal is shown). When
// the ruleset has more games than that, the page says so: an older game is not offered.
const GAME_PAGE = 1000; // the most GET /api/v1/games gives at once
const GAME_PAGES = 5;

async function gamesOfRuleset(ruleset) {
  const games = [];
  let after = null;
  for (let n = 0; n < GAME_PAGES; n += 1) {
    const cursor = after ? `&after=${encodeURIComponent(after)}` : "";
    const page = await getJson(`/api/v1/games?ruleset=${encodeURIComponent(ruleset)}&limit=${GAME_PAGE}${cursor}`);
    games.push(...page.items);
    after = page.next;
    if (!after) return { games, cut: false };
  }
  return { games, cut: true };
}

export async function linking(ctx, tournament) {
  const active = new Set(Object.keys(ctx.names).filter((p) => !tournament.dropped.includes(p)));
  const league = tournament.rounds.some((r) => r.round === 0) ? await getJson(`${ctx.base}/rounds/0`) : { tables: [] };
  const counted = new Set(league.tables.map((t) => t.game));
  const { games, cut } = await gamesOfRuleset(tournament.settings.ruleset);
  const fits = games.filter((g) => !counted.has(g.id) && g.seats.length && g.seats.every((s) => s.player && active.has(s.player)));
  const heading = el("h3", { text: "Count a played game" });
  const cutNote = cut ? [el("p", { class: "quiet", id: "link-cut", text: `Only the newest ${games.length} games of ${tournament.settings.ruleset} were looked through: an older game of the entrants is not offered here.` })] : [];
  if (!fits.length) return [heading, el("p", { class: "quiet", id: "link-none", text: "No game of the league's entrants to count yet." }), ...cutNote];
  const title = (g) => `${g.title || g.id}: ${g.seats.map((s) => ctx.names[s.player] || s.player).join(", ")} (${g.status})`;
  const game = el("select", { id: "link-game", required: true }, el("option", { value: "", text: "Choose a game" }), ...fits.map((g) => el("option", { value: g.id, text: title(g) })));
  const send = () => act(ctx, () => postJson(`${ctx.base}/games`, { game: valueOf("link-game") }));
  return [heading, ...cutNote, actionForm("link-form", "Count it for the league", send, field(game, "Game"))];
}
