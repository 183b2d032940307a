// The player's guest identity and the server's JSON API, shared by the home page and the table.
//
// localStorage keeps:
//   majiang.player       {id, name, token}: the guest identity (the token is its secret), or
//                        {id, name, account: true} when signed in to an account: the secret of
//                        a sign-in is an HTTP-only cookie, out of any script's reach
//   majiang.room.<code>  {game, seat, seq, model, frozen}: the table as last seen, so a reload
//                        reconnects with the last event number and receives only what it missed
//   majiang.last         the code of the last table played (the home page offers to go back)

import { t } from "./i18n.js";

const PLAYER_KEY = "majiang.player";

export function loadPlayer() {
  try {
    const p = JSON.parse(localStorage.getItem(PLAYER_KEY) || "null");
    return p && (typeof p.token === "string" || p.account === true) ? p : null;
  } catch {
    return null;
  }
}

function savePlayer(p) {
  localStorage.setItem(PLAYER_KEY, JSON.stringify(p));
}

/** Remember that this browser is signed in to ``account`` (no secret: the cookie holds it). */
export function rememberAccount(account) {
  savePlayer({ id: account.id, name: account.name, account: true });
}

/** Forget the player of this browser (signed out, or an account deleted). */
export function forgetPlayer() {
  localStorage.removeItem(PLAYER_KEY);
}

/** Call the API; resolves to the JSON answer, rejects with an Error carrying the message (the
 *  server's, in the page's language: the request carries its language cookie or Accept-Language;
 *  the program's `field` and the status beside it). `headers` adds its own (the score sheet's
 *  edit key). */
export async function api(path, { method = "GET", body, player, headers: extra = {} } = {}) {
  const headers = { ...extra };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (player && player.token) headers.Authorization = `Bearer ${player.token}`;
  const r = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await r.json();
  } catch {
    data = null;
  }
  if (!r.ok) {
    const detail = data && (data.detail || data.error);
    const text = Array.isArray(detail)
      ? detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ")
      : detail || t("The server answered with status {status}.", { status: r.status });
    const err = new Error(String(text));
    err.status = r.status;
    err.field = data && data.field;
    throw err;
  }
  return data;
}

/** The player for this browser: the stored identity when it is still known to the server and
 *  has this name, else a new guest identity with the name (a new name is a new identity). */
export async function ensurePlayer(name) {
  const wanted = (name || "").trim() || "Guest";
  const stored = loadPlayer();
  if (stored && stored.account) {
    // signed in: the account plays under its own name, whatever the name field says
    try {
      await api("/api/players/me", { player: stored });
      return stored;
    } catch (err) {
      if (err.status !== 401) throw err;
      forgetPlayer(); // signed out elsewhere or expired: play on as a new guest
    }
  }
  if (stored && !stored.account && stored.name === wanted) {
    try {
      await api("/api/players/me", { player: stored });
      return stored;
    } catch (err) {
      if (err.status !== 401) throw err;
    }
  }
  const made = await api("/api/players", { method: "POST", body: { name: wanted } });
  const player = { id: made.id, name: made.name, token: made.token };
  savePlayer(player);
  return player;
}

export function roomKey(code) {
  return `majiang.room.${code}`;
}

export function loadTable(code) {
  try {
    return JSON.parse(localStorage.getItem(roomKey(code)) || "null");
  } catch {
    return null;
  }
}

export function saveTable(code, data) {
  try {
    localStorage.setItem(roomKey(code), JSON.stringify(data));
    localStorage.setItem("majiang.last", code);
  } catch {
    // storage full or off: the table still plays; a reload then starts from a snapshot
  }
}

export function forgetTable(code) {
  localStorage.removeItem(roomKey(code));
  if (localStorage.getItem("majiang.last") === code) localStorage.removeItem("majiang.last");
}

/** The room code in what a person pasted: a code, or a link ending in /play/<code>. */
export function roomCodeFrom(text) {
  const s = String(text || "").trim();
  const m = /\/play\/([A-Za-z0-9_-]+)/.exec(s);
  if (m) return m[1];
  return /^[A-Za-z0-9_-]{1,64}$/.test(s) ? s : null;
}
