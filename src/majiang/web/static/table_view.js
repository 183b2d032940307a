// HTML of the table page: the board, the hand and the actions offered, the lobby, the result of
// a hand and the final standings. Functions from state to strings; table.js wires them up.

import { meldHtml, tileSvg, handHtml } from "./tiles.js";
import { parseMeld, sortTiles, tilesOrEmpty } from "./notation.js";
import { doraOf, kindName, kindOf, readyDiscards, waits } from "./waits.js";
import { formatList, formatNumber, language, pt, t } from "./i18n.js";
import { limitWord } from "./limits.js";

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

export const WIND_NAMES = { E: t("East"), S: t("South"), W: t("West"), N: t("North") };
// variant, length and bot names as players read them, in the page's language: the page carries
// them (majiang/web/words.py), and the patterns' names in it (web/play.py pattern_names)
const wordsEl = typeof document !== "undefined" && document.querySelector("#table-words");
const WORDS = wordsEl ? JSON.parse(wordsEl.textContent) : { variants: {}, lengths: {}, bots: {}, bot_names: {}, abortive: {}, payments: {}, suits: {} };
const namesEl = typeof document !== "undefined" && document.querySelector("#pattern-names");
const PATTERN_NAMES = namesEl ? JSON.parse(namesEl.textContent) : {};

/** Why points moved as players say it (majiang/web/words.py PAYMENT_WORDS). */
export function reasonWords(reason) {
  return (WORDS.payments && WORDS.payments[reason]) || String(reason).replace(/_/g, " ");
}

/** The reason of an abortive draw as players say it (majiang/web/words.py ABORTIVE_WORDS). */
export function abortiveWords(reason) {
  return (WORDS.abortive && WORDS.abortive[reason]) || String(reason).replace(/_/g, " ");
}

/** A tile in words ("9s" -> "9 of bamboo", majiang/web/words.py tile_words), its notation if
 * the page has no words for it. */
export function tileWords(name) {
  return (WORDS.tiles && WORDS.tiles[name]) || name;
}

/** The suits as a void or an exchange names them (majiang/web/words.py SUIT_WORDS). */
export const SUIT_WORDS = WORDS.suits || {};

/** The actions as buttons and lines name them: the game's own words (Pon, Chi, Kan ...). */
const ACTION_WORDS = {
  ron: t("Ron"),
  tsumo: t("Tsumo"),
  pass: t("Pass"),
  pon: t("Pon"),
  chi: t("Chi"),
  kan: t("Kan"),
  ankan: t("Kan"),
  kakan: t("Kan"),
  riichi: t("Riichi"),
  discard: t("Discard"),
  exchange: t("Pass three"),
  void: t("Void"),
  nine_terminals: t("Nine terminals (abort)"),
  flower: t("Flower"),
};

/** The riichi fu items as players read them (rules/riichi/fu.py). */
const FU_WORDS = {
  base: t("Base"),
  closed_ron: t("Closed hand, won on a discard"),
  seven_pairs: t("Seven pairs"),
  tsumo: t("Self-draw"),
  open_pinfu: t("Open hand with no fu"),
  edge_wait: t("Edge wait"),
  closed_wait: t("Closed wait"),
  single_wait: t("Single wait"),
  dragon_pair: t("Dragon pair"),
  double_wind_pair: t("Double wind pair"),
  seat_wind_pair: t("Seat wind pair"),
  round_wind_pair: t("Round wind pair"),
  open_simple_pung: t("Open pung of simples"),
  open_terminal_pung: t("Open pung of terminals"),
  open_honor_pung: t("Open pung of honours"),
  concealed_simple_pung: t("Concealed pung of simples"),
  concealed_terminal_pung: t("Concealed pung of terminals"),
  concealed_honor_pung: t("Concealed pung of honours"),
  open_simple_kong: t("Open kong of simples"),
  open_terminal_kong: t("Open kong of terminals"),
  open_honor_kong: t("Open kong of honours"),
  concealed_simple_kong: t("Concealed kong of simples"),
  concealed_terminal_kong: t("Concealed kong of terminals"),
  concealed_honor_kong: t("Concealed kong of honours"),
};

/** A number as the page's language writes it: 25,000 in English, 25.000 in German. */
export function num(n) {
  return typeof n === "number" ? formatNumber(n) : String(n);
}

/** A change of points with its sign: +8.000, -2.000. */
export function signed(x) {
  return `${x > 0 ? "+" : ""}${num(x)}`;
}

