// HTML of the table page: the board, the hand and the actions offered, the lobby, the result of
// a hand and the final standings. Functions from state to strings; table.js wires them up.

import { meldHtml, tileSvg, handHtml } from "./tiles.js";
import { parseMeld, sortTiles, tilesOrEmpty } from "./notation.js";
import { doraOf, kindName, kindOf, readyDiscards, waits } from "./waits.js";

export const ACTION_KEYS = {
  win: "w",
  pon: "p",
  chi: "c",
  kan: "k",
  riichi: "r",
  pass: "n",
  hint: "h",
  tsumogiri: "d",
};

const WIND_NAMES = { E: "East", S: "South", W: "West", N: "North" };
// variant, length and bot names as players read them: the page carries them (majiang/web/words.py)
const wordsEl = typeof document !== "undefined" && document.querySelector("#table-words");
const WORDS = wordsEl ? JSON.parse(wordsEl.textContent) : { variants: {}, lengths: {}, bots: {} };

// why points moved, as players say it (the engine's points_moved reasons)
const REASON_WORDS = {
  noten: "Payments at the draw (ready / not ready)",
  nagashi_mangan: "Nagashi mangan",
  heavenly: "Heavenly hand",
  earthly: "Earthly hand",
  kong: "Kong payments",
  not_ready: "Not ready at the draw",
  kong_returned: "Kong payments returned",
  final_sticks: "Riichi sticks left at the end, to the first",
  three_suits: "Still holding three suits at the draw",
};
function reasonWords(reason) {
  return REASON_WORDS[reason] || String(reason).replace(/_/g, " ");
}

/** "Hong Kong Old Style · East round · Bots: Expert" */
export function roomSummary(room) {
  const variant = WORDS.variants[room.variant] || room.variant;
  const length = WORDS.lengths[room.length] || room.length;
  const bots = WORDS.bots[room.bot_level] || room.bot_level;
  return `${variant} · ${length} · Bots: ${bots}`;
}

/** What someone opening a shared link sees before choosing a name: host, game and seats. */
export function renderInvitation(room, canSit) {
  const winds = "ESWN";
  const host = room.seats.find((s) => s.player_id === room.host_id);
  const who = host && host.name ? host.name : "A friend";
  const seats = room.seats
    .map(
      (s) =>
        `<li><span class="wind">${winds[s.seat]}</span> ${
          s.player_id
            ? esc(s.name || "a player")
            : `<span class="muted">${room.status === "waiting" ? "free (a bot plays it if nobody sits)" : "a bot"}</span>`
        }</li>`,
    )
    .join("");
  const state = canSit
    ? ""
    : room.options && room.options.spectators
      ? '<p id="invite-late">This game has already started, so there is no seat for you, but you may watch it.</p>'
      : '<p id="invite-late">This game has already started and there is no seat for you.</p>';
  const verb = room.status === "waiting" ? "invites you to play" : "is playing";
  return `<p id="invite-host"><strong>${esc(who)}</strong> ${verb} <strong>${esc(roomSummary(room))}</strong>.</p>
<h2>Seats</h2><ol class="lobby-seats" id="invite-seats">${seats}</ol>${state}`;
}
const POSITIONS = { 4: ["bottom", "right", "top", "left"], 2: ["bottom", "top"], 3: ["bottom", "right", "left"] };

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function mine(m) {
  return m.seat === null || m.seat === undefined || m.seat < 0 ? 0 : m.seat;
}

export function seatName(ui, seat) {
  const players = (ui.welcome && ui.welcome.players) || [];
  const name = players[seat];
  const me = ui.model && ui.model.seat === seat;
  if (me) return name ? `${name} (you)` : "You";
  return name || `Bot ${seat + 1} (${(ui.room && ui.room.bot_level) || "normal"})`;
}

function tilesHtml(tiles, opts = {}) {
  return tiles.map((t) => tileSvg(t, opts)).join("");
}

/** A short text for an action: "pon 55p", "discard 3z (riichi)", "tsumo". */
export function actionLabel(a) {
  if (!a) return "";
  if (a.type === "discard") return `discard ${a.tile}${a.riichi ? " with riichi" : ""}`;
  if (a.tiles) return `${a.type} ${a.tiles}`;
  if (a.tile) return `${a.type} ${a.tile}`;
  if (a.suit) return `${a.type} ${a.suit}`;
  return a.type;
}

/** What the server did for a seat, in the past tense: "discarded 4z", "passed". */
export function playedLabel(a) {
  if (!a) return "";
  if (a.type === "discard") return `discarded ${a.tile}${a.riichi ? " with riichi" : ""}`;
  if (a.type === "pass") return "passed (no call)";
  return `played ${actionLabel(a)}`;
}

/** Who the game waits for between hands, and its countdown (a .break-timer table.js ticks). */
function breakHtml(ui) {
  const hb = ui.handBreak;
  if (!hb) return "";
  const names = (seats) => seats.map((s) => esc(seatName(ui, s))).join(", ");
  const me = ui.model ? ui.model.seat : null;
  const who = hb.waiting.filter((s) => s !== me);
  const parts = [];
  if (hb.waiting.includes(me)) parts.push(who.length ? `Waiting for you and ${names(who)}.` : "The next hand waits for you.");
  else if (who.length) parts.push(`Waiting for ${names(who)} to press Next hand.`);
  if (hb.ready.length) parts.push(`Ready: ${names(hb.ready)}.`);
  const timer = hb.timeout_ms === null ? "" : ` Starts anyway in <span class="break-timer" role="timer"></span>.`;
  return `<span class="between-hands" id="between-hands">${parts.join(" ")}${timer}</span>`;
}

/** The table log: lines that stay on screen (what the server played for you, and why). */
function logHtml(ui) {
  if (!ui.log || !ui.log.length) return "";
  const items = ui.log
    .slice(-6)
    .map((l) => `<li>${l.hand ? `<span class="muted">${esc(l.hand)}:</span> ` : ""}${esc(l.text)}</li>`)
    .join("");
  return `<section id="table-log" class="table-log" aria-label="Table log"><h2>Table log</h2><ol role="log" aria-live="polite">${items}</ol></section>`;
}

