// The score sheet page (/keep): a new sheet, then the sheet of /keep?s=<id> with its running
// totals, the entry of each hand (big buttons for a phone on the table), edit and undo. The
// sheet lives on the server (server/sheets.py); the page polls it to follow other phones live.
//
// localStorage keeps majiang.sheet.<id> = the sheet's edit key (the link to enter hands carries
// it as #key=...; the plain link shows the sheet only).

import { esc } from "./dom.js";
import { formatList, formatNumber, t } from "./i18n.js";
import { changedOptions, clearRuleRefusals, followOwnTables, optionField, ruleRefusal, showRuleRefusal } from "./options.js";
import { api as call } from "./session.js";

const $ = (sel) => document.querySelector(sel);
const meta = JSON.parse($("#keep-meta").textContent);
const WINDS = ["E", "S", "W", "N"];
const FU = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110];

let sheetId = null;
let key = null;
let view = null; // the last answer of the API: {id, version, sheet, standing}
let entry = null; // the hand being entered: {kind, riichi, winners, from, values, ...}
let editing = null; // the number of the hand being replaced (1 = the first), or null
let kept = []; // while editing: the hand's steps as they will be saved
let insertAt = 0; // while editing: where the entry's steps go among `kept`

function status(text) {
  const el = $("#keep-status");
  el.textContent = text || "";
  el.hidden = !text;
}

/** The sheets API, with the sheet's edit key when this browser has it. */
function api(path, options = {}) {
  return call(path, { ...options, headers: key ? { "X-Sheet-Key": key } : {} });
}

/** A score change with its sign, as the page's language writes numbers. */
function signed(d) {
  return `${d > 0 ? "+" : ""}${formatNumber(d)}`;
}

// ------------------------------------------------------------------ a new sheet

function showNew() {
  const form = $("#keep-new");
  form.hidden = false;
  const seats = () => meta.players[form.variant.value];
  const options = () => meta.options[form.variant.value];
  const sync = () => {
    form.querySelectorAll(".keep-name").forEach((el, i) => {
      el.hidden = i >= seats();
      el.querySelector("input").required = i < seats();
    });
    $("#keep-option-fields").innerHTML = options().map((o) => optionField(o, "ko")).join("");
  };
  form.variant.addEventListener("change", sync);
  sync();
  followOwnTables($("#keep-option-fields"));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    $("#keep-new-error").textContent = "";
    clearRuleRefusals($("#keep-option-fields"));
    const players = [...form.querySelectorAll(".keep-name input")].slice(0, seats()).map((i) => i.value.trim());
    try {
      const out = await api("/api/sheets", {
        method: "POST",
        body: {
          variant: form.variant.value,
          length: form.game_length.value,
          players,
          rules: changedOptions(options(), $("#keep-option-fields")),
        },
      });
      localStorage.setItem(`majiang.sheet.${out.id}`, out.key);
      location.href = `/keep?s=${encodeURIComponent(out.id)}`;
    } catch (err) {
      // a refused house rule is shown beside its field, in the words the field shows
      const refused = err.field === "rules" ? showRuleRefusal(options(), $("#keep-option-fields"), err.message) : null;
      if (!refused || !refused.shown) $("#keep-new-error").textContent = refused ? refused.text : err.message;
    }
  });
}

// ------------------------------------------------------------------ the sheet

function players() {
  return view.sheet.players;
}