/** A translated text as HTML: escaped, then each {name} replaced by values[name] (HTML already). */
export function fill(text, values = {}) {
  return esc(text).replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

/** The unit of a result's total (han, fan, tai) as the page's language writes it. */
const UNIT_WORDS = { han: t("han"), fan: t("fan"), tai: t("tai") };
export function unitWord(unit) {
  return UNIT_WORDS[unit] || unit;
}

/** A pattern's name in the page's language (its translation and traditional name), else the
 *  name the scoring contract gave; Sichuan's root keeps the tiles it counts. */
export function patternName(variant, item) {
  const names = PATTERN_NAMES[variant] || {};
  const name = names[item.id];
  if (!name) return item.name;
  const tiles = item.id === "root" ? /^Roots? \((.*)\)$/.exec(item.name || "") : null;
  return tiles ? `${name}: ${tiles[1]}` : name;
}

/** "East 1", "Hand 4": a hand's name as the table shows it. */
export function handTitle(variant, handIndex, roundWind, dealer) {
  if (variant === "sichuan") return t("Hand {n}", { n: handIndex + 1 });
  return t("{wind} {n}", { wind: WIND_NAMES[roundWind] || roundWind, n: dealer + 1 });
}

/** "Hong Kong Old Style · East round · Bots: Expert" */
export function roomSummary(room) {
  const variant = WORDS.variants[room.variant] || room.variant;
  const length = WORDS.lengths[room.length] || room.length;
  const bots = WORDS.bots[room.bot_level] || room.bot_level;
  const botsText = t("Bots: {bots}", { bots });
  return `${variant} · ${length} · ${botsText}`;
}

/** What someone opening a shared link sees before choosing a name: host, game and seats. */
export function renderInvitation(room, canSit) {
  const winds = "ESWN";
  const host = room.seats.find((s) => s.player_id === room.host_id);
  const who = host && host.name ? host.name : t("A friend");
  const aPlayer = t("a player");
  const free = room.status === "waiting" ? t("free (a bot plays it if nobody sits)") : t("a bot");
  const seats = room.seats
    .map(
      (s) =>
        `<li><span class="wind">${winds[s.seat]}</span> ${
          s.player_id ? esc(s.name || aPlayer) : `<span class="muted">${esc(free)}</span>`
        }</li>`,
    )
    .join("");
  const late = canSit
    ? ""
    : room.options && room.options.spectators
      ? t("This game has already started, so there is no seat for you, but you may watch it.")
      : t("This game has already started and there is no seat for you.");
  const state = late ? `<p id="invite-late">${esc(late)}</p>` : "";
  const line =
    room.status === "waiting" ? t("{host} invites you to play {game}.") : t("{host} is playing {game}.");
  const heading = esc(t("Seats"));
  return `<p id="invite-host">${fill(line, { host: `<strong>${esc(who)}</strong>`, game: `<strong>${esc(roomSummary(room))}</strong>` })}</p>
<h2>${heading}</h2><ol class="lobby-seats" id="invite-seats">${seats}</ol>${state}`;
}
const POSITIONS = { 4: ["bottom", "right", "top", "left"], 2: ["bottom", "top"], 3: ["bottom", "right", "left"] };

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function mine(m) {
  return m.seat === null || m.seat === undefined || m.seat < 0 ? 0 : m.seat;
}

/** A bot strength as a seat's name says it: "normal" in "Bot 2 (normal)". */
function botName(level) {
  return (WORDS.bot_names && WORDS.bot_names[level]) || level;
}

export function seatName(ui, seat) {
  const players = (ui.welcome && ui.welcome.players) || [];
  const name = players[seat];
  const me = ui.model && ui.model.seat === seat;
  if (me) return name ? t("{name} (you)", { name }) : t("You");
  const level = (ui.room && ui.room.bot_level) || "normal";
  return name || t("Bot {n} ({level})", { n: seat + 1, level: botName(level) });
}

function tilesHtml(tiles, opts = {}) {
  return tiles.map((t) => tileSvg(t, opts)).join("");
}

/** A short text for an action: "Pon 55p", "Discard 3z with riichi", "Tsumo". */
export function actionLabel(a) {
  if (!a) return "";
  if (a.type === "discard") return a.riichi ? t("Discard {tile} with riichi", { tile: a.tile }) : t("Discard {tile}", { tile: a.tile });
  const word = ACTION_WORDS[a.type] || a.type;
  if (a.tiles) return `${word} ${a.tiles}`;
  if (a.tile) return `${word} ${a.tile}`;
  if (a.suit) return `${word} ${SUIT_WORDS[a.suit] || a.suit}`;
  return word;
}

/** What the server did for a seat, in the past tense: "discarded 4z", "passed". */
export function playedLabel(a) {
  if (!a) return "";
  if (a.type === "discard") return a.riichi ? t("discarded {tile} with riichi", { tile: a.tile }) : t("discarded {tile}", { tile: a.tile });
  if (a.type === "pass") return t("passed (no call)");
  return t("played {action}", { action: actionLabel(a) });
}

/** Who the game waits for between hands, and its countdown (a .break-timer table.js ticks). */
function breakHtml(ui) {
  const hb = ui.handBreak;
  if (!hb) return "";
  const names = (seats) => formatList(seats.map((s) => esc(seatName(ui, s))));
  const me = ui.model ? ui.model.seat : null;
  const who = hb.waiting.filter((s) => s !== me);
  const parts = [];
  if (hb.waiting.includes(me)) {
    parts.push(who.length ? fill(t("Waiting for you and {names}."), { names: names(who) }) : esc(t("The next hand waits for you.")));
  } else if (who.length) parts.push(fill(t("Waiting for {names} to press Next hand."), { names: names(who) }));
  if (hb.ready.length) parts.push(fill(t("Ready: {names}."), { names: names(hb.ready) }));
  const timer = hb.timeout_ms === null ? "" : fill(t("Starts anyway in {time}."), { time: '<span class="break-timer" role="timer"></span>' });
  if (timer) parts.push(timer);
  return `<span class="between-hands" id="between-hands">${parts.join(" ")}</span>`;
}

/** The table log: lines that stay on screen (what the server played for you, and why). */
function logHtml(ui) {
  if (!ui.log || !ui.log.length) return "";
  const items = ui.log
    .slice(-6)
    .map((l) => `<li>${l.hand ? `<span class="muted">${esc(l.hand)}:</span> ` : ""}${esc(l.text)}</li>`)
    .join("");
  const title = esc(t("Table log"));
  return `<section id="table-log" class="table-log" aria-label="${title}"><h2>${title}</h2><ol role="log" aria-live="polite">${items}</ol></section>`;
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

function riichiLabel(tile) {
  return t("{tile}, riichi", { tile });
}

function riverHtml(ui, seat, m, isLast) {
  const calledBy = esc(t("called by another player"));
  const aCalled = esc(t("a called tile"));
  const cells = seat.river.map((r, i) => {
    const last = isLast && i === seat.river.length - 1;
    const cls = [r.tsumogiri ? "tsumogiri" : "", last ? "last" : ""].join(" ").trim();
    const fresh = freshCls(ui, `r${seat.seat}-${i}`);
    if (r.claimed) {
      const face = r.was
        ? tileSvg(r.was, { sideways: r.riichi, cls: "called", label: t("{tile}, called", { tile: r.was }) })
        : `<span class="called-gap" title="${calledBy}" aria-label="${aCalled}"></span>`;
      return `<span class="pond-cell claimed${fresh}" data-claimed="true">${face}</span>`;
    }
    return `<span class="pond-cell${cls ? ` ${cls}` : ""}${fresh}"${r.riichi ? ' data-riichi="true"' : ""}>${tileSvg(r.tile, {
      sideways: r.riichi,
      label: r.riichi ? riichiLabel(r.tile) : r.tile,
    })}</span>`;
  });
  const discards = esc(t("discards"));
  return `<div class="pond" aria-label="${discards}" data-caption="${discards}">${cells.join("")}</div>`;
}

function meldsHtml(ui, seat) {
  const melds = seat.melds.map((text, i) => {
    const meld = parseMeld(text);
    const html = meld ? meldHtml(meld) : `<span class="meld">${esc(text)}</span>`;
    const fresh = freshCls(ui, `m${seat.seat}-${i}`);
    return fresh ? html.replace('class="meld"', `class="meld${fresh}"`) : html;
  });
  const flowers = esc(t("flowers and seasons"));
  const bonus = seat.bonus.length
    ? `<span class="bonus" aria-label="${flowers}">${tilesHtml(sortTiles(seat.bonus))}</span>`
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

/** The badge of the seat to act: at the table "Your move" on yours, "To play" on another's; a
 *  replay (ui.watching) is watched, not played: the seat named, "Ann's move". */
function moveWord(ui, seat, isMe) {
  if (!ui.watching) return isMe ? t("Your move") : t("To play");
  const name = ((ui.welcome && ui.welcome.players) || [])[seat] || t("Seat {n}", { n: seat + 1 });
  return t("{name}'s move", { name });
}

/** The badge of the seat to act; a replay's also carries a short form, "To play", that a side
 *  seat's narrow column shows on a phone instead of "Bot 2 (normal)'s move" (play.css). */
function actBadge(ui, act) {
  if (!ui.watching) return `<span class="badge to-act" id="to-act">${act}</span>`;
  const short = esc(t("To play"));
  return `<span class="badge to-act" id="to-act" data-short="${short}"><span class="act-full">${act}</span></span>`;
}

function seatHtml(ui, m, seat, pos, frozen, mineHtml) {
  const isMe = m.seat === seat.seat;
  const turn = seatToAct(ui, m, frozen) === seat.seat;
  const dealer = m.dealer === seat.seat;
  const w = {
    dealer: esc(t("Dealer")),
    riichi: esc(t("Riichi")),
    riichiTitle: esc(t("riichi declared")),
    won: esc(t("Won")),
    void: seat.void ? esc(t("void {suit}", { suit: SUIT_WORDS[seat.void] || seat.void })) : "",
    act: esc(moveWord(ui, seat.seat, isMe)),
    hand: esc(t("hand")),
    drawn: seat.drawn ? t("{tile}, just drawn", { tile: seat.drawn }) : "",
    backs: esc(t("{n} tiles in hand", { n: seat.concealed })),
    wind: esc(t("{wind} seat", { wind: WIND_NAMES[seat.wind] || "" })),
    count: esc(t("tiles in hand")),
    tiles: esc(t("{n} tiles", { n: seat.concealed })),
  };
  const badges = [
    dealer ? `<span class="badge dealer" title="${w.dealer}">${w.dealer}</span>` : "",
    seat.riichi ? `<span class="badge riichi" title="${w.riichiTitle}">${w.riichi}</span>` : "",
    seat.out ? `<span class="badge out">${w.won}</span>` : "",
    seat.void ? `<span class="badge void">${w.void}</span>` : "",
    turn ? actBadge(ui, w.act) : "",
  ].join("");
  // a replay (replay.js) knows every hand: the seat's tiles face up, the one just drawn apart
  const shown = Array.isArray(seat.hand)
    ? `<span class="tiles shown-hand" aria-label="${w.hand}" data-caption="${w.hand}">${tilesHtml(seat.hand)}${
        seat.drawn ? `<span class="drawn-gap" aria-hidden="true"></span>${tileSvg(seat.drawn, { label: w.drawn })}` : ""
      }</span>`
    : "";
  const backs =
    !shown && !isMe && seat.concealed > 0
      ? `<span class="backs" aria-label="${w.backs}" data-caption="${w.hand}">${tileSvg("back", { back: true }).repeat(Math.min(seat.concealed, 17))}</span>`
      : shown;
  const hand = `<div class="seat-hand">${backs}</div>`;
  const lastDiscarder = m.phase === "claim" && m.claim_from === seat.seat;
  const head = `<header class="seat-head"><span class="wind" title="${w.wind}">${esc(seat.wind)}</span>
<span class="name">${esc(seatName(ui, seat.seat))}</span><span class="score" data-score="${seat.score}">${num(seat.score)}</span>${badges}
${isMe ? "" : `<span class="count" title="${w.count}">${w.tiles}</span>`}</header>`;
  const pond = riverHtml(ui, seat, m, lastDiscarder);
  const melds = meldsHtml(ui, seat);
  // the pond lies towards the centre: above your hand, below the top seat's
  const body = pos === "bottom" ? `${pond}${melds}${mineHtml || hand}` : `${hand}${melds}${pond}`;
  const label = t("{wind}: {name}, {points} points", {
    wind: WIND_NAMES[seat.wind] || seat.wind,
    name: seatName(ui, seat.seat),
    points: num(seat.score),
  });
  return `<section class="seat pos-${pos}${turn ? " turn" : ""}${isMe ? " me" : ""}" data-seat="${seat.seat}" data-pos="${pos}" aria-label="${esc(
    label,
  )}">${head}${body}</section>`;
}

function centerHtml(ui, m, frozen) {
  const n = m.seats.length;
  const pos = POSITIONS[n] || POSITIONS[4];
  const me = mine(m);
  const round = WIND_NAMES[m.round_wind] || m.round_wind;
  const label = handTitle(m.variant, m.hand_index, m.round_wind, m.dealer);
  const w = {
    dora: esc(m.indicators.length > 1 ? t("Dora indicators") : t("Dora indicator")),
    wallTitle: esc(t("tiles left to draw")),
    wall: esc(t("Wall")),
    sticksTitle: esc(t("riichi sticks on the table")),
    sticks: esc(t("Riichi sticks")),
    sticksShort: esc(t("Sticks")),
    honbaTitle: esc(t("honba (counters)")),
    honba: esc(t("Honba")),
    streakTitle: esc(t("hands the dealer kept in a row")),
    streak: esc(t("Dealer streak")),
    streakShort: esc(t("Streak")),
    round: esc(t("round wind {wind}", { wind: round })),
    center: esc(t("the round")),
  };
  const dora = m.indicators.length
    ? `<div class="dora" id="center-dora"><span class="muted">${w.dora}</span> <span class="tiles">${tilesHtml(m.indicators)}</span></div>`
    : "";
  const wall = `<span class="counter wall" id="wall-count" title="${w.wallTitle}" data-wall="${
    m.wall_left === null || m.wall_left === undefined ? "" : m.wall_left
  }">${w.wall} <b>${m.wall_left === null || m.wall_left === undefined ? "…" : m.wall_left}</b></span>`;
  const counters = [wall];
  const honba = `<span class="counter" title="${w.honbaTitle}" data-honba="${m.honba}">${w.honba} <b>${m.honba}</b></span>`;
  if (m.variant === "riichi") {
    counters.push(`<span class="counter" title="${w.sticksTitle}" data-sticks="${m.sticks}"><span class="long">${w.sticks}</span><span class="short">${w.sticksShort}</span> <b>${m.sticks}</b></span>`);
    counters.push(honba);
  } else if (m.variant === "taiwan") {
    counters.push(`<span class="counter" title="${w.streakTitle}" data-streak="${m.streak || 0}"><span class="long">${w.streak}</span><span class="short">${w.streakShort}</span> <b>${m.streak || 0}</b></span>`);
  } else if (m.honba) {
    counters.push(honba);
  }
  const actor = seatToAct(ui, m, frozen);
  const sides = m.seats
    .map((s) => {
      const p = pos[(s.seat - me + n) % n];
      const act = actor === s.seat ? " act" : "";
      const windTitle = t("{wind} seat", { wind: WIND_NAMES[s.wind] || "" });
      return `<div class="ct-side ct-${p}${act}" data-seat="${s.seat}"${act ? ' aria-current="true"' : ""}><span class="ct-wind" title="${esc(
        windTitle,
      )}">${esc(s.wind)}</span> <span class="ct-score">${num(s.score)}</span></div>`;
    })
    .join("");
  return `<div class="center" id="table-center" aria-label="${w.center}">${sides}<div class="ct-mid">
<div class="round" id="round-label" title="${w.round}">${esc(label)}</div>
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
  const why = esc(t("you may not win on a discard now: a wait is in your pond, or you passed a winning tile"));
  const furitenWord = esc(t("Furiten"));
  const readyWord = esc(t("Ready"));
  const furiten = r.furiten ? ` <span class="badge furiten" id="furiten" title="${why}">${furitenWord}</span>` : "";
  const line = fill(t("{ready}, waiting for {tiles}"), {
    ready: `<strong>${readyWord}</strong>`,
    tiles: `<span class="tiles mini" id="waits">${tilesHtml(r.waits.map(kindName))}</span>`,
  });
  return `<p class="ready-line" id="ready-line">${line}${furiten}</p>`;
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
  const words = {
    chosen: t(", chosen to pass"),
    choose: t(", choose to pass"),
    discard: t(", discard"),
    dora: t(", dora"),
    red: t(", red five"),
    drawn: t(", just drawn"),
  };
  const buttons = tiles.map(({ t: tile, drawn }, i) => {
    const ok = canDiscard.has(tile);
    const chosen = picked.includes(i);
    const verb = exchanging ? (chosen ? words.chosen : words.choose) : words.discard;
    const isDora = dora.has(kindOf(tile));
    const red = marks && tile[0] === "0";
    const ready = ok && !exchanging && keeps[tile];
    const readyFor = ready ? ready.map(kindName).join(" ") : "";
    const leaves = ready ? t(", leaves you ready for {tiles}", { tiles: readyFor }) : "";
    const title = ready ? t("Discard to wait for {tiles}", { tiles: readyFor }) : "";
    const notes = `${isDora ? words.dora : ""}${red ? words.red : ""}${leaves}`;
    return `${drawn ? '<span class="drawn-gap" aria-hidden="true"></span>' : ""}<button type="button" class="tile-btn hand-tile${
      drawn ? " drawn" : ""
    }${chosen ? " picked" : ""}${isDora ? " dora" : ""}${red ? " red" : ""}${ready ? " keeps-ready" : ""}" data-tile="${esc(tile)}" data-index="${i}" data-key="hand-${i}" data-legal="${ok}" tabindex="${
      i === focusAt ? 0 : -1
    }" aria-disabled="${!ok}"${exchanging ? ` aria-pressed="${chosen}"` : ""} aria-label="${esc(
      `${tile}${drawn ? words.drawn : ""}${ok ? verb : ""}${notes}`,
    )}"${ready ? ` title="${esc(title)}"` : ""}>${tileSvg(tile)}</button>`;
  });
  const size = Math.max(14, tiles.length) + 1.5;
  const row = Math.ceil((tiles.length + 0.5) / 2); // on a phone: two rows (play.css)
  const note = esc(t("Riichi: choose the tile to discard (N or Esc cancels)."));
  const riichi = ui.riichiMode ? `<p class="riichi-note">${note}</p>` : "";
  const handLabel = esc(t("Your hand: arrow keys move, Enter discards"));
  return `${riichi}<div id="hand" class="hand${ui.riichiMode ? " riichi-mode" : ""}" role="toolbar" aria-label="${handLabel}" data-hand-n="${size}" data-hand-row="${row}">${buttons.join(
    "",
  )}</div>${readyLine(ui, m)}`;
}

