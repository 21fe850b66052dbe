// A form generated from an action's JSON Schema (GET /api/v1/rulesets/{id}/actions?game=…): one labelled control per
// field — a select for enums (the game's areas and seats come as enums), a number input for integers, a checkbox for
// booleans, a text input for strings, checkboxes for a set of listed ids (checklist.js), an ordered picker for a list
// whose order matters (ordered.js), a sub-form for objects and rows of them (subforms.js) — and a JSON text area only
// for what has no shape to offer. `read()` gives the data object back; `fill(data)` sets the controls from a choice
// offered by GET …/pending.
import { checklist, isChecklist } from "./checklist.js";
import { codeText, el } from "./dom.js";
import { isOrdered, knownValues, orderedList } from "./ordered.js";
import { fieldsField, isFields, isKeyed, isRows, keyedField, rowsField } from "./subforms.js";

let counter = 0;

function kinds(schema) {
  return [].concat(schema.type || []).filter((k) => k !== "null");
}

function enumOptions(values, required, label) {
  return [required ? null : el("option", { value: "", text: "—" }), ...values.map((v) => el("option", { value: JSON.stringify(v), text: label(v) }))];
}

// A select already lists the legal values by name: a description of what id it takes ("an area id of the game's
// board") only named the API's internals.
const describesAnId = (schema) => Boolean(schema["x-annals-ids"]) || /\bid\b/.test(schema.description || "");

// A free text field for one id the pending lists the legal values of (the Raven's `token`, a house card's `card`):
// a select of those values by name, as an enum would be; they follow the pending (narrow), not the schema.
// Ids that read the same are one entry (a House's two plain Raid tokens): the first of them stands for both.
const distinct = (values, label) => values.filter((v, n) => values.findIndex((w) => label(w) === label(v)) === n);
const listedIds = (schema, listed) => kinds(schema)[0] === "string" && !schema.enum && Array.isArray(listed) && listed.length > 0 && listed.every((v) => typeof v === "string");

function control(name, schema, required, example, label, listed, due, valueOf) {
  const id = `field-${(counter += 1)}`;
  const shaped = widget(id, name, schema, required, example, label, listed, valueOf);
  if (shaped) return shaped;
  if (isChecklist(schema, listed)) return checklistField(id, name, required, listed, label, due);
  const [kind] = kinds(schema);
  const fromPending = listedIds(schema, listed);
  const enumValues = fromPending ? distinct(listed, label) : (schema.enum || []).filter((v) => v !== null);
  let input;
  if (enumValues.length) {
    input = el("select", { id, "data-kind": "enum" }, ...enumOptions(enumValues, required, label));
    input.enumValues = enumValues;
    input.fromPending = fromPending;
  } else if (kind === "integer" || kind === "number") {
    input = el("input", { id, type: "number", inputmode: "numeric", step: kind === "integer" ? "1" : "any", min: schema.minimum, max: schema.maximum, "data-kind": "number" });
  } else if (kind === "boolean") {
    input = el("input", { id, type: "checkbox", "data-kind": "boolean" });
  } else if (kind === "string") {
    input = el("input", { id, type: "text", "data-kind": "string", placeholder: typeof example === "string" ? `e.g. ${example}` : null });
  } else {
    // The action's example shows the shape a JSON field takes (an adjust's changes: path, op, value).
    const shape = example === undefined || example === null ? (kind === "array" ? "[ … ] as JSON" : "{ … } as JSON") : `e.g. ${JSON.stringify(example)}`;
    input = el("textarea", { id, rows: 2, "data-kind": "json", spellcheck: "false", placeholder: shape });
  }
  input.dataset.field = name;
  if (required) input.setAttribute("aria-required", "true");
  const shown = schema.description && !(enumValues.length && (fromPending || describesAnId(schema)));
  const hint = shown ? el("small", { class: "hint" }, ...codeText(schema.description)) : null;
  return el("div", { class: "field" }, el("label", { for: id, text: `${name}${required ? " *" : ""}` }), input, hint);
}

