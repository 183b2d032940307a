// The table page /play/<code>: identity, lobby, the game over the websocket, results.
//
// Protocol v1 (docs/protocol.md): hello {token, last_seq}; the server answers welcome, then a
// snapshot (the player view) or the events missed, then a decision when this seat must act.
// The table is drawn from the model (model.js) and nothing else: the page never has a tile the
// server did not send to this seat.

import { api, ensurePlayer, forgetTable, loadPlayer, loadTable, saveTable } from "./session.js";
import { applyEvent, carryOver, compareWithView, emptyModel, endDeal, fromView } from "./model.js";
import { parseMeld, sortTiles, formatTiles } from "./notation.js";
import { render, renderLobby, renderResult, renderFinal, renderInvitation, playedLabel, handList, handTitle, keyPlayed, ACTION_KEYS } from "./table_view.js";
import { language, t } from "./i18n.js";
import { kindOf, waits } from "./waits.js";
import { playSound } from "./sounds.js";
import { showLesson } from "./lesson.js";

const $ = (sel) => document.querySelector(sel);
const app = $("#table-app");
const code = app.dataset.room;

const ui = {
  player: null,
  room: null,
  ws: null,
  welcome: null,
  model: null,
  frozen: null, // the model at the end of a hand, shown with its result until "Next hand"
  showFinal: false,
  decision: null,
  riichiMode: false,
  pending: false,
  handFocus: -1,
  hint: null,
  message: "",
  terminal: false,
  retries: 0,
  frameId: 0,
  syncWanted: false,
  diffs: [],
  log: [], // the table log: what the server did for this seat, kept on screen (newest last)
  handBreak: null, // the wait between hands (a between_hands frame with its deadline), or null
  settings: null, // the table settings (loadSettings), kept per player in localStorage
  variantRules: JSON.parse(($("#table-rules") || { textContent: "{}" }).textContent),
  furiten: { temp: false, riichi: false }, // what this seat passed since (see trackFuriten)
  handOrder: null, // the hand's order while "Sort my hand" is off
  discardAt: null, // where in the hand the tile being discarded was clicked (not the drawn tile)
  fresh: new Map(), // pond cells and melds that just arrived -> when (their animation)
  seen: null, // how many pond tiles and melds each seat had at the last drawing
  sounds: 0, // sounds played (the "Sounds" setting)
};
window.majiangTable = ui; // for the browser tests and for the curious

// ---------------------------------------------------------------- settings

const DEFAULTS = Object.fromEntries(
  [...document.querySelectorAll("#table-settings [data-setting]")].map((el) => [el.dataset.setting, el.defaultChecked]),
);

function settingsKey() {
  return `majiang.settings.${(ui.player && ui.player.id) || "guest"}`;
}

function loadSettings() {
  let saved = {};
  try {
    saved = JSON.parse(localStorage.getItem(settingsKey()) || "{}") || {};
  } catch {
    saved = {};
  }
  ui.settings = { ...DEFAULTS, ...saved };
  document.querySelectorAll("#table-settings [data-setting]").forEach((el) => {
    el.checked = Boolean(ui.settings[el.dataset.setting]);
  });
}

document.querySelectorAll("#table-settings [data-setting]").forEach((el) =>
  el.addEventListener("change", () => {
    ui.settings[el.dataset.setting] = el.checked;
    try {
      localStorage.setItem(settingsKey(), JSON.stringify(ui.settings));
    } catch {
      // storage full or refused: the setting holds until the page closes
    }
    if (el.dataset.setting === "sort" && ui.model) ui.handOrder = handList({ ...ui.model, drawn: null }, ui);
    draw();
    autoPlay();
  }),
);

/** The settings as the table's variant has them: one that acts in other variants only is
 *  hidden (data-variants), a help written for this variant replaces the general one. */
function settingsForVariant(variant) {
  document.querySelectorAll("#table-settings .setting").forEach((row) => {
    const only = row.dataset.variants;
    row.hidden = Boolean(only) && !only.split(" ").includes(variant);
    const help = row.querySelector(".hint");
    if (help) help.textContent = help.getAttribute(`data-help-${variant}`) || help.dataset.help;
  });
}

// ---------------------------------------------------------------- the rules at the table

