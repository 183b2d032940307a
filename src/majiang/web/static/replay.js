// The replay viewer: a finished game event by event, every hand shown (docs/web.md, "Replays").
//
// The server re-runs the record on the engine and sends, per hand, one frame per event: the
// whole table after it (the first frame whole, each later one only what changed). This page
// folds no event: it merges those changes back into whole frames and draws each one with the
// table's own drawing (table_view.js, tiles.js). The position is kept in the address (#e=<n>,
// the event number; &from=<seat> the seat watched from, &hidden=1 others' hands face down), so a
// link or a reload lands on the same moment, seen the same way.
//
// Autoplay (Play / Pause, Space) shows the next event after the chosen delay and holds a hand's
// last event (its result) three times as long; any other move pauses it.

import { api, loadPlayer } from "./session.js";
import { abortiveWords, boardHtml, num, reasonWords, renderResult, signed, SUIT_WORDS, tileWords, unitWord } from "./table_view.js";
import { tilesOrEmpty } from "./notation.js";
import { formatList, t } from "./i18n.js";
import { nameHtml } from "./dom.js";

const $ = (sel) => document.querySelector(sel);
const app = $("#replay-app");
const gameId = app.dataset.game;
const player = loadPlayer();
const OUTCOMES = { win: t("Win"), exhaustive_draw: t("Draw: the wall is empty"), abortive_draw: t("Abortive draw") };
const MELDS = { chi: t("Chi"), pon: t("Pon"), kan: t("Kan"), minkan: t("Kan") };

const st = {
  summary: null,
  frames: new Map(), // hand -> whole frames
  loading: new Map(), // hand -> Promise
  pos: 0, // the frame shown: the event number - 1
  want: 0,
  seat: 0, // the seat watched from: at the bottom of the board
  showAll: true, // every hand face up (false: only the watched seat's)
  playing: false,
  timer: null,
};
/** A hand's last event (its result) stays on screen this many steps' time when playing. */
const RESULT_HOLD = 3;

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function nameOf(seat) {
  if (seat === null || seat === undefined) return "";
  const s = st.summary;
  const name = s.names[seat] || t("Seat {n}", { n: seat + 1 });
  return seat === s.your_seat ? t("{name} (you)", { name }) : name;
}

/** Whole frames from the wire: the first as sent, each later one the one before with its changes. */
export function mergeFrames(frames) {
  const out = [];
  let cur = null;
  for (const f of frames) {
    if (!cur) {
      cur = f;
    } else {
      const next = { ...cur, ...f, seats: [...cur.seats] };
      if (f.seats) for (const [i, seat] of Object.entries(f.seats)) next.seats[Number(i)] = seat;
      cur = next;
    }
    out.push(cur);
  }
  return out;
}

function handAt(pos) {
  const hands = st.summary.hands;
  for (let k = 0; k < hands.length; k++) if (pos >= hands[k].first && pos <= hands[k].last) return k;
  return hands.length - 1;
}

function loadHand(k) {
  if (st.frames.has(k)) return Promise.resolve(st.frames.get(k));
  if (!st.loading.has(k)) {
    const p = api(`/api/games/${encodeURIComponent(gameId)}/replay/${k}`, { player })
      .then((data) => {
        const frames = mergeFrames(data.frames);
        st.frames.set(k, frames);
        return frames;
      })
      .finally(() => st.loading.delete(k));
    st.loading.set(k, p);
  }
  return st.loading.get(k);
}

/** Tiles written in notation ("555p") in words: "5 of dots, 5 of dots, 5 of dots" (the text
 * itself if it does not parse). */
function tilesWords(text) {
  const tiles = tilesOrEmpty(text);
  return tiles.length ? formatList(tiles.map(tileWords), "items") : String(text || "");
}

/** What happened, in words, each tile named as players name it: "Bot 2 (normal) discards 5 of
 * dots." */