// A field with a shape of its own: an ordered list of known values, a list of objects, an object of fields or by ids.
// Its node answers `widget.fill(value)` and `widget.read(name)` (undefined when empty); null: no such shape.
function widget(id, name, schema, required, example, label, listed, valueOf) {
  const legend = `${name}${required ? " *" : ""}`;
  const values = isOrdered(schema) ? knownValues(schema, listed) : null;
  let made = null;
  if (values) made = orderedList(id, name, legend, values, label);
  else if (kinds(schema)[0] === "array" && Array.isArray(listed) && !listed.length) made = noneToChoose(id, legend, required);
  else if (isRows(schema)) made = rowsField(id, name, legend, schema, example, label, listed, valueOf, schemaForm);
  else if (isKeyed(schema)) made = keyedField(id, name, legend, schema, label, listed, schemaForm);
  else if (isFields(schema)) made = fieldsField(id, name, legend, schema, example, label, listed, schemaForm);
  if (!made) return null;
  made.node.dataset.field = name;
  made.node.widget = made;
  if (required) made.node.setAttribute("aria-required", "true");
  const hint = schema.description && !values ? el("small", { class: "hint" }, ...codeText(schema.description)) : null;
  return el("div", { class: "field" }, made.node, hint);
}

// A list the pending lists no value for now (an army with no leader to lose): nothing to choose, so no box to type
// a list into; a required one is sent empty.
function noneToChoose(id, legend, required) {
  const node = el("fieldset", { id, class: "none-to-choose", "data-kind": "widget" }, el("legend", { text: legend }), el("small", { class: "hint", text: "none to choose now" }));
  return { node, fill: () => null, read: () => (required ? [] : undefined) };
}

// A list of ids the pending lists the legal values of: checkboxes by name (checklist.js), `due.count()` of them when
// the pending says how many (the casualties, GOT-CASUALTY-3; a retreat's losses for the area chosen, GOT-RETREAT-5).
function checklistField(id, name, required, listed, label, due) {
  const list = checklist(id, `${name}${required ? " *" : ""}`, listed, label, due.count, due.given);
  list.node.dataset.field = name;
  list.node.checklist = list;
  return el("div", { class: "field" }, list.node);
}

// How many values of a list field the pending asks for: its `<field>_due` (else the option's `due`), a number, a
// range {minimum, maximum}, or {other field: {value: count or range}} when it follows another field's value (a
// retreat's `destroy_due` by `to_area`, the units a noble takes by `noble`): null while that field is empty.
// `given` false: the pending says no count.
function dueOf(name, listed, valueOf) {
  const own = listed[`${name}_due`];
  const due = own ?? listed.due;
  if (Number.isInteger(due) || isRange(own)) return { count: () => due, given: true };
  const [by, counts] = (own && typeof own === "object" && Object.entries(own)[0]) || [];
  if (!by || !counts || typeof counts !== "object") return { count: () => undefined, given: false };
  return {
    count: () => {
      const value = valueOf(by);
      return value === undefined ? null : (counts[typeof value === "string" ? value : JSON.stringify(value)] ?? null);
    },
    given: true,
  };
}

const isRange = (v) => Boolean(v) && typeof v === "object" && Number.isInteger(v.minimum) && Number.isInteger(v.maximum);

// A control's current value as the data would hold it (undefined when empty), for a count that follows it.
function currentValue(input) {
  if (!input || ["checklist", "widget"].includes(input.dataset.kind) || input.value === "") return undefined;
  if (input.dataset.kind === "boolean") return input.checked;
  if (input.dataset.kind === "enum" || input.dataset.kind === "json") {
    try {
      return JSON.parse(input.value);
    } catch {
      return undefined;
    }
  }
  return input.dataset.kind === "number" ? Number(input.value) : input.value;
}

