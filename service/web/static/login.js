import { setToken, token } from "./session.js";

const form = document.getElementById("login");
const status = document.getElementById("login-status");

function say() {
  status.textContent = token() ? "A token is kept for this tab." : "No token: you read public games only.";
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
say();
