// Building DOM nodes from data: text always goes through textContent, so API data is never parsed as HTML.
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "text") node.textContent = String(value);
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// A text of the API written for the README (an action's dice order, a field's description): its `name` spans as code,
// not with their backticks showing.
export function codeText(text) {
  return String(text ?? "")
    .split("`")
    .map((part, n) => (n % 2 ? el("code", { text: part }) : part))
    .filter((part) => part !== "");
}

// replaceChildren with what el() leaves out left out too: the DOM would show a null child as the text "null".
export function setChildren(node, ...children) {
  node.replaceChildren(...children.flat().filter((child) => child !== null && child !== undefined));
}

const SVG = "http://www.w3.org/2000/svg";

export function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined) continue;
    if (name === "text") node.textContent = String(value);
    else node.setAttribute(name, String(value));
  }
  for (const child of children.flat()) if (child) node.append(child);
  return node;
}

// A form that writes runs one submission at a time: its submit buttons are disabled until the API has answered, so
// a double tap on a phone records once (each POST carries a fresh Idempotency-Key, so the API would take both).
// A disabled button loses the focus to the page itself: a keyboard user who pressed Send gets it back on the button
// (when it is still shown and nothing else took the focus meanwhile), not at the top of the page.
export function onSubmit(form, handler) {
  let busy = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    const buttons = [...form.querySelectorAll("button[type=submit]")];
    const focused = document.activeElement;
    for (const button of buttons) button.disabled = true;
    try {
      await handler(event);
    } finally {
      busy = false;
      for (const button of buttons) button.disabled = false;
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost && buttons.includes(focused) && focused.offsetParent) focused.focus();
    }
  });
}