function actionButtons(ui, m) {
  const d = ui.decision && !ui.pending ? ui.decision : null;
  if (!d) {
    const waiting = ui.pending ? esc(t("Sent…")) : m.phase === "game_over" ? "" : ui.handBreak ? breakHtml(ui) : esc(t("Waiting for the others…"));
    // a wait for this seat with no result on screen (a reload after the hand's end): its button
    const next = esc(t("Next hand"));
    const press =
      ui.handBreak && ui.model && ui.handBreak.waiting.includes(ui.model.seat)
        ? `<button type="button" class="primary" id="next-hand" data-do="next-hand" data-key="next-hand">${next}</button>`
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
      `<button type="button" data-action="riichi" data-key="act-riichi" aria-pressed="${ui.riichiMode}">${esc(ACTION_WORDS.riichi)} ${key(ACTION_KEYS.riichi)}</button>`,
    );
  }
  const exchanges = d.actions.filter((a) => a.type === "exchange");
  if (exchanges.length) {
    const mine = sortTiles((ui.exchangePick || []).map((i) => handList(m, ui)[i]));
    const match = exchanges.findIndex((a) => sortTiles(tilesOrEmpty(a.tiles)).join() === mine.join());
    const choose = esc(t("Choose three tiles of one suit to pass"));
    const these = esc(t("Pass these three"));
    out.push(
      `<span class="offer">${choose}</span><button type="button" class="call" data-action="exchange" data-index="${Math.max(
        0,
        match,
      )}" data-key="act-exchange"${match < 0 ? " disabled" : ""}>${these}</button>`,
    );
  }
  for (const a of d.actions) {
    if (a.type === "discard" || a.type === "exchange") continue;
    const i = (count[a.type] = (count[a.type] ?? -1) + 1);
    let label;
    let tiles = "";
    const word = esc(ACTION_WORDS[a.type] || a.type);
    if (a.type === "ron" || a.type === "tsumo") label = `${word} ${key(ACTION_KEYS.win)}`;
    else if (a.type === "pass") label = `${word} ${key(ACTION_KEYS.pass)}`;
    else if (a.type === "pon") label = `${word} ${key(ACTION_KEYS.pon)}`;
    else if (a.type === "chi") label = `${word} ${key(ACTION_KEYS.chi)}`;
    else if (["kan", "ankan", "kakan"].includes(a.type)) label = `${word} ${key(ACTION_KEYS.kan)}`;
    else if (a.type === "nine_terminals") label = word;
    else if (a.type === "void") label = `${word} ${esc(SUIT_WORDS[a.suit] || a.suit)}`;
    else label = esc(actionLabel(a));
    if (a.tiles) {
      // a call on a discard shows the whole set it makes, the discard taken marked once (a pon
      // showed only the two tiles of the hand, both marked)
      const own = tilesOrEmpty(a.tiles);
      const onDiscard = claimTile && ["chi", "pon", "kan"].includes(a.type);
      const shown = onDiscard ? sortTiles([...own, claimTile]) : own;
      const marked = onDiscard ? shown.indexOf(claimTile) : -1;
      tiles = `<span class="tiles mini">${shown
        .map((t, i) => tileSvg(t, { cls: i === marked ? "claimed-tile" : "" }))
        .join("")}</span>`;
    } else if (a.tile) {
      tiles = `<span class="tiles mini">${tileSvg(a.tile)}</span>`;
    }
    const cls = a.type === "ron" || a.type === "tsumo" ? "primary win" : a.type === "pass" ? "pass" : "call";
    out.push(
      `<button type="button" class="${cls}" data-action="${esc(a.type)}" data-index="${i}" data-key="act-${esc(a.type)}-${i}">${label}${tiles}</button>`,
    );
  }
  const yourTurn = d.actions.some((a) => a.type !== "discard") ? t("Your turn: discard or call") : t("Your turn: discard");
  const from = t("{tile} from {name}");
  const offer = claimTile
    ? `<span class="offer">${fill(from, { tile: tileSvg(claimTile, { cls: "claimed-tile" }), name: esc(seatName(ui, m.claim_from)) })}</span>`
    : m.phase === "turn" && m.turn === m.seat
      ? `<span class="offer">${esc(yourTurn)}</span>`
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
  const hint = esc(t("Hint"));
  return `<button type="button" class="hint-btn" data-do="hint" data-key="hint">${hint} ${`<kbd>${ACTION_KEYS.hint.toUpperCase()}</kbd>`}</button>`;
}

