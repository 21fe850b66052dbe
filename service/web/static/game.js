// The game page: board, VCR controls, notation with chapters and marks, rulings, annotations, live updates.
// Deep links: /games/<id>?v=<version>&as=<seat>; the page keeps its URL in step with what it shows.
import { ApiProblem, getAll, getJson, token } from "./session.js";
import { el, onSubmit } from "./dom.js";
import { Board, wireZoom } from "./board.js";
import { control, pieces } from "./pieces.js";
import { Replay, actionVersion, eventFacts, rollsOf, struckVersions } from "./replay.js";
import { renderStatus } from "./status.js";
import { showAudit } from "./audit.js";
import { follow } from "./live.js";
import { drawMarks, readNotes, renderNotes, watchBoard } from "./notes.js";
import { Recorder } from "./recorder.js";
import { arrange } from "./arrange.js";
import { rulesetName } from "./rulesets.js";
import { gameTitle } from "./game_title.js";

const root = document.getElementById("game");
const gameId = root.dataset.game;
const $ = (id) => document.getElementById(id);
// The service found no game an anonymous reader may read (a 404 page): a private one shows to a token that may read
// it, and to others the page says no more than it said (no second "not found" under its own).
const missing = root.dataset.missing === "true";
// `version` is the newest version the page knows of (the game's when it opened, then what live updates brought).
const page = { game: null, version: 0, board: null, replay: null, facts: new Map(), struck: new Map(), notes: [], disputes: [], at: 1, timer: null, stopLive: null, recorder: null };

function fail(problem) {
  $("game-error").textContent = problem instanceof ApiProblem ? `${problem.message} (HTTP ${problem.status})` : String(problem);
  $("game-error").hidden = false;
}

// The URL follows the reader, but not at every step of a Play: browsers throttle history updates.
let urlTimer = null;
function keepUrl() {
  clearTimeout(urlTimer);
  urlTimer = setTimeout(writeUrl, 250);
}

// At the newest version the address names none: reloaded, or opened on another device, while the game goes on, it
// opens at the newest version then and follows the game, not at the one that was newest when the address was written.
function writeUrl() {
  const params = new URLSearchParams(location.search);
  if (page.replay && page.at >= page.replay.last) params.delete("v");
  else params.set("v", String(page.at));
  if ($("seat").value === "spectator") params.delete("as");
  else params.set("as", $("seat").value);
  history.replaceState(null, "", `${location.pathname}${String(params) ? `?${params}` : ""}`);
}

function show(version) {
  const replay = page.replay;
  if (!replay) return; // a key or button pressed while the history is still being read
  page.at = Math.max(1, Math.min(version, replay.last));
  const view = replay.state(page.at);
  if (page.board) {
    page.board.show(control(page.game.ruleset, view), pieces(page.game.ruleset, view));
    showArms();
  }
  $("board").dataset.version = String(page.at);
  renderStatus($("status-panel"), view, page.game?.ruleset, (page.game?.seats || []).map((s) => s.seat), statusNames());
  $("vcr-slider").value = String(page.at);
  $("vcr-at").textContent = `version ${page.at} of ${replay.last}`;
  markCurrentLine();
  markCurrentChapter();
  showNotes();
  keepUrl();
}

// The notation's line of the version shown is marked and brought into the list's sight.
function markCurrentLine() {
  for (const line of $("notation").querySelectorAll("li[aria-current]")) line.removeAttribute("aria-current");
  const current = $("notation").querySelector(`li[data-version="${page.at}"]`);
  if (current) {
    current.setAttribute("aria-current", "step");
    requestAnimationFrame(() => scrollInto($("notation"), current)); // measured after this step's redraw
  }
}

// The chapter the version shown belongs to (the last one at or before it) is marked and brought into the list's sight,
// as a book's contents mark the page open: in a long game the list scrolls and a reader would lose their place.
function markCurrentChapter() {
  const list = $("chapters").querySelector("ul");
  if (!list) return;
  let current = null;
  for (const button of list.querySelectorAll("button[data-version]")) {
    button.removeAttribute("aria-current");
    const at = Number(button.dataset.version);
    if (at <= page.at && (!current || at >= Number(current.dataset.version))) current = button;
  }
  if (current) {
    current.setAttribute("aria-current", "location");
    requestAnimationFrame(() => scrollInto(list, current.parentElement));
  }
}

