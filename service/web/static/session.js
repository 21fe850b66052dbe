// The caller's token, kept in this tab's session storage and sent as a Bearer header; never in a URL.
const KEY = "annals.token";

export function token() {
  return sessionStorage.getItem(KEY);
}

export function setToken(value) {
  if (value) sessionStorage.setItem(KEY, value);
  else sessionStorage.removeItem(KEY);
  showWho();
}

export function authHeaders(extra = {}) {
  const found = token();
  return found ? { ...extra, Authorization: `Bearer ${found}` } : { ...extra };
}

// A problem document (RFC 9457) as an Error whose message says what the API said.
export class ApiProblem extends Error {
  constructor(status, problem) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
  }
}

// A 401 to a request that carried the kept token: the token was revoked, has expired or was never known, and every
// request of this tab (public reads included) will be refused until it is forgotten. The header says so and offers
// to forget it, rather than leaving the reader with pages that only say "HTTP 401".
export function noteRefusal(response) {
  if (response.status !== 401 || !token()) return;
  const who = document.getElementById("who");
  if (!who || who.dataset.refused) return;
  who.dataset.refused = "true";
  const forget = document.createElement("button");
  forget.type = "button";
  forget.id = "forget-refused";
  forget.textContent = "Forget it and read as anyone";
  forget.addEventListener("click", () => {
    setToken(null);
    location.reload();
  });
  who.replaceChildren("This tab's token is refused (revoked, expired or unknown). ", forget);
}

async function fetched(path, options) {
  const response = await fetch(path, options);
  noteRefusal(response);
  return response;
}

// GET a JSON resource of the public API with the caller's token.
export async function getJson(path) {
  const response = await fetched(path, { headers: authHeaders({ Accept: "application/json" }) });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiProblem(response.status, body);
  return body;
}

function showWho() {
  const who = document.getElementById("who");
  if (!who) return;
  delete who.dataset.refused;
  who.textContent = token() ? "token in use" : "anonymous";
}

showWho();

// Every item of a paged list (`items`, then `next` as `after`), as one body with all the items.
export async function getAll(path) {
  const first = await getJson(path);
  const items = [...(first.items || [])];
  for (let next = first.next; next; ) {
    const page = await getJson(`${path}${path.includes("?") ? "&" : "?"}after=${encodeURIComponent(next)}`);
    items.push(...(page.items || []));
    next = page.next;
  }
  return { ...first, items, next: null };
}

// POST JSON to the API with the caller's token and a fresh Idempotency-Key (a retry writes nothing twice).
export async function postJson(path, value) {
  const headers = authHeaders({ "Content-Type": "application/json", Accept: "application/json", "Idempotency-Key": crypto.randomUUID() });
  const response = await fetched(path, { method: "POST", headers, body: JSON.stringify(value) });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiProblem(response.status, body);
  return body;
}

// PATCH or DELETE with the caller's token; the JSON answer (none for 204).
export async function sendJson(method, path, value) {
  const headers = authHeaders({ Accept: "application/json", ...(value === undefined ? {} : { "Content-Type": "application/json" }) });
  const response = await fetched(path, { method, headers, body: value === undefined ? undefined : JSON.stringify(value) });
  const body = response.status === 204 ? {} : await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiProblem(response.status, body);
  return body;
}

// A problem's message with the fields it names (`errors`: JSON pointer -> messages), each once: a detail that already
// quotes a field's message is not followed by it again.
export function problemText(problem) {
  const fields = Object.entries((problem.problem && problem.problem.errors) || {})
    .map(([f, m]) => `${f}: ${[].concat(m).join("; ")}`)
    .filter((text) => !problem.message.includes(text));
  return [problem.message, ...fields].join(" — ");
}