async function openRules() {
  const dialog = $("#rules-dialog");
  const variant = (ui.model && ui.model.variant) || (ui.room && ui.room.variant) || "riichi";
  const url = `/rules/${encodeURIComponent(variant)}`;
  $("#rules-page-link").href = url;
  if (!dialog.open) dialog.showModal();
  if (dialog.dataset.variant === variant) return;
  const body = $("#rules-dialog-body");
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(t("The server answered with status {status}.", { status: response.status }));
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const main = page.querySelector("main");
    const heading = main && main.querySelector("h1");
    $("#rules-dialog-h").textContent = heading ? heading.textContent : t("Rules");
    if (heading) heading.remove();
    body.replaceChildren(...(main ? [...main.childNodes].map((n) => document.importNode(n, true)) : []));
    dialog.dataset.variant = variant;
  } catch (err) {
    const failed = document.createElement("p");
    failed.className = "error";
    failed.textContent = t("The rules could not be loaded ({error}).", { error: String(err.message) });
    body.replaceChildren(failed);
  }
}

$("#rules-open").addEventListener("click", openRules);
$("#rules-close").addEventListener("click", () => $("#rules-dialog").close());

function setStatus(text) {
  $("#status").textContent = text;
}

function show(section) {
  for (const id of ["identity", "lobby", "table"]) $(`#${id}`).hidden = id !== section;
  $("#table-tools").hidden = section !== "table";
  const variant = (ui.model && ui.model.variant) || (ui.room && ui.room.variant);
  if (variant) settingsForVariant(variant);
  app.dataset.state = section;
}

// ---------------------------------------------------------------- start

async function start() {
  ui.player = loadPlayer();
  loadSettings();
  if (!ui.player) {
    await askName();
    return;
  }
  await enterRoom();
}

async function askName() {
  // an invitation: say whose table it is, what is played and who sits, before asking a name
  let room = null;
  try {
    room = await api(`/api/rooms/${encodeURIComponent(code)}`);
  } catch (err) {
    setStatus(err.status === 404 ? t("There is no room with this code.") : err.message);
    app.dataset.state = "missing";
    return;
  }
  const canSit = room.status === "waiting" && room.seats.some((s) => !s.player_id);
  show("identity");
  $("#invitation").innerHTML = renderInvitation(room, canSit);
  if (!canSit) {
    // a late joiner: no seat form he cannot use; watching needs no name
    $("#identity-form").hidden = true;
    $("#id-h").textContent = t("A table in play");
    if (room.options && room.options.spectators && room.status === "playing") {
      const buttons = document.createElement("div");
      buttons.className = "buttons";
      buttons.innerHTML = '<button type="button" class="primary" id="watch"></button>';
      buttons.firstChild.textContent = t("Watch the game");
      $("#invitation").append(buttons);
      $("#watch").addEventListener("click", () => {
        ui.room = room;
        ui.message = "";
        connect();
      });
    }
    setStatus("");
    return;
  }
  setStatus(t("Choose a name to take a seat."));
  const input = $("#id-name");
  input.focus();
  $("#identity-form").addEventListener(
    "submit",
    async (ev) => {
      ev.preventDefault();
      try {
        ui.player = await ensurePlayer(input.value);
        loadSettings();
        await enterRoom();
      } catch (err) {
        setStatus(err.message);
      }
    },
    { once: true },
  );
}

async function enterRoom() {
  try {
    ui.room = await api(`/api/rooms/${encodeURIComponent(code)}`);
  } catch (err) {
    setStatus(err.status === 404 ? t("There is no room with this code.") : err.message);
    app.dataset.state = "missing";
    return;
  }
  if (ui.room.status === "waiting" || ui.room.status === "playing") {
    try {
      ui.room = await api(`/api/rooms/${encodeURIComponent(code)}/join`, {
        method: "POST",
        body: {},
        player: ui.player,
      });
    } catch (err) {
      if (err.status !== 409) {
        setStatus(err.message);
        return;
      }
      ui.message = t("You have no seat here ({error}); watching if the room allows it.", { error: err.message });
    }
  }
  const saved = loadTable(code);
  if (saved && saved.game && saved.game === ui.room.game_id && saved.model) {
    ui.model = saved.model;
    ui.frozen = saved.frozen || null;
    ui.log = saved.log || [];
    ui.furiten = saved.furiten || ui.furiten;
  }
  connect();
}