function hintHtml(ui, m) {
  const h = ui.hint;
  if (!h) return "";
  if (h.loading) {
    const thinking = esc(t("Thinking…"));
    return `<div id="hint-box" class="hint-box" tabindex="-1" role="status">${thinking}</div>`;
  }
  const parts = [];
  const fromReady = (n) => (n === 0 ? t("ready") : t("{n} from ready", { n }));
  if (h.analysis) {
    const a = h.analysis;
    const sh = a.shanten === -1 ? t("complete") : a.shanten === 0 ? t("ready (tenpai)") : fromReady(a.shanten);
    const shanten = esc(t("Shanten:"));
    parts.push(`<p><strong>${shanten}</strong> <span id="hint-shanten" data-shanten="${a.shanten}">${esc(sh)}</span></p>`);
    if (a.waits && a.waits.length) {
      const waitsWord = esc(t("Waits:"));
      parts.push(`<p><strong>${waitsWord}</strong> <span class="tiles mini" id="hint-waits">${tilesHtml(a.waits)}</span></p>`);
    } else if (a.acceptance && a.acceptance.length && a.acceptance[0].discard) {
      const accept = t("{discard} → {after}, {n} tiles accept: {tiles}");
      const best = a.acceptance.slice(0, 3).map((x) => {
        const line = fill(accept, {
          discard: tileSvg(x.discard, { cls: "mini-tile" }),
          after: esc(fromReady(x.shanten)),
          n: x.unseen,
          tiles: `<span class="tiles mini">${tilesHtml(Object.keys(x.tiles))}</span>`,
        });
        return `<li>${line}</li>`;
      });
      const bestWord = esc(t("Best discards"));
      const title = fill(t("{best} (most tiles that improve the hand):"), { best: `<strong>${bestWord}</strong>` });
      parts.push(`<p>${title}</p><ol class="best">${best.join("")}</ol>`);
    } else if (a.acceptance && a.acceptance.length) {
      const x = a.acceptance[0];
      const helps = esc(t("Tiles that help:"));
      const unseen = esc(t("({n} unseen)", { n: x.unseen }));
      parts.push(`<p><strong>${helps}</strong> <span class="tiles mini">${tilesHtml(Object.keys(x.tiles))}</span> ${unseen}</p>`);
    }
  }
  if (h.error) parts.push(`<p class="error">${esc(h.error)}</p>`);
  if (h.bot) {
    const a = h.bot.action;
    const tiles = a.tile ? [a.tile] : a.tiles ? tilesOrEmpty(a.tiles) : [];
    const shown = tiles.length ? ` <span class="tiles mini">${tilesHtml(tiles)}</span>` : "";
    const would = esc(t("The {level} bot would:", { level: botName(h.bot.level) }));
    parts.push(`<p id="hint-bot"><strong>${would}</strong> ${esc(actionLabel(a))}${shown}</p>`);
  }
  if (h.botError) parts.push(`<p class="muted">${esc(h.botError)}</p>`);
  const w = { hint: esc(t("hint")), close: esc(t("Close")) };
  return `<div id="hint-box" class="hint-box" tabindex="-1" role="status" aria-label="${w.hint}">${parts.join(
    "",
  )}<button type="button" data-do="close-hint" class="link">${w.close}</button></div>`;
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
  const yours = esc(t("your hand"));
  return `<div class="seat-hand"><span class="tiles shown-hand" aria-label="${yours}">${tilesHtml(handList(m))}</span></div>`;
}