function render() {
  const { sheet, standing } = view;
  $("#keep-sheet").hidden = false;
  $("#keep-title").textContent = `${meta.variants[sheet.variant]} · ${meta.lengths[sheet.length] || sheet.length}`;
  const n = sheet.players.length;
  const nxt = standing.next;
  if (standing.ended) {
    const reason = meta.game_ends[standing.ended] || standing.ended;
    $("#keep-next").textContent = t("Game over ({reason})", { reason });
  } else {
    // (a t() inside another's arguments is not found by the extraction: one at a time)
    const open = t("{hand} (being entered)", { hand: nxt.label });
    const parts = [
      t("Next: {hand}", { hand: standing.hand_open ? open : nxt.label }),
      t("{name} deals", { name: sheet.players[nxt.dealer] }),
    ];
    if (standing.sticks === 1) parts.push(t("1 riichi stick"));
    else if (standing.sticks) parts.push(t("{n} riichi sticks", { n: standing.sticks }));
    $("#keep-next").textContent = parts.join(" · ");
  }
  $("#keep-scores").innerHTML = sheet.players
    .map((name, seat) => {
      // the seat's wind in the next hand, or its place once the game is over
      const corner = standing.ended
        ? `<span class="wind place">${standing.placements[seat]}.</span>`
        : `<span class="wind">${WINDS[(seat - nxt.dealer + n) % n]}</span>`;
      const dealer = nxt && seat === nxt.dealer ? " dealer" : "";
      return `<div class="keep-player${dealer}" data-seat="${seat}">${corner}
<span class="name">${esc(name)}</span><span class="score" data-score="${standing.scores[seat]}">${formatNumber(standing.scores[seat])}</span></div>`;
    })
    .join("");
  const head = sheet.players.map((p) => `<th scope="col">${esc(p)}</th>`).join("");
  const editCol = key ? "<th></th>" : "";
  const words = { hand: t("Hand"), happened: t("What happened"), edit: t("Edit") };
  $("#keep-hands thead").innerHTML = `<tr><th scope="col">${esc(words.hand)}</th><th scope="col">${esc(words.happened)}</th>${head}${editCol}</tr>`;
  $("#keep-hands tbody").innerHTML = standing.rows
    .map((row) => {
      const cells = row.deltas
        .map((d, s) => `<td class="num"><span class="delta">${signed(d)}</span><br>${formatNumber(row.scores[s])}</td>`)
        .join("");
      const edit = key ? `<td><button type="button" class="edit" data-hand="${row.index + 1}">${esc(words.edit)}</button></td>` : "";
      return `<tr data-hand="${row.index + 1}"><th scope="row">${esc(row.label)}</th><td>${esc(row.text || "…")}</td>${cells}${edit}</tr>`;
    })
    .reverse()
    .join("");
  $("#keep-hands tbody").querySelectorAll("button.edit").forEach((b) =>
    b.addEventListener("click", () => startEdit(Number(b.dataset.hand))),
  );
  $("#keep-undo").hidden = !key || !standing.rows.length;
  $("#keep-share-edit").hidden = !key;
  $("#keep-csv").href = `/api/sheets/${encodeURIComponent(sheetId)}?format=csv`;
  $("#keep-payments-body").innerHTML = meta.tables[sheet.variant] || "";
  if (key && !standing.ended && !entry) newEntry();
  if (key && entry) renderEntry();
  if (standing.ended && !editing) $("#keep-entry").hidden = true;
}

// ------------------------------------------------------------------ entering a hand

function newEntry(kind = "win") {
  entry = {
    kind,
    riichi: [],
    winners: [],
    from: null,
    values: {},
    hands: {}, // winner's seat -> the hand as the calculator takes it, when entered by its tiles
    pao: {},
    ready: [],
    nagashi: [],
    readyFan: {},
    three: [],
    reason: "",
    touched: false,
  };
}

/** The sheet's options as they apply (defaults, preset and the sheet's own choices). */
function rule(name) {
  return view.rules ? view.rules[name] : undefined;
}

function toggle(list, seat) {
  const i = list.indexOf(seat);
  if (i >= 0) list.splice(i, 1);
  else list.push(seat);
}

function seatButtons(group, pressed, label) {
  const buttons = players()
    .map((p, s) => `<button type="button" class="seat" data-group="${group}" data-seat="${s}" aria-pressed="${pressed(s)}">${esc(p)}</button>`)
    .join("");
  return `<div class="keep-row" role="group" aria-label="${esc(label)}"><span class="keep-label">${esc(label)}</span>${buttons}</div>`;
}