// ---------------------------------------------------------------- the connection

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // the page's language: the server writes its error frames' messages in it
  const ws = new WebSocket(`${scheme}://${location.host}/ws/rooms/${encodeURIComponent(code)}?lang=${encodeURIComponent(language)}`);
  ui.ws = ws;
  setStatus(t("Connecting…"));
  ws.addEventListener("open", () => {
    ui.retries = 0;
    ws.send(
      JSON.stringify({
        type: "hello",
        protocol: 1,
        token: ui.player ? ui.player.token : null, // null: watching without a name
        last_seq: ui.model ? ui.model.seq : null,
      }),
    );
  });
  ws.addEventListener("message", (ev) => {
    let frame;
    try {
      frame = JSON.parse(ev.data);
    } catch {
      return;
    }
    onFrame(frame);
  });
  ws.addEventListener("close", () => {
    if (ui.ws !== ws) return;
    ui.ws = null;
    ui.decision = null;
    if (ui.terminal) return;
    const wait = Math.min(5000, 500 * 2 ** ui.retries++);
    setStatus(t("Connection lost; trying again in {n} s…", { n: Math.round(wait / 1000) || 1 }));
    setTimeout(connect, wait);
    draw();
  });
}

function send(frame) {
  if (!ui.ws || ui.ws.readyState !== WebSocket.OPEN) return false;
  ui.ws.send(JSON.stringify(frame));
  return true;
}

function onFrame(f) {
  switch (f.type) {
    case "welcome":
      onWelcome(f);
      break;
    case "room":
      onRoom(f.room);
      break;
    case "snapshot":
      onSnapshot(f);
      break;
    case "event":
      onEvent(f);
      break;
    case "decision":
      if (ui.model && f.actions.some((a) => a.type === "discard")) endDeal(ui.model);
      ui.decision = { ...f, deadline: f.timeout_ms === null ? null : performance.now() + f.timeout_ms };
      ui.pending = false;
      ui.riichiMode = false;
      ui.exchangePick = [];
      ui.hint = null;
      draw();
      focusForDecision();
      if (f.seat === (ui.model && ui.model.seat) && f.actions.some((a) => a.type === "pass" || a.type === "discard")) {
        setTimeout(autoPlay, AUTO_DELAY_MS);
      }
      break;
    case "accepted":
    case "auto":
      if (ui.decision && ui.decision.decision === f.decision) ui.decision = null;
      ui.pending = false;
      ui.riichiMode = false;
      if (f.type === "auto") {
        const played = playedLabel(f.action);
        addLog(
          f.by === "timeout"
            ? t("Time ran out: {played} for you.", { played })
            : t("While you were away the bot {played} for you.", { played }),
        );
      }
      draw();
      save();
      break;
    case "between_hands":
      onBetweenHands(f);
      break;
    case "error":
      onError(f);
      break;
    case "game_over":
      ui.gameOver = f;
      if (ui.model && !ui.model.final) {
        ui.model.final = { scores: f.scores, placements: f.placements, reason: "length" };
      }
      draw();
      break;
    case "paused":
      // the server cannot store actions now: the open decision is offered again on resuming
      ui.decision = null;
      ui.pending = false;
      setStatus(f.message);
      draw();
      break;
    case "resumed":
      setStatus("");
      break;
    case "left":
      ui.terminal = true;
      setStatus(t("You left this game; a bot plays your seat."));
      break;
    default:
      break;
  }
}

function onWelcome(f) {
  ui.welcome = f;
  setStatus("");
  if (!f.game) {
    show("lobby");
    draw();
    return;
  }
  if (ui.room) ui.room.game_id = f.game;
  if (ui.model && ui.model.game && ui.model.game !== f.game) {
    ui.model = null;
    send({ type: "sync" });
  }
  show("table");
}

function onRoom(room) {
  // the frame is the room as the last person to change it saw it: our seat comes from the seats
  ui.room = { ...ui.room, ...room };
  draw();
}

function onSnapshot(f) {
  if (ui.model && ui.model.seq === f.seq) {
    const diffs = compareWithView(ui.model, f.view);
    if (diffs.length) ui.diffs.push({ seq: f.seq, diffs });
  }
  ui.model = carryOver(ui.model, fromView(f.view, f.seq));
  ui.model.game = ui.welcome && ui.welcome.game;
  ui.syncWanted = false;
  show("table");
  draw();
  save();
}

