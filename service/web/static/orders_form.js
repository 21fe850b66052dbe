// AGoT's sealed orders (GOT-X-14, X-25, COURT-1) as a player places them: one row per area holding their units, the
// area's name and a drop-down of the order tokens they may still place. The pending's `fields` say which areas, which
// tokens and how many special (star) orders the King's Court allows; a token chosen in one row is not offered in
// another, nor a special one once the stars are spent. The generated form of the declared payload (a JSON list) stays
// behind a "type the payload" disclosure for any other case. Same interface as schemaForm: node, fill, narrow, read.
import { el } from "./dom.js";

const sign = (n) => (n >= 0 ? `+${n}` : String(n));

// "March +1 ★", "March +0", "Consolidate Power ★": the token by its printed face, as the game's notation names it
// (domain/rulesets/agot2/notation_names.py), not its id.
export function tokenName(token) {
  const type = token.type.split("_").map((word) => `${word[0].toUpperCase()}${word.slice(1)}`).join(" ");
  const modifier = token.type === "march" || token.type === "defense" || token.type === "support" ? ` ${sign(token.modifier)}` : "";
  return `${type}${modifier}${token.special ? " ★" : ""}`;
}

// The tokens of a set grouped by printed name, in the set's order: a House's two plain Raids (raid_a, raid_b) are
// the same printed token, so a drop-down offers "Raid" once and "Raid ★" apart (the data's `special`).
export function printedKinds(tokens) {
  const kinds = new Map();
  for (const token of tokens) kinds.set(tokenName(token), [...(kinds.get(tokenName(token)) || []), token.id]);
  return [...kinds.entries()].map(([name, ids]) => ({ name, ids }));
}

// The form when the pending lists the seat's areas and tokens; null otherwise (the generated form is used).
export function ordersForm(fields, raw, areaName) {
  if (!Array.isArray(fields?.areas) || !Array.isArray(fields?.tokens)) return null;
  const tokens = new Map(fields.tokens.map((t) => [t.id, t]));
  const kinds = printedKinds(fields.tokens);
  const limit = Number.isInteger(fields.special_limit) ? fields.special_limit : null;
  const rows = fields.areas.map((area) => {
    const id = `order-${area}`;
    const select = el("select", { id, "data-area": area });
    return { area, select, token: "", node: el("div", { class: "field order-row" }, el("label", { for: id, text: areaName(area) }), select) };
  });
  // Each row's token is kept apart from its select, whose options (and so the values it can take) offer() rebuilds.
  const chosen = () => rows.filter((r) => r.token).map((r) => ({ area: r.area, token: r.token }));
  const stars = el("small", { class: "hint", "data-stars": "" });
  // Each row offers a printed token once: the copy it holds, else the first copy no other row holds (greyed out when
  // every copy is placed elsewhere), and a special one greyed out once the stars are spent.
  const offer = () => {
    const placed = chosen();
    const specials = placed.filter((o) => tokens.get(o.token)?.special).length;
    for (const row of rows) {
      const kept = row.token;
      const elsewhere = new Set(placed.filter((o) => o.area !== row.area).map((o) => o.token));
      const options = kinds.map(({ name, ids }) => {
        const copy = ids.find((t) => t === kept) || ids.find((t) => !elsewhere.has(t));
        const starred = tokens.get(ids[0]).special && limit !== null && specials >= limit && copy !== kept;
        return el("option", { value: copy || ids[0], text: name, disabled: !copy || starred });
      });
      row.select.replaceChildren(el("option", { value: "", text: "— no order —" }), ...options);
      row.select.value = kept;
    }
    stars.textContent = limit === null ? "" : `Special orders (★): ${specials} of ${limit} your King's Court position allows (GOT-COURT-1).`;
  };
  for (const row of rows) {
    row.select.addEventListener("change", () => {
      row.token = row.select.value;
      offer();
    });
  }
  const disclosure = el("details", { class: "raw-payload" }, el("summary", { text: "type the payload" }), raw.node);
  const node = el("div", { class: "orders-form" }, el("p", { class: "hint", text: "One order per area holding your units; each token once." }), ...rows.map((r) => r.node), stars, disclosure);
  offer();
  return {
    node,
    fill(data) {
      const orders = Array.isArray(data?.orders) ? data.orders : [];
      for (const row of rows) row.token = orders.find((o) => o.area === row.area)?.token || "";
      raw.fill(data);
      offer();
    },
    narrow(legal) {
      raw.narrow(legal);
    },
    // A listed choice as the rows would show it: "The Shivering Sea: March +0 · Winterfell: Defense +1".
    describe(payload) {
      const orders = Array.isArray(payload?.orders) ? payload.orders : [];
      const named = (o) => `${areaName(o.area)}: ${tokens.has(o.token) ? tokenName(tokens.get(o.token)) : o.token}`;
      return orders.length ? orders.map(named).join(" · ") : "no orders";
    },
    // The rows' orders, or what the disclosure holds when it is open; a token twice, or more stars than the King's
    // Court allows, is refused here, before anything is sent.
    read() {
      if (disclosure.open) return raw.read();
      const orders = chosen();
      const twice = orders.find((o, n) => orders.findIndex((p) => p.token === o.token) !== n);
      if (twice) {
        const areas = orders.filter((o) => o.token === twice.token).map((o) => areaName(o.area));
        throw new Error(`GOT-X-25: ${tokenName(tokens.get(twice.token))} is placed twice (${areas.join(" and ")}); each token once`);
      }
      const specials = orders.filter((o) => tokens.get(o.token)?.special).length;
      if (limit !== null && specials > limit) throw new Error(`GOT-COURT-1: ${specials} special orders, but the King's Court allows ${limit}`);
      return { orders };
    },
  };
}