function valueInputs(seat) {
  const unit = meta.units[view.sheet.variant];
  const v = entry.values[seat] || (entry.values[seat] = unit === "han" ? { han: "", fu: "30" } : { [unit]: "" });
  const name = esc(players()[seat]);
  const byHand = !!entry.hands[seat];
  const howText = byHand ? t("Enter the value instead") : t("Enter the tiles");
  const how = `<button type="button" class="how" data-seat="${seat}" aria-pressed="${byHand}">${esc(howText)}</button>`;
  let inputs;
  if (byHand) {
    inputs = handInputs(seat);
  } else if (unit === "han") {
    const fus = FU.map((f) => `<option${String(f) === v.fu ? " selected" : ""}>${f}</option>`).join("");
    const named = { "": "–", Y1: t("Yakuman"), Y2: t("Double yakuman") };
    const hans = ["", ...Array.from({ length: 13 }, (_, i) => String(i + 1)), "Y1", "Y2"]
      .map((h) => `<option value="${h}"${h === v.han ? " selected" : ""}>${esc(named[h] ?? h)}</option>`)
      .join("");
    const fu = t("Fu");
    inputs = `<label>${esc(meta.unit_labels.han)} <select data-value="han" data-seat="${seat}">${hans}</select></label>
<label>${esc(fu)} <select data-value="fu" data-seat="${seat}">${fus}</select></label>`;
  } else {
    inputs = `<label>${esc(meta.unit_labels[unit])} <input data-value="${unit}" data-seat="${seat}" inputmode="numeric" size="3" value="${esc(v[unit])}"></label>`;
  }
  let pao = "";
  if (rule("pao")) {
    const others = players()
      .map((p, s) => (s === seat ? "" : `<option value="${s}"${entry.pao[seat] === s ? " selected" : ""}>${esc(p)}</option>`))
      .join("");
    const liable = t("Liable (pao)");
    const nobody = t("Nobody");
    pao = `<label>${esc(liable)} <select data-pao="${seat}"><option value="">${esc(nobody)}</option>${others}</select></label>`;
  }
  return `<div class="keep-winner"><div class="keep-row"><span class="keep-label">${name}</span>${how}</div>
<div class="keep-row">${inputs}</div>${pao ? `<div class="keep-row">${pao}</div>` : ""}</div>`;
}

/** The fields of a hand entered by its tiles, in the calculator's notation. */
function handInputs(seat) {
  const h = entry.hands[seat];
  const variant = view.sheet.variant;
  const field = (name, label, hint) =>
    `<label class="keep-wide">${esc(label)} <input data-hand="${name}" data-seat="${seat}" value="${esc(h[name] || "")}" placeholder="${esc(hint)}" autocapitalize="off" spellcheck="false"></label>`;
  let out = field("hand", t("Concealed tiles, the winning tile too"), "123m456p789s11z55z");
  out += field("win_tile", t("Winning tile"), "5z");
  out += field("melds", t("Called sets"), "pon 777z, chi 123m");
  for (const [name, label] of meta.hand_fields[variant]) out += field(name, label, name === "flowers" ? "1f2f" : "3m");
  const boxes = meta.situations[variant]
    .map(
      (s) =>
        `<label class="keep-check"><input type="checkbox" data-situation="${s.id}" data-seat="${seat}"${h.situation.includes(s.id) ? " checked" : ""}> ${esc(s.label)}</label>`,
    )
    .join("");
  return `${out}<div class="keep-situations">${boxes}</div>`;
}

