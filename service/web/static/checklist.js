// A list field whose legal values the pending lists under the field's own name (a supporter's `areas`, a loser's
// casualty `units`): one checkbox per value by name instead of a JSON text box. `exactly` is the count the pending
// asks for (the casualties `due`); without it any non-empty subset goes, all checked at first (GOT-X-4: a
// declaration covers every eligible order). The JSON stays behind "type the payload" for anything else.
import { el } from "./dom.js";

const itemKinds = (schema) => [].concat(schema?.items?.type || []).filter((k) => k !== "null");

// An array of strings (ids, areas) the pending lists at least one legal value for.
export function isChecklist(schema, listed) {
  const kind = [].concat(schema.type || []).filter((k) => k !== "null")[0];
  return kind === "array" && itemKinds(schema)[0] === "string" && Array.isArray(listed) && listed.length > 0 && listed.every((v) => typeof v === "string");
}

export function checklist(id, legend, values, label, exactly) {
  const boxes = values.map((value, n) =>
    el("input", { type: "checkbox", id: `${id}-${n}`, value, "data-value": value }),
  );
  const count = el("small", { class: "hint", "data-count": "" });
  const raw = el("textarea", { id: `${id}-raw`, rows: 2, "data-raw": "", spellcheck: "false", placeholder: `e.g. ${JSON.stringify(values.slice(0, exactly || values.length))}` });
  const disclosure = el("details", { class: "raw-payload" }, el("summary", { text: "type the payload" }), raw);
  const chosen = () => boxes.filter((b) => b.checked).map((b) => b.value);
  // With the count reached, the other boxes are greyed out: a casualty more is never what the pending asks for.
  const follow = () => {
    const n = chosen().length;
    for (const box of boxes) box.disabled = Number.isInteger(exactly) && n >= exactly && !box.checked;
    count.textContent = Number.isInteger(exactly) ? `${n} of ${exactly} chosen` : `${n} of ${values.length} chosen (at least one)`;
  };
  for (const box of boxes) box.addEventListener("change", follow);
  const items = boxes.map((box) => el("label", { class: "check", for: box.id }, box, ` ${label(box.value)}`));
  const node = el("fieldset", { id, class: "checklist", "data-kind": "checklist" }, el("legend", { text: legend }), ...items, count, disclosure);
  const control = {
    node,
    // A choice's list checks those values; none given is the default (all, or none when a count is due).
    fill(value) {
      const picked = Array.isArray(value) ? value.map(String) : Number.isInteger(exactly) ? [] : values;
      for (const box of boxes) box.checked = picked.includes(box.value);
      raw.value = Array.isArray(value) ? JSON.stringify(value) : "";
      follow();
    },
    // The typed payload when the disclosure is open and holds one, else the boxes checked, in the count asked for.
    read(name) {
      if (disclosure.open && raw.value.trim()) {
        try {
          return JSON.parse(raw.value);
        } catch {
          throw new Error(`${name}: not valid JSON`);
        }
      }
      const picked = chosen();
      if (Number.isInteger(exactly) && picked.length !== exactly) throw new Error(`${name}: choose exactly ${exactly} (${picked.length} chosen)`);
      if (!picked.length) throw new Error(`${name}: choose at least one`);
      return picked;
    },
  };
  control.fill(undefined);
  return control;
}