/** Whether the key of action ``kind`` can do anything in ``variant``: riichi is declared only
 * in Japanese riichi, and Sichuan never claims a chow (shared/rules/sichuan.md). */
/** Whether the variant has the action a key stands for (riichi only in riichi, no chi in Sichuan). */
export function keyPlayed(variant, kind) {
  if (kind === "riichi") return variant === "riichi";
  if (kind === "chi") return variant !== "sichuan";
  return true;
}

/** The whole table for the model (the frozen one while a result is shown). */
export function render(ui, m, { frozen }) {
  const message = ui.message ? `<p class="error" role="alert">${esc(ui.message)}</p>` : "";
  const leaveWord = esc(t("Leave table"));
  const leave = `<button type="button" class="link leave" data-do="leave">${leaveWord}</button>`;
  const mineHtml = frozen
    ? frozenHand(m)
    : `<div class="me-area">${handTiles(ui, m)}${actionButtons(ui, m)}${message}${hintHtml(ui, m)}</div>`;
  const keyWords = {
    win: t("win"),
    pon: ACTION_WORDS.pon,
    chi: ACTION_WORDS.chi,
    kan: ACTION_WORDS.kan,
    riichi: ACTION_WORDS.riichi,
    pass: t("pass"),
    hint: t("hint"),
    tsumogiri: t("discard the drawn tile"),
  };
  const keys = t("Keys: arrows + Enter discard, {keys}", {
    keys: formatList(
      Object.entries(ACTION_KEYS)
        .filter(([k]) => keyPlayed(m.variant, k))
        .map(([k, v]) => `${v.toUpperCase()} ${keyWords[k] || k}`),
      "items",
    ),
  });
  return `${boardHtml(ui, m, { frozen, mineHtml })}${logHtml(ui)}
<p class="table-foot">${leave} <span class="muted">${esc(keys)}</span></p>`;
}