function renderEntry() {
  const variant = view.sheet.variant;
  const box = $("#keep-entry");
  box.hidden = false;
  const kinds = ["win", "draw"];
  if (meta.abortive[variant].length) kinds.push("abortive");
  if (variant === "sichuan") kinds.push("kong");
  const labels = { win: t("Win"), draw: t("Draw"), abortive: t("Abortive draw"), kong: t("Kong") };
  const tabs = kinds
    .map((k) => `<button type="button" class="kind" data-kind="${k}" aria-pressed="${entry.kind === k}">${esc(labels[k])}</button>`)
    .join("");
  let body = "";
  if (variant === "riichi" && entry.kind !== "kong") {
    body += seatButtons("riichi", (s) => entry.riichi.includes(s), t("Riichi"));
  }
  if (entry.kind === "win") {
    body += seatButtons("winner", (s) => entry.winners.includes(s), t("Winner"));
    const selfDrawn = t("Self-drawn");
    const self = `<button type="button" class="seat" data-group="from" data-seat="self" aria-pressed="${entry.from === "self"}">${esc(selfDrawn)}</button>`;
    body += seatButtons("from", (s) => entry.from === s, t("From")).replace("</div>", `${self}</div>`);
    body += entry.winners.map(valueInputs).join("");
  } else if (entry.kind === "draw") {
    if (variant === "sichuan") {
      const readyFan = t("Ready, fan");
      body += players()
        .map((p, s) => `<div class="keep-row"><span class="keep-label">${esc(p)}</span><label>${esc(readyFan)} <input data-fan="${s}" inputmode="numeric" size="2" value="${esc(entry.readyFan[s] ?? "")}"></label></div>`)
        .join("");
      body += seatButtons("three", (s) => entry.three.includes(s), t("Three suits"));
    } else {
      body += seatButtons("ready", (s) => entry.ready.includes(s), t("Ready"));
      if (rule("nagashi_mangan")) body += seatButtons("nagashi", (s) => entry.nagashi.includes(s), t("Nagashi mangan"));
    }
  } else if (entry.kind === "abortive") {
    const opts = meta.abortive[variant].map((r) => `<option value="${r}"${r === entry.reason ? " selected" : ""}>${esc(meta.reasons[r] || r)}</option>`).join("");
    const reason = t("Reason");
    body += `<div class="keep-row"><label>${esc(reason)} <select id="keep-reason">${opts}</select></label></div>`;
  } else if (entry.kind === "kong") {
    body += seatButtons("konger", (s) => entry.konger === s, t("Kong by"));
    body += seatButtons("kongfrom", (s) => entry.kongFrom === s, t("Claimed from"));
    const w = { or: t("Or"), added: t("Added to own pung"), neither: t("(neither: concealed)") };
    body += `<div class="keep-row"><span class="keep-label">${esc(w.or)}</span><button type="button" id="keep-kakan" aria-pressed="${!!entry.kongAdded}">${esc(w.added)}</button>
<span class="muted">${esc(w.neither)}</span></div>`;
  }
  let title = t("Enter the hand");
  let saveLabel = t("Enter");
  let extra = "";
  let listing = "";
  if (editing) {
    title = t("Change hand {n}", { n: editing });
    saveLabel = t("Save hand");
    const w = {
      add: t("Add to the hand"),
      cancel: t("Cancel"),
      change: t("Change"),
      here: t("The entry below goes here"),
      remove: t("Remove"),
      listed: t("The hand as entered"),
    };
    extra = `<button type="button" id="keep-add" class="big">${esc(w.add)}</button><button type="button" id="keep-cancel" class="big">${esc(w.cancel)}</button>`;
    const items = kept
      .map((step, i) => {
        const change = step.type === "riichi" ? "" : `<button type="button" class="step-change" data-step="${i}">${esc(w.change)}</button>`;
        const here = i === insertAt ? `<li class="step-here">${esc(w.here)}</li>` : "";
        return `${here}<li data-step="${i}"><span>${esc(stepText(step))}</span>${change}<button type="button" class="step-remove" data-step="${i}">${esc(w.remove)}</button></li>`;
      })
      .join("");
    const last = insertAt === kept.length && kept.length ? `<li class="step-here">${esc(w.here)}</li>` : "";
    listing = `<ol class="keep-steps" aria-label="${esc(w.listed)}">${items}${last}</ol>`;
  }
  box.innerHTML = `<h3>${esc(title)}</h3>${listing}<div class="keep-row kinds">${tabs}</div>${body}
<p class="error" id="keep-error" role="alert"></p>
<div class="buttons"><button type="button" id="keep-save" class="primary big">${esc(saveLabel)}</button>${extra}</div>`;
  box.querySelectorAll("button.kind").forEach((b) =>
    b.addEventListener("click", () => {
      const riichi = entry.riichi;
      newEntry(b.dataset.kind);
      entry.riichi = riichi;
      renderEntry();
    }),
  );
  box.querySelectorAll("button.seat").forEach((b) =>
    b.addEventListener("click", () => {
      const seat = b.dataset.seat === "self" ? "self" : Number(b.dataset.seat);
      const g = b.dataset.group;
      if (g === "riichi") toggle(entry.riichi, seat);
      else if (g === "winner") toggle(entry.winners, seat);
      else if (g === "from") entry.from = entry.from === seat ? null : seat;
      else if (g === "ready") toggle(entry.ready, seat);
      else if (g === "nagashi") toggle(entry.nagashi, seat);
      else if (g === "three") toggle(entry.three, seat);
      else if (g === "konger") entry.konger = seat;
      else if (g === "kongfrom") {
        entry.kongFrom = entry.kongFrom === seat ? null : seat;
        entry.kongAdded = false;
      }
      renderEntry();
    }),
  );
  box.querySelectorAll("[data-value]").forEach((el) =>
    el.addEventListener("change", () => {
      entry.values[el.dataset.seat][el.dataset.value] = el.value;
    }),
  );
  box.querySelectorAll("button.how").forEach((b) =>
    b.addEventListener("click", () => {
      const seat = Number(b.dataset.seat);
      if (entry.hands[seat]) delete entry.hands[seat];
      else entry.hands[seat] = { situation: [] };
      renderEntry();
    }),
  );
  box.querySelectorAll("[data-hand]").forEach((el) =>
    el.addEventListener("change", () => {
      entry.hands[el.dataset.seat][el.dataset.hand] = el.value.trim();
    }),
  );
  box.querySelectorAll("[data-situation]").forEach((el) =>
    el.addEventListener("change", () => {
      const list = entry.hands[el.dataset.seat].situation;
      toggle(list, el.dataset.situation);
    }),
  );
  box.querySelectorAll("[data-pao]").forEach((el) =>
    el.addEventListener("change", () => {
      entry.pao[el.dataset.pao] = el.value === "" ? null : Number(el.value);
    }),
  );
  box.querySelectorAll("button.step-remove").forEach((b) =>
    b.addEventListener("click", () => {
      const i = Number(b.dataset.step);
      kept.splice(i, 1);
      if (insertAt > i) insertAt -= 1;
      renderEntry();
    }),
  );
  box.querySelectorAll("button.step-change").forEach((b) =>
    b.addEventListener("click", () => {
      let i = Number(b.dataset.step);
      const back = putBack();
      if (back === null) return;
      if (i >= insertAt - back) i += back; // the entry's steps went in before it
      const [step] = kept.splice(i, 1);
      insertAt = i;
      loadStep(step);
      renderEntry();
    }),
  );
  const add = $("#keep-add");
  if (add) add.addEventListener("click", () => {
    if (putBack() === null) return;
    newEntry();
    renderEntry();
  });
  box.querySelectorAll("[data-fan]").forEach((el) =>
    el.addEventListener("change", () => {
      entry.readyFan[el.dataset.fan] = el.value;
    }),
  );
  const kakan = $("#keep-kakan");
  if (kakan) kakan.addEventListener("click", () => {
    entry.kongAdded = !entry.kongAdded;
    if (entry.kongAdded) entry.kongFrom = null;
    renderEntry();
  });
  const reason = $("#keep-reason");
  if (reason) reason.addEventListener("change", () => (entry.reason = reason.value));
  $("#keep-save").addEventListener("click", save);
  if (editing) $("#keep-cancel").addEventListener("click", () => {
    editing = null;
    newEntry();
    render();
  });
}

