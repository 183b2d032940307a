// The score sheet page (/keep): a new sheet, then the sheet of /keep?s=<id> with its running
// totals, the entry of each hand (big buttons for a phone on the table), edit and undo. The
// sheet lives on the server (server/sheets.py); the page polls it to follow other phones live.
//
// localStorage keeps majiang.sheet.<id> = the sheet's edit key (the link to enter hands carries
// it as #key=...; the plain link shows the sheet only).

const $ = (sel) => document.querySelector(sel);
const meta = JSON.parse($("#keep-meta").textContent);
const WINDS = ["E", "S", "W", "N"];
const FU = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110];

let sheetId = null;
let key = null;
let view = null; // the last answer of the API: {id, version, sheet, standing}
let entry = null; // the hand being entered: {kind, riichi, winners, from, values, ...}
let editing = null; // the number of the hand being replaced (1 = the first), or null

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function status(text) {
  const el = $("#keep-status");
  el.textContent = text || "";
  el.hidden = !text;
}

async function api(path, { method = "GET", body } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (key) headers["X-Sheet-Key"] = key;
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try {
    data = await r.json();
  } catch {
    data = null;
  }
  if (!r.ok) {
    const detail = data && (data.error || data.detail);
    const err = new Error(typeof detail === "string" ? detail : `${r.status} ${r.statusText}`);
    err.field = data && data.field;
    throw err;
  }
  return data;
}

// ------------------------------------------------------------------ a new sheet