function onEvent(f) {
  if (!ui.model) {
    const seat = ui.welcome && ui.welcome.seat !== null ? ui.welcome.seat : null;
    const players = (ui.welcome && ui.welcome.players.length) || ui.room.seats.length;
    ui.model = emptyModel(seat, players, ui.room.variant);
    ui.model.game = ui.welcome && ui.welcome.game;
  }
  if (f.seq <= ui.model.seq) return;
  const e = f.event;
  ui.decision = null; // every event ends the decision that was open (docs/web.md)
  ui.pending = false;
  ui.hint = null;
  if (e.type === "hand_started" && ui.model.result && !ui.frozen) {
    // a hand ended while nobody looked (a reload, a bot's quick win): keep its result on screen
    ui.frozen = JSON.parse(JSON.stringify(ui.model));
  }
  trackFuriten(ui.model, e);
  leaveHand(ui.model, e);
  applyEvent(ui.model, e);
  ui.model.seq = f.seq;
  if (ui.settings && ui.settings.sound && playSound(e.type)) ui.sounds += 1;
  if (e.type === "hand_ended") {
    ui.frozen = JSON.parse(JSON.stringify(ui.model));
  }
  if (e.type === "game_ended" && ui.frozen) ui.frozen.final = ui.model.final;
  // the sticks left go to the first at the game's end, after the last hand's result was frozen
  if (e.type === "points_moved" && e.reason === "final_sticks" && ui.frozen) applyEvent(ui.frozen, e);
  if (e.type === "hand_started") ui.syncWanted = true;
  scheduleDraw();
}

let drawQueued = false;
function scheduleDraw() {
  if (drawQueued) return;
  drawQueued = true;
  setTimeout(() => {
    drawQueued = false;
    if (ui.syncWanted && ui.model && ui.model.wall_left === null) {
      ui.syncWanted = false;
      send({ type: "sync" });
    }
    draw();
    save();
  }, 0);
}

function onError(f) {
  const fatal = ["auth", "not_found", "not_seated", "game_over", "hello_first", "protocol_version"];
  if (fatal.includes(f.code)) {
    ui.terminal = true;
    if (f.code === "game_over") {
      setStatus(t("This game is over."));
      forgetTable(code);
    } else if (f.code === "not_seated") {
      setStatus(t("You have no seat at this table and it has no room for spectators."));
    } else {
      setStatus(f.message);
    }
    closeTable();
    return;
  }
  ui.pending = false;
  ui.message = f.message;
  draw();
}

/** The table can go no further for this page (left, over, not seated): its sections and tools
 *  go away, and two ways on take their place: a new game, or the games played. */
function closeTable() {
  for (const id of ["identity", "lobby", "table", "table-tools"]) $(`#${id}`).hidden = true;
  if (!$("#closed-links")) {
    const links = document.createElement("div");
    links.id = "closed-links";
    links.className = "buttons";
    for (const [href, word, primary] of [["/", t("Play again"), true], ["/history", t("Your games"), false]]) {
      const a = document.createElement("a");
      a.className = primary ? "button primary" : "button";
      a.href = href;
      a.textContent = word;
      links.append(a);
    }
    $("#status").after(links);
  }
  app.dataset.state = "closed";
}

function save() {
  if (!ui.model || !ui.model.game) return;
  saveTable(code, { game: ui.model.game, seq: ui.model.seq, model: ui.model, frozen: ui.frozen, log: ui.log, furiten: ui.furiten });
}

/** Add a line to the table log (docs/web.md, "Table log"); it stays until the page closes. */
function addLog(text) {
  ui.log.push({ hand: handName(ui.model), text });
  if (ui.log.length > 50) ui.log.shift();
}

function handName(m) {
  if (!m || m.dealer === null || m.dealer === undefined) return "";
  return handTitle(m.variant, m.hand_index, m.round_wind, m.dealer);
}

function onBetweenHands(f) {
  if (f.over) {
    const mine = ui.handBreak && ui.model && ui.handBreak.ready.includes(ui.model.seat);
    ui.handBreak = null;
    if (ui.frozen && !ui.frozen.final && !mine && ui.model && ui.model.seat !== null) {
      // the countdown ran out before this player pressed Next hand: the game goes on
      addLog(t("The countdown ran out: the next hand started."));
      ui.frozen = null;
    }
  } else {
    ui.handBreak = { ...f, deadline: f.timeout_ms === null ? null : performance.now() + f.timeout_ms };
  }
  draw();
  save();
}

