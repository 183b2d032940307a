// The account page: sign up (claim this browser's guest identity), sign in, sign out, rename,
// link an e-mail address, delete; and the pages of the mailed links (/account/confirm and
// /account/reset, ?token=...). The sign-in itself is an HTTP-only cookie this script never
// sees; localStorage keeps only {id, name, account: true} to know who is signed in.

import { t } from "./i18n.js";
import { api, forgetPlayer, loadPlayer, rememberAccount } from "./session.js";

const $ = (s) => document.querySelector(s);

/** Say how an action went where the player is looking: after the form that acted (a refusal,
 *  or a change that keeps the form in sight), else under the status line at the top (signing
 *  in, out, up or deleting swaps the page's sections). A refusal reads as an error. */
function say(text, { after = null, error = false } = {}) {
  const el = $("#account-message");
  const anchor = after && !after.closest("[hidden]") ? after : $("#account-status");
  if (anchor.nextElementSibling !== el) anchor.after(el);
  el.textContent = text;
  el.classList.toggle("error", error && Boolean(text));
}

function values(form) {
  return Object.fromEntries(new FormData(form).entries());
}

function on(id, handler) {
  $(id).addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const form = ev.target;
    say("", { after: form });
    try {
      await handler(values(form), form);
    } catch (err) {
      say(err.message, { after: form, error: true });
      return;
    }
    form.reset(); // a password typed stays on no form once it has served
  });
}

function show(account) {
  const signedIn = Boolean(account && account.account);
  $("#signed-out").hidden = signedIn;
  $("#signed-in").hidden = !signedIn;
  if (!signedIn) {
    $("#account-status").textContent = account
      ? t('You play as the guest "{name}" in this browser.', { name: account.name })
      : t("You are not signed in.");
    return;
  }
  $("#account-status").textContent = "";
  $("#account-name").textContent = account.name;
  $("#account-page").href = `/players/${encodeURIComponent(account.name)}`;
  let state = t("No address linked: without one a forgotten password cannot be reset.");
  if (account.email && account.email_confirmed) state = t("{email}: confirmed.", { email: account.email });
  else if (account.email) state = t("{email}: waiting for you to open the link we mailed.", { email: account.email });
  $("#email-state").textContent = state;
}

async function current() {
  const player = loadPlayer();
  try {
    return await api("/api/account", { player });
  } catch (err) {
    if (err.status === 401) {
      if (player && player.account) forgetPlayer();
      return null;
    }
    throw err;
  }
}

async function mailedLink() {
  const token = new URLSearchParams(location.search).get("token") || "";
  $("#mailed-link").hidden = false;
  if (location.pathname === "/account/confirm") {
    try {
      await api("/api/account/email/confirm", { method: "POST", body: { token } });
      $("#account-status").textContent = t("Your e-mail address is confirmed.");
    } catch (err) {
      $("#account-status").textContent = err.message;
    }
    return;
  }
  $("#account-status").textContent = t("Choose a new password.");
  $("#reset-form").hidden = false;
  on("#reset-form", async ({ password }) => {
    const account = await api("/api/account/reset", { method: "POST", body: { token, password } });
    rememberAccount(account);
    location.assign("/account");
  });
}

async function init() {
  if (location.pathname !== "/account") {
    await mailedLink();
    return;
  }
  show(await current());
  on("#claim-form", async ({ name, password }) => {
    let player = loadPlayer();
    if (!player || player.account) {
      const made = await api("/api/players", { method: "POST", body: { name } });
      player = { id: made.id, name: made.name, token: made.token };
    }
    const account = await api("/api/account/claim", { method: "POST", body: { name, password }, player });
    rememberAccount(account);
    show(account);
    say(t("Your account is made; this browser is signed in."));
  });
  on("#signin-form", async ({ name, password }) => {
    const account = await api("/api/account/signin", { method: "POST", body: { name, password } });
    rememberAccount(account);
    show(account);
    say(t("Signed in."));
  });
  on("#reset-request-form", async ({ name }) => {
    // the answer says the same whether or not there is an address: said here in the page's words
    await api("/api/account/reset/request", { method: "POST", body: { name } });
    say(t("If the account has a confirmed address, a link was mailed to it."), { after: $("#reset-request-form") });
  });
  on("#rename-form", async ({ name }) => {
    const account = await api("/api/account", { method: "PATCH", body: { name } });
    rememberAccount(account);
    show(account);
    say(t("Renamed."), { after: $("#rename-form") });
  });
  on("#email-form", async ({ email }) => {
    show(await api("/api/account/email", { method: "POST", body: { email } }));
    say(t("A confirmation link is on its way."), { after: $("#email-form") });
  });
  on("#delete-form", async ({ password }) => {
    await api("/api/account", { method: "DELETE", body: { password } });
    forgetPlayer();
    show(null);
    say(t("Your account is deleted."));
  });
  $("#signout").addEventListener("click", async () => {
    try {
      await api("/api/account/signout", { method: "POST" });
    } catch (err) {
      say(err.message, { after: $("#signout"), error: true });
      return;
    }
    forgetPlayer();
    show(null);
    say(t("Signed out."));
  });
}

init().catch((err) => say(err.message, { error: true }));
