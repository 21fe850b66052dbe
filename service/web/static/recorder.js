// The recorder (issue 14): what the game waits for (GET …/pending), each waited seat's options with the legal
// choices the rules accept now, a form generated from the chosen action's schema, table dice entered in the order
// the action declares, sealed submissions, and every refusal shown with the rule it cites.
import { ApiProblem, getJson, postJson, problemText, token } from "./session.js";
import { codeText, el } from "./dom.js";
import { ordersForm, tokenName } from "./orders_form.js";
import { readFaces, schemaForm } from "./schemaform.js";

const SHOWN_CHOICES = 40;
// More dice than this are typed in the one box (a box a die would fill screens), under the same "Roll N dice".
const MOST_BOXES = 30;

// The pending as the arbiter sees it when the token is an arbiter's or admin's; otherwise as a spectator, with
// each waited seat whose options are private read again as that seat when the token may look as it (an
// organiser looks as any seat, a player as their own), so a recorder sees every choice it may enter.
async function readPending(gameId, who, seats) {
  const base = `/api/v1/games/${encodeURIComponent(gameId)}/pending`;
  if (who.role === "admin" || who.role === "arbiter") return getJson(`${base}?as=arbiter`);
  const pending = await getJson(base);
  const mayLookAs = (seat) => who.role === "organiser" || seats.some((s) => s.seat === seat && s.player && s.player === who.player);
  const hidden = pending.waiting.filter((w) => w.seat && mayLookAs(w.seat) && w.options.some((o) => o.private && !o.choices.length));
  const seen = await Promise.all(hidden.map((w) => getJson(`${base}?as=${encodeURIComponent(w.seat)}`)));
  for (const own of seen) {
    const index = pending.waiting.findIndex((w) => w.seat === own.viewer);
    const entry = own.waiting.find((w) => w.seat === own.viewer);
    if (index >= 0 && entry) pending.waiting[index] = entry;
  }
  return pending;
}

// The pending's lists an option's selects and checkboxes already show by name (the Raven's tokens, a hand of house
// cards, a loser's casualties).
const NAMED_LISTS = ["tokens", "cards", "token", "card", "unplaced_tokens", "hand", "units", "unit_details", "eligible"];

// Printed names of the tokens and cards an option's `fields` describe ("Raid ★", "Eddard Stark (4)"), by id.
export function printedNames(fields) {
  const names = new Map();
  for (const token of Array.isArray(fields?.tokens) ? fields.tokens : []) names.set(token.id, tokenName(token));
  for (const card of Array.isArray(fields?.cards) ? fields.cards : []) names.set(card.id, `${card.name} (${card.strength})`);
  return names;
}

// What a sealed round seals, in words: its purpose (the pending's note: "orders", "house_card", "bid:iron_throne").
const sealedWhat = (option) => (option.note || option.fields?.round || "sealed round").replace(/:/g, ": ").replace(/_/g, " ");

// A control's value as JSON text, the keys of the pending's `dice_by` ('"cavalry"', 'true', '3').
function valueKey(input) {
  if (input.dataset.kind === "boolean") return String(input.checked);
  if (input.dataset.kind === "enum" || input.dataset.kind === "number" || input.dataset.kind === "json") return input.value.trim();
  return JSON.stringify(input.value);
}

const isRange = (v) => v && typeof v === "object" && Object.keys(v).length === 2 && "minimum" in v && "maximum" in v;
const isOpen = (v) => v && typeof v === "object" && !isRange(v) && Object.keys(v).length > 0;