// ---------------------------------------------------------------- the board
//
// A table seen from this player's chair: each seat at its own side (yours at the bottom) with
// its concealed tiles (face down for the others), melds and pond; the centre holds the round,
// each seat's wind and score on its side, the counters, the wall and the dora indicators.
// Tiles that just arrived in a pond or a meld carry `fresh` (a short CSS animation; table.js
// keeps when each arrived, play.css turns it off under prefers-reduced-motion).

/** Whether a pond cell or a meld (its key: "r<seat>-<i>", "m<seat>-<i>") just arrived. */
function freshCls(ui, key) {
  return ui && ui.fresh && ui.fresh.has(key) ? ` fresh" data-fresh="${key}` : "";
}

function riverHtml(ui, seat, m, isLast) {
  const cells = seat.river.map((r, i) => {
    const last = isLast && i === seat.river.length - 1;
    const cls = [r.tsumogiri ? "tsumogiri" : "", last ? "last" : ""].join(" ").trim();
    const fresh = freshCls(ui, `r${seat.seat}-${i}`);
    if (r.claimed) {
      const face = r.was
        ? tileSvg(r.was, { sideways: r.riichi, cls: "called", label: `${r.was}, called` })
        : `<span class="called-gap" title="called by another player" aria-label="a called tile"></span>`;
      return `<span class="pond-cell claimed${fresh}" data-claimed="true">${face}</span>`;
    }
    return `<span class="pond-cell${cls ? ` ${cls}` : ""}${fresh}"${r.riichi ? ' data-riichi="true"' : ""}>${tileSvg(r.tile, {
      sideways: r.riichi,
      label: r.riichi ? `${r.tile}, riichi` : r.tile,
    })}</span>`;
  });
  return `<div class="pond" aria-label="discards">${cells.join("")}</div>`;
}

function meldsHtml(ui, seat) {
  const melds = seat.melds.map((text, i) => {
    const meld = parseMeld(text);
    const html = meld ? meldHtml(meld) : `<span class="meld">${esc(text)}</span>`;
    const fresh = freshCls(ui, `m${seat.seat}-${i}`);
    return fresh ? html.replace('class="meld"', `class="meld${fresh}"`) : html;
  });
  const bonus = seat.bonus.length
    ? `<span class="bonus" aria-label="flowers and seasons">${tilesHtml(sortTiles(seat.bonus))}</span>`
    : "";
  if (!melds.length && !bonus) return "";
  return `<div class="seat-melds">${melds.join("")}${bonus}</div>`;
}

/** The seat whose move the table waits for: the seat to play; at a claim, this player when a
 *  call is offered to them, else the discarder (the others are choosing); during Sichuan's
 *  exchange and missing suit, this player while asked, else none. */
export function seatToAct(ui, m, frozen) {
  if (frozen || m.phase === "game_over") return null;
  const asked = Boolean(ui && ui.decision && !ui.pending && m.seat !== null && m.seat !== undefined);
  // Sichuan's exchange and missing suit: every seat chooses at once, this one when still asked
  if (m.phase === "decision") return asked ? m.seat : null;
  if (m.phase === "claim" && asked) return m.seat;
  return m.turn;
}

function seatHtml(ui, m, seat, pos, frozen, mineHtml) {
  const isMe = m.seat === seat.seat;
  const turn = seatToAct(ui, m, frozen) === seat.seat;
  const dealer = m.dealer === seat.seat;
  const badges = [
    dealer ? `<span class="badge dealer" title="dealer">Dealer</span>` : "",
    seat.riichi ? `<span class="badge riichi" title="riichi declared">Riichi</span>` : "",
    seat.out ? `<span class="badge out">Won</span>` : "",
    seat.void ? `<span class="badge void">void ${esc(seat.void)}</span>` : "",
    turn ? `<span class="badge to-act" id="to-act">${isMe ? "Your move" : "To play"}</span>` : "",
  ].join("");
  // a replay (replay.js) knows every hand: the seat's tiles face up, the one just drawn apart
  const shown = Array.isArray(seat.hand)
    ? `<span class="tiles shown-hand" aria-label="hand">${tilesHtml(seat.hand)}${
        seat.drawn ? `<span class="drawn-gap" aria-hidden="true"></span>${tileSvg(seat.drawn, { label: `${seat.drawn}, just drawn` })}` : ""
      }</span>`
    : "";
  const backs =
    !shown && !isMe && seat.concealed > 0
      ? `<span class="backs" aria-label="${seat.concealed} tiles in hand">${tileSvg("back", { back: true }).repeat(Math.min(seat.concealed, 17))}</span>`
      : shown;
  const hand = `<div class="seat-hand">${backs}</div>`;
  const lastDiscarder = m.phase === "claim" && m.claim_from === seat.seat;
  const head = `<header class="seat-head"><span class="wind" title="${esc(WIND_NAMES[seat.wind] || "")} seat">${esc(seat.wind)}</span>
<span class="name">${esc(seatName(ui, seat.seat))}</span><span class="score" data-score="${seat.score}">${seat.score}</span>${badges}
${isMe ? "" : `<span class="count" title="tiles in hand">${seat.concealed} tiles</span>`}</header>`;
  const pond = riverHtml(ui, seat, m, lastDiscarder);
  const melds = meldsHtml(ui, seat);
  // the pond lies towards the centre: above your hand, below the top seat's
  const body = pos === "bottom" ? `${pond}${melds}${mineHtml || hand}` : `${hand}${melds}${pond}`;
  return `<section class="seat pos-${pos}${turn ? " turn" : ""}${isMe ? " me" : ""}" data-seat="${seat.seat}" data-pos="${pos}" aria-label="${esc(
    `${WIND_NAMES[seat.wind] || seat.wind}: ${seatName(ui, seat.seat)}, ${seat.score} points`,
  )}">${head}${body}</section>`;
}