export function describe(e) {
  const who = nameOf(e.seat);
  const tile = tileWords(e.tile);
  const tiles = tilesWords(e.tiles);
  switch (e.type) {
    case "hand_started": {
      const parts = [t("A new hand: {name} deals", { name: nameOf(e.dealer) })];
      if (e.honba) parts.push(t("honba {n}", { n: e.honba }));
      if (e.sticks) parts.push(t("{n} riichi sticks on the table", { n: e.sticks }));
      return `${parts.join(", ")}.`;
    }
    case "dice_rolled":
      return t("The dice: {dice}.", { dice: (e.dice || []).join(" + ") });
    case "dealt":
      return t("{who} is dealt {n} tiles.", { who, n: e.count });
    case "drew":
      return e.replacement ? t("{who} draws {tile} (a replacement tile).", { who, tile }) : t("{who} draws {tile}.", { who, tile });
    case "bonus_declared":
      return t("{who} sets {tile} aside.", { who, tile });
    case "discarded": {
      const riichi = e.riichi ? t(", declaring riichi") : "";
      const drawn = e.tsumogiri ? t(" (just drawn)") : "";
      const notes = riichi + drawn;
      return t("{who} discards {tile}{notes}.", { who, tile, notes });
    }
    case "riichi_declared":
      return e.double ? t("{who}'s double riichi stands.", { who }) : t("{who}'s riichi stands.", { who });
    case "called":
      if (e.meld === "ankan") return t("{who} declares a concealed kong: {tiles}.", { who, tiles });
      if (e.meld === "kakan") return t("{who} adds {tile} to a pon: {tiles}.", { who, tile: tileWords(e.claimed), tiles });
      return t("{who} calls {meld} {tiles}, taking {tile} from {from}.", {
        who,
        meld: MELDS[e.meld] || e.meld,
        tiles,
        tile: tileWords(e.claimed),
        from: nameOf(e.source),
      });
    case "indicator_revealed":
      return t("A dora indicator is turned: {tile}.", { tile });
    case "won": {
      const total = e.result && e.result.total !== undefined ? `: ${e.result.total} ${unitWord(e.result.unit || "")}`.trimEnd() : "";
      return e.source === null || e.source === undefined
        ? t("{who} wins by self-draw with {tile}{total}.", { who, tile, total })
        : t("{who} wins on {name}'s discard with {tile}{total}.", { who, name: nameOf(e.source), tile, total });
    }
    case "points_moved":
      return t("Points move ({reason}): {deltas}.", {
        reason: reasonWords(e.reason),
        deltas: formatList(e.deltas.map((d, i) => `${nameOf(i)} ${signed(d)}`), "items"),
      });
    case "hand_revealed":
      return e.ready
        ? t("{who} shows the hand: {tiles} (ready).", { who, tiles })
        : t("{who} shows the hand: {tiles} (not ready).", { who, tiles });
    case "hand_ended": {
      const reason = e.reason && e.outcome === "abortive_draw" ? ` (${abortiveWords(e.reason)})` : "";
      return t("The hand ends: {outcome}.", { outcome: `${OUTCOMES[e.outcome] || e.outcome}${reason}` });
    }
    case "game_ended":
      return t("The game is over: {standings}.", {
        standings: formatList(
          e.placements
            .map((p, i) => [p, i])
            .sort((a, b) => a[0] - b[0])
            .map(([p, i]) => `${p}. ${nameOf(i)} ${num(e.scores[i])}`),
          "items",
        ),
      });
    case "tiles_passed":
      return e.tiles
        ? t("{who} passes {n} tiles to {to}: {tiles}.", { who, n: e.count, to: nameOf(e.to), tiles })
        : t("{who} passes {n} tiles to {to}.", { who, n: e.count, to: nameOf(e.to) });
    case "void_declared":
      return t("{who} declares {suit} void.", { who, suit: SUIT_WORDS[e.suit] || e.suit });
    default:
      return e.type;
  }
}

function ui() {
  const s = st.summary;
  // watching: nobody plays a replay, the seat to act is named (table_view.js)
  return { welcome: { players: s.names }, model: { seat: s.your_seat }, room: null, decision: null, watching: true };
}

/** The frame as seen from the watched seat: that seat at the bottom with its hand, the others'
 *  hands face up or, with "Show every hand" off, face down (only their count). */
export function seen(frame, seat, showAll) {
  const seats = frame.seats.map((x) => {
    if (showAll || x.seat === seat) return x;
    const { hand, drawn, ...hidden } = x;
    return hidden;
  });
  const mine = frame.seats[seat] || {};
  return { ...frame, seats, seat, hand: mine.hand || [], drawn: mine.drawn || null };
}

function draw(frame, k) {
  const s = st.summary;
  const hand = s.hands[k];
  const m = seen(frame, st.seat, st.showAll);
  const view = ui();
  $("#rp-board").innerHTML = boardHtml(view, m, { frozen: false });
  const result = frame.result;
  const panel = $("#rp-result");
  if (result && (result.ended || result.wins.length)) {
    panel.innerHTML = renderResult(view, m);
    const next = panel.querySelector("#next-hand");
    if (next) next.closest(".buttons").remove();
    panel.hidden = false;
  } else {
    panel.hidden = true;
    panel.innerHTML = "";
  }
  $("#rp-event").textContent = describe(frame.event);
  const at = t("event {n} of {all}", { n: frame.seq, all: s.events });
  $("#rp-position").textContent = `${hand.label} · ${at}`;
  $("#rp-hand").value = String(k);
  $("#rp-first").disabled = $("#rp-back").disabled = st.pos === 0;
  $("#rp-forward").disabled = $("#rp-last").disabled = st.pos === s.events - 1;
  document.querySelectorAll("#rp-hands tbody tr").forEach((tr) => {
    if (Number(tr.dataset.hand) === k) tr.setAttribute("aria-current", "true");
    else tr.removeAttribute("aria-current");
  });
  app.dataset.pos = String(st.pos);
  app.dataset.hand = String(k);
  app.dataset.state = "ready";
  const seenAs = `${st.seat !== (s.your_seat ?? 0) ? `&from=${st.seat}` : ""}${st.showAll ? "" : "&hidden=1"}`;
  history.replaceState(null, "", `#e=${frame.seq}${seenAs}`);
  if (st.playing) schedule(st.pos === hand.last ? RESULT_HOLD : 1);
}

