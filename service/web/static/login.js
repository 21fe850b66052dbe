import { ApiProblem, setToken, token } from "./session.js";

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

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const field = document.getElementById("token");
  setToken(field.value.trim());
  field.value = "";
  say();
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
} else {
  say();
}