function centerHtml(ui, m, frozen) {
  const n = m.seats.length;
  const pos = POSITIONS[n] || POSITIONS[4];
  const me = mine(m);
  const round = WIND_NAMES[m.round_wind] || m.round_wind;
  const label = m.variant === "sichuan" ? `Hand ${m.hand_index + 1}` : `${round} ${m.dealer + 1}`;
  const dora = m.indicators.length
    ? `<div class="dora" id="center-dora"><span class="muted">Dora indicator${m.indicators.length > 1 ? "s" : ""}</span> <span class="tiles">${tilesHtml(m.indicators)}</span></div>`
    : "";
  const wall = `<span class="counter wall" id="wall-count" title="tiles left to draw" data-wall="${
    m.wall_left === null || m.wall_left === undefined ? "" : m.wall_left
  }">Wall <b>${m.wall_left === null || m.wall_left === undefined ? "…" : m.wall_left}</b></span>`;
  const counters = [wall];
  if (m.variant === "riichi") {
    counters.push(`<span class="counter" title="riichi sticks on the table" data-sticks="${m.sticks}"><span class="long">Riichi sticks</span><span class="short">Sticks</span> <b>${m.sticks}</b></span>`);
    counters.push(`<span class="counter" title="honba (counters)" data-honba="${m.honba}">Honba <b>${m.honba}</b></span>`);
  } else if (m.variant === "taiwan") {
    counters.push(`<span class="counter" title="hands the dealer kept in a row" data-streak="${m.streak || 0}"><span class="long">Dealer streak</span><span class="short">Streak</span> <b>${m.streak || 0}</b></span>`);
  } else if (m.honba) {
    counters.push(`<span class="counter" title="honba (counters)" data-honba="${m.honba}">Honba <b>${m.honba}</b></span>`);
  }
  const actor = seatToAct(ui, m, frozen);
  const sides = m.seats
    .map((s) => {
      const p = pos[(s.seat - me + n) % n];
      const act = actor === s.seat ? " act" : "";
      return `<div class="ct-side ct-${p}${act}" data-seat="${s.seat}"${act ? ' aria-current="true"' : ""}><span class="ct-wind" title="${esc(
        WIND_NAMES[s.wind] || "",
      )} seat">${esc(s.wind)}</span> <span class="ct-score">${s.score}</span></div>`;
    })
    .join("");
  return `<div class="center" id="table-center" aria-label="the round">${sides}<div class="ct-mid">
<div class="round" id="round-label" title="round wind ${esc(round)}">${esc(label)}</div>
<div class="counters">${counters.join("")}</div>${dora}</div></div>`;
}

/** The hand in the order shown: sorted, or (the sort setting off) in the order the tiles came,
 *  each new tile at the right end; the drawn tile last. `ui.handOrder` keeps the order. */
export function handList(m, ui) {
  const hand = ui && ui.settings && ui.settings.sort === false && ui.handOrder ? arranged(ui.handOrder, m.hand) : m.hand;
  return [...hand, ...(m.drawn ? [m.drawn] : [])];
}

/** `tiles` (a multiset) in the order of `before` where it holds them, the rest after. */
export function arranged(before, tiles) {
  const left = [...tiles];
  const out = [];
  for (const t of before) {
    const i = left.indexOf(t);
    if (i >= 0) {
      out.push(t);
      left.splice(i, 1);
    }
  }
  return [...out, ...left];
}

/** Waits of this player's hand when it is ready, and whether a win on a discard is barred
 *  (furiten), from the hand, the own pond and what table.js saw (ui.furiten). */
export function readiness(ui, m) {
  const rules = (ui && ui.variantRules && ui.variantRules[m.variant]) || { forms: [], furiten: [] };
  if (m.seat === null || m.seat === undefined || m.drawn || m.hand.length % 3 !== 1) return null;
  const w = waits(m.hand, rules.forms);
  if (!w.length) return { waits: [], furiten: false };
  const own = m.seats[m.seat].river.map((r) => kindOf(r.tile || r.was || ""));
  const seen = ui && ui.furiten ? ui.furiten : {};
  const kinds = rules.furiten || [];
  const furiten =
    (kinds.includes("discard") && own.some((k) => w.includes(k))) ||
    (kinds.includes("temporary") && Boolean(seen.temp)) ||
    (kinds.includes("riichi") && Boolean(seen.riichi));
  return { waits: w, furiten };
}

function readyLine(ui, m) {
  if (!ui.settings || ui.settings.waits === false) return "";
  const r = readiness(ui, m);
  if (!r || !r.waits.length) return "";
  const furiten = r.furiten
    ? ' <span class="badge furiten" id="furiten" title="you may not win on a discard now: a wait is in your pond, or you passed a winning tile">Furiten</span>'
    : "";
  return `<p class="ready-line" id="ready-line"><strong>Ready</strong>, waiting for <span class="tiles mini" id="waits">${tilesHtml(
    r.waits.map(kindName),
  )}</span>${furiten}</p>`;
}