function showNew() {
  const form = $("#keep-new");
  form.hidden = false;
  const seats = () => meta.players[form.variant.value];
  const sync = () => {
    form.querySelectorAll(".keep-name").forEach((el, i) => {
      el.hidden = i >= seats();
      el.querySelector("input").required = i < seats();
    });
  };
  form.variant.addEventListener("change", sync);
  sync();
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const players = [...form.querySelectorAll(".keep-name input")].slice(0, seats()).map((i) => i.value.trim());
    try {
      const out = await api("/api/sheets", {
        method: "POST",
        body: { variant: form.variant.value, length: form.game_length.value, players },
      });
      localStorage.setItem(`majiang.sheet.${out.id}`, out.key);
      location.href = `/keep?s=${encodeURIComponent(out.id)}`;
    } catch (err) {
      $("#keep-new-error").textContent = err.message;
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
    $("#keep-next").textContent = `Game over (${standing.ended})`;
  } else {
    const sticks = standing.sticks ? ` · ${standing.sticks} riichi stick${standing.sticks > 1 ? "s" : ""}` : "";
    const open = standing.hand_open ? " (being entered)" : "";
    $("#keep-next").textContent = `Next: ${nxt.label}${open} · ${sheet.players[nxt.dealer]} deals${sticks}`;
  }
  $("#keep-scores").innerHTML = sheet.players
    .map((name, seat) => {
      // the seat's wind in the next hand, or its place once the game is over
      const corner = standing.ended
        ? `<span class="wind place">${standing.placements[seat]}.</span>`
        : `<span class="wind">${WINDS[(seat - nxt.dealer + n) % n]}</span>`;
      const dealer = nxt && seat === nxt.dealer ? " dealer" : "";
      return `<div class="keep-player${dealer}" data-seat="${seat}">${corner}
<span class="name">${esc(name)}</span><span class="score" data-score="${standing.scores[seat]}">${standing.scores[seat]}</span></div>`;
    })
    .join("");
  const head = sheet.players.map((p) => `<th scope="col">${esc(p)}</th>`).join("");
  const editCol = key ? "<th></th>" : "";
  $("#keep-hands thead").innerHTML = `<tr><th scope="col">Hand</th><th scope="col">What happened</th>${head}${editCol}</tr>`;
  $("#keep-hands tbody").innerHTML = standing.rows
    .map((row) => {
      const cells = row.deltas
        .map((d, s) => `<td class="num"><span class="delta">${d > 0 ? "+" : ""}${d}</span><br>${row.scores[s]}</td>`)
        .join("");
      const edit = key ? `<td><button type="button" class="edit" data-hand="${row.index + 1}">Edit</button></td>` : "";
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
  entry = { kind, riichi: [], winners: [], from: null, values: {}, ready: [], readyFan: {}, three: [], reason: "", pao: {} };
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
  if (unit === "han") {
    const fus = FU.map((f) => `<option${String(f) === v.fu ? " selected" : ""}>${f}</option>`).join("");
    const hans = ["", ...Array.from({ length: 13 }, (_, i) => String(i + 1)), "Y1", "Y2"]
      .map((h) => `<option value="${h}"${h === v.han ? " selected" : ""}>${h.startsWith("Y") ? (h === "Y1" ? "Yakuman" : "Double yakuman") : h || "han"}</option>`)
      .join("");
    return `<div class="keep-row"><span class="keep-label">${name}</span>
<label>Han <select data-value="han" data-seat="${seat}">${hans}</select></label>
<label>Fu <select data-value="fu" data-seat="${seat}">${fus}</select></label></div>`;
  }
  return `<div class="keep-row"><span class="keep-label">${name}</span>
<label>${unit} <input data-value="${unit}" data-seat="${seat}" inputmode="numeric" size="3" value="${esc(v[unit])}"></label></div>`;
}

function renderEntry() {
  const variant = view.sheet.variant;
  const box = $("#keep-entry");
  box.hidden = false;
  const kinds = ["win", "draw"];
  if (meta.abortive[variant].length) kinds.push("abortive");
  if (variant === "sichuan") kinds.push("kong");
  const labels = { win: "Win", draw: "Draw", abortive: "Abortive draw", kong: "Kong" };
  const tabs = kinds
    .map((k) => `<button type="button" class="kind" data-kind="${k}" aria-pressed="${entry.kind === k}">${labels[k]}</button>`)
    .join("");
  let body = "";
  if (variant === "riichi" && entry.kind !== "kong") {
    body += seatButtons("riichi", (s) => entry.riichi.includes(s), "Riichi");
  }
  if (entry.kind === "win") {
    body += seatButtons("winner", (s) => entry.winners.includes(s), "Winner");
    const self = `<button type="button" class="seat" data-group="from" data-seat="self" aria-pressed="${entry.from === "self"}">Self-drawn</button>`;
    body += seatButtons("from", (s) => entry.from === s, "From").replace("</div>", `${self}</div>`);
    body += entry.winners.map(valueInputs).join("");
  } else if (entry.kind === "draw") {
    if (variant === "sichuan") {
      body += players()
        .map((p, s) => `<div class="keep-row"><span class="keep-label">${esc(p)}</span><label>Ready, fan <input data-fan="${s}" inputmode="numeric" size="2" value="${esc(entry.readyFan[s] ?? "")}"></label></div>`)
        .join("");
      body += seatButtons("three", (s) => entry.three.includes(s), "Three suits");
    } else {
      body += seatButtons("ready", (s) => entry.ready.includes(s), "Ready");
    }
  } else if (entry.kind === "abortive") {
    const opts = meta.abortive[variant].map((r) => `<option value="${r}"${r === entry.reason ? " selected" : ""}>${r.replace(/_/g, " ")}</option>`).join("");
    body += `<div class="keep-row"><label>Reason <select id="keep-reason">${opts}</select></label></div>`;
  } else if (entry.kind === "kong") {
    body += seatButtons("konger", (s) => entry.konger === s, "Kong by");
    body += seatButtons("kongfrom", (s) => entry.kongFrom === s, "Claimed from");
    body += `<div class="keep-row"><span class="keep-label">Or</span><button type="button" id="keep-kakan" aria-pressed="${!!entry.kongAdded}">Added to own pung</button>
<span class="muted">(neither: concealed)</span></div>`;
  }
  const title = editing ? `Replace hand ${editing}` : "Enter the hand";
  const cancel = editing ? `<button type="button" id="keep-cancel" class="big">Cancel</button>` : "";
  box.innerHTML = `<h3>${title}</h3><div class="keep-row kinds">${tabs}</div>${body}
<p class="error" id="keep-error" role="alert"></p>
<div class="buttons"><button type="button" id="keep-save" class="primary big">${editing ? "Save hand" : "Enter"}</button>${cancel}</div>`;
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
  if (cancel) $("#keep-cancel").addEventListener("click", () => {
    editing = null;
    newEntry();
    render();
  });
}

function winnerValue(seat) {
  const unit = meta.units[view.sheet.variant];
  const v = entry.values[seat] || {};
  if (unit !== "han") return { [unit]: Number(v[unit]) };
  if (String(v.han).startsWith("Y")) return { yakuman: Number(v.han.slice(1)) };
  return { han: Number(v.han), fu: Number(v.fu) };
}

function steps() {
  const out = entry.kind === "kong" ? [] : entry.riichi.map((s) => ({ type: "riichi", player: s }));
  if (entry.kind === "win") {
    if (!entry.winners.length) throw new Error("choose the winner");
    if (entry.from === null) throw new Error("choose who dealt in, or self-drawn");
    out.push({
      type: "win",
      from: entry.from === "self" ? null : entry.from,
      wins: entry.winners.map((s) => ({ player: s, ...winnerValue(s) })),
    });
  } else if (entry.kind === "draw") {
    const fans = {};
    for (const [s, f] of Object.entries(entry.readyFan)) if (f !== "") fans[s] = Number(f);
    out.push(view.sheet.variant === "sichuan" ? { type: "draw", ready_fan: fans, three_suits: entry.three } : { type: "draw", ready: entry.ready });
  } else if (entry.kind === "abortive") {
    out.push({ type: "abortive", reason: entry.reason || meta.abortive[view.sheet.variant][0] });
  } else {
    if (entry.konger === undefined) throw new Error("choose who made the kong");
    const claimed = entry.kongFrom !== undefined && entry.kongFrom !== null;
    const kongKind = claimed ? "kan" : entry.kongAdded ? "kakan" : "ankan";
    out.push({ type: "kong", player: entry.konger, kind: kongKind, from: claimed ? entry.kongFrom : null });
  }
  return out;
}

async function save() {
  let body;
  try {
    body = steps();
  } catch (err) {
    $("#keep-error").textContent = err.message;
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
    $("#keep-error").textContent = err.message;
  }
}

function startEdit(number) {
  editing = number;
  newEntry();
  const hand = view.sheet.hands[number - 1] || [];
  for (const step of hand) {
    if (step.type === "riichi") entry.riichi.push(step.player);
    else if (step.type === "win") {
      entry.kind = "win";
      entry.from = step.from === null ? "self" : step.from;
      for (const w of step.wins) {
        entry.winners.push(w.player);
        const unit = meta.units[view.sheet.variant];
        entry.values[w.player] =
          unit === "han" ? { han: w.yakuman ? `Y${w.yakuman}` : String(w.han ?? ""), fu: String(w.fu ?? 30) } : { [unit]: String(w[unit] ?? "") };
      }
    } else if (step.type === "draw") {
      entry.kind = "draw";
      entry.ready = [...step.ready];
      entry.three = [...(step.three_suits || [])];
      entry.readyFan = { ...(step.ready_fan || {}) };
    } else if (step.type === "abortive") {
      entry.kind = "abortive";
      entry.reason = step.reason;
    }
  }
  render();
  $("#keep-entry").scrollIntoView({ block: "start" });
}

async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = "Copied";
  } catch {
    window.prompt("Copy this link", text);
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
    status(`This sheet could not be loaded: ${err.message}`);
    return;
  }
  render();
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