function winnerValue(seat) {
  const pao = entry.pao[seat] === undefined || entry.pao[seat] === null ? {} : { pao: entry.pao[seat] };
  const h = entry.hands[seat];
  if (h) {
    if (!h.hand || !h.win_tile) {
      throw new Error(t("{name}: enter the concealed tiles and the winning tile", { name: players()[seat] }));
    }
    const request = {};
    for (const [k, v] of Object.entries(h)) if (v && v.length) request[k] = v;
    return { request, ...pao };
  }
  return { ...pao, ...winnerNumbers(seat) };
}

function winnerNumbers(seat) {
  const unit = meta.units[view.sheet.variant];
  const v = entry.values[seat] || {};
  if (unit !== "han") return { [unit]: Number(v[unit]) };
  if (String(v.han).startsWith("Y")) return { yakuman: Number(v.han.slice(1)) };
  return { han: Number(v.han), fu: Number(v.fu) };
}

function steps() {
  const out = entry.kind === "kong" ? [] : entry.riichi.map((s) => ({ type: "riichi", player: s }));
  if (entry.kind === "win") {
    if (!entry.winners.length) throw new Error(t("choose the winner"));
    if (entry.from === null) throw new Error(t("choose who dealt in, or self-drawn"));
    out.push({
      type: "win",
      from: entry.from === "self" ? null : entry.from,
      wins: entry.winners.map((s) => ({ player: s, ...winnerValue(s) })),
    });
  } else if (entry.kind === "draw") {
    const fans = {};
    for (const [s, f] of Object.entries(entry.readyFan)) if (f !== "") fans[s] = Number(f);
    out.push(
      view.sheet.variant === "sichuan"
        ? { type: "draw", ready_fan: fans, three_suits: entry.three }
        : { type: "draw", ready: entry.ready, nagashi: entry.nagashi },
    );
  } else if (entry.kind === "abortive") {
    out.push({ type: "abortive", reason: entry.reason || meta.abortive[view.sheet.variant][0] });
  } else {
    if (entry.konger === undefined) throw new Error(t("choose who made the kong"));
    const claimed = entry.kongFrom !== undefined && entry.kongFrom !== null;
    const kongKind = claimed ? "kan" : entry.kongAdded ? "kakan" : "ankan";
    out.push({ type: "kong", player: entry.konger, kind: kongKind, from: claimed ? entry.kongFrom : null });
  }
  return out;
}