function handTiles(ui, m) {
  if (m.seat === null || m.seat === undefined || m.seat < 0) return "";
  const d = ui.decision && !ui.pending ? ui.decision : null;
  const discards = d ? d.actions.filter((a) => a.type === "discard" && Boolean(a.riichi) === ui.riichiMode) : [];
  const canDiscard = new Set(discards.map((a) => a.tile));
  const exchanging = Boolean(d && d.actions.some((a) => a.type === "exchange"));
  if (exchanging) {
    for (const a of d.actions) if (a.type === "exchange") tilesOrEmpty(a.tiles).forEach((t) => canDiscard.add(t));
  }
  const picked = exchanging ? ui.exchangePick || [] : [];
  const list = handList(m, ui);
  const tiles = list.map((t, i) => ({ t, drawn: Boolean(m.drawn) && i === list.length - 1 }));
  const focusAt = tiles.length - 1;
  const marks = !ui.settings || ui.settings.marks !== false;
  const dora = marks && m.variant === "riichi" ? new Set(m.indicators.map(doraOf)) : new Set();
  const rules = (ui.variantRules && ui.variantRules[m.variant]) || { forms: [] };
  const keeps = ui.settings && ui.settings.waits !== false && tiles.length % 3 === 2 && canDiscard.size ? readyDiscards(list, rules.forms) : {};
  const buttons = tiles.map(({ t, drawn }, i) => {
    const ok = canDiscard.has(t);
    const chosen = picked.includes(i);
    const verb = exchanging ? (chosen ? ", chosen to pass" : ", choose to pass") : ", discard";
    const isDora = dora.has(kindOf(t));
    const red = marks && t[0] === "0";
    const ready = ok && !exchanging && keeps[t];
    const notes = `${isDora ? ", dora" : ""}${red ? ", red five" : ""}${ready ? `, leaves you ready for ${ready.map(kindName).join(" ")}` : ""}`;
    return `${drawn ? '<span class="drawn-gap" aria-hidden="true"></span>' : ""}<button type="button" class="tile-btn hand-tile${
      drawn ? " drawn" : ""
    }${chosen ? " picked" : ""}${isDora ? " dora" : ""}${red ? " red" : ""}${ready ? " keeps-ready" : ""}" data-tile="${esc(t)}" data-index="${i}" data-key="hand-${i}" data-legal="${ok}" tabindex="${
      i === focusAt ? 0 : -1
    }" aria-disabled="${!ok}"${exchanging ? ` aria-pressed="${chosen}"` : ""} aria-label="${esc(
      `${t}${drawn ? ", just drawn" : ""}${ok ? verb : ""}${notes}`,
    )}"${ready ? ` title="${esc(`Discard to wait for ${ready.map(kindName).join(" ")}`)}"` : ""}>${tileSvg(t)}</button>`;
  });
  const size = Math.max(14, tiles.length) + 1.5;
  const row = Math.ceil((tiles.length + 0.5) / 2); // on a phone: two rows (play.css)
  const riichi = ui.riichiMode ? '<p class="riichi-note">Riichi: choose the tile to discard (N or Esc cancels).</p>' : "";
  return `${riichi}<div id="hand" class="hand${ui.riichiMode ? " riichi-mode" : ""}" role="toolbar" aria-label="Your hand: arrow keys move, Enter discards" data-hand-n="${size}" data-hand-row="${row}">${buttons.join(
    "",
  )}</div>${readyLine(ui, m)}`;
}

function actionButtons(ui, m) {
  const d = ui.decision && !ui.pending ? ui.decision : null;
  if (!d) {
    const waiting = ui.pending ? "Sent…" : m.phase === "game_over" ? "" : ui.handBreak ? breakHtml(ui) : "Waiting for the others…";
    // a wait for this seat with no result on screen (a reload after the hand's end): its button
    const press =
      ui.handBreak && ui.model && ui.handBreak.waiting.includes(ui.model.seat)
        ? '<button type="button" class="primary" id="next-hand" data-do="next-hand" data-key="next-hand">Next hand</button>'
        : "";
    return `<div id="actions" class="actions" data-open="false">${press}<span class="waiting">${waiting}</span><span id="timer" class="timer"></span>${hintButton(
      ui,
      m,
    )}</div>`;
  }
  const out = [];
  const count = {};
  const claimTile = m.phase === "claim" && m.claim_from !== null ? lastDiscard(m) : null;
  const key = (k) => `<kbd>${k.toUpperCase()}</kbd>`;
  if (d.actions.some((a) => a.type === "discard" && a.riichi)) {
    out.push(
      `<button type="button" data-action="riichi" data-key="act-riichi" aria-pressed="${ui.riichiMode}">Riichi ${key(ACTION_KEYS.riichi)}</button>`,
    );
  }
  const exchanges = d.actions.filter((a) => a.type === "exchange");
  if (exchanges.length) {
    const mine = sortTiles((ui.exchangePick || []).map((i) => handList(m, ui)[i]));
    const match = exchanges.findIndex((a) => sortTiles(tilesOrEmpty(a.tiles)).join() === mine.join());
    out.push(
      `<span class="offer">Choose three tiles of one suit to pass</span><button type="button" class="call" data-action="exchange" data-index="${Math.max(
        0,
        match,
      )}" data-key="act-exchange"${match < 0 ? " disabled" : ""}>Pass these three</button>`,
    );
  }
  for (const a of d.actions) {
    if (a.type === "discard" || a.type === "exchange") continue;
    const i = (count[a.type] = (count[a.type] ?? -1) + 1);
    let label;
    let tiles = "";
    if (a.type === "ron") label = `Ron ${key(ACTION_KEYS.win)}`;
    else if (a.type === "tsumo") label = `Tsumo ${key(ACTION_KEYS.win)}`;
    else if (a.type === "pass") label = `Pass ${key(ACTION_KEYS.pass)}`;
    else if (a.type === "pon") label = `Pon ${key(ACTION_KEYS.pon)}`;
    else if (a.type === "chi") label = `Chi ${key(ACTION_KEYS.chi)}`;
    else if (["kan", "ankan", "kakan"].includes(a.type)) label = `Kan ${key(ACTION_KEYS.kan)}`;
    else if (a.type === "nine_terminals") label = "Nine terminals (abort)";
    else if (a.type === "void") label = `Void ${{ m: "characters", p: "dots", s: "bamboo" }[a.suit] || esc(a.suit)}`;
    else label = esc(actionLabel(a));
    if (a.tiles) {
      const own = tilesOrEmpty(a.tiles);
      const shown = a.type === "chi" && claimTile ? sortTiles([...own, claimTile]) : own;
      tiles = `<span class="tiles mini">${shown
        .map((t) => tileSvg(t, { cls: claimTile && t === claimTile && a.type !== "ankan" ? "claimed-tile" : "" }))
        .join("")}</span>`;
    } else if (a.tile) {
      tiles = `<span class="tiles mini">${tileSvg(a.tile)}</span>`;
    }
    const cls = a.type === "ron" || a.type === "tsumo" ? "primary win" : a.type === "pass" ? "pass" : "call";
    out.push(
      `<button type="button" class="${cls}" data-action="${esc(a.type)}" data-index="${i}" data-key="act-${esc(a.type)}-${i}">${label}${tiles}</button>`,
    );
  }
  const offer = claimTile
    ? `<span class="offer">${tileSvg(claimTile, { cls: "claimed-tile" })} from ${esc(seatName(ui, m.claim_from))}</span>`
    : m.phase === "turn" && m.turn === m.seat
      ? `<span class="offer">Your turn: discard${d.actions.some((a) => a.type !== "discard") ? " or call" : ""}</span>`
      : "";
  return `<div id="actions" class="actions" data-open="true" data-decision="${d.decision}">${offer}${out.join("")}<span id="timer" class="timer" role="timer"></span>${hintButton(
    ui,
    m,
  )}</div>`;
}


