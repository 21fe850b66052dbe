// A list field whose order matters (the schema's `x-annals-ordered`: a banner's path of places, an army's path of
// fields, the order of tied Houses, the order casualties of equal lives go in), of values from a known set (the
// pending's list for the field, else the game's ids the schema lists): the person adds the values one by one in
// order, sees the order as a numbered list, and moves a value up or down or removes it, never typing JSON.
import { el } from "./dom.js";

export const isOrdered = (schema) => Boolean(schema?.["x-annals-ordered"]);

// The values to choose from: the pending's list when it gives one, else the items' enum (the game's areas or seats).
export function knownValues(schema, listed) {
  if (Array.isArray(listed) && listed.length && listed.every((v) => typeof v === "string")) return listed;
  const values = (schema?.items?.enum || []).filter((v) => typeof v === "string");
  return values.length ? values : null;
}

const button = (act, text, what, onclick, disabled = false) => el("button", { type: "button", "data-act": act, "aria-label": what, onclick, text, disabled });

// The value at place `n` of `count`, by name, with its buttons: up and down (greyed out at either end), remove.
function pickedRow(named, value, n, count, move, drop) {
  return el(
    "li",
    { "data-value": value, "data-index": n },
    el("span", { text: named }),
    " ",
    button("up", "↑", `Move ${named} up`, () => move(n, -1, "up"), n === 0),
    button("down", "↓", `Move ${named} down`, () => move(n, 1, "down"), n === count - 1),
    button("remove", "✕", `Remove ${named}`, () => drop(n)),
  );
}

// Values that read alike (a banner's four "Infantry in Brod", the same kind in the same place under the same noble)
// are told apart by their place among the alike, "Infantry in Brod (1)" … "(4)", so a person can pick which goes first.
function alikeNumbered(values, label) {
  const count = new Map();
  for (const v of values) count.set(label(v), (count.get(label(v)) || 0) + 1);
  const seen = new Map();
  const names = new Map();
  for (const v of values.filter((v) => count.get(label(v)) > 1)) {
    seen.set(label(v), (seen.get(label(v)) || 0) + 1);
    names.set(v, `${label(v)} (${seen.get(label(v))})`);
  }
  return (v) => names.get(v) || label(v);
}

export function orderedList(id, name, legend, values, label) {
  let known = values;
  let named = alikeNumbered(known, label);
  let next = null; // `along`: the values that may follow the last one picked, or null for any
  let picked = [];
  const list = el("ol", { class: "ordered-picked", "aria-label": `${name} in order` });
  const empty = el("small", { class: "hint", "data-count": "" });
  const adder = el("select", { id: `${id}-add`, "data-add": "" });
  const add = el("button", { type: "button", class: "add", "aria-label": `Add to ${name}`, text: "Add" });
  const render = (focus) => {
    list.replaceChildren(...picked.map((value, n) => item(value, n)));
    const left = known.filter((v) => !picked.includes(v) && (!next || next(picked.at(-1)).has(v)));
    // A re-render as the form changes (the person choosing in this very drop-down) keeps the value chosen.
    const kept = adder.value;
    // A step of a path offers a few neighbours: only those of them alike are numbered (a city and its region).
    const offered = next ? alikeNumbered(left, label) : named;
    adder.replaceChildren(...left.map((v) => el("option", { value: v, text: offered(v) })));
    if (left.includes(kept)) adder.value = kept;
    adder.disabled = add.disabled = !left.length;
    empty.textContent = picked.length ? `${picked.length} in order` : "none chosen yet";
    // The keyboard stays on the same button of the value it moved, at its new place.
    // A value moved to the top or the bottom has that button greyed out: the keyboard goes to its other one.
    if (focus) {
      const row = list.querySelector(`li[data-index="${focus.index}"]`);
      (row?.querySelector(`button[data-act="${focus.act}"]:enabled`) || row?.querySelector("button:enabled") || add).focus();
    }
  };
  const move = (n, by, act) => {
    const to = n + by;
    if (to < 0 || to >= picked.length) return;
    [picked[n], picked[to]] = [picked[to], picked[n]];
    render({ index: to, act });
  };
  const drop = (n) => {
    picked.splice(n, 1);
    render({ index: Math.min(n, picked.length - 1), act: "remove" });
  };
  const item = (value, n) => pickedRow((next ? label : named)(value), value, n, picked.length, move, drop);
  add.addEventListener("click", () => {
    if (!adder.value) return;
    picked.push(adder.value);
    render();
    adder.dispatchEvent(new Event("change", { bubbles: true }));
    (adder.disabled ? list.querySelector("li:last-child button") : adder)?.focus();
  });
  const node = el(
    "fieldset",
    { id, class: "ordered", "data-kind": "widget" },
    el("legend", { text: legend }),
    list,
    empty,
    el("div", { class: "ordered-add" }, el("label", { for: `${id}-add`, text: `Next in ${name}` }), " ", adder, " ", add),
  );
  render();
  return {
    node,
    // A choice's list, in its order; a value the set does not hold (a choice of an older position) is still shown.
    fill(value) {
      picked = Array.isArray(value) ? value.map(String) : [];
      render();
    },
    narrow(values) {
      if (values) {
        known = values;
        named = alikeNumbered(known, label);
      }
      render();
    },
    read: () => (picked.length ? [...picked] : undefined),
    // A path of the board's areas goes from an area to a neighbour: each step offers the areas next to the last
    // one picked, the first step those next to `start()` (where the mover stands, once the form names it). Only for
    // a list of areas (`neighbours` knows them all); an unknown start, or an area the drawing joins to none, offers
    // every area, as before.
    along(neighbours, start) {
      if (!known.length || !known.every((v) => neighbours.has(v))) return;
      next = (last) => {
        const from = last ?? start();
        return neighbours.get(from)?.size ? neighbours.get(from) : new Set(known);
      };
      render();
    },
    follow: () => render(),
  };
}
