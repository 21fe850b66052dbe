// Fields that hold objects, each built from its own schema as a small form inside the form (schemaform.js passes
// itself as `build`, so a row's fields get their own selects and checklists): a list of objects (a march's moves:
// one row a move, rows added and removed), an object of named fields (an army's units by kind), and an object
// keyed by ids (losses by army: one row an army, its units by kind). `listed` gives each row's legal values: the
// pending's lists for the item's fields, or {other field: {its value: lists}} when they follow another field
// (a march's moves follow its `from_area`).
import { el } from "./dom.js";

const kinds = (schema) => [].concat(schema?.type || []).filter((k) => k !== "null");
const hasFields = (schema) => kinds(schema)[0] === "object" && schema.properties && Object.keys(schema.properties).length > 0;

export const isRows = (schema) => kinds(schema)[0] === "array" && hasFields(schema.items);
export const isFields = (schema) => hasFields(schema);
export const isKeyed = (schema) => kinds(schema)[0] === "object" && !schema.properties && hasFields(schema.additionalProperties);

// The lists a row's fields take: `listed` itself, or its entry for the value another field holds now.
function rowListed(listed, valueOf) {
  if (!listed || typeof listed !== "object" || Array.isArray(listed)) return { key: "", lists: {} };
  const [by, byValue] = Object.entries(listed)[0] || [];
  if (Object.keys(listed).length === 1 && byValue && typeof byValue === "object" && !Array.isArray(byValue) && valueOf(by) !== undefined) {
    const value = valueOf(by);
    return { key: JSON.stringify(value), lists: byValue[typeof value === "string" ? value : JSON.stringify(value)] || {} };
  }
  return { key: "", lists: listed };
}

// A row's Remove button is named for the field and the row's number, as a screen reader lists them.
const renumber = (rows, name) => rows.forEach((r, n) => r.remove.setAttribute("aria-label", `Remove ${name} ${n + 1}`));

const rowError = (name, n, error) => new Error(`${name} ${n + 1}: ${error.message}`);

const removeButton = () => el("button", { type: "button", class: "remove", text: "Remove" });

// A row joins its list (`list`: rows, body, the add button, the field's name): filled from `data`, numbered, and
// its Remove button takes it out again, renumbers the rest and gives the focus back to the add button.
function keptRow(row, data, list) {
  row.remove.addEventListener("click", () => {
    list.rows.splice(list.rows.indexOf(row), 1);
    row.node.remove();
    renumber(list.rows, list.name);
    list.add.focus();
  });
  if (data) row.form.fill(data);
  list.rows.push(row);
  list.body.append(row.node);
  renumber(list.rows, list.name);
  return row;
}

// A list of objects: one sub-form a row, "Add" and "Remove" buttons named for the field and row.
export function rowsField(id, name, legend, schema, example, label, listed, valueOf, build) {
  const rows = [];
  const body = el("ol", { class: "rows" });
  const add = el("button", { type: "button", class: "add", text: `Add ${name === "moves" ? "a move" : `to ${name}`}`, "aria-label": `Add a row to ${name}` });
  let followed = rowListed(listed, valueOf);
  const sample = Array.isArray(example) ? example[0] : undefined;
  const addRow = (data) => {
    const form = build(schema.items, sample, label, followed.lists);
    form.narrow(followed.lists); // a row's selects of the game's areas offer only the ones listed (its destinations)
    const remove = removeButton();
    return keptRow({ form, remove, node: el("li", { class: "row" }, form.node, remove) }, data, { rows, body, add, name });
  };
  add.addEventListener("click", () => addRow(null).node.querySelector("select, input, button")?.focus());
  const values = () => rows.map((r) => {
    try {
      return r.form.read();
    } catch {
      return null;
    }
  });
  const node = el("fieldset", { id, class: "rows-field", "data-kind": "widget" }, el("legend", { text: legend }), body, add);
  return {
    node,
    fill(value) {
      rows.splice(0).forEach((r) => r.node.remove());
      for (const item of Array.isArray(value) ? value : []) addRow(item);
    },
    // The rows' legal values follow the field they hang on: chosen anew, the rows are built again, keeping what
    // they hold.
    follow() {
      const now = rowListed(listed, valueOf);
      if (now.key === followed.key) return;
      followed = now;
      const kept = values();
      rows.splice(0).forEach((r) => r.node.remove());
      kept.forEach((data) => addRow(data));
    },
    read(fieldName) {
      const read = rows.map((r, n) => {
        try {
          return r.form.read();
        } catch (error) {
          throw rowError(fieldName, n, error);
        }
      });
      return read.length ? read : undefined;
    },
  };
}

// An object of named fields (units by kind): its own sub-form; nothing filled in is no object at all.
export function fieldsField(id, name, legend, schema, example, label, listed, build) {
  const form = build(schema, example, label, listed && typeof listed === "object" && !Array.isArray(listed) ? listed : {});
  const node = el("fieldset", { id, class: "fields-field", "data-kind": "widget" }, el("legend", { text: legend }), form.node);
  return {
    node,
    fill: (value) => form.fill(value && typeof value === "object" ? value : {}),
    read: () => {
      const data = form.read();
      return Object.keys(data).length ? data : undefined;
    },
  };
}

// An object keyed by ids (losses by army): a row a key, chosen from the pending's list of keys when it gives one
// (else typed), with the value's own sub-form.
export function keyedField(id, name, legend, schema, label, listed, build) {
  const keys = Array.isArray(listed) && listed.every((v) => typeof v === "string") ? listed : null;
  const rows = [];
  let made = 0;
  const body = el("ol", { class: "rows" });
  const add = el("button", { type: "button", class: "add", text: `Add to ${name}`, "aria-label": `Add a row to ${name}` });
  const addRow = (key, data) => {
    made += 1;
    const keyId = `${id}-key-${made}`;
    const picker = keys
      ? el("select", { id: keyId, "data-key": "" }, ...keys.map((k) => el("option", { value: k, text: label(k) })))
      : el("input", { id: keyId, type: "text", "data-key": "" });
    if (key !== null) {
      if (keys && !keys.includes(key)) picker.append(el("option", { value: key, text: label(key) }));
      picker.value = key;
    }
    const form = build(schema.additionalProperties, undefined, label, {});
    const remove = removeButton();
    const node = el("li", { class: "row" }, el("label", { for: keyId, text: `${name} for ` }), picker, form.node, remove);
    return keptRow({ picker, form, remove, node }, data, { rows, body, add, name });
  };
  add.addEventListener("click", () => addRow(null, null).picker.focus());
  const node = el("fieldset", { id, class: "keyed-field", "data-kind": "widget" }, el("legend", { text: legend }), body, add);
  return {
    node,
    fill(value) {
      rows.splice(0).forEach((r) => r.node.remove());
      for (const [key, data] of Object.entries(value && typeof value === "object" ? value : {})) addRow(key, data);
    },
    read(fieldName) {
      const data = {};
      rows.forEach((r, n) => {
        const key = r.picker.value.trim();
        if (!key) throw new Error(`${fieldName} ${n + 1}: name whose it is`);
        if (key in data) throw new Error(`${fieldName}: ${label(key)} twice`);
        try {
          data[key] = r.form.read();
        } catch (error) {
          throw rowError(fieldName, n, error);
        }
      });
      return Object.keys(data).length ? data : undefined;
    },
  };
}
