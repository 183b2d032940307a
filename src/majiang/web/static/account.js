// The account page: sign up (claim this browser's guest identity), sign in, sign out, rename,
// link an e-mail address, delete; and the pages of the mailed links (/account/confirm and
// /account/reset, ?token=...). The sign-in itself is an HTTP-only cookie this script never
// sees; localStorage keeps only {id, name, account: true} to know who is signed in.

import { api, forgetPlayer, loadPlayer, rememberAccount } from "./session.js";

const $ = (s) => document.querySelector(s);

function say(text) {
  $("#account-message").textContent = text;
}

function values(form) {
  return Object.fromEntries(new FormData(form).entries());
}

function on(id, handler) {
  $(id).addEventListener("submit", async (ev) => {
    ev.preventDefault();
    say("");
    try {
      await handler(values(ev.target), ev.target);
    } catch (err) {
      say(err.message);
    }
  });
}

function show(account) {
  const signedIn = Boolean(account && account.account);
  $("#signed-out").hidden = signedIn;
  $("#signed-in").hidden = !signedIn;
  if (!signedIn) {
    $("#account-status").textContent = account
      ? `You play as the guest "${account.name}" in this browser.`
      : "You are not signed in.";
    return;
  }
  $("#account-status").textContent = "";
  $("#account-name").textContent = account.name;
  $("#account-page").href = `/players/${encodeURIComponent(account.name)}`;
  $("#email-state").textContent = account.email
    ? `${account.email}: ${account.email_confirmed ? "confirmed" : "waiting for you to open the link we mailed"}.`
    : "No address linked: without one a forgotten password cannot be reset.";
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
      $("#account-status").textContent = "Your e-mail address is confirmed.";
    } catch (err) {
      $("#account-status").textContent = err.message;
    }
    return;
  }
  $("#account-status").textContent = "Choose a new password.";
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
    say("Your account is made; this browser is signed in.");
  });
  on("#signin-form", async ({ name, password }) => {
    const account = await api("/api/account/signin", { method: "POST", body: { name, password } });
    rememberAccount(account);
    show(account);
    say("Signed in.");
  });
  on("#reset-request-form", async ({ name }) => {
    const out = await api("/api/account/reset/request", { method: "POST", body: { name } });
    say(`Sent: ${out.status}.`);
  });
  on("#rename-form", async ({ name }) => {
    const account = await api("/api/account", { method: "PATCH", body: { name } });
    rememberAccount(account);
    show(account);
    say("Renamed.");
  });
  on("#email-form", async ({ email }) => {
    show(await api("/api/account/email", { method: "POST", body: { email } }));
    say("A confirmation link is on its way.");
  });
  on("#delete-form", async ({ password }) => {
    await api("/api/account", { method: "DELETE", body: { password } });
    forgetPlayer();
    show(null);
    say("Your account is deleted.");
  });
  $("#signout").addEventListener("click", async () => {
    await api("/api/account/signout", { method: "POST" });
    forgetPlayer();
    show(null);
    say("Signed out.");
  });
}

init().catch((err) => say(err.message));