/** A refusal of the server about the sheet's hands in player words: the house rules (and the
 *  abortive draws) it names by key as the new-sheet form shows them (`ruleRefusal`). */
const sayRefusal = (err) => ruleRefusal(meta.options[view.sheet.variant] || [], err.message, meta.reasons).text;

async function save() {
  let body;
  try {
    if (!editing) body = steps();
    else if (!entry.touched) body = kept; // the entry was left alone: the hand as listed
    else body = [...kept.slice(0, insertAt), ...steps(), ...kept.slice(insertAt)];
  } catch (err) {
    $("#keep-error").textContent = sayRefusal(err);
    return;
  }
  try {
    const path = `/api/sheets/${encodeURIComponent(sheetId)}`;
    view = editing
      ? await api(`${path}/hands/${editing}`, { method: "PUT", body: { steps: body } })
      : await api(`${path}/hands`, { method: "POST", body: { steps: body } });
    editing = null;
    newEntry();
    render();
  } catch (err) {
    $("#keep-error").textContent = sayRefusal(err);
  }
}

function startEdit(number) {
  editing = number;
  kept = JSON.parse(JSON.stringify(view.sheet.hands[number - 1] || []));
  // the step that ended the hand comes into the entry to be changed; the rest stay listed
  const last = kept.length && kept[kept.length - 1].type !== "kong" ? kept.pop() : null;
  insertAt = kept.length;
  newEntry();
  if (last) loadStep(last);
  render();
  $("#keep-entry").scrollIntoView({ block: "start" });
}

/** Put the entry's steps (if it was used) back among `kept` at `insertAt`; return how many went
 * in, or null (and say why) when the entry is incomplete. */
function putBack() {
  if (!entry.touched) return 0;
  try {
    const more = steps();
    kept.splice(insertAt, 0, ...more);
    insertAt += more.length;
    newEntry();
    return more.length;
  } catch (err) {
    $("#keep-error").textContent = sayRefusal(err);
    return null;
  }
}

/** Fill the entry with one stored step, to be changed and put back. */
function loadStep(step) {
  newEntry(step.type === "abortive" ? "abortive" : step.type);
  entry.touched = true;
  const unit = meta.units[view.sheet.variant];
  if (step.type === "win") {
    entry.from = step.from === null ? "self" : step.from;
    for (const w of step.wins) {
      entry.winners.push(w.player);
      if (w.pao !== undefined && w.pao !== null) entry.pao[w.player] = w.pao;
      if (w.request) {
        entry.hands[w.player] = { situation: [], ...w.request };
        for (const k of ["melds", "dora_indicators", "ura_indicators", "flowers", "situation"]) {
          if (Array.isArray(w.request[k]) && k !== "situation") entry.hands[w.player][k] = w.request[k].join(k === "melds" ? ", " : "");
        }
      } else {
        entry.values[w.player] =
          unit === "han" ? { han: w.yakuman ? `Y${w.yakuman}` : String(w.han ?? ""), fu: String(w.fu ?? 30) } : { [unit]: String(w[unit] ?? "") };
      }
    }
  } else if (step.type === "draw") {
    entry.ready = [...(step.ready || [])];
    entry.nagashi = [...(step.nagashi || [])];
    entry.three = [...(step.three_suits || [])];
    entry.readyFan = { ...(step.ready_fan || {}) };
  } else if (step.type === "abortive") {
    entry.reason = step.reason;
  } else if (step.type === "kong") {
    entry.konger = step.player;
    entry.kongFrom = step.kind === "kan" ? step.from : null;
    entry.kongAdded = step.kind === "kakan";
  }
}