function lastDiscard(m) {
  const river = m.seats[m.claim_from].river;
  const last = river[river.length - 1];
  return last ? last.tile || last.was : null;
}

function hintButton(ui, m) {
  if (m.seat === null || m.seat === undefined || m.phase === "game_over") return "";
  return `<button type="button" class="hint-btn" data-do="hint" data-key="hint">Hint ${`<kbd>${ACTION_KEYS.hint.toUpperCase()}</kbd>`}</button>`;
}

function hintHtml(ui, m) {
  const h = ui.hint;
  if (!h) return "";
  if (h.loading) return `<div id="hint-box" class="hint-box" tabindex="-1" role="status">Thinking…</div>`;
  const parts = [];
  if (h.analysis) {
    const a = h.analysis;
    const sh = a.shanten === -1 ? "complete" : a.shanten === 0 ? "ready (tenpai)" : `${a.shanten} from ready`;
    parts.push(`<p><strong>Shanten:</strong> <span id="hint-shanten" data-shanten="${a.shanten}">${esc(sh)}</span></p>`);
    if (a.waits && a.waits.length) {
      parts.push(`<p><strong>Waits:</strong> <span class="tiles mini" id="hint-waits">${tilesHtml(a.waits)}</span></p>`);
    } else if (a.acceptance && a.acceptance.length && a.acceptance[0].discard) {
      const best = a.acceptance.slice(0, 3).map(
        (x) =>
          `<li>${tileSvg(x.discard, { cls: "mini-tile" })} → ${x.shanten === 0 ? "ready" : `${x.shanten} from ready`}, ${
            x.unseen
          } tiles accept: <span class="tiles mini">${tilesHtml(Object.keys(x.tiles))}</span></li>`,
      );
      parts.push(`<p><strong>Best discards</strong> (most tiles that improve the hand):</p><ol class="best">${best.join("")}</ol>`);
    } else if (a.acceptance && a.acceptance.length) {
      const x = a.acceptance[0];
      parts.push(`<p><strong>Tiles that help:</strong> <span class="tiles mini">${tilesHtml(Object.keys(x.tiles))}</span> (${x.unseen} unseen)</p>`);
    }
  }
  if (h.error) parts.push(`<p class="error">${esc(h.error)}</p>`);
  if (h.bot) {
    const a = h.bot.action;
    const tiles = a.tile ? [a.tile] : a.tiles ? tilesOrEmpty(a.tiles) : [];
    const shown = tiles.length ? ` <span class="tiles mini">${tilesHtml(tiles)}</span>` : "";
    parts.push(`<p id="hint-bot"><strong>The ${esc(h.bot.level)} bot would:</strong> ${esc(actionLabel(a))}${shown}</p>`);
  }
  if (h.botError) parts.push(`<p class="muted">${esc(h.botError)}</p>`);
  return `<div id="hint-box" class="hint-box" tabindex="-1" role="status" aria-label="hint">${parts.join(
    "",
  )}<button type="button" data-do="close-hint" class="link">Close</button></div>`;
}

/** The board: the seats around the centre, this player's at the bottom; `mineHtml` (the
 *  hand, the actions) goes in that seat, else its tiles are shown as the others' are. */
export function boardHtml(ui, m, { frozen, mineHtml = "" }) {
  const n = m.seats.length;
  const pos = POSITIONS[n] || POSITIONS[4];
  const me = mine(m);
  const seats = m.seats.map((s) => seatHtml(ui, m, s, pos[(s.seat - me + n) % n], frozen, s.seat === m.seat ? mineHtml : "")).join("");
  return `<div class="board n${n}" data-variant="${esc(m.variant)}">${seats}${centerHtml(ui, m, frozen)}</div>`;
}

/** Your tiles while a result is shown (the hand's end: face up, nothing to click). */
function frozenHand(m) {
  if (m.seat === null || m.seat === undefined || m.seat < 0) return "";
  return `<div class="seat-hand"><span class="tiles shown-hand" aria-label="your hand">${tilesHtml(handList(m))}</span></div>`;
}

/** The whole table for the model (the frozen one while a result is shown). */
export function render(ui, m, { frozen }) {
  const message = ui.message ? `<p class="error" role="alert">${esc(ui.message)}</p>` : "";
  const leave = `<button type="button" class="link leave" data-do="leave">Leave table</button>`;
  const mineHtml = frozen
    ? frozenHand(m)
    : `<div class="me-area">${handTiles(ui, m)}${actionButtons(ui, m)}${message}${hintHtml(ui, m)}</div>`;
  return `${boardHtml(ui, m, { frozen, mineHtml })}${logHtml(ui)}
<p class="table-foot">${leave} <span class="muted">Keys: arrows + Enter discard, ${Object.entries(ACTION_KEYS)
    .map(([k, v]) => `${v.toUpperCase()} ${k}`)
    .join(", ")}</span></p>`;
}

// ---------------------------------------------------------------- lobby