// ---------------------------------------------------------------- lobby

export function renderLobby(ui, code, origin) {
  const room = ui.room;
  if (!room) return "";
  const me = ui.player && ui.player.id;
  const link = `${origin}/play/${code}`;
  const winds = "ESWN";
  const w = {
    empty: esc(t("empty: a bot plays it")),
    host: esc(t("host")),
    start: esc(t("Start the game")),
    wait: esc(t("Waiting for the host to start the game.")),
    room: esc(t("Private room")),
    share: esc(t("Share this link with your friends")),
    copy: esc(t("Copy link")),
    seats: esc(t("Seats")),
    leave: esc(t("Leave")),
  };
  const seatLabel = (s) => {
    const name = s.name || t("a player");
    return esc(s.player_id === me ? t("{name} (you)", { name }) : name);
  };
  const seats = room.seats
    .map(
      (s) =>
        `<li data-seat="${s.seat}"><span class="wind">${winds[s.seat]}</span> ${
          s.player_id ? seatLabel(s) : `<span class="muted">${w.empty}</span>`
        }${s.player_id === room.host_id ? ` <span class="badge">${w.host}</span>` : ""}</li>`,
    )
    .join("");
  const host = room.host_id === me;
  const action = host
    ? `<button type="button" class="primary" id="start-game" data-do="start">${w.start}</button>`
    : `<p class="muted" id="wait-host">${w.wait}</p>`;
  const message = ui.message ? `<p class="error" role="alert">${esc(ui.message)}</p>` : "";
  const tell = fill(t("Or tell them the room code: {code}"), { code: `<code id="room-code">${esc(code)}</code>` });
  return `<h1 id="lobby-h">${w.room}</h1>
<p id="room-summary">${esc(roomSummary(room))}</p>
<div class="field"><label for="share-link">${w.share}</label>
<div class="buttons share"><input id="share-link" readonly value="${esc(link)}"><button type="button" data-do="copy-link">${w.copy}</button></div></div>
<p>${tell}</p>
<h2>${w.seats}</h2><ol class="lobby-seats" id="lobby-seats">${seats}</ol>
${message}<div class="buttons">${action}<button type="button" data-do="leave">${w.leave}</button></div>`;
}

// ---------------------------------------------------------------- result

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
    if (row.from === "riichi_sticks") return t("Riichi sticks on the table");
    return String(row.from).replace(/_/g, " ");
  }
  const role =
    row.from === "discarder" ? t(", discarder") : row.from === "liable" ? t(", liable") : row.seat === m.dealer ? t(", dealer") : "";
  const notes = [];
  const dealerTai = win.result && win.result.dealer_tai;
  if (dealerTai && (row.seat === m.dealer || win.seat === m.dealer)) notes.push(t("with {n} dealer tai", { n: dealerTai }));
  if (honba) notes.push(t("{part} of it for {n} honba", { part: num(honba), n: r.honba }));
  return `${seatName(ui, row.seat)}${role}${notes.length ? ` (${formatList(notes, "items")})` : ""}`;
}

/** Taiwan: why the dealer's payment differs (shared/rules/taiwan.md): 1 + 2n dealer tai for a
 * dealer who kept the seat n hands, on every payment the dealer makes or receives. */
function dealerTaiHtml(ui, m, win, rows) {
  const dt = win.result && win.result.dealer_tai;
  if (!dt) return "";
  const streak = (dt - 1) / 2;
  const dealer = seatName(ui, m.dealer);
  const kept =
    streak === 1
      ? t("{dealer} is the dealer and has kept the seat 1 hand in a row", { dealer })
      : t("{dealer} is the dealer and has kept the seat {n} hands in a row", { dealer, n: streak });
  const where = win.seat === m.dealer ? t("on each payment to the dealer") : t("on the dealer's payment only");
  const dealerRow = rows.find((x) => x.seat === m.dealer);
  const other = rows.find((x) => x.seat !== null && x.seat !== m.dealer);
  const compare =
    win.seat !== m.dealer && dealerRow && other && dealerRow.amount !== other.amount
      ? `: ${num(dealerRow.amount)} = ${num(other.amount)} + ${num(dealerRow.amount - other.amount)}`
      : "";
  const line = t("Dealer tai: {kept}, so 1 + 2 × {streak} = {tai} dealer tai {where}{compare}.", {
    kept,
    streak,
    tai: dt,
    where,
    compare,
  });
  return `<p class="dealer-tai" data-dealer-tai="${dt}">${esc(line)}</p>`;
}