/** One stored step in words. */
function stepText(step) {
  const p = players();
  if (step.type === "riichi") return t("{name} declared riichi", { name: p[step.player] });
  if (step.type === "kong") {
    let how = t("concealed");
    if (step.kind === "kan") how = t("claimed from {name}", { name: p[step.from] });
    else if (step.kind === "kakan") how = t("added to a pung");
    return t("{name}: kong, {how}", { name: p[step.player], how });
  }
  if (step.type === "win") {
    const unit = meta.units[view.sheet.variant];
    const winners = step.wins.map((w) => {
      let value;
      if (w.request) value = t("by the tiles");
      else if (w.yakuman) value = t("yakuman");
      else if (w.han !== undefined && w.han !== null) value = t("{han} han {fu} fu", { han: w.han, fu: w.fu });
      else value = `${w.fan ?? w.tai} ${meta.unit_words[unit] || unit}`;
      return t("{name} ({value})", { name: p[w.player], value });
    });
    const who = formatList(winners);
    if (step.from === null) return t("Win self-drawn: {winners}", { winners: who });
    return t("Win from {name}: {winners}", { name: p[step.from], winners: who });
  }
  if (step.type === "draw") {
    const ready = formatList((step.ready || []).map((s) => p[s])) || t("nobody");
    return t("Draw, ready: {ready}", { ready });
  }
  return t("Abortive draw: {reason}", { reason: meta.reasons[step.reason] || step.reason });
}

async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = t("Copied");
  } catch {
    window.prompt(t("Copy this link"), text);
  }
}

async function refresh() {
  if (document.hidden || !sheetId) return;
  try {
    const fresh = await api(`/api/sheets/${encodeURIComponent(sheetId)}`);
    if (!view || fresh.version !== view.version) {
      view = fresh;
      render();
    }
  } catch {
    // keep showing the last sheet seen; the next poll tries again
  }
}

async function init() {
  const params = new URLSearchParams(location.search);
  sheetId = params.get("s");
  if (!sheetId) {
    showNew();
    return;
  }
  const hashKey = new URLSearchParams(location.hash.slice(1)).get("key");
  if (hashKey) {
    localStorage.setItem(`majiang.sheet.${sheetId}`, hashKey);
    history.replaceState(null, "", `/keep?s=${encodeURIComponent(sheetId)}`);
  }
  key = localStorage.getItem(`majiang.sheet.${sheetId}`);
  try {
    view = await api(`/api/sheets/${encodeURIComponent(sheetId)}`);
  } catch (err) {
    status(t("This sheet could not be loaded: {error}", { error: err.message }));
    return;
  }
  render();
  // a choice made in the entry (not the buttons that save, add or list) means it is to be saved
  const box = $("#keep-entry");
  box.addEventListener("click", (ev) => {
    if (entry && ev.target.closest("button.seat, button.kind, button.how, #keep-kakan")) entry.touched = true;
  });
  box.addEventListener("change", () => entry && (entry.touched = true));
  $("#keep-undo").addEventListener("click", async () => {
    try {
      view = await api(`/api/sheets/${encodeURIComponent(sheetId)}/undo`, { method: "POST" });
      editing = null;
      newEntry();
      render();
    } catch (err) {
      status(err.message);
    }
  });
  const link = `${location.origin}/keep?s=${encodeURIComponent(sheetId)}`;
  $("#keep-share").addEventListener("click", (ev) => copy(link, ev.currentTarget));
  $("#keep-share-edit").addEventListener("click", (ev) => copy(`${link}#key=${key}`, ev.currentTarget));
  setInterval(refresh, 4000);
  document.addEventListener("visibilitychange", refresh);
  document.body.dataset.keepReady = "true";
}

init();
