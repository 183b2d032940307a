// "Report a problem": sends the form to POST /api/reports (the sign-in cookie or the guest
// token names the reporter when there is one). ?page=/rules/riichi fills the page field.

import { t } from "./i18n.js";
import { api, loadPlayer } from "./session.js";

const form = document.querySelector("#report-form");
const message = document.querySelector("#report-message");
const from = new URLSearchParams(location.search).get("page");
if (from) form.elements.page.value = from.slice(0, 200);

form.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const body = Object.fromEntries(new FormData(form).entries());
  try {
    await api("/api/reports", { method: "POST", body, player: loadPlayer() });
    form.reset();
    message.textContent = t("Thank you: your report is stored for the admins.");
  } catch (err) {
    message.textContent = err.message;
  }
});