export function renderLobby(ui, code, origin) {
  const room = ui.room;
  if (!room) return "";
  const me = ui.player && ui.player.id;
  const link = `${origin}/play/${code}`;
  const winds = "ESWN";
  const seats = room.seats
    .map(
      (s) =>
        `<li data-seat="${s.seat}"><span class="wind">${winds[s.seat]}</span> ${
          s.player_id ? esc(s.name || "a player") + (s.player_id === me ? " (you)" : "") : '<span class="muted">empty: a bot plays it</span>'
        }${s.player_id === room.host_id ? ' <span class="badge">host</span>' : ""}</li>`,
    )
    .join("");
  const host = room.host_id === me;
  const action = host
    ? `<button type="button" class="primary" id="start-game" data-do="start">Start the game</button>`
    : `<p class="muted" id="wait-host">Waiting for the host to start the game.</p>`;
  const message = ui.message ? `<p class="error" role="alert">${esc(ui.message)}</p>` : "";
  return `<h1 id="lobby-h">Private room</h1>
<p id="room-summary">${esc(roomSummary(room))}</p>
<div class="field"><label for="share-link">Share this link with your friends</label>
<div class="buttons share"><input id="share-link" readonly value="${esc(link)}"><button type="button" data-do="copy-link">Copy link</button></div></div>
<p>Or tell them the room code: <code id="room-code">${esc(code)}</code></p>
<h2>Seats</h2><ol class="lobby-seats" id="lobby-seats">${seats}</ol>
${message}<div class="buttons">${action}<button type="button" data-do="leave">Leave</button></div>`;
}

// ---------------------------------------------------------------- result

const SUIT_WORDS = { m: "characters", p: "dots", s: "bamboo" };

/** The seats that pay a win of the hand's result `r` when every player in the hand pays, in
 * turn after the winner: in Sichuan a seat that won earlier in the hand no longer pays. */
function payingSeats(m, r, win) {
  const n = m.seats.length;
  const at = r.wins.indexOf(win);
  const gone = m.variant === "sichuan" ? r.wins.slice(0, at < 0 ? 0 : at).map((w) => w.seat) : [];
  const out = [];
  for (let k = 1; k < n; k++) {
    const s = (win.seat + k) % n;
    if (!gone.includes(s)) out.push(s);
  }
  return out;
}

/** A win's payments as rows {seat, from, amount}, by the scoring contract's `from`
 * (docs/scoring.md): "each" is one line for every player in the hand who is not named by another
 * line (a discarder beside "each": Hong Kong's half payments), so it becomes one row per payer;
 * "non_dealer" lines go to the non-dealers in turn after the winner; a wind letter is the seat
 * with that wind this hand. `seat` is null for what no player pays (the riichi sticks). */
function payerRows(m, r, win) {
  const n = m.seats.length;
  const others = payingSeats(m, r, win);
  const nonDealers = others.filter((s) => s !== m.dealer);
  const payers = (win.result && win.result.points && win.result.points.payers) || [];
  const named = payers.map((p) => {
    if (p.from === "discarder") return win.source;
    if (p.from === "liable") return win.liable;
    if (p.from === "dealer") return m.dealer;
    if (p.from === "non_dealer") return nonDealers.shift();
    if (p.from.length === 1 && "ESWN".includes(p.from)) return (m.dealer + "ESWN".indexOf(p.from)) % n;
    return null;
  });
  const rows = [];
  payers.forEach((p, i) => {
    if (p.from !== "each") {
      rows.push({ seat: named[i] === undefined ? null : named[i], from: p.from, amount: p.amount });
      return;
    }
    for (const s of others) if (!named.includes(s)) rows.push({ seat: s, from: p.from, amount: p.amount });
  });
  return rows;
}

/** The honba part of a row's amount (riichi, docs/riichi.md "Points"): the hand's first win takes
 * them, 300 per honba from a player paying alone (a discarder, a liable player), else from the
 * discarder beside a liable player, and 100 per honba from each payer of a self-draw. */
function honbaPart(m, r, win, rows) {
  if (m.variant !== "riichi" || !r.honba || r.wins[0] !== win) return () => 0;
  const players = rows.filter((x) => x.seat !== null);
  const ron = win.source !== null && win.source !== undefined;
  return (row) => {
    if (row.seat === null) return 0;
    if (players.length === 1) return 300 * r.honba;
    if (ron) return row.from === "discarder" ? 300 * r.honba : 0;
    return 100 * r.honba;
  };
}

function payerLabel(ui, m, r, win, row, honba) {
  if (row.seat === null) {
    if (row.from === "riichi_sticks") return "Riichi sticks on the table";
    return String(row.from).replace(/_/g, " ");
  }
  const role =
    row.from === "discarder" ? ", discarder" : row.from === "liable" ? ", liable" : row.seat === m.dealer ? ", dealer" : "";
  const notes = [];
  const dealerTai = win.result && win.result.dealer_tai;
  if (dealerTai && (row.seat === m.dealer || win.seat === m.dealer)) notes.push(`with ${dealerTai} dealer tai`);
  if (honba) notes.push(`${honba} of it for ${r.honba} honba`);
  return `${seatName(ui, row.seat)}${role}${notes.length ? ` (${notes.join(", ")})` : ""}`;
}

/** Taiwan: why the dealer's payment differs (shared/rules/taiwan.md): 1 + 2n dealer tai for a
 * dealer who kept the seat n hands, on every payment the dealer makes or receives. */
function dealerTaiHtml(ui, m, win, rows) {
  const dt = win.result && win.result.dealer_tai;
  if (!dt) return "";
  const streak = (dt - 1) / 2;
  const dealer = `${esc(seatName(ui, m.dealer))}`;
  const kept = `is the dealer and has kept the seat ${streak} hand${streak === 1 ? "" : "s"} in a row`;
  const where = win.seat === m.dealer ? "on each payment to the dealer" : "on the dealer's payment only";
  const dealerRow = rows.find((x) => x.seat === m.dealer);
  const other = rows.find((x) => x.seat !== null && x.seat !== m.dealer);
  const compare =
    win.seat !== m.dealer && dealerRow && other && dealerRow.amount !== other.amount
      ? `: ${dealerRow.amount} = ${other.amount} + ${dealerRow.amount - other.amount}`
      : "";
  return `<p class="dealer-tai" data-dealer-tai="${dt}">Dealer tai: ${dealer} ${kept}, so 1 + 2 × ${streak} = ${dt} dealer tai ${where}${compare}.</p>`;
}