// The arms' letters on the tiles, listed once each arm has been seen (the set only grows while stepping).
function showArms() {
  const arms = page.board.armLegend();
  if ($("arms").childElementCount === arms.length) return;
  $("arms").replaceChildren(...arms.map((a) => el("li", { "data-arm": a.arm }, el("strong", { text: a.letter }), ` ${a.arm.replace(/_/g, " ")}`)));
}

// Scroll only the list, never the page: the board must stay where the reader is looking.
function scrollInto(list, item) {
  const top = item.offsetTop - list.offsetTop;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (top + item.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + item.offsetHeight - list.clientHeight;
}

function marksOf(version) {
  const facts = page.facts.get(version) || {};
  const marks = [];
  if (facts.deviations && facts.deviations.length) marks.push(el("span", { class: "mark deviation", title: "recorded against the rules", text: "⚠ deviation" }));
  if (facts.adjusted) marks.push(el("span", { class: "mark adjustment", title: "adjusted by hand", text: "✎ adjustment" }));
  if (facts.corrected) marks.push(el("span", { class: "mark correction", title: "a ruling's correction", text: "⚖ correction" }));
  if (page.notes.some((n) => n.at_version === version)) marks.push(el("span", { class: "mark note", title: "annotated", text: "💬" }));
  for (const dispute of page.disputes.filter((d) => d.version === version)) {
    // "open: overturned" after an appeal of an overturn; "overturned", not "overturned: overturned", once ruled.
    const decision = dispute.ruling ? dispute.ruling.decision || "ruled" : dispute.status;
    const text = decision === dispute.status ? `⚖ ${decision}` : `⚖ ${dispute.status}: ${decision}`;
    marks.push(el("a", { class: "mark dispute", href: `/disputes/${encodeURIComponent(dispute.id)}`, title: dispute.claim, text }));
  }
  const struck = page.struck.get(version);
  if (struck) {
    const title = "an arbiter's ruling struck this line's effect on the game";
    marks.push(el("a", { class: "mark struck", href: `/disputes/${encodeURIComponent(struck.dispute)}`, title, text: `struck by ruling ${struck.ruling}` }));
  }
  return marks;
}

// A struck line reads struck: its text crossed out (a <del>, which screen readers mostly leave unsaid, so the button
// names the ruling too), and a mark that links to the dispute.
function lineItem(line) {
  const open = () => select(line.version);
  const struck = page.struck.get(line.version);
  const classes = [page.facts.get(line.version)?.deviations?.length ? "deviates" : "", struck ? "struck" : ""].filter(Boolean).join(" ");
  const label = struck ? `${line.version} ${line.notation} (struck by ruling ${struck.ruling})` : null;
  return el(
    "li",
    { "data-version": line.version, "data-type": line.type, class: classes || null },
    el("button", { type: "button", class: "line", onclick: open, "aria-label": label }, el("span", { class: "v", text: line.version }), " ", struck ? el("del", { text: line.notation }) : line.notation),
    ...marksOf(line.version),
  );
}

function renderLines(from) {
  const list = $("notation");
  for (let v = from; v <= page.replay.last; v += 1) list.append(lineItem(page.replay.lines[v]));
  $("vcr-slider").max = String(page.replay.last);
}

function select(version) {
  stop();
  show(version);
  const actionAt = actionVersion(page.facts, version);
  const dice = page.facts.get("dice");
  const rolls = dice && dice.commitment && actionAt !== null ? rollsOf(page.facts, actionAt) : [];
  showAudit($("audit"), gameId, { id: page.game.ruleset, version: page.game.ruleset_version }, actionAt, version, $("seat").value, dice && rolls.length ? { dice, rolls } : null);
}

function renderChapters(items) {
  const nav = $("chapters");
  if (!items.length) return nav.replaceChildren();
  nav.replaceChildren(
    el("h2", { text: `Chapters (${items.length})` }),
    el("ul", {}, ...items.map((b) => el("li", {}, el("button", { type: "button", "data-version": b.version, onclick: () => select(b.version), text: `${b.label} · v${b.version}` })))),
  );
  if (page.replay) markCurrentChapter();
}

function readBookmarks() {
  return getAll(`/api/v1/games/${encodeURIComponent(gameId)}/bookmarks`);
}

function showNotes() {
  renderNotes($("notes"), gameId, page.notes, page.at, async () => {
    // An annotation added, edited or deleted: a bookmark among them is a chapter too.
    const [notes, marks] = await Promise.all([readNotes(gameId), readBookmarks()]);
    page.notes = notes;
    renderChapters(marks.items || []);
    $("notation").replaceChildren();
    renderLines(1);
    show(page.at);
  });
  if (page.board) drawMarks($("board"), page.notes, page.at);
}

function play() {
  if (!page.replay) return;
  if (page.timer) return stop();
  if (page.at >= page.replay.last) show(1);
  $("vcr-play").setAttribute("aria-pressed", "true");
  $("vcr-play").textContent = "Pause";
  page.timer = setInterval(() => {
    if (page.at >= page.replay.last) return stop();
    show(page.at + 1);
  }, Number($("vcr-speed").value));
}

function stop() {
  if (!page.timer) return;
  clearInterval(page.timer);
  page.timer = null;
  $("vcr-play").setAttribute("aria-pressed", "false");
  $("vcr-play").textContent = "Play";
}

function wireControls() {
  $("vcr-first").onclick = () => (stop(), show(1));
  $("vcr-back").onclick = () => (stop(), show(page.at - 1));
  $("vcr-forward").onclick = () => (stop(), show(page.at + 1));
  $("vcr-last").onclick = () => (stop(), show(page.replay.last));
  $("vcr-play").onclick = play;
  $("vcr-speed").onchange = () => page.timer && (stop(), play());
  $("vcr-slider").oninput = () => (stop(), show(Number($("vcr-slider").value)));
  $("seat").onchange = async () => {
    // A view the token may not see (403) leaves the page on the view it had, and says why.
    if (!(await load($("seat").value, page.at))) $("seat").value = page.replay.viewer;
  };
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea") || event.altKey || event.ctrlKey || event.metaKey) return;
    if (!page.replay) return;
    const moves = { ArrowLeft: page.at - 1, ArrowRight: page.at + 1, Home: 1, End: page.replay.last };
    if (!(event.key in moves)) return;
    event.preventDefault();
    stop();
    show(moves[event.key]);
  });
}