// ---------------------------------------------------------------- furiten and the settings that act

/** Note what makes this seat furiten before `e` changes the model (the engine's rules,
 *  engine/turn.py and engine/claims.py): a winning tile let pass (someone's discard) bars a win
 *  on a discard until this seat's next draw (Hong Kong, Sichuan) or discard (riichi); in riichi,
 *  for the rest of the hand, as does letting a winning tile drawn go. */
function trackFuriten(m, e) {
  const me = m.seat;
  if (e.type === "hand_started") ui.furiten = { temp: false, riichi: false };
  if (me === null || me === undefined || !m.seats[me]) return;
  const kinds = (ui.variantRules[m.variant] || {}).furiten || [];
  const untilDraw = kinds.includes("until_draw");
  if (e.type === "drew" && e.seat === me && untilDraw) ui.furiten.temp = false;
  if (e.type !== "discarded") return;
  const w = m.hand.length % 3 === 1 ? waits(m.hand, (ui.variantRules[m.variant] || {}).forms || []) : [];
  const winning = w.includes(kindOf(e.tile));
  if (e.seat === me) {
    if (!untilDraw) ui.furiten.temp = false;
    if (m.seats[me].riichi && winning) ui.furiten.riichi = true;
  } else if (winning) {
    ui.furiten.temp = true;
    if (m.seats[me].riichi) ui.furiten.riichi = true;
  }
}

/** A decision the settings answer (after AUTO_DELAY_MS, so the tile is seen): a win with
 *  "Win automatically", a call offer's pass with "No calls", the drawn tile after riichi. */
const AUTO_DELAY_MS = 350;
function autoPlay() {
  const d = ui.decision;
  const m = ui.model;
  const s = ui.settings;
  if (!d || ui.pending || !m || !s || ui.frozen || m.seat === null || m.seat === undefined) return;
  const actions = d.actions;
  const win = actions.find((a) => a.type === "ron" || a.type === "tsumo");
  if (win) {
    if (s.autoWin) act(win);
    return;
  }
  const calls = ["pass", "pon", "chi", "kan"];
  if (s.noCalls && actions.some((a) => a.type === "pass") && actions.every((a) => calls.includes(a.type))) {
    act(actions.find((a) => a.type === "pass"));
    return;
  }
  const riichi = m.seats[m.seat] && m.seats[m.seat].riichi;
  if (s.autoRiichi && riichi && m.drawn && actions.every((a) => a.type === "discard" && a.tile === m.drawn && !a.riichi)) {
    act(actions[0]);
  }
}

// ---------------------------------------------------------------- acting

function legal(type) {
  return ui.decision ? ui.decision.actions.filter((a) => a.type === type) : [];
}

export function act(action) {
  if (!ui.decision || ui.pending) return;
  ui.frameId += 1;
  if (send({ type: "action", decision: ui.decision.decision, action, id: ui.frameId })) {
    ui.pending = true;
    ui.message = "";
    draw();
  }
}

/** Discard `tile`; `button` the hand tile clicked, if any. A tile of the hand equal to the one
 *  just drawn sends the hand's copy (`from_hand`, a tedashi: the drawn tile stays at the right
 *  end); the drawn tile itself, or any tile in riichi (the drawn tile must go), the plain
 *  discard the server offered. */
function discard(tile, button) {
  const found = legal("discard").find((a) => a.tile === tile && Boolean(a.riichi) === ui.riichiMode);
  if (!found) return;
  const m = ui.model;
  const inRiichi = Boolean(m && m.seats[m.seat] && m.seats[m.seat].riichi);
  const fromHand = Boolean(button && m) && !button.classList.contains("drawn");
  const handCopy = fromHand && m.drawn === tile && m.hand.includes(tile) && !inRiichi;
  ui.discardAt = fromHand ? Number(button.dataset.index) : null;
  act(handCopy ? { ...found, from_hand: true } : found);
}