/** The fu: the items, then their sum and how the fu came of it as one line ("20 + 10 + 2 = 32 →
 * 40, rounded up to a ten"); riichi lists the rounding as an item of its own (docs/riichi.md). */
function fuHtml(r) {
  if (!r.fu) return "";
  const items = (r.fu_items || []).filter((f) => f.id !== "rounding");
  const sum = items.reduce((a, f) => a + Number(f.value || 0), 0);
  const why = sum === r.fu ? "" : r.fu === Math.ceil(sum / 10) * 10 ? "rounded up to a ten" : "as the rules fix it";
  const line =
    items.length > 1 || why
      ? `<tr class="fu-sum"><td colspan="2" data-fu-sum="${sum}">${items.map((f) => esc(f.value)).join(" + ")} = ${sum}${
          why ? ` → ${esc(r.fu)}, ${why}` : ""
        }</td></tr>`
      : "";
  const rows = items
    .map((f) => `<tr><th scope="row">${esc(String(f.id).replace(/_/g, " "))}</th><td class="num">${esc(f.value)}</td></tr>`)
    .join("");
  return `<table class="fu"><caption>Fu</caption><tbody>${rows}</tbody><tfoot>${line}<tr><th scope="row">Fu</th><td class="num" data-fu="${esc(
    r.fu,
  )}">${esc(r.fu)}</td></tr></tfoot></table>`;
}

function winHtml(ui, m, r, w) {
  const res = w.result || {};
  const how =
    w.source === null || w.source === undefined
      ? "by self-draw"
      : `on ${esc(seatName(ui, w.source))}'s discard${w.robbed_kong ? " (robbing a kong)" : ""}`;
  const melds = (w.melds || []).map(parseMeld).filter(Boolean);
  const hand = handHtml({ concealed: tilesOrEmpty(w.hand), winTile: w.tile, melds, bonus: m.seats[w.seat].bonus });
  const unit = res.unit || "";
  const items = (res.items || [])
    .map((it) => `<tr data-item="${esc(it.id)}"><th scope="row">${esc(it.name)}</th><td class="num">${esc(it.value)} ${esc(unit)}</td></tr>`)
    .join("");
  const limit = res.limit ? ` <span class="limit">${esc(res.limit)}</span>` : "";
  const itemsTable = `<table class="items"><caption>Patterns</caption><tbody>${items}</tbody>
<tfoot><tr><th scope="row">Total</th><td class="num" data-total="${esc(res.total)}">${esc(res.total)} ${esc(unit)}${limit}</td></tr></tfoot></table>`;
  const pts = res.points || {};
  const rows = payerRows(m, r, w);
  const honba = honbaPart(m, r, w, rows);
  const payers = rows
    .map((row) => {
      const h = honba(row);
      return `<tr${row.seat === null ? "" : ` data-payer="${row.seat}"`}${h ? ` data-honba="${h}"` : ""}><th scope="row">${esc(
        payerLabel(ui, m, r, w, row, h),
      )}</th><td class="num">${esc(row.amount)}</td></tr>`;
    })
    .join("");
  const points = `<table class="payers"><caption>Points</caption><tbody>${payers}</tbody>
<tfoot><tr><th scope="row">Received</th><td class="num" data-points="${esc(pts.total)}">${esc(pts.total)}</td></tr></tfoot></table>`;
  const dora = m.indicators.length
    ? `<p class="indicators">Dora indicators <span class="tiles mini">${tilesHtml(m.indicators)}</span>${
        w.ura_indicators && w.ura_indicators.length
          ? ` · ura <span class="tiles mini">${tilesHtml(tilesOrEmpty(w.ura_indicators))}</span>`
          : ""
      }</p>`
    : "";
  const invalid = res.valid === false ? `<p class="invalid">${esc(res.reason || "not a valid win")}</p>` : "";
  return `<article class="win" data-winner="${w.seat}"><h3>${esc(seatName(ui, w.seat))} wins ${how}</h3>${hand}${invalid}${dora}
<div class="tables">${itemsTable}${fuHtml(res)}${points}</div>${dealerTaiHtml(ui, m, w, rows)}</article>`;
}

/** The result's heading after the hand's name: what happened, counting every win of the hand
 * (Sichuan's bloody battle may have several, and may end at the wall after them). */
export function resultTitle(r) {
  const ended = r.ended || {};
  const wins = r.wins || [];
  const selfDrawn = wins.filter((w) => w.source === null || w.source === undefined).length;
  const onDiscard = wins.length - selfDrawn;
  let what = "";
  if (wins.length === 1) what = selfDrawn ? "Self-drawn win" : "Win on a discard";
  else if (wins.length > 1 && !onDiscard) what = `${wins.length} self-drawn wins`;
  else if (wins.length > 1 && !selfDrawn) {
    const one = new Set(wins.map((w) => w.source)).size === 1 && new Set(wins.map((w) => w.tile)).size === 1;
    what = one ? `${wins.length} wins on one discard` : `${wins.length} wins on discards`;
  } else if (wins.length > 1) {
    what = `${wins.length} wins: ${selfDrawn} self-drawn, ${onDiscard} on ${onDiscard > 1 ? "discards" : "a discard"}`;
  }
  if (what) {
    if (!r.ended) return `${what} (the hand plays on)`;
    return ended.outcome === "exhaustive_draw" ? `${what}, then the wall ran out` : what;
  }
  if (ended.outcome === "exhaustive_draw") return "Draw: the wall is empty";
  if (ended.outcome === "abortive_draw") return `Abortive draw${ended.reason ? `: ${String(ended.reason).replace(/_/g, " ")}` : ""}`;
  return String(ended.outcome || "");
}