function describeFacts(game) {
  document.title = `${gameTitle(game)} · Annals`;
  $("game-title").textContent = gameTitle(game);
  // The rules of the version the game is pinned to, not the current ones (README, "Ruleset versions").
  const rules = `/rulesets/${encodeURIComponent(game.ruleset)}/rules?version=${encodeURIComponent(game.ruleset_version)}`;
  const rulebook = el("a", { href: rules, text: `${game.ruleset} ${game.ruleset_version}` });
  rulesetName(game.ruleset).then((name) => (rulebook.textContent = `${name} ${game.ruleset_version}`)); // "Kard és Korona 1.1.0"
  $("game-facts").replaceChildren(rulebook, ` · ${game.mode} · ${game.dice} dice · ${game.status} · ${game.version} events`);
}

// What the page's token is (GET /tokens/current), or null for an anonymous reader or a refused token.
async function whoReads() {
  if (!token()) return null;
  return getJson("/api/v1/tokens/current").catch(() => null);
}

function describe(game, who) {
  describeFacts(game);
  const select = $("seat");
  const wanted = new URLSearchParams(location.search).get("as") || "spectator";
  // The arbiter's view needs an arbiter's or admin's token (service/views.py): nobody else is offered it.
  const arbiter = who && ["admin", "arbiter"].includes(who.role);
  const viewers = ["spectator", ...game.seats.map((s) => s.seat), ...(arbiter ? ["arbiter"] : [])];
  const named = Object.fromEntries(game.seats.map((s) => [s.seat, s.name || s.seat]));
  select.replaceChildren(...viewers.map((v) => el("option", { value: v, text: named[v] || v })));
  select.value = viewers.includes(wanted) ? wanted : "spectator";
  return wanted;
}

// What the status panels call seats and areas: the game's seat names, the board's area names.
function statusNames() {
  return { seat: (seat) => (page.game ? seatName(page.game, seat) : seat), area: (area) => (page.board ? page.board.areaName(area) : String(area).replace(/_/g, " ")) };
}

// A seat as people call it (the game resource's `name`: "Stark", not "stark").
function seatName(game, seat) {
  return game.seats.find((s) => s.seat === seat)?.name || seat;
}

