import { ApiProblem, getJson, problemText, sendJson, setToken, token } from "./session.js";

const form = document.getElementById("login");
const status = document.getElementById("login-status");

function say(text) {
  status.textContent = text || (token() ? "A token is kept for this tab." : "No token: you read public games only.");
}

// A one-time login link (`annals token link`, POST /api/v1/tokens/links) carries its code in the fragment,
// which the browser never sends to a server: redeem it once, keep the token, and take the code off the address.
async function redeem(code) {
  history.replaceState(null, "", location.pathname);
  const response = await fetch("/api/v1/tokens/redeem", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ code }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiProblem(response.status, body);
  setToken(body.token);
  say(`Signed in with this link (${body.role}${body.label ? `, ${body.label}` : ""}); the link is spent.`);
}

// A pasted token is asked about before it is kept: a mistyped one kept would make every page, public ones
// included, answer 401 until it is forgotten.
async function check(pasted) {
  const response = await fetch("/api/v1/tokens/current", { headers: { Authorization: `Bearer ${pasted}`, Accept: "application/json" } });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiProblem(response.status, body);
  return body;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const field = document.getElementById("token");
  const pasted = field.value.trim();
  status.classList.remove("error");
  if (!pasted) return say("Paste a token first.");
  try {
    const who = await check(pasted);
    setToken(pasted);
    field.value = "";
    say(`Signed in (${who.role}${who.label ? `, ${who.label}` : ""}). A token is kept for this tab.`);
  } catch (problem) {
    status.classList.add("error");
    say(`That token was refused (${problem instanceof ApiProblem ? `HTTP ${problem.status}: ${problem.message}` : problem}); nothing was kept.`);
  }
});
// Signing out revokes the kept token (DELETE /tokens/current), then forgets it; a token already refused is only forgotten.
document.getElementById("sign-out").addEventListener("click", async () => {
  status.classList.remove("error");
  if (!token()) return say();
  try {
    await sendJson("DELETE", "/api/v1/tokens/current");
  } catch (problem) {
    if (!(problem instanceof ApiProblem && problem.status === 401)) {
      status.classList.add("error");
      return say(`Could not sign out (${problem instanceof ApiProblem ? problemText(problem) : problem}); the token is still kept.`);
    }
  }
  setToken(null);
  say("Signed out: the token is revoked and forgotten.");
});
document.getElementById("forget").addEventListener("click", () => {
  setToken(null);
  say();
});
const code = new URLSearchParams(location.hash.slice(1)).get("code");
if (code) {
  redeem(code).catch((problem) => {
    status.classList.add("error");
    say(problem.message);
  });
} else if (token()) {
  // The kept token is asked about, so that a revoked or expired one is not reported as kept and working.
  getJson("/api/v1/tokens/current").then(
    (who) => say(`Signed in (${who.role}${who.label ? `, ${who.label}` : ""}). A token is kept for this tab.`),
    (problem) => {
      status.classList.add("error");
      say(`The token kept for this tab is refused (HTTP ${problem.status}: ${problem.message}); forget it or paste another.`);
    },
  );
} else {
  say();
}