/** Sichuan's exchange as it happened: what each seat gave and to whom, what it received and
 * from whom (the tiles when this page saw them: a player sees only the passes they were in),
 * and the suit each then gave up. */
function exchangeHtml(ui, m, r) {
  const passes = r.exchange || [];
  if (!passes.length) return "";
  const tiles = (p) =>
    p.tiles && tilesOrEmpty(p.tiles).length
      ? `<span class="tiles mini" data-tiles="${esc(p.tiles)}">${tilesHtml(tilesOrEmpty(p.tiles))}</span>`
      : `${p.count} tiles`;
  const items = passes
    .map((gave) => {
      const s = gave.seat;
      const got = passes.find((p) => p.to === s);
      const received = got ? `, received ${tiles(got)} from ${esc(seatName(ui, got.seat))}` : "";
      const suit = m.seats[s] && m.seats[s].void;
      const missing = suit ? `; missing suit: ${esc(SUIT_WORDS[suit] || suit)}` : "";
      return `<li data-seat="${s}">${esc(seatName(ui, s))} gave ${tiles(gave)} to ${esc(seatName(ui, gave.to))}${received}${missing}</li>`;
    })
    .join("");
  return `<h3>The exchange after the deal</h3><ul class="exchange" id="exchange">${items}</ul>`;
}

export function renderResult(ui, m) {
  const r = m.result;
  if (!r) return "";
  const ended = r.ended || {};
  const round = m.variant === "sichuan" ? `Hand ${r.hand_index + 1}` : `${WIND_NAMES[r.round_wind] || r.round_wind} ${r.dealer + 1}`;
  const wins = r.wins.map((w) => winHtml(ui, m, r, w)).join("");
  const revealed = r.revealed.length
    ? `<h3>Hands shown</h3><ul class="revealed">${r.revealed
        .map((h) => `<li>${esc(seatName(ui, h.seat))}: <span class="tiles mini">${tilesHtml(tilesOrEmpty(h.tiles))}</span> ${h.ready ? "ready" : "not ready"}</li>`)
        .join("")}</ul>`
    : "";
  const change = m.seats.map(() => 0);
  for (const p of r.payments) p.deltas.forEach((d, i) => (change[i] += d));
  const after = r.after || m.seats.map((s) => s.score);
  // riichi sticks put on the table during the hand: their own column, so Before is the score
  // the hand started with and every point is accounted for
  const stick = m.seats.map((_, i) => (r.sticks_paid && r.sticks_paid[i]) || 0);
  const anyStick = stick.some((x) => x !== 0);
  const signed = (x) => `${x > 0 ? "+" : ""}${x}`;
  const rows = m.seats
    .map(
      (s, i) =>
        `<tr data-seat="${i}"><th scope="row">${esc(s.wind)} ${esc(seatName(ui, i))}</th><td class="num">${
          after[i] - change[i] - stick[i]
        }</td>${anyStick ? `<td class="num delta" data-stick="${stick[i]}">${stick[i] ? signed(stick[i]) : ""}</td>` : ""}<td class="num delta" data-delta="${change[i]}">${signed(
          change[i],
        )}</td><td class="num">${after[i]}</td></tr>`,
    )
    .join("");
  const table = `<table class="score-change"><caption>Who paid what</caption><thead><tr><th>Seat</th><th>Before</th>${anyStick ? "<th>Riichi stick</th>" : ""}<th>Change</th><th>After</th></tr></thead><tbody>${rows}</tbody></table>`;
  // every payment that is not a win's, by name: tenpai / noten at a draw, Sichuan's settlements
  const others = r.payments
    .filter((p) => p.reason && p.reason !== "win")
    .map(
      (p) =>
        `<li data-reason="${esc(p.reason)}">${esc(reasonWords(p.reason))}: ${p.deltas
          .map((d, i) => (d ? `${esc(seatName(ui, i))} ${signed(d)}` : ""))
          .filter(Boolean)
          .join(", ")}</li>`,
    )
    .join("");
  const payments = others ? `<ul class="payments" id="other-payments">${others}</ul>` : "";
  const left = ended.outcome !== "win" && m.sticks > 0 ? `<p id="sticks-left">${m.sticks} riichi stick${m.sticks > 1 ? "s" : ""} stay on the table for the next win.</p>` : "";
  const last = Boolean(m.final);
  const button = `<button type="button" class="primary" id="next-hand" data-do="next-hand" data-key="next-hand">${
    last ? "Final standings" : "Next hand"
  }</button>`;
  // the game waits for every person (or the room's countdown) before the next hand is played
  const waiting = last ? "" : breakHtml(ui);
  return `<h2 id="result-h">${esc(round)}: ${esc(resultTitle(r))}</h2>${exchangeHtml(ui, m, r)}${wins}${revealed}${table}${payments}${left}<div class="buttons">${button}${waiting}</div>`;
}

export function renderFinal(ui, m) {
  const f = m.final;
  if (!f) return "";
  const order = m.seats.map((_, i) => i).sort((a, b) => f.placements[a] - f.placements[b]);
  const rows = order
    .map(
      (i) =>
        `<tr data-seat="${i}"${i === m.seat ? ' class="you"' : ""}><td class="num place">${f.placements[i]}</td><th scope="row">${esc(
          seatName(ui, i),
        )}</th><td class="num">${f.scores[i]}</td></tr>`,
    )
    .join("");
  const seed = ui.gameOver && ui.gameOver.seed ? `<p class="muted">Seed of this game: <code>${esc(ui.gameOver.seed)}</code></p>` : "";
  return `<h2 id="final-h">Final standings</h2><table class="standings"><thead><tr><th>Place</th><th>Player</th><th>Points</th></tr></thead>
<tbody>${rows}</tbody></table>${seed}<div class="buttons"><a class="button primary" href="/" id="play-again">Play again</a>${
    ui.gameOver && ui.gameOver.game
      ? `<a class="button" href="/replay/${encodeURIComponent(ui.gameOver.game)}" id="replay-link">Replay this game</a>`
      : ""
  }<a class="button" href="/history" id="history-link">Your games</a></div>`;
}
