// The history page: this browser's player's finished games (GET /api/players/me/games), each
// with a link to its replay. The player is the guest identity kept by session.js.

import { api, loadPlayer } from "./session.js";

const $ = (sel) => document.querySelector(sel);
const meta = JSON.parse($("#history-meta").textContent);

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function status(html) {
  const el = $("#history-status");
  el.innerHTML = html;
  el.hidden = !html;
}

/** A seat's name as the record writes it, for people: "bot:normal" is "Bot 2 (normal)". */
export function playerName(name, seat) {
  if (!name) return `Seat ${seat + 1}`;
  return name.startsWith("bot:") ? `Bot ${seat + 1} (${name.slice(4)})` : name;
}

function row(g) {
  const when = g.finished_at ? new Date(g.finished_at) : null;
  const place = g.placements.length ? g.placements[g.seat] : null;
  const players = g.players
    .map((n, i) => (i === g.seat ? `<strong>${esc(playerName(n, i))}</strong>` : esc(playerName(n, i))))
    .join(", ");
  return `<tr data-game="${esc(g.game_id)}"><td>${when ? `<time datetime="${esc(g.finished_at)}">${esc(when.toLocaleString())}</time>` : ""}</td>
<td>${esc(meta.variants[g.variant] || g.variant)}</td><td>${esc(meta.lengths[g.length] || g.length)}</td>
<td class="num place">${place === null ? "" : `${place} of ${g.players.length}`}</td>
<td class="num" data-score="${esc(g.scores[g.seat])}">${esc(g.scores[g.seat] ?? "")}</td><td>${players}</td>
<td><a href="/replay/${encodeURIComponent(g.game_id)}" class="replay-link">Replay</a></td></tr>`;
}

async function init() {
  const player = loadPlayer();
  const none = 'No finished games in this browser yet: <a href="/">play one from the home page</a>.';
  if (!player) {
    status(none);
    return;
  }
  let games;
  try {
    games = await api("/api/players/me/games?limit=200", { player });
  } catch (err) {
    status(err.status === 401 ? none : `Your games could not be loaded: ${esc(err.message)}`);
    return;
  }
  if (!games.length) {
    status(none);
  } else {
    status("");
    $("#history-table tbody").innerHTML = games.map(row).join("");
    $("#history-table").hidden = false;
  }
}

init().finally(() => (document.body.dataset.ready = "true"));