/** The fu: the items, then their sum and how the fu came of it as one line ("20 + 10 + 2 = 32 →
 * 40, rounded up to a ten"); riichi lists the rounding as an item of its own (docs/riichi.md). */
function fuHtml(r) {
  if (!r.fu) return "";
  const items = (r.fu_items || []).filter((f) => f.id !== "rounding");
  const sum = items.reduce((a, f) => a + Number(f.value || 0), 0);
  const why = sum === r.fu ? "" : r.fu === Math.ceil(sum / 10) * 10 ? t("rounded up to a ten") : t("as the rules fix it");
  const line =
    items.length > 1 || why
      ? `<tr class="fu-sum"><td colspan="2" data-fu-sum="${sum}">${items.map((f) => esc(f.value)).join(" + ")} = ${sum}${
          why ? ` → ${esc(r.fu)}, ${esc(why)}` : ""
        }</td></tr>`
      : "";
  const rows = items
    .map((f) => `<tr><th scope="row">${esc(FU_WORDS[f.id] || String(f.id).replace(/_/g, " "))}</th><td class="num">${esc(f.value)}</td></tr>`)
    .join("");
  const fu = esc(t("Fu"));
  return `<table class="fu"><caption>${fu}</caption><tbody>${rows}</tbody><tfoot>${line}<tr><th scope="row">${fu}</th><td class="num" data-fu="${esc(
    r.fu,
  )}">${esc(r.fu)}</td></tr></tfoot></table>`;
}

function winHtml(ui, m, r, w) {
  const res = w.result || {};
  const selfDraw = w.source === null || w.source === undefined;
  const winner = seatName(ui, w.seat);
  const heading = selfDraw
    ? t("{winner} wins by self-draw", { winner })
    : w.robbed_kong
      ? t("{winner} wins on {name}'s discard (robbing a kong)", { winner, name: seatName(ui, w.source) })
      : t("{winner} wins on {name}'s discard", { winner, name: seatName(ui, w.source) });
  const melds = (w.melds || []).map(parseMeld).filter(Boolean);
  const hand = handHtml({ concealed: tilesOrEmpty(w.hand), winTile: w.tile, melds, bonus: m.seats[w.seat].bonus });
  const unit = res.unit || "";
  const items = (res.items || [])
    .map((it) => `<tr data-item="${esc(it.id)}"><th scope="row">${esc(patternName(m.variant, it))}</th><td class="num">${esc(it.value)} ${esc(unitWord(unit))}</td></tr>`)
    .join("");
  const limit = res.limit ? ` <span class="limit">${esc(limitWord(res.limit))}</span>` : "";
  const w_ = { patterns: esc(t("Patterns")), total: esc(t("Total")), points: esc(t("Points")), received: esc(t("Received")) };
  const itemsTable = `<table class="items"><caption>${w_.patterns}</caption><tbody>${items}</tbody>
<tfoot><tr><th scope="row">${w_.total}</th><td class="num" data-total="${esc(res.total)}">${esc(res.total)} ${esc(unitWord(unit))}${limit}</td></tr></tfoot></table>`;
  const pts = res.points || {};
  const rows = payerRows(m, r, w);
  const honba = honbaPart(m, r, w, rows);
  const payers = rows
    .map((row) => {
      const h = honba(row);
      return `<tr${row.seat === null ? "" : ` data-payer="${row.seat}"`}${h ? ` data-honba="${h}"` : ""}><th scope="row">${esc(
        payerLabel(ui, m, r, w, row, h),
      )}</th><td class="num">${esc(num(row.amount))}</td></tr>`;
    })
    .join("");
  // a win that does not count (res.valid false) comes without points: no table of them
  const points = res.points
    ? `<table class="payers"><caption>${w_.points}</caption><tbody>${payers}</tbody>
<tfoot><tr><th scope="row">${w_.received}</th><td class="num" data-points="${esc(pts.total)}">${esc(num(pts.total))}</td></tr></tfoot></table>`
    : "";
  const doraWord = esc(t("Dora indicators"));
  const uraWord = esc(t("Ura"));
  const invalidWord = t("not a valid win");
  const dora = m.indicators.length
    ? `<p class="indicators">${doraWord} <span class="tiles mini">${tilesHtml(m.indicators)}</span>${
        w.ura_indicators && w.ura_indicators.length
          ? ` · ${uraWord} <span class="tiles mini">${tilesHtml(tilesOrEmpty(w.ura_indicators))}</span>`
          : ""
      }</p>`
    : "";
  const invalid = res.valid === false ? `<p class="invalid">${esc(res.reason || invalidWord)}</p>` : "";
  return `<article class="win" data-winner="${w.seat}"><h3>${esc(heading)}</h3>${hand}${invalid}${dora}
<div class="tables">${itemsTable}${fuHtml(res)}${points}</div>${dealerTaiHtml(ui, m, w, rows)}</article>`;
}

/** The result's heading after the hand's name: what happened, counting every win of the hand
 * (Sichuan's bloody battle may have several, and may end at the wall after them). */