async function drawBoard(game) {
  if (!game.board) {
    $("board-frame").hidden = true;
    $("no-board").hidden = false;
    return;
  }
  const drawing = await getJson(`/boards/${encodeURIComponent(game.board)}/drawing.json`);
  const names = Object.fromEntries(game.seats.map((s) => [s.seat, seatName(game, s.seat)]));
  page.board = new Board($("board"), drawing, game.ruleset, game.seats.map((s) => s.seat), names);
  watchBoard($("board")); // map marks are drawn by clicking areas
  $("board-zoom").hidden = false;
  wireZoom($("board-frame"), $("board"), { in: $("zoom-in"), out: $("zoom-out"), fit: $("zoom-fit"), level: $("zoom-level") });
  $("legend").replaceChildren(
    ...page.board.legend().map((s) => el("li", { "data-seat": s.seat }, el("span", { class: "swatch", style: `background:${s.colour}`, text: s.letter }), " ", seatName(game, s.seat))),
  );
}

// (Re)load the history as `viewer` sees it, then show version `at` (or only remember it, while the page starts).
async function load(viewer, at, showIt = true) {
  stop();
  $("game-error").hidden = true;
  try {
    const replay = new Replay(gameId, viewer);
    await replay.extend(page.version);
    page.replay = replay;
    page.at = at;
    if (!showIt) return true; // the page's start draws once every mark is known
    $("notation").replaceChildren();
    renderLines(1);
    show(at);
    return true;
  } catch (problem) {
    fail(problem);
    return false;
  }
}

// Live updates and the recorder's own writes, one at a time: two at once would both extend from the same version
// and list its lines twice.
let liveUpdates = Promise.resolve();

function onLive(version) {
  liveUpdates = liveUpdates.then(() => applyLive(version)).catch(fail);
  return liveUpdates;
}

async function applyLive(version) {
  page.version = Math.max(page.version, version);
  if (!page.replay || version <= page.replay.last) return; // the recorder's own write, already shown when the stream brings it
  const following = page.at === page.replay.last && !page.timer;
  const from = page.replay.last + 1;
  await page.replay.extend(version);
  page.facts = await eventFacts(gameId, version, page.facts);
  const struck = struckVersions(page.facts);
  const restrikes = [...struck.keys(), ...page.struck.keys()].some((v) => v < from && page.struck.get(v) !== struck.get(v));
  page.struck = struck;
  // A ruling meanwhile struck lines already listed (or let one stand): the list is drawn again, and a keyboard on
  // one of its lines stays on that line.
  const focused = restrikes ? document.activeElement?.closest("#notation li")?.dataset.version : undefined;
  const scrolled = $("notation").scrollTop;
  if (restrikes) $("notation").replaceChildren();
  renderLines(restrikes ? 1 : from);
  if (focused) $("notation").querySelector(`li[data-version="${focused}"] button.line`)?.focus({ preventScroll: true });
  // Emptied, the list went back to its top and its current line lost its mark: a reader who stepped back finds the
  // list where it was and their line marked (one who follows the game is brought to its new last line below).
  if (restrikes && !following) {
    $("notation").scrollTop = scrolled;
    markCurrentLine();
  }
  $("vcr-at").textContent = `version ${page.at} of ${page.replay.last}`;
  if (following) show(page.replay.last); // a reader stepping back keeps their place
  const [game, marks] = await Promise.all([
    getJson(`/api/v1/games/${encodeURIComponent(gameId)}`),
    readBookmarks(),
  ]);
  page.game = game;
  describeFacts(game); // its status and event count
  renderChapters(marks.items || []); // a bookmark added meanwhile
  if (game.status !== "active") return ended();
  if (page.recorder) await page.recorder.refresh();
}

// The game ended while the page was open: nothing more will come, and nothing more can be recorded.
function ended() {
  if (page.stopLive) page.stopLive();
  page.stopLive = null;
  $("live").textContent = "ended";
  if (page.recorder) page.recorder.refresh();
}

// The recorder's panel, for a token holder while the game is in progress; what it records shows at once.
async function startRecorder() {
  const recorder = new Recorder($("recorder"), page.game, async (version) => version && onLive(version));
  if (page.board) recorder.areaNames = new Map([...page.board.areas].map(([id, drawn]) => [id, drawn.name]));
  if (page.board) recorder.neighbours = page.board.neighbours();
  onSubmit($("record-form"), (event) => recorder.send(event));
  try {
    if (await recorder.start()) {
      page.recorder = recorder;
      // On a phone the panel comes after the board, the replay and the notation (arrange.js): a link at the top goes to it. On a wide
      // screen the panel is in sight, but a keyboard is a dozen Tabs from it: there the link shows once focused
      // (annals.css), a skip link. Either way it lands on the first action the game waits for.
      $("to-recorder").hidden = false;
      $("to-recorder").onclick = (event) => {
        event.preventDefault();
        $("recorder").scrollIntoView();
        $("recorder").querySelector("button.option")?.focus({ preventScroll: true });
      };
    }
  } catch (problem) {
    fail(problem);
  }
}

