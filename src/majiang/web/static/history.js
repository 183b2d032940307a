// The history page: this browser's player's finished games (GET /api/players/me/games), each
// with a link to its replay. The player is the guest identity kept by session.js.

import { esc, html } from "./dom.js";
import { formatDate, formatNumber, t } from "./i18n.js";
import { api, loadPlayer } from "./session.js";

const $ = (sel) => document.querySelector(sel);
const meta = JSON.parse($("#history-meta").textContent);

function status(html) {
  const el = $("#history-status");
  el.innerHTML = html;
  el.hidden = !html;
}

function row(g) {
  const when = g.finished_at ? formatDate(g.finished_at) : "";
  const place = g.placements.length ? t("{place} of {players}", { place: g.placements[g.seat], players: g.players.length }) : "";
  const score = g.scores[g.seat];
  const replay = t("Replay");
  // the seats as the table names them ("Bot 2 (normal)"): the server's words (web/words.py)
  const players = g.names.map((n, i) => (i === g.seat ? `<strong>${esc(n)}</strong>` : esc(n))).join(", ");
  return `<tr data-game="${esc(g.game_id)}"><td>${when ? `<time datetime="${esc(g.finished_at)}">${esc(when)}</time>` : ""}</td>
<td>${esc(meta.variants[g.variant] || g.variant)}</td><td>${esc(meta.lengths[g.length] || g.length)}</td>
<td class="num place">${esc(place)}</td>
<td class="num" data-score="${esc(score)}">${score === null || score === undefined ? "" : esc(formatNumber(score))}</td><td>${players}</td>
<td><a href="/replay/${encodeURIComponent(g.game_id)}" class="replay-link">${esc(replay)}</a></td></tr>`;
}

async function init() {
  const player = loadPlayer();
  const play = t("play one from the home page");
  const link = `<a href="/">${esc(play)}</a>`;
  const none = html(t("No finished games in this browser yet: {link}."), { link });
  if (!player) {
    status(none);
    return;
  }
  let games;
  try {
    games = await api("/api/players/me/games?limit=200", { player });
  } catch (err) {
    status(err.status === 401 ? none : esc(t("Your games could not be loaded: {error}", { error: err.message })));
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