/** A tile of the hand left (this seat's discard, not the tile just drawn): take out of the
 *  order kept while sorting is off the copy that was clicked (the first copy when the discard
 *  came another way), so the other tiles keep their places and the drawn one joins at the
 *  right end. */
function leaveHand(m, e) {
  if (e.type !== "discarded" || e.seat !== m.seat || e.tsumogiri || !ui.handOrder) return;
  const at = ui.discardAt !== null && ui.handOrder[ui.discardAt] === e.tile ? ui.discardAt : ui.handOrder.indexOf(e.tile);
  if (at >= 0) ui.handOrder.splice(at, 1);
  ui.discardAt = null;
}

function actByType(type) {
  const options = ui.decision ? ui.decision.actions.filter((a) => a.type === type) : [];
  if (options.length === 1) act(options[0]);
  else if (options.length > 1) {
    const first = document.querySelector(`#table [data-action="${type}"]`);
    if (first) first.focus();
  }
}

function win() {
  const w = ui.decision && ui.decision.actions.find((a) => a.type === "ron" || a.type === "tsumo");
  if (w) act(w);
}

/** Sichuan's exchange: choose (or drop) a tile of the three to pass. */
function pick(index) {
  const chosen = ui.exchangePick || [];
  ui.exchangePick = chosen.includes(index) ? chosen.filter((i) => i !== index) : [...chosen, index].slice(-3);
  draw();
}

function toggleRiichi() {
  if (!legal("discard").some((a) => a.riichi)) return;
  ui.riichiMode = !ui.riichiMode;
  draw();
  const first = document.querySelector("#hand .hand-tile:not([disabled])");
  if (first) first.focus();
}

function pass() {
  if (ui.riichiMode) {
    ui.riichiMode = false;
    draw();
    return;
  }
  const p = legal("pass");
  if (p.length) act(p[0]);
}

async function hint() {
  const m = ui.model;
  if (!m || m.seat === null || m.seat === undefined) return;
  ui.hint = { loading: true };
  draw();
  const me = m.seats[m.seat];
  const concealed = formatTiles(sortTiles([...m.hand, ...(m.drawn ? [m.drawn] : [])]));
  const hand = [concealed, ...me.melds].join(", ");
  const seen = [];
  m.seats.forEach((s) => {
    s.river.forEach((r) => r.tile && seen.push(r.tile));
    if (s.seat !== m.seat) s.melds.forEach((x) => seen.push(...(parseMeld(x) || { tiles: [] }).tiles));
  });
  seen.push(...m.indicators);
  const out = { loading: false };
  try {
    const analysis = await api("/api/analyze", {
      method: "POST",
      body: { hand, variant: m.variant, visible: formatTiles(sortTiles(seen)) },
    });
    out.analysis = analysis;
  } catch (err) {
    out.error = err.message;
  }
  if (ui.decision) {
    try {
      out.bot = await api(`/api/rooms/${encodeURIComponent(code)}/hint`, { player: ui.player });
    } catch (err) {
      out.botError = err.message;
    }
  }
  ui.hint = out;
  draw(); // the box is a live region: it is read out without taking the focus from the hand
}

function nextHand() {
  const hb = ui.handBreak;
  if (hb && ui.model && hb.waiting.includes(ui.model.seat)) send({ type: "next_hand" });
  if (ui.frozen && ui.frozen.final) {
    ui.showFinal = true;
  }
  ui.frozen = null;
  draw();
  save();
  const target = ui.showFinal ? $("#final") : document.querySelector("#hand .hand-tile:not([disabled])") || $("#table");
  if (target) target.focus();
}

async function startGame() {
  try {
    await api(`/api/rooms/${encodeURIComponent(code)}/start`, { method: "POST", player: ui.player });
  } catch (err) {
    ui.message = err.message;
    draw();
  }
}

async function leave() {
  if (!confirm(t("Leave this table? A bot plays your seat to the end."))) return;
  try {
    await api(`/api/rooms/${encodeURIComponent(code)}/leave`, { method: "POST", player: ui.player });
  } catch {
    // already gone: go home all the same
  }
  forgetTable(code);
  location.href = "/";
}

// ---------------------------------------------------------------- drawing