// ---------------------------------------------------------------- autoplay

function delay() {
  return Number($("#rp-speed").value) || 800;
}

function schedule(steps) {
  clearTimeout(st.timer);
  st.timer = setTimeout(() => {
    st.timer = null;
    if (!st.playing) return;
    if (st.pos >= st.summary.events - 1) setPlaying(false);
    else show(st.pos + 1);
  }, delay() * steps);
}

const PAUSE = t("❚❚ Pause");
const PLAY = t("▶ Play");

function setPlaying(on) {
  st.playing = on;
  clearTimeout(st.timer);
  st.timer = null;
  const b = $("#rp-play");
  b.setAttribute("aria-pressed", String(on));
  b.textContent = on ? PAUSE : PLAY;
  app.dataset.playing = String(on);
  if (on) {
    if (st.pos >= st.summary.events - 1) show(0);
    else schedule(1);
  }
}

/** A move asked for by hand: autoplay stops first. */
function go(pos) {
  if (st.playing) setPlaying(false);
  return show(pos);
}

/** Show the frame at ``pos`` (0-based event index), loading its hand when needed. */
async function show(pos) {
  const s = st.summary;
  pos = Math.max(0, Math.min(s.events - 1, pos));
  st.want = pos;
  const k = handAt(pos);
  app.dataset.state = "loading";
  let frames;
  try {
    frames = await loadHand(k);
  } catch (err) {
    status(t("Could not load {hand}: {error}", { hand: s.hands[k].label, error: err.message }));
    app.dataset.state = "error";
    return;
  }
  if (st.want !== pos) return; // a later click won
  st.pos = pos;
  draw(frames[pos - s.hands[k].first], k);
  if (k + 1 < s.hands.length && pos > s.hands[k].last - 20) loadHand(k + 1).catch(() => {});
}

function status(text) {
  const el = $("#status");
  el.textContent = text;
  el.hidden = !text;
}

function outcomeText(h) {
  // Sichuan: a hand may reach the wall after wins (its winners are listed all the same)
  if (h.winners && h.winners.length) {
    const names = formatList(h.winners.map(nameOf));
    return h.outcome === "exhaustive_draw" ? t("Win: {names}, then the wall ran out", { names }) : t("Win: {names}", { names });
  }
  if (!h.outcome) return "";
  const reason = h.reason && h.outcome === "abortive_draw" ? ` (${abortiveWords(h.reason)})` : "";
  return `${OUTCOMES[h.outcome] || h.outcome}${reason}`;
}

function fill() {
  const s = st.summary;
  $("#replay-facts").textContent = `${s.variant_name} · ${s.length_label} · ${s.names.map((n, i) => nameOf(i)).join(", ")}`;
  $("#rp-hand").innerHTML = s.hands.map((h, k) => `<option value="${k}">${esc(h.label)}</option>`).join("");
  // one column per player, headed by the name, for the scores after each hand
  const heads = { hand: esc(t("Hand")), outcome: esc(t("Outcome")) };
  $("#rp-hands thead").innerHTML = `<tr><th scope="col">${heads.hand}</th><th scope="col" class="outcome">${heads.outcome}</th>${s.names
    .map((_, i) => `<th scope="col" class="num" data-seat="${i}">${nameHtml(nameOf(i))}</th>`)
    .join("")}</tr>`;
  $("#rp-hands tbody").innerHTML = s.hands
    .map(
      (h, k) => `<tr data-hand="${k}"><th scope="row"><button type="button" class="link" data-jump="${k}">${esc(h.label)}</button>
<span class="outcome-below muted">${esc(outcomeText(h))}</span></th><td class="outcome">${esc(outcomeText(h))}</td>${s.names
        .map((_, i) => `<td class="num" data-seat="${i}">${h.scores ? esc(num(h.scores[i])) : ""}</td>`)
        .join("")}</tr>`,
    )
    .join("");
  $("#rp-seat").innerHTML = s.names
    .map((_, i) => `<option value="${i}"${i === st.seat ? " selected" : ""}>${esc(nameOf(i))}</option>`)
    .join("");
  $("#rp-show-all").checked = st.showAll;
  const f = s.final || {};
  const order = (f.scores || []).map((_, i) => i).sort((a, b) => f.placements[a] - f.placements[b]);
  $("#rp-final tbody").innerHTML = order
    .map(
      (i) =>
        `<tr data-seat="${i}"${i === s.your_seat ? ' class="you"' : ""}><td class="num place">${f.placements[i]}</td><th scope="row">${esc(
          nameOf(i),
        )}</th><td class="num" data-final-score="${f.scores[i]}">${num(f.scores[i])}</td></tr>`,
    )
    .join("");
  const formats = { mjai: esc(t("mjai log (JSON lines)")), native: esc(t("Native record (JSON)")) };
  $("#rp-downloads").innerHTML = s.formats
    .map((fmt) => `<button type="button" data-download="${fmt}" id="dl-${fmt}">${formats[fmt] || esc(fmt)}</button>`)
    .join("");
}