// The board and status at the wanted version from GET .../state, while the history is still on its way.
async function firstLook(board, version) {
  const params = new URLSearchParams({ at: String(Math.max(1, version)), as: $("seat").value });
  try {
    const [found] = await Promise.all([getJson(`/api/v1/games/${encodeURIComponent(gameId)}/state?${params}`), board]);
    if (page.replay) return; // the history came first: it draws everything
    const view = { meta: found.state.meta, rules: found.state.rules ?? found.state.state };
    if (page.board) page.board.show(control(page.game.ruleset, view), pieces(page.game.ruleset, view));
    renderStatus($("status-panel"), view, page.game?.ruleset, (page.game?.seats || []).map((s) => s.seat), statusNames());
    $("vcr-at").textContent = `version ${found.version}; reading the history…`;
    root.dataset.shown = "true";
  } catch {
    // The history's own read reports what went wrong.
  }
}

async function start() {
  try {
    const [game, who] = await Promise.all([getJson(`/api/v1/games/${encodeURIComponent(gameId)}`), whoReads()]);
    page.game = game;
    page.version = page.game.version;
    if (missing) {
      $("missing").hidden = true;
      root.querySelector(".game-body").hidden = false;
      $("seen-as").hidden = false;
    }
    const asked = describe(page.game, who);
    // The history is the biggest read: it starts at once, beside the smaller ones, and the board is drawn
    // from the one state asked for as soon as that arrives, before the history lets the reader step.
    const wanted = Math.min(Number(new URLSearchParams(location.search).get("v")) || page.game.version, page.game.version);
    const history = load($("seat").value, wanted, false);
    const board = drawBoard(page.game);
    firstLook(board, wanted);
    const [facts, marks, notes, disputes] = await Promise.all([
      eventFacts(gameId, page.game.version),
      readBookmarks(),
      readNotes(gameId),
      getJson(`/api/v1/disputes?game=${encodeURIComponent(gameId)}&limit=100`),
      board,
    ]);
    page.facts = facts;
    page.struck = struckVersions(facts);
    page.notes = notes;
    page.disputes = disputes.items || [];
    renderChapters(marks.items || []);
    wireControls();
    await history;
    const seat = $("seat").value;
    if (!page.replay && seat !== "spectator" && (await load("spectator", wanted, false))) $("seat").value = "spectator";
    if (page.replay && $("seat").value !== asked) {
      // A shared ?as=<seat> (or ?as=arbiter) link opened without a token that may see it: the public view, and why.
      const seats = (page.game.seats || []).map((s) => s.seat);
      const known = asked === "arbiter" || seats.includes(asked);
      $("game-error").textContent = known
        ? `The view as ${asked} needs a token that may see it: showing the spectator's view.`
        : `This game has no seat ${asked} (its seats: ${seats.join(", ")}): showing the spectator's view.`;
      $("game-error").hidden = false;
    }
    if (!page.replay) return nothingToShow(); // the history could not be read: the error is shown
    renderLines(1);
    show(page.at);
    root.dataset.shown = "true";
    root.dataset.ready = "true";
    if (page.game.status === "active") {
      await startRecorder();
      $("live").hidden = false;
      page.stopLive = follow(gameId, page.game.version, onLive, (state) => ($("live").textContent = state));
    }
  } catch (problem) {
    if (!(missing && !page.game && problem.status === 404)) fail(problem);
    if (!page.replay) nothingToShow();
  }
}

// No game to show (an unknown id, a private game, a refused token): the error alone, not controls that do nothing.
function nothingToShow() {
  root.querySelector(".game-body").hidden = true;
  $("seen-as").hidden = true;
}

// The list's height is 45vh: a window made taller and back (a tablet turned, a full-page screenshot) clamped or reset
// its scroll, and it showed v1–8 while the page stood at v51. Its size changing brings the current line back in sight.
function keepCurrentLine() {
  const current = $("notation").querySelector("li[aria-current]");
  if (current) scrollInto($("notation"), current);
}
new ResizeObserver(keepCurrentLine).observe($("notation"));
addEventListener("resize", () => requestAnimationFrame(keepCurrentLine));

arrange(root);
if (!missing || token()) start();