export function resultTitle(r) {
  const ended = r.ended || {};
  const wins = r.wins || [];
  const selfDrawn = wins.filter((w) => w.source === null || w.source === undefined).length;
  const onDiscard = wins.length - selfDrawn;
  const n = wins.length;
  let what = "";
  if (n === 1) what = selfDrawn ? t("Self-drawn win") : t("Win on a discard");
  else if (n > 1 && !onDiscard) what = t("{n} self-drawn wins", { n });
  else if (n > 1 && !selfDrawn) {
    const one = new Set(wins.map((w) => w.source)).size === 1 && new Set(wins.map((w) => w.tile)).size === 1;
    what = one ? t("{n} wins on one discard", { n }) : t("{n} wins on discards", { n });
  } else if (n > 1) {
    what =
      onDiscard > 1
        ? t("{n} wins: {self} self-drawn, {other} on discards", { n, self: selfDrawn, other: onDiscard })
        : t("{n} wins: {self} self-drawn, {other} on a discard", { n, self: selfDrawn, other: onDiscard });
  }
  if (what) {
    if (!r.ended) return t("{what} (the hand plays on)", { what });
    return ended.outcome === "exhaustive_draw" ? t("{what}, then the wall ran out", { what }) : what;
  }
  if (ended.outcome === "exhaustive_draw") return t("Draw: the wall is empty");
  if (ended.outcome === "abortive_draw") {
    return ended.reason ? t("Abortive draw: {reason}", { reason: abortiveWords(ended.reason) }) : t("Abortive draw");
  }
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
      : esc(t("{n} tiles", { n: p.count }));
  const words = {
    gave: t("{name} gave {tiles} to {to}"),
    received: t(", received {tiles} from {name}"),
    missing: t("; missing suit: {suit}"),
    title: esc(t("The exchange after the deal")),
  };
  const items = passes
    .map((gave) => {
      const s = gave.seat;
      const got = passes.find((p) => p.to === s);
      const received = got ? fill(words.received, { tiles: tiles(got), name: esc(seatName(ui, got.seat)) }) : "";
      const suit = m.seats[s] && m.seats[s].void;
      const missing = suit ? fill(words.missing, { suit: esc(SUIT_WORDS[suit] || suit) }) : "";
      const line = fill(words.gave, { name: esc(seatName(ui, s)), tiles: tiles(gave), to: esc(seatName(ui, gave.to)) });
      return `<li data-seat="${s}">${line}${received}${missing}</li>`;
    })
    .join("");
  return `<h3>${words.title}</h3><ul class="exchange" id="exchange">${items}</ul>`;
}

export function renderResult(ui, m) {
  const r = m.result;
  if (!r) return "";
  const ended = r.ended || {};
  const round = handTitle(m.variant, r.hand_index, r.round_wind, r.dealer);
  const wins = r.wins.map((w) => winHtml(ui, m, r, w)).join("");
  const w = {
    shown: esc(t("Hands shown")),
    ready: esc(t("ready")),
    notReady: esc(t("not ready")),
    caption: esc(t("Who paid what")),
    seat: esc(t("Seat")),
    before: esc(t("Before")),
    stick: esc(t("Riichi stick")),
    change: esc(pt("score column", "Change")),
    after: esc(t("After")),
  };
  const revealed = r.revealed.length
    ? `<h3>${w.shown}</h3><ul class="revealed">${r.revealed
        .map((h) => `<li>${esc(seatName(ui, h.seat))}: <span class="tiles mini">${tilesHtml(tilesOrEmpty(h.tiles))}</span> ${h.ready ? w.ready : w.notReady}</li>`)
        .join("")}</ul>`
    : "";
  const change = m.seats.map(() => 0);
  for (const p of r.payments) p.deltas.forEach((d, i) => (change[i] += d));
  const after = r.after || m.seats.map((s) => s.score);
  // riichi sticks put on the table during the hand: their own column, so Before is the score
  // the hand started with and every point is accounted for
  const stick = m.seats.map((_, i) => (r.sticks_paid && r.sticks_paid[i]) || 0);
  const anyStick = stick.some((x) => x !== 0);
  const rows = m.seats
    .map(
      (s, i) =>
        `<tr data-seat="${i}"><th scope="row">${esc(s.wind)} ${esc(seatName(ui, i))}</th><td class="num">${num(
          after[i] - change[i] - stick[i],
        )}</td>${anyStick ? `<td class="num delta" data-stick="${stick[i]}">${stick[i] ? signed(stick[i]) : ""}</td>` : ""}<td class="num delta" data-delta="${change[i]}">${signed(
          change[i],
        )}</td><td class="num">${num(after[i])}</td></tr>`,
    )
    .join("");
  const table = `<table class="score-change"><caption>${w.caption}</caption><thead><tr><th>${w.seat}</th><th>${w.before}</th>${anyStick ? `<th>${w.stick}</th>` : ""}<th>${w.change}</th><th>${w.after}</th></tr></thead><tbody>${rows}</tbody></table>`;
  // every payment that is not a win's, by name: tenpai / noten at a draw, Sichuan's settlements
  const others = r.payments
    .filter((p) => p.reason && p.reason !== "win")
    .map(
      (p) =>
        `<li data-reason="${esc(p.reason)}">${esc(reasonWords(p.reason))}: ${formatList(
          p.deltas.map((d, i) => (d ? `${esc(seatName(ui, i))} ${signed(d)}` : "")).filter(Boolean),
          "items",
        )}</li>`,
    )
    .join("");
  const payments = others ? `<ul class="payments" id="other-payments">${others}</ul>` : "";
  const sticksLeft =
    m.sticks > 1
      ? t("{n} riichi sticks stay on the table for the next win.", { n: m.sticks })
      : t("1 riichi stick stays on the table for the next win.");
  const left = ended.outcome !== "win" && m.sticks > 0 ? `<p id="sticks-left">${esc(sticksLeft)}</p>` : "";
  const last = Boolean(m.final);
  const nextWord = esc(last ? t("Final standings") : t("Next hand"));
  const button = `<button type="button" class="primary" id="next-hand" data-do="next-hand" data-key="next-hand">${nextWord}</button>`;
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
        )}</th><td class="num">${num(f.scores[i])}</td></tr>`,
    )
    .join("");
  const w = {
    final: esc(t("Final standings")),
    place: esc(t("Place")),
    player: esc(t("Player")),
    points: esc(t("Points")),
    again: esc(t("Play again")),
    replay: esc(t("Replay this game")),
    games: esc(t("Your games")),
  };
  const seedLine = ui.gameOver && ui.gameOver.seed ? fill(t("Seed of this game: {seed}"), { seed: `<code>${esc(ui.gameOver.seed)}</code>` }) : "";
  const seed = seedLine ? `<p class="muted">${seedLine}</p>` : "";
  return `<h2 id="final-h">${w.final}</h2><table class="standings"><thead><tr><th>${w.place}</th><th>${w.player}</th><th>${w.points}</th></tr></thead>
<tbody>${rows}</tbody></table>${seed}<div class="buttons"><a class="button primary" href="/" id="play-again">${w.again}</a>${
    ui.gameOver && ui.gameOver.game
      ? `<a class="button" href="/replay/${encodeURIComponent(ui.gameOver.game)}" id="replay-link">${w.replay}</a>`
      : ""
  }<a class="button" href="/history" id="history-link">${w.games}</a></div>`;
}