async function download(fmt) {
  const headers = player ? { Authorization: `Bearer ${player.token}` } : {};
  const r = await fetch(`/api/games/${encodeURIComponent(gameId)}/record?format=${fmt}`, { headers });
  if (!r.ok) {
    status(t("The record could not be downloaded ({status}).", { status: r.status }));
    return;
  }
  const blob = await r.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = `majiang-${st.summary.variant}-${gameId.slice(0, 8)}${fmt === "mjai" ? ".mjai.jsonl" : ".json"}`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function jumpToHand(k) {
  const h = st.summary.hands[k];
  if (h) go(h.start);
}

function redraw() {
  const k = handAt(st.pos);
  const frames = st.frames.get(k);
  if (frames) draw(frames[st.pos - st.summary.hands[k].first], k);
}

function wire() {
  $("#rp-first").addEventListener("click", () => go(0));
  $("#rp-back").addEventListener("click", () => go(st.pos - 1));
  $("#rp-forward").addEventListener("click", () => go(st.pos + 1));
  $("#rp-last").addEventListener("click", () => go(st.summary.events - 1));
  $("#rp-play").addEventListener("click", () => setPlaying(!st.playing));
  $("#rp-speed").addEventListener("change", () => {
    if (st.playing) schedule(1);
  });
  $("#rp-seat").addEventListener("change", (ev) => {
    st.seat = Number(ev.target.value);
    redraw();
  });
  $("#rp-show-all").addEventListener("change", (ev) => {
    st.showAll = ev.target.checked;
    redraw();
  });
  $("#rp-hand").addEventListener("change", (ev) => jumpToHand(Number(ev.target.value)));
  $("#rp-hands").addEventListener("click", (ev) => {
    const b = ev.target.closest("[data-jump]");
    if (b) jumpToHand(Number(b.dataset.jump));
  });
  $("#rp-downloads").addEventListener("click", (ev) => {
    const b = ev.target.closest("[data-download]");
    if (b) download(b.dataset.download);
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ev.target.closest && ev.target.closest("select, input, textarea")) return;
    const k = handAt(st.pos);
    if (ev.key === " " && !(ev.target.closest && ev.target.closest("button"))) {
      ev.preventDefault();
      setPlaying(!st.playing);
      return;
    }
    const moves = {
      ArrowRight: () => go(st.pos + 1),
      ArrowLeft: () => go(st.pos - 1),
      Home: () => go(0),
      End: () => go(st.summary.events - 1),
      PageDown: () => jumpToHand(Math.min(k + 1, st.summary.hands.length - 1)),
      PageUp: () => jumpToHand(st.pos > st.summary.hands[k].start ? k : Math.max(0, k - 1)),
    };
    const move = moves[ev.key];
    if (move) {
      ev.preventDefault();
      move();
    }
  });
}

const REFUSED = {
  409: t("This game is still being played: its replay opens when the game ends."),
  403: t("The record of this game is for its players (open it in the browser you played it in)."),
  404: t("There is no such game."),
};

async function init() {
  try {
    st.summary = await api(`/api/games/${encodeURIComponent(gameId)}/replay`, { player });
  } catch (err) {
    status(REFUSED[err.status] || t("The replay could not be made: {error}", { error: err.message }));
    app.dataset.state = "error";
    app.dataset.error = String(err.status || "");
    return;
  }
  const from = /[#&]from=(\d+)/.exec(location.hash);
  st.seat = from && Number(from[1]) < st.summary.names.length ? Number(from[1]) : (st.summary.your_seat ?? 0);
  st.showAll = !/[#&]hidden=1/.test(location.hash);
  fill();
  wire();
  status("");
  $("#replay-main").hidden = false;
  const m = /#e=(\d+)/.exec(location.hash);
  const first = st.summary.hands.length ? st.summary.hands[0].start : 0;
  await show(m ? Number(m[1]) - 1 : first);
  window.majiangReplay = { state: st, show, describe, mergeFrames, setPlaying };
}

init();
