// The history page: this browser's player's finished games (GET /api/players/me/games), each
// with a link to its replay. The player is the guest identity kept by session.js.

import { esc, html } from "./dom.js";
import { formatDate, formatList, formatNumber, t } from "./i18n.js";
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
  // a list as the page's language writes one ("A、B、C和D" in Chinese, not "A, B, C, D")
  const players = formatList(g.names.map((n, i) => (i === g.seat ? `<strong>${esc(n)}</strong>` : esc(n))), "items");
  // the points as a number in the table's column, in words on a phone (no heading there)
  const known = score !== null && score !== undefined;
  const worded = known ? t("{points} points", { points: formatNumber(score) }) : "";
  const points = known ? `<span class="bare">${esc(formatNumber(score))}</span><span class="worded">${esc(worded)}</span>` : "";
  return `<tr data-game="${esc(g.game_id)}"><td>${when ? `<time datetime="${esc(g.finished_at)}">${esc(when)}</time>` : ""}</td>
<td>${esc(meta.variants[g.variant] || g.variant)}</td><td>${esc(meta.lengths[g.length] || g.length)}</td>
<td class="num place">${esc(place)}</td>
<td class="num" data-score="${esc(score)}">${points}</td><td>${players}</td>
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