// `example` is the action's example data (GET …/actions gives one per action): it shows what a field takes.
// `label` names a value of a select as a person reads it (an area by the board's name for it). `listed`: the
// pending's legal values per field (an option's `fields`), which turn a free id field into a select.
export function schemaForm(schema, example = {}, label = String, listed = {}) {
  const properties = (schema && schema.properties) || {};
  const required = new Set((schema && schema.required) || []);
  const names = Object.keys(properties).filter((n) => n !== "dice"); // table dice have their own input
  const legal = listed || {};
  let node = null;
  const valueOf = (field) => currentValue(node?.querySelector(`[data-field="${CSS.escape(field)}"]`));
  node = el("div", { class: "schema-form" }, ...names.map((n) => control(n, properties[n], required.has(n), (example || {})[n], label, legal[n], dueOf(n, legal, valueOf), valueOf)));
  // The form's own fields, not those of the sub-forms inside it (a move's units in a march's rows).
  const inputs = () => [...node.querySelectorAll("[data-field]")].filter((i) => i.parentElement.closest(".schema-form") === node);
  // A checklist whose count follows another field (a retreat's losses by its area) follows it as it changes; so do
  // rows whose legal values follow one (a march's moves, its origin).
  const follow = () => {
    inputs().filter((i) => i.dataset.kind === "checklist").forEach((i) => i.checklist.follow());
    inputs().filter((i) => i.dataset.kind === "widget").forEach((i) => i.widget.follow?.());
  };
  node.addEventListener("change", follow);
  follow();
  return {
    node,
    fill(data) {
      for (const input of inputs()) {
        const value = data ? data[input.dataset.field] : undefined;
        if (input.dataset.kind === "checklist") input.checklist.fill(value);
        else if (input.dataset.kind === "widget") input.widget.fill(value);
        else if (input.dataset.kind === "boolean") input.checked = value === true;
        else if (value === undefined || value === null) input.value = "";
        else if (input.dataset.kind === "enum") input.value = JSON.stringify(value);
        else if (input.dataset.kind === "json") input.value = JSON.stringify(value);
        else input.value = String(value);
      }
      follow();
    },
    // A select offers only the values the pending lists as legal for its field now (`fields` of an option: a
    // transfer's "to" leaves out the sender's own seat); a field the pending gives no list for keeps its whole enum.
    narrow(legal) {
      for (const input of inputs().filter((i) => i.dataset.kind === "enum")) {
        const allowed = legal && Array.isArray(legal[input.dataset.field]) ? legal[input.dataset.field].map((v) => JSON.stringify(v)) : null;
        const values = allowed ? (input.fromPending ? distinct(legal[input.dataset.field], label) : input.enumValues.filter((v) => allowed.includes(JSON.stringify(v)))) : input.enumValues;
        const kept = input.value;
        input.replaceChildren(...enumOptions(values, required.has(input.dataset.field), label).filter(Boolean));
        if ([...input.options].some((o) => o.value === kept)) input.value = kept;
      }
      for (const input of inputs().filter((i) => i.dataset.kind === "widget")) {
        const values = legal && Array.isArray(legal[input.dataset.field]) && legal[input.dataset.field].every((v) => typeof v === "string") ? legal[input.dataset.field] : null;
        input.widget.narrow?.(values);
      }
      follow();
    },
    // The data object; a JSON field that does not parse is reported with its name, and so are the required fields
    // left empty (all of them at once, before anything is sent: the API would name them as JSON pointers).
    read() {
      const data = {};
      const empty = (i) => (i.dataset.kind === "widget" ? i.widget.read(i.dataset.field) === undefined : i.value.trim() === "");
      const missing = inputs().filter((i) => !["boolean", "checklist"].includes(i.dataset.kind) && required.has(i.dataset.field) && empty(i));
      if (missing.length) throw new Error(`${missing.map((i) => i.dataset.field).join(", ")}: required, fill ${missing.length > 1 ? "them" : "it"} in`);
      for (const input of inputs()) {
        const name = input.dataset.field;
        if (input.dataset.kind === "checklist") {
          data[name] = input.checklist.read(name);
        } else if (input.dataset.kind === "widget") {
          const value = input.widget.read(name);
          if (value !== undefined) data[name] = value;
        } else if (input.dataset.kind === "boolean") {
          if (input.checked) data[name] = true;
        } else if (input.value === "") {
          continue;
        } else if (input.dataset.kind === "enum") {
          data[name] = JSON.parse(input.value);
        } else if (input.dataset.kind === "number") {
          data[name] = Number(input.value);
        } else if (input.dataset.kind === "json") {
          try {
            data[name] = JSON.parse(input.value);
          } catch {
            throw new Error(`${name}: not valid JSON`);
          }
        } else {
          data[name] = input.value;
        }
      }
      return data;
    },
  };
}

// Faces typed as "3 5 1" or "3,5,1": a list of integers, or an error quoting the first that is not a face as it was
// typed ("x", not the NaN it reads as).
export function readFaces(text) {
  const typed = text.split(/[\s,]+/).filter(Boolean);
  const wrong = typed.find((t) => !/^[1-6]$/.test(t));
  if (wrong !== undefined) throw new Error(`dice: "${wrong}" is not a face from 1 to 6`);
  return typed.map(Number);
}
