// A round's clock (td19): the countdown the tournament page shows for a running round ("1:23:45 left — ends 16:30",
// "Time called" once its end has passed or the director called it), and the director's clock controls: start the
// clock, extend the round or one table (minutes and a reason the record keeps), call time. The digits change every
// second in a role="timer" element, which screen readers do not read out (aria-live off, inside the page's polite
// region); the page's one polite line (#clock-said, never drawn again) speaks only at each minute mark, when the end
// moves and when time is called. The times are the API's (the service clock's), and so is "now" (td21): the round
// resource's `now` less the browser's clock is an offset the seconds count with, so a laptop two minutes off shows the
// time the service keeps. While a round is open the page reads it again every 30 s, so an extension or a call of time
// made on another device shows without a reload.
import { getJson, postJson } from "./session.js";
import { el } from "./dom.js";
import { act, actionForm, field, reasonField } from "./director_forms.js";

const pad = (n) => String(n).padStart(2, "0");
const FOLLOW_MS = 30000;

// The service's clock less the browser's, in ms, from an answer's `now` (0 without one).
export function offsetFrom(now, browserNow = Date.now()) {
  const service = Date.parse(now);
  return Number.isNaN(service) ? 0 : service - browserNow;
}

// A time of day as the venue's wall clock shows it (the browser's time zone), HH:MM.
export function hhmm(iso) {
  const moment = new Date(iso);
  return `${pad(moment.getHours())}:${pad(moment.getMinutes())}`;
}

function digits(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 3600)}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

function minutesWords(minutes) {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [hours ? `${hours} hour${hours > 1 ? "s" : ""}` : "", rest ? `${rest} minute${rest > 1 ? "s" : ""}` : ""];
  return parts.filter(Boolean).join(" ") || "less than a minute";
}

// What a screen reader was told of each countdown, by its id: the minute it heard last, the end it counted to, and
// whether the call was said. Kept here, not on the countdown's node, so that a countdown drawn again (new ends read
// every 30 s, the page read again after a write) says its next minute mark once and the call once, in a region
// the page had all along (a live region inserted with its text, or just before, is often not heard).
const heard = new Map();

function announcer() {
  let region = document.getElementById("clock-said");
  if (!region) {
    region = el("p", { id: "clock-said", class: "visually-hidden", "aria-live": "polite" });
    document.body.append(region);
  }
  return region;
}

// Draw the countdown `node` now: its time left, or the call; what it counts and whether it is over.
function draw(node) {
  const shown = node.querySelector(".clock-left");
  const { endsAt, timeCalled, label, offset } = node.dataset;
  const left = Date.parse(endsAt) - (Date.now() + Number(offset || 0));
  if (timeCalled || left <= 0) {
    shown.textContent = `${label}Time called${timeCalled ? ` at ${hhmm(timeCalled)}` : ""}`;
    node.dataset.state = "called";
    return { called: true, text: shown.textContent };
  }
  shown.textContent = `${label}${digits(left)} left — ends ${hhmm(endsAt)}`;
  node.dataset.state = "running";
  return { called: false, minutes: Math.ceil(left / 60000), endsAt };
}

// What to tell a screen reader of `node` as just drawn, once: the call, a minute mark, a moved end. Not the first
// count (the page has just been read out), nor a minute back up by a renewed offset (a mark said already).
function news(node, drawn) {
  const before = heard.get(node.id);
  if (drawn.called) {
    heard.set(node.id, { ...before, called: true });
    return before && before.called ? "" : drawn.text; // the call is worth hearing, once
  }
  const said = Boolean(before) && (before.called || before.endsAt !== drawn.endsAt || drawn.minutes < before.minute);
  if (!before || said) heard.set(node.id, { minute: drawn.minutes, endsAt: drawn.endsAt, called: false });
  return said ? `${node.dataset.label}${minutesWords(drawn.minutes)} left, ends ${hhmm(drawn.endsAt)}` : "";
}

let ticking = null;

// Every countdown on the page, each second; what they have to say goes out together (a table given whole minutes
// more reaches its marks in the same second as the round: two writes would leave only the last to be heard).
function tickAll() {
  const said = [...document.querySelectorAll(".round-clock")].map((node) => news(node, draw(node))).filter(Boolean);
  if (said.length) announcer().textContent = said.join(". ");
}

// A countdown to `endsAt` ("Table 2: " as `label` for a table given time of its own), `offset` ms from the browser's
// clock to the service's; every countdown on the page counts on one timer, which survives the page being read again.
export function countdown(id, endsAt, timeCalled, label = "", offset = 0) {
  const data = { "data-ends-at": endsAt, "data-time-called": timeCalled || "", "data-label": label, "data-offset": offset };
  const node = el(
    "p",
    { id, class: "round-clock", ...data },
    el("span", { class: "clock-left", role: "timer", "aria-live": "off" }),
  );
  draw(node);
  announcer(); // in the page before it has anything to say
  if (ticking === null) ticking = setInterval(tickAll, 1000);
  return node;
}