// A select's value as the form reads it: an enum's option holds its value as JSON.
function parsed(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// A choice or the pending's legal values as a person at the table reads them, never as JSON: lists joined by commas,
// an object's fields as "name: value" (an object inside one as "name (…)"), a range as "1 to 100", nothing as "none".
// The top level's fields are set apart by " · ", so only what lies deeper needs parentheses.
export function plain(value, depth = 0) {
  if (value === null || value === undefined) return "none";
  if (isRange(value)) return `${value.minimum} to ${value.maximum}`;
  if (typeof value !== "object") return String(value);
  const inner = (v) => (depth > 0 && isOpen(v) ? `(${plain(v, depth + 1)})` : plain(v, depth + 1));
  if (Array.isArray(value)) return value.length ? value.map(inner).join(", ") : "none";
  const fields = Object.entries(value).map(([k, v]) => (depth > 0 && isOpen(v) && !Array.isArray(v) ? `${k} (${plain(v, depth + 1)})` : `${k}: ${inner(v)}`));
  return fields.length ? fields.join(depth === 0 ? " · " : ", ") : "none";
}

export class Recorder {
  constructor(root, game, onRecorded) {
    this.root = root;
    this.game = game;
    this.onRecorded = onRecorded;
    this.specs = new Map();
    this.selected = null;
  }

  async start() {
    if (!token() || this.game.status !== "active") return false;
    this.who = await getJson("/api/v1/tokens/current");
    if (!this.who.authority) return false; // a viewer token records nothing
    const declared = await getJson(`/api/v1/rulesets/${encodeURIComponent(this.game.ruleset)}/actions?game=${encodeURIComponent(this.game.id)}`);
    for (const spec of declared.items) this.specs.set(spec.type, spec);
    this.sealedSpecs = declared.sealed || [];
    this.root.hidden = false;
    await this.refresh();
    return true;
  }

  async refresh() {
    const summary = this.root.querySelector("#pending-summary");
    try {
      this.pending = await readPending(this.game.id, this.who, this.game.seats);
    } catch (problem) {
      summary.textContent = `What the game waits for could not be read: ${problemText(problem)}`;
      return;
    }
    const p = this.pending;
    this.root.dataset.version = String(p.version);
    summary.replaceChildren(
      p.ended ? "The game has ended." : `${p.phase} · ${p.summary} · `,
      p.ended ? "" : this.ruleLink(p.rule_id),
    );
    const seats = this.root.querySelector("#pending-seats");
    const focused = seats.contains(document.activeElement) ? document.activeElement : null;
    seats.replaceChildren(...this.shownWaiting(p).map((w) => this.seatBlock(w)));
    if (focused) this.refocus(seats, focused.dataset);
    if (this.selected) this.reselect();
  }

  // A live event re-renders what the game waits for while a keyboard user stands on one of its buttons (often the
  // one keepFocus just gave them): the focus goes to the same seat's same action if it is still waited for, else to
  // the first one, not back to the top of the page with the button it was on.
  refocus(seats, { seat, type }) {
    const same = seat && type ? seats.querySelector(`button.option[data-seat="${CSS.escape(seat)}"][data-type="${CSS.escape(type)}"]`) : null;
    (same || seats.querySelector("button.option"))?.focus();
  }

  // What the game waits for, and the platform's own actions for no seat that this token may send (ending the game,
  // adjusting what the engine cannot compute): the rules never wait for them, so the pending does not list them,
  // but the person at the recorder must be able to send them.
  // A seat's client seed (CORE-DICE-3) is offered the same way, to each seat that may still add one and this token
  // may act for, before the first server die.
  shownWaiting(pending) {
    if (pending.ended) return pending.waiting;
    const authority = this.who.authority;
    const asOption = (spec) => ({ type: spec.type, rule_ids: spec.rule_ids, choices: [], exhaustive: false, fields: {}, note: spec.summary, private: false });
    const offered = new Set(pending.waiting.filter((w) => !w.seat).flatMap((w) => w.options.map((o) => o.type)));
    const extra = [...this.specs.values()]
      .filter((spec) => spec.origin === "platform" && spec.seat !== "required" && spec.senders.includes(authority) && !offered.has(spec.type))
      .map(asOption);
    let shown = pending.waiting.map((w) => ({ ...w, options: w.options.filter((o) => this.maySend(w.seat, o)) }));
    const add = (seat, reason, options) => {
      const found = shown.find((w) => w.seat === seat);
      shown = found ? shown.map((w) => (w === found ? { ...w, options: [...w.options, ...options] } : w)) : [...shown, { seat, reason, options }];
    };
    if (extra.length) add(null, "the table's own actions", extra);
    const seed = this.specs.get("add_client_seed");
    if (seed && seed.senders.includes(authority)) {
      for (const seat of (pending.client_seeds_open || []).filter((seat) => this.mayActFor(seat))) add(seat, "may add a client seed before the first die", [asOption(seed)]);
    }
    return shown;
  }

  // A player token acts only for the seats its player holds (the API answers 403 for any other): another seat's
  // options are not offered to it, though the seat is still listed with what the game waits for.
  mayActFor(seat) {
    return this.who.authority !== "player" || this.game.seats.some((s) => s.seat === seat && s.player && s.player === this.who.player);
  }

  maySend(seat, option) {
    return (!seat || this.mayActFor(seat)) && (!option.senders || option.senders.includes(this.who.authority));
  }

  // Freeform's "record" stands for any type of action the ruleset gives no meaning to (FF-ACTION-1): it has no
  // declared schema, so the form asks for the type and the data object.
  isFreeType(type) {
    return type === "record" && !this.specs.has(type);
  }

  // The declared payload of a sealed round (GET …/actions lists them under `sealed`): the one whose purpose the
  // round's purpose (the seal option's note) starts with, the longest if several fit; none for a free purpose.
  sealedSpec(option) {
    const purpose = option?.note || "";
    const fitting = (this.sealedSpecs || []).filter((spec) => purpose.startsWith(spec.purpose));
    return fitting.sort((a, b) => b.purpose.length - a.purpose.length)[0] || null;
  }

  schemaOf(type, option = this.selected?.option) {
    if (type === "seal") return this.sealedSpec(option)?.schema || { properties: { payload: { description: "the sealed payload, as JSON" } }, required: ["payload"] };
    if (this.isFreeType(type)) {
      return {
        properties: {
          type: { type: "string", description: "the action's type: snake_case, not one the platform reserves" },
          data: { type: "object", description: "what happened, as a JSON object" },
        },
        required: ["type"],
      };
    }
    return this.specs.get(type)?.schema || { properties: { data: { type: "object", description: "the action's data, as a JSON object" } } };
  }

  // An area by the name the board's drawing gives it (game.js passes them), else its id in words.
  areaName(id) {
    return this.areaNames?.get(id) || String(id).replace(/_/g, " ");
  }

  // A value of a select: a token or card the option describes by its printed name, an area of the board by its
  // name, a seat by the name the game gives it (a House), anything else (an arm) as it is.
  valueName(value) {
    return this.printed?.get(value) || this.areaNames?.get(value) || this.seatName(value);
  }

  // A seat by the name the game resource gives it (`seats[].name`: "Stark"), as the board's legend reads it.
  seatName(seat) {
    return this.game.seats.find((s) => s.seat === seat)?.name || String(seat);
  }

  // Units an option's `unit_details` describe, by type (or the name it gives: a noble's faction and rank) and the
  // board's name of their area ("Footman in Winterfell", "The Katzowicové head of house in Kiertz").
  unitNames(fields) {
    const units = Array.isArray(fields?.unit_details) ? fields.unit_details : [];
    const word = (u) => String(u.name || u.type).replace(/_/g, " ");
    return units.map((u) => [u.id, `${word(u)[0].toUpperCase()}${word(u).slice(1)} in ${this.areaName(u.area)}`]);
  }

  // A path of areas (a banner's, an army's) is picked step by step from the board's neighbours, the first step from
  // where the mover stands: the piece a select of the form names (`noble`, `army`), placed by the option's
  // `unit_details`.
  alongBoard(option) {
    if (!this.neighbours) return;
    const where = new Map((option.fields?.unit_details || []).map((u) => [u.id, u.area]));
    const node = this.form.node;
    const mover = () => [...node.querySelectorAll("select[data-field]")].map((s) => parsed(s.value)).find((v) => where.has(v));
    const start = () => where.get(mover()) ?? null;
    for (const field of node.querySelectorAll("fieldset.ordered")) field.widget?.along?.(this.neighbours, start);
  }

  // The served rulebook of a game's ruleset lists the platform's CORE- rules too.
  ruleLink(ruleId) {
    return el("a", { class: "rule-id", href: `/rulesets/${encodeURIComponent(this.game.ruleset)}/rules#${encodeURIComponent(ruleId)}`, text: ruleId });
  }

  seatBlock(waiting) {
    const seat = waiting.seat || "table";
    const buttons = waiting.options.map((option) =>
      el("button", {
        type: "button",
        class: "option",
        "data-seat": seat,
        "data-type": option.type,
        "aria-pressed": this.isSelected(waiting, option) ? "true" : "false",
        title: option.note || option.rule_ids.join(", "),
        onclick: () => this.pick(waiting, option),
        // A sealed round by what is sealed ("seal bid: iron throne"), not its id ("seal (bid-iron-throne-2-3)").
        text: option.type === "seal" ? `seal ${sealedWhat(option)}` : option.type.replace(/_/g, " "),
      }),
    );
    const name = waiting.seat ? this.seatName(waiting.seat) : "table";
    return el("fieldset", { class: "waiting", "data-seat": seat }, el("legend", {}, el("strong", { text: name }), waiting.reason ? ` — ${waiting.reason}` : ""), ...(buttons.length ? buttons : [el("span", { class: "hint", text: "nothing this token may send for it" })]));
  }

  // A tap on an action opens its form under every waited seat's buttons: on a phone, or with many seats, that is
  // below the screen, and the tap seemed to do nothing. The form's head is brought into sight (the focus stays on the
  // button, so no keyboard pops up).
  pick(waiting, option) {
    this.select(waiting, option);
    const what = this.root.querySelector("#record-what");
    if (what.getBoundingClientRect().bottom > innerHeight) what.scrollIntoView({ block: "start" });
  }

  isSelected(waiting, option) {
    return Boolean(this.selected && this.selected.seat === waiting.seat && this.selected.type === option.type && this.selected.round === option.fields?.round);
  }

  // After a refresh, keep the form open on the same seat and type when the game still waits for it.
  reselect() {
    const { seat, type, round } = this.selected;
    for (const waiting of this.pending.waiting) {
      for (const option of waiting.options) {
        if (waiting.seat === seat && option.type === type && option.fields?.round === round) return this.select(waiting, option, false);
      }
    }
    this.selected = null;
    this.root.querySelector("#record-form").hidden = true;
  }

  // `clear` is false when a refresh reopens the same seat and type: what the person has typed stays.
  select(waiting, option, clear = true) {
    const key = JSON.stringify([waiting.seat, option.type, option.fields?.round ?? null]);
    const keep = !clear && this.formKey === key && this.form;
    this.formKey = key;
    this.selected = { seat: waiting.seat, type: option.type, round: option.fields?.round, option };
    for (const button of this.root.querySelectorAll("button.option")) {
      const same = button.dataset.seat === (waiting.seat || "table") && button.dataset.type === option.type;
      button.setAttribute("aria-pressed", same ? "true" : "false");
    }
    const form = this.root.querySelector("#record-form");
    form.hidden = false;
    if (clear) this.root.querySelector("#record-result").replaceChildren();
    // Named as its button names it ("end game"), not by the API's type (end_game), which the rulebook link carries.
    form.querySelector("#record-what").replaceChildren(
      el("strong", { text: option.type.replace(/_/g, " ") }),
      ` for ${waiting.seat ? this.seatName(waiting.seat) : "the table"} · `,
      ...option.rule_ids.flatMap((id, n) => [n ? ", " : "", this.ruleLink(id)]),
      option.note ? ` · ${option.note}` : "",
    );
    this.printed = printedNames(option.fields);
    const unitNames = this.unitNames(option.fields);
    for (const [id, name] of unitNames) this.printed.set(id, name);
    this.unitIds = new Set(unitNames.map(([id]) => id));
    // A field's one legal value that the option names (the card whose ability resolves) is a list of one, so the
    // form offers it by name like any other; a free note ("reason": "free text") stays what it is.
    const listed = Object.fromEntries(Object.entries(option.fields || {}).map(([k, v]) => [k, typeof v === "string" && this.printed.has(v) ? [v] : v]));
    if (!keep) {
      const example = option.type === "seal" ? this.sealedSpec(option)?.example : this.specs.get(option.type)?.example?.data;
      const generated = schemaForm(this.schemaOf(option.type, option), example, (value) => this.valueName(value), listed);
      this.form = (option.type === "seal" && this.sealedSpec(option)?.kind === "orders" && ordersForm(option.fields, generated, (id) => this.areaName(id))) || generated;
      form.querySelector("#record-fields").replaceChildren(this.form.node);
    }
    this.form.narrow(listed);
    this.alongBoard(option);
    if (clear) form.querySelector("#record-filter").value = "";
    this.listChoices(form, option);
    // The orders' rows already offer the areas and tokens: listed again as ids they were a screenful of noise.
    // So does a select of tokens or cards by printed name: their details (`tokens`, `cards`) and ids were the same noise.
    const shownInRows = this.form.node.classList.contains("orders-form") ? ["areas", "tokens", "special_limit"] : this.printed.size ? NAMED_LISTS : [];
    // A list the form shows as checkboxes by name (a supporter's `areas`) is not listed again by id, nor the count
    // its own hint gives (the casualties' `due`, a retreat's `destroy_due`).
    // Nor what a field of its own shape offers (a march's `moves`, a tie's `order`, losses by army).
    const lists = [...this.form.node.querySelectorAll("[data-kind='checklist']")];
    const shaped = [...this.form.node.querySelectorAll("[data-kind='widget']")].map((n) => n.dataset.field);
    // Nor a list a drop-down already offers by name (a Raid's `area` and `target_area`, narrowed to them).
    const selects = [...this.form.node.querySelectorAll("select[data-kind='enum']")].map((n) => n.dataset.field);
    const checked = lists.flatMap((n) => [n.dataset.field, `${n.dataset.field}_due`]).concat(lists.length ? ["due"] : [], shaped, selects);
    const fields = Object.entries(option.fields || {}).filter(([k]) => k !== "round" && !shownInRows.includes(k) && !checked.includes(k));
    form.querySelector("#record-fields-note").replaceChildren(
      ...(fields.length ? [el("span", { text: "Legal values:" }), el("ul", {}, ...fields.map(([k, v]) => el("li", { "data-field": k, text: `${this.valueName(k)}: ${plain(Object.values(this.printedFields({ [k]: v }))[0], 1)}` })))] : []),
    );
    // An action that rolls nothing this time (the pending's dice_count 0) asks for no faces.
    const dice = this.game.dice === "table" && option.dice && option.dice_count !== 0;
    form.querySelector("#record-dice-field").hidden = !dice;
    form.querySelector("#record-dice-order").replaceChildren(...(dice ? codeText(option.dice) : []));
    if (clear) form.querySelector("#record-dice").value = "";
    this.diceBoxes(form, dice ? option.dice_count : null, clear);
    // Freeform's roll names the field that sets its count ("the `count` faces"): the words follow what it holds.
    const counted = dice && option.dice_count == null ? this.countField(form, option) : null;
    // Where the pending says how many dice each value of a field rolls (`dice_by`: a Judge Royal's reroll, by the
    // group he names or his yes/no), the boxes follow that field as it is chosen.
    const [byName, counts] = (dice && option.dice_count == null && Object.entries(option.dice_by || {})[0]) || [];
    const byField = byName ? form.querySelector(`#record-fields [data-field="${CSS.escape(byName)}"]`) : null;
    if (byField) this.followDice = () => this.diceFollowing(form, counts[valueKey(byField)]);
    else this.followDice = counted ? () => this.diceBoxes(form, Number(counted.value), false, false) : null;
    form.querySelector("#record-fields").oninput = () => this.followDice?.();
    this.followDice?.();
    if (option.choices.length && clear) this.fill(option.choices[0]);
  }

  // When the pending says how many dice the action rolls, the page says so and gives a box a die, in the declared
  // order (a face typed moves on to the next box). A transcript records what was rolled, even against the rules, so
  // there the one free box stays, under the same words; so it does wherever the count depends on the choice or dice.
  // `boxed` false: the count is the person's own choice, still being typed, so the one box stays.
  diceBoxes(form, count, clear, boxed = true) {
    const boxes = form.querySelector("#record-dice-boxes");
    const known = Number.isInteger(count) && count > 0;
    form.querySelector("#record-dice-label").textContent = known ? `Roll ${count} ${count === 1 ? "die" : "dice"}` : "Table dice";
    const shown = boxed && known && count <= MOST_BOXES && this.game.mode !== "transcript";
    boxes.hidden = !shown;
    form.querySelector("#record-dice").hidden = shown;
    if (!shown) return boxes.replaceChildren();
    const typed = clear ? [] : [...boxes.querySelectorAll("input")].map((box) => box.value);
    if (!clear && typed.length === count) return; // a refresh for the same roll: what was typed stays
    boxes.replaceChildren(
      ...Array.from({ length: count }, (_, n) =>
        el("input", { type: "text", inputmode: "numeric", maxlength: "1", autocomplete: "off", class: "die", "data-die": n + 1, "aria-label": `die ${n + 1} of ${count}`, value: typed[n] || "" }),
      ),
    );
    for (const box of boxes.querySelectorAll("input")) box.oninput = () => /^[1-6]$/.test(box.value) && box.nextElementSibling?.focus();
  }

  // The dice a value of a field rolls, from the pending's `dice_by`: a box a die; no dice field for a value that
  // rolls none (a kept die); the one free box while the field is not chosen.
  diceFollowing(form, count) {
    form.querySelector("#record-dice-field").hidden = count === 0;
    this.diceBoxes(form, count ?? null, false);
  }

  // The integer field the action's dice order names in backticks, when the form has it.
  countField(form, option) {
    const name = /`(\w+)`/.exec(option.dice || "")?.[1];
    return name ? form.querySelector(`#record-fields input[data-field="${CSS.escape(name)}"]`) : null;
  }

  // The faces typed for the action: from its boxes (each one filled) or its one box; none when it asks for none.
  readDice() {
    if (this.root.querySelector("#record-dice-field").hidden) return null;
    const boxes = [...this.root.querySelectorAll("#record-dice-boxes:not([hidden]) input")];
    if (!boxes.length) {
      const faces = this.root.querySelector("#record-dice").value;
      return faces.trim() ? readFaces(faces) : null;
    }
    const empty = boxes.findIndex((box) => !box.value.trim());
    if (empty >= 0) throw new Error(`dice: die ${empty + 1} of ${boxes.length} is not entered`);
    return readFaces(boxes.map((box) => box.value).join(" "));
  }

  // The legal choices, each a button that fills the form with it. An action that takes no data has one empty choice:
  // a button for it would fill nothing, so the note says Send records it instead.
  listChoices(form, option) {
    const list = form.querySelector("#record-choices");
    const note = form.querySelector("#record-choices-note");
    form.querySelector("#record-filter-field").hidden = true;
    const fields = Object.keys(this.schemaOf(option.type, option).properties || {}).filter((k) => k !== "dice"); // table dice have their own box
    const noData = option.choices.length && !option.choices.some(isOpen) && !fields.length;
    if (noData) {
      list.replaceChildren();
      note.textContent = "This action takes no data: Send records it.";
      return;
    }
    // More choices than fit (a KBS army's 76 moves): a search box narrows them by any word of their text (an area,
    // a unit, a seat), so every legal choice can be reached, not only the first ones.
    const filterField = form.querySelector("#record-filter-field");
    const filter = form.querySelector("#record-filter");
    const many = option.choices.length > SHOWN_CHOICES;
    filterField.hidden = !many;
    if (!many) filter.value = "";
    filter.oninput = () => this.showChoices(form, option, filter.value);
    filter.onkeydown = (event) => event.key === "Enter" && event.preventDefault(); // Enter finds; only Send sends
    this.showChoices(form, option, many ? filter.value : "");
  }

  showChoices(form, option, query) {
    const text = (choice) => (this.form.describe ? this.form.describe(this.asFields(choice)) : isOpen(choice) ? plain(this.printedFields(this.asFields(choice))) : "every field left empty");
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const described = option.choices.map((choice, n) => ({ choice, n, text: text(choice) }));
    // Choices that read the same (a swap for either of two plain Raids) are one button: the first stands for both.
    const distinct = described.filter((c, n) => described.findIndex((d) => d.text === c.text) === n);
    // Found by the names shown or by the ids behind them (a path typed as the notation writes it).
    const found = (c) => `${c.text} ${plain(c.choice)}`.toLowerCase();
    const matching = distinct.filter((c) => words.every((w) => found(c).includes(w)));
    const shown = matching.slice(0, SHOWN_CHOICES);
    form.querySelector("#record-choices").replaceChildren(
      ...shown.map(({ choice, n, text }) => el("li", {}, el("button", { type: "button", class: "choice", "data-choice": n, onclick: () => this.fill(choice), text }))),
    );
    const count = distinct.length;
    const more = option.exhaustive ? "" : " Not every legal choice is listed: the form takes any other.";
    const note = form.querySelector("#record-choices-note");
    // With nothing listed, "no choice is listed; not every legal choice is listed" said the same thing twice.
    if (!count) note.textContent = option.exhaustive ? "No choice is legal now." : "No choice is listed: fill in the form.";
    else if (count <= SHOWN_CHOICES) note.textContent = `${count} legal choice${count === 1 ? "" : "s"}.${more}`;
    else if (!words.length) note.textContent = `${count} legal choices; the first ${SHOWN_CHOICES} are shown: find the others by an area, unit or seat.${more}`;
    else note.textContent = `${matching.length} of ${count} legal choices match "${query.trim()}"${matching.length > SHOWN_CHOICES ? ` (first ${SHOWN_CHOICES} shown)` : ""}.${more}`;
  }

  // A choice's tokens, cards, units, areas and seats by their names (the option's `tokens`, `cards`, `unit_details`), for
  // reading, not sending; units alike in a list are named once with their number ("Footman in B ×2").
  printedFields(fields) {
    if (!fields || typeof fields !== "object") return fields;
    // Areas and seats by name too: a Raid's choice read "area: stoney_sept" (an id) at the table.
    // An object inside (a march's fields by area: its units and destinations) is named the same way.
    const named = (v) => (typeof v === "string" ? this.valueName(v) : v && typeof v === "object" && !Array.isArray(v) ? this.printedFields(v) : v);
    const times = (names, n) => names.filter((m) => m === n).length;
    const counted = (names) => [...new Set(names)].map((n) => (times(names, n) > 1 ? `${n} ×${times(names, n)}` : n));
    const units = (v) => v.length && v.every((u) => this.unitIds?.has(u));
    // A list of objects (a march's moves) is named row by row: "to_area: b, units: Knight in A ×2".
    const objects = (v) => v.length && v.every((o) => o && typeof o === "object" && !Array.isArray(o));
    const listed = (v) => (objects(v) ? v.map((o) => this.printedFields(o)) : units(v) ? counted(v.map(named)) : v.map(named));
    // Keys that are seats or areas (a tie's `bids` by House) read by name too; a field's own name stays as it is.
    const key = (k) => (this.areaNames?.has(k) || this.game.seats.some((s) => s.seat === k) ? this.valueName(k) : k);
    return Object.fromEntries(Object.entries(fields).map(([k, v]) => [key(k), Array.isArray(v) ? listed(v) : named(v)]));
  }

  fill(choice) {
    this.form.fill(this.asFields(choice));
    this.followDice?.(); // a choice sets the count without an input event
  }

  // A listed choice as the form's fields: a seal's payload, a free action's data, or an action's data itself.
  asFields(choice) {
    const type = this.selected?.type;
    if (type === "seal") return this.sealedSpec(this.selected.option) ? choice.payload : { payload: choice.payload };
    if (this.isFreeType(type)) return { data: choice };
    return this.specs.has(type) ? choice : { data: choice };
  }

  async send(event) {
    event.preventDefault();
    const result = this.root.querySelector("#record-result");
    const { seat, type, round } = this.selected;
    let request;
    try {
      const data = this.form.read();
      if (type === "seal") {
        // A declared payload's fields are the payload; a free one is typed as JSON in its one field.
        const payload = this.sealedSpec(this.selected.option) ? data : (data.payload ?? null);
        request = postJson(`/api/v1/games/${encodeURIComponent(this.game.id)}/sealed`, { seat, round, payload });
      } else {
        const faces = this.readDice();
        if (faces) data.dice = faces;
        if (this.isFreeType(type) && !data.type) throw new Error("type: name the action, e.g. move or note");
        const sent = this.isFreeType(type) ? { type: data.type, data: data.data ?? {} } : this.specs.has(type) ? { type, data } : { type, data: data.data ?? {} };
        request = postJson(`/api/v1/games/${encodeURIComponent(this.game.id)}/actions`, { ...sent, seat });
      }
    } catch (error) {
      result.replaceChildren(el("span", { class: "refused", text: error.message }));
      return;
    }
    try {
      const recorded = await request;
      const version = recorded.version ?? recorded.event?.version;
      result.replaceChildren(el("span", { class: "recorded", text: `Recorded${version ? ` as version ${version}` : ""}.` }));
      // These faces are recorded: left in the box, a second Send for the same seat would enter them again as if rolled.
      this.root.querySelector("#record-dice").value = "";
      for (const box of this.root.querySelectorAll("#record-dice-boxes input")) box.value = "";
      await this.refresh();
      this.keepFocus();
      await this.onRecorded(version);
    } catch (problem) {
      result.replaceChildren(this.refusal(problem));
    }
  }

  // What was recorded is no longer waited for, so its form is gone, and the focus with it: a keyboard user goes on
  // from the first action the game waits for now rather than from the top of the page.
  keepFocus() {
    const active = document.activeElement;
    if (!this.root.querySelector("#record-form").hidden || (active && active !== document.body && active.offsetParent)) return;
    this.root.querySelector("#pending-seats button.option")?.focus();
  }

  // A refusal as the API said it: the rule it cites (linked to the rulebook), its summary, and what was wrong.
  // Every rule the action breaks is listed: the API's detail names only the first of its `violations`.
  refusal(problem) {
    const rule = problem instanceof ApiProblem ? problem.problem.rule : null;
    if (!rule) return el("span", { class: "refused", text: problemText(problem) });
    // The API's detail starts with the rule id the link already shows ("CORE-DICE-1: 4 faces entered…"): said once.
    const said = problem.message.startsWith(`${rule.id}: `) ? problem.message.slice(rule.id.length + 2) : problem.message;
    const first = el("span", { class: "refused", "data-rule": rule.id }, this.ruleLink(rule.id), ` ${rule.summary} — ${said}`);
    const more = (problem.problem.violations || []).slice(1);
    if (!more.length) return first;
    const items = more.map((v) => el("li", { class: "refused", "data-rule": v.rule_id }, this.ruleLink(v.rule_id), ` ${v.message}`));
    return el("div", {}, first, el("p", { text: `It breaks ${more.length} more rule${more.length > 1 ? "s" : ""}:` }), el("ul", { class: "more-violations" }, ...items));
  }
}
