// A list field whose legal values the pending lists under the field's own name (a supporter's `areas`, a loser's
// casualty `units`, a retreat's `destroy`): one checkbox per value by name instead of a JSON text box. Values that
// read alike (two footmen in one area: the same unit to a person at the table, and to the rules) are one counter,
// "Footman in Winterfell: [0] of 2", whose count takes that many of them. `exactly()` is the count the pending asks
// for now (the casualties `due`, a retreat's `destroy_due` for the area chosen): a number, a range {minimum,
// maximum} (the units a noble takes, up to his capacity), or null while it waits on another field; `counted` false:
// no count is given, so any non-empty subset goes, all checked at first (GOT-X-4: a declaration covers every
// eligible order). The JSON stays behind "type the payload" for anything else.
import { el } from "./dom.js";

const itemKinds = (schema) => [].concat(schema?.items?.type || []).filter((k) => k !== "null");

// An array of strings (ids, areas) the pending lists at least one legal value for.
export function isChecklist(schema, listed) {
  const kind = [].concat(schema.type || []).filter((k) => k !== "null")[0];
  return kind === "array" && itemKinds(schema)[0] === "string" && Array.isArray(listed) && listed.length > 0 && listed.every((v) => typeof v === "string");
}

// The values by the name a person reads, in first-listed order: [name, [values…]].
function groups(values, label) {
  const byName = new Map();
  for (const value of values) byName.set(label(value), [...(byName.get(label(value)) || []), value]);
  return [...byName.entries()];
}

// One row of the list: a checkbox for a value of its own, a counter for values alike. `taken()` gives its values
// chosen; `limit(full)` greys it out (or caps the counter) once the count asked for is reached.
function row(id, name, values) {
  if (values.length === 1) {
    const box = el("input", { type: "checkbox", id, value: values[0], "data-value": values[0] });
    return {
      node: el("label", { class: "check", for: id }, box, ` ${name}`),
      input: box,
      taken: () => (box.checked ? values : []),
      set: (picked) => (box.checked = picked.includes(values[0])),
      limit: (full) => (box.disabled = full && !box.checked),
      check: () => null,
    };
  }
  const counter = el("input", { type: "number", id, inputmode: "numeric", min: "0", max: String(values.length), step: "1", value: "0", "data-group": name, class: "count" });
  const n = () => Number(counter.value || 0);
  return {
    node: el("label", { class: "check counter", for: id }, `${name}: `, counter, ` of ${values.length}`),
    input: counter,
    taken: () => values.slice(0, n()),
    set: (picked) => (counter.value = String(values.filter((v) => picked.includes(v)).length)),
    limit: (full, none) => (counter.max = String(none ? 0 : full ? n() : values.length)),
    check: () => (Number.isInteger(n()) && n() >= 0 && n() <= values.length ? null : `${name} takes 0 to ${values.length}`),
  };
}

export function checklist(id, legend, values, label, exactly = () => undefined, counted = false) {
  const rows = groups(values, label).map(([name, alike], n) => row(`${id}-${n}`, name, alike));
  const count = el("small", { class: "hint", "data-count": "" });
  const first = exactly();
  const example = values.slice(0, Number.isInteger(first) && first > 0 ? first : values.length);
  const raw = el("textarea", { id: `${id}-raw`, rows: 2, "data-raw": "", spellcheck: "false", placeholder: `e.g. ${JSON.stringify(example)}` });
  const disclosure = el("details", { class: "raw-payload" }, el("summary", { text: "type the payload" }), raw);
  const chosen = () => rows.flatMap((r) => r.taken());
  // With the count reached, the other boxes are greyed out: a casualty more is never what the pending asks for.
  const follow = () => {
    const n = chosen().length;
    const due = exactly();
    const most = Number.isInteger(due) ? due : Number.isInteger(due?.maximum) ? due.maximum : null;
    for (const r of rows) r.limit(most !== null && n >= most, most === 0);
    if (most === 0) count.textContent = "none needed";
    else if (Number.isInteger(due)) count.textContent = `${n} of ${due} chosen`;
    else if (most !== null) count.textContent = `${n} chosen (${due.minimum} to ${most})`;
    else if (counted) count.textContent = `${n} chosen (how many depends on another field)`;
    else count.textContent = `${n} of ${values.length} chosen (at least one)`;
  };
  for (const r of rows) r.input.addEventListener("input", follow);
  for (const r of rows) r.input.addEventListener("change", follow);
  const node = el("fieldset", { id, class: "checklist", "data-kind": "checklist" }, el("legend", { text: legend }), ...rows.map((r) => r.node), count, disclosure);
  const control = {
    node,
    follow,
    // A choice's list checks those values; none given is the default (all, or none when a count is due).
    fill(value) {
      const picked = Array.isArray(value) ? value.map(String) : counted ? [] : values;
      for (const r of rows) r.set(picked);
      raw.value = Array.isArray(value) ? JSON.stringify(value) : "";
      follow();
    },
    // The typed payload when the disclosure is open and holds one, else the values chosen, in the count asked for.
    read(name) {
      if (disclosure.open && raw.value.trim()) {
        try {
          return JSON.parse(raw.value);
        } catch {
          throw new Error(`${name}: not valid JSON`);
        }
      }
      const wrong = rows.map((r) => r.check()).find(Boolean);
      if (wrong) throw new Error(`${name}: ${wrong}`);
      const picked = chosen();
      const due = exactly();
      if (Number.isInteger(due) && picked.length !== due) throw new Error(`${name}: choose exactly ${due} (${picked.length} chosen)`);
      if (due && Number.isInteger(due.maximum) && (picked.length < due.minimum || picked.length > due.maximum)) {
        throw new Error(`${name}: choose ${due.minimum} to ${due.maximum} (${picked.length} chosen)`);
      }
      if (!counted && !picked.length) throw new Error(`${name}: choose at least one`);
      return picked;
    },
  };
  control.fill(undefined);
  return control;
}