function clocks(found) {
  const offset = offsetFrom(found.now);
  const tables = found.tables.filter((t) => t.ends_at).map((t) => countdown(`clock-${found.round}-table-${t.table}`, t.ends_at, null, `Table ${t.table} (extended): `, offset));
  return [countdown(`clock-${found.round}`, found.ends_at, found.time_called, "", offset), ...tables];
}

// What another device may change on a running clock: the ends (the round's, each table's) and the call of time.
const clockKey = (found) => JSON.stringify([found.started_at, found.ends_at, found.time_called, found.tables.map((t) => t.ends_at)]);

// What a round offers, by the forms the page draws for it: not started, running, time called, closed.
const phase = (found) => (found.closed ? "closed" : found.time_called ? "called" : found.started_at ? "running" : "waiting");

// Read the round at `url` every 30 s while it is open and its time not called, as long as this page shows it. New
// ends made on another device replace the countdowns (their offset renewed); a start, a call of time or a close
// changes what the round offers (the director's start, extend and call forms, the swap's box, the close), so the
// page is read again (`reread`) and shows what such a round shows, the forms the API would now refuse gone.
function follow(box, url, found, reread) {
  let key = clockKey(found);
  const timer = setInterval(async () => {
    if (!box.isConnected) return clearInterval(timer); // the page was read again: a new box follows
    const fresh = await getJson(url).catch(() => null);
    if (!fresh || !box.isConnected) return;
    if (fresh.time_called || fresh.closed) clearInterval(timer);
    if (reread && phase(fresh) !== phase(found)) {
      clearInterval(timer);
      return reread();
    }
    if (clockKey(fresh) !== key) box.replaceChildren(...(fresh.started_at ? clocks(fresh) : []));
    else for (const node of box.querySelectorAll(".round-clock")) node.dataset.offset = offsetFrom(fresh.now);
    key = clockKey(fresh);
  }, FOLLOW_MS);
}

// A running round's countdown and those of its tables given time of their own, followed at `url` (the round
// resource) while the round is open, started or not, the page read again with `reread` when the round's phase
// changes; nothing once the round is closed.
export function roundClock(found, url = null, reread = null) {
  if (found.closed || (!found.started_at && !url)) return [];
  const box = el("div", { class: "round-clocks", id: `clocks-${found.round}` }, ...(found.started_at ? clocks(found) : []));
  if (url && !found.time_called) follow(box, url, found, reread);
  return [box];
}

function minutesInput(id, value) {
  return el("input", { id, type: "number", min: 1, max: 1440, step: 1, required: true, inputmode: "numeric", value: value ?? null });
}

function extending(ctx, found) {
  const round = found.round;
  const id = `extend-${round}`;
  const send = () => {
    const body = { minutes: Number(document.getElementById(`${id}-minutes`).value), reason: document.getElementById(`${id}-reason`).value.trim() };
    return act(ctx, () => postJson(`${ctx.base}/rounds/${round}/clock/extensions`, body));
  };
  const whole = actionForm(id, `Extend round ${round}`, send, field(minutesInput(`${id}-minutes`), "Minutes more"), reasonField(`${id}-reason`, "Reason (kept in the record)"));
  const tid = `extend-table-${round}`;
  const tables = el("select", { id: `${tid}-table`, required: true }, ...found.tables.map((t) => el("option", { value: t.table, text: `Table ${t.table}` })));
  const sendTable = () => {
    const body = {
      minutes: Number(document.getElementById(`${tid}-minutes`).value),
      reason: document.getElementById(`${tid}-reason`).value.trim(),
      table: Number(tables.value),
    };
    return act(ctx, () => postJson(`${ctx.base}/rounds/${round}/clock/extensions`, body));
  };
  const one = actionForm(tid, "Extend one table", sendTable, field(tables, "Table (delayed by a ruling)"), field(minutesInput(`${tid}-minutes`), "Minutes more"), reasonField(`${tid}-reason`, "Reason (kept in the record)"));
  const call = actionForm(`call-time-${round}`, `Call time on round ${round}`, () => act(ctx, () => postJson(`${ctx.base}/rounds/${round}/clock/call`, {})));
  return [whole, one, call];
}

// The director's clock controls of an open round: start it (the tournament's round length filled in), then extend
// it or one table, or call time; nothing once time is called.
export function clockControls(ctx, found) {
  if (found.time_called) return [];
  if (found.started_at) return extending(ctx, found);
  const id = `clock-start-${found.round}`;
  const preset = (ctx.settings || {}).round_minutes;
  const send = () => act(ctx, () => postJson(`${ctx.base}/rounds/${found.round}/clock/start`, { minutes: Number(document.getElementById(`${id}-minutes`).value) }));
  return [actionForm(id, `Start round ${found.round}'s clock`, send, field(minutesInput(`${id}-minutes`, preset), "Round length (minutes)"))];
}