function draw() {
  const state = app.dataset.state;
  if (state === "lobby") {
    $("#lobby").innerHTML = renderLobby(ui, code, location.origin);
    return;
  }
  if (!ui.model) return;
  settingsForVariant(ui.model.variant);
  const active = document.activeElement;
  const focusKey = active && active.dataset ? active.dataset.key : null;
  const resultModel = ui.frozen;
  const shown = resultModel || ui.model;
  markFresh(shown);
  if (!resultModel) {
    // the hand's order while "Sort my hand" is off: kept from drawing to drawing, a new hand sorted
    if (ui.handOrderHand !== ui.model.hand_index) ui.handOrder = null;
    ui.handOrderHand = ui.model.hand_index;
    ui.handOrder = handList({ ...ui.model, drawn: null }, ui);
  }
  const finalShown = !resultModel && (ui.showFinal || (ui.model.final && !ui.frozen && ui.model.phase === "game_over"));
  // the final standings show the last table as a result does: your hand face up and small, no
  // room kept for buttons (the game is over)
  $("#table").innerHTML = render(ui, resultModel || ui.model, { frozen: Boolean(resultModel) || finalShown });
  $("#table").hidden = false;
  // a tile that arrived during an earlier drawing goes on with its animation where it was
  const now = performance.now();
  document.querySelectorAll("#table [data-fresh]").forEach((el) => {
    el.style.animationDelay = `${Math.round(ui.fresh.get(el.dataset.fresh) - now)}ms`;
  });
  // the hand's width in tiles, set here: the page's policy refuses style attributes in markup
  const hand = $("#hand");
  if (hand) {
    hand.style.setProperty("--hand-n", hand.dataset.handN);
    hand.style.setProperty("--hand-row", hand.dataset.handRow); // a phone's two rows (play.css)
  }
  const res = $("#result");
  res.hidden = !resultModel;
  res.innerHTML = resultModel ? renderResult(ui, resultModel) : "";
  const fin = $("#final");
  fin.hidden = !finalShown;
  fin.innerHTML = finalShown ? renderFinal(ui, ui.model) : "";
  app.dataset.phase = resultModel ? "result" : finalShown ? "final" : ui.model.phase;
  app.dataset.decision = ui.decision && !ui.pending ? ui.decision.decision : "";
  if (focusKey) {
    const again = document.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
    if (again && !again.disabled) again.focus();
  }
  if (resultModel && ui.resultFocused !== resultModel.seq) {
    ui.resultFocused = resultModel.seq; // a new result: its button takes the focus, once
    const next = $("#next-hand");
    if (next) next.focus();
  }
  showLesson(ui);
  tick();
}

/** How long a tile that arrived counts as new (its animation runs less: play.css). */
const FRESH_MS = 400;

/** Note the pond tiles and melds that arrived since the last drawing (their keys -> now). */
function markFresh(m) {
  const now = performance.now();
  const counts = m.seats.map((s) => [s.river.length, s.melds.length]);
  const seen = ui.seen;
  if (seen && seen.hand === m.hand_index && seen.counts.length === counts.length) {
    counts.forEach(([river, melds], i) => {
      for (let j = seen.counts[i][0]; j < river; j++) ui.fresh.set(`r${i}-${j}`, now);
      for (let j = seen.counts[i][1]; j < melds; j++) ui.fresh.set(`m${i}-${j}`, now);
    });
  }
  ui.seen = { hand: m.hand_index, counts };
  for (const [key, born] of ui.fresh) if (now - born > FRESH_MS) ui.fresh.delete(key);
}

function focusForDecision() {
  if (ui.frozen) {
    const next = $("#next-hand");
    if (next) next.focus();
    return;
  }
  // a tutorial's marked tile or button (the focus ring is not a second mark); a turn: the tile
  // just drawn (or, after a call, the last tile that may go); a claim: the first call offered
  // (N passes from anywhere)
  const target =
    document.querySelector('#hand .hand-tile.lesson-target[data-legal="true"], #actions button.lesson-target') ||
    document.querySelector('#hand .hand-tile.drawn[data-legal="true"]') ||
    [...document.querySelectorAll('#hand .hand-tile[data-legal="true"]')].pop() ||
    document.querySelector("#actions button[data-action]:not([data-action=pass])") ||
    document.querySelector("#actions button[data-action]");
  if (target) {
    document.querySelectorAll("#hand .hand-tile").forEach((b) => (b.tabIndex = b === target ? 0 : -1));
    target.focus();
  }
}

function tick() {
  const hb = ui.handBreak;
  document.querySelectorAll(".break-timer").forEach((el) => {
    el.textContent = hb && hb.deadline !== null ? `${Math.ceil(Math.max(0, hb.deadline - performance.now()) / 1000)} s` : "";
  });
  const el = $("#timer");
  if (!el) return;
  const d = ui.decision;
  if (!d || d.deadline === null) {
    el.textContent = "";
    el.style.setProperty("--left", "0");
    return;
  }
  const left = Math.max(0, d.deadline - performance.now());
  const total = d.timeout_ms || 1;
  el.textContent = `${Math.ceil(left / 1000)} s`;
  el.style.setProperty("--left", String(Math.min(1, left / total)));
  el.dataset.urgent = left < 5000 ? "true" : "false";
}
setInterval(tick, 250);
// the server closes a websocket that neither sends nor is sent anything for 5 minutes
// (docs/server.md): a quiet table (friends awaited, a long think without timers) pings each minute
setInterval(() => send({ type: "ping" }), 60000);

// ---------------------------------------------------------------- input

document.addEventListener("click", (ev) => {
  const el = ev.target.closest("[data-do], .hand-tile, [data-action]");
  if (!el || el.disabled) return;
  if (el.classList.contains("hand-tile")) {
    if (legal("exchange").length) pick(Number(el.dataset.index));
    else discard(el.dataset.tile, el);
    return;
  }
  if (el.dataset.action) {
    const index = Number(el.dataset.index || 0);
    const options = ui.decision ? ui.decision.actions.filter((a) => a.type === el.dataset.action) : [];
    if (el.dataset.action === "riichi") toggleRiichi();
    else if (options[index]) act(options[index]);
    return;
  }
  const what = el.dataset.do;
  if (what === "hint") hint();
  else if (what === "next-hand") nextHand();
  else if (what === "start") startGame();
  else if (what === "leave") leave();
  else if (what === "copy-link") {
    const input = $("#share-link");
    input.select();
    navigator.clipboard?.writeText(input.value).catch(() => {});
    el.textContent = t("Copied");
  } else if (what === "close-hint") {
    ui.hint = null;
    draw();
  }
});

document.addEventListener("keydown", (ev) => {
  const target = ev.target;
  if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (app.dataset.state !== "table") return;
  if ($("#rules-dialog").open) return; // Esc closes the rules, and must not pass a call too
  const inHand = target && target.closest && target.closest("#hand");
  if (inHand && ["ArrowLeft", "ArrowRight", "Home", "End"].includes(ev.key)) {
    const tiles = [...document.querySelectorAll("#hand .hand-tile")];
    let i = tiles.indexOf(target);
    if (ev.key === "ArrowLeft") i = Math.max(0, i - 1);
    if (ev.key === "ArrowRight") i = Math.min(tiles.length - 1, i + 1);
    if (ev.key === "Home") i = 0;
    if (ev.key === "End") i = tiles.length - 1;
    tiles.forEach((b, j) => (b.tabIndex = j === i ? 0 : -1));
    tiles[i].focus();
    ev.preventDefault();
    return;
  }
  if (ui.frozen) return; // the result is on screen: its buttons take the keys
  const key = ev.key.toLowerCase();
  const handlers = {
    [ACTION_KEYS.win]: win,
    [ACTION_KEYS.pon]: () => actByType("pon"),
    [ACTION_KEYS.chi]: () => actByType("chi"),
    [ACTION_KEYS.kan]: () => {
      for (const k of ["kan", "ankan", "kakan"]) if (legal(k).length) return actByType(k);
      return undefined;
    },
    [ACTION_KEYS.riichi]: toggleRiichi,
    [ACTION_KEYS.pass]: pass,
    escape: pass,
    [ACTION_KEYS.hint]: hint,
    [ACTION_KEYS.tsumogiri]: () => {
      const m = ui.model;
      if (m && m.drawn) discard(m.drawn);
    },
  };
  // a key of an action the variant does not have (R outside riichi, C in Sichuan) is left alone
  const action = Object.keys(ACTION_KEYS).find((k) => ACTION_KEYS[k] === key);
  const fn = action && ui.model && !keyPlayed(ui.model.variant, action) ? null : handlers[key];
  if (fn) {
    fn();
    ev.preventDefault();
  }
});

start();
