// The calculator: builds a scoring-contract request from the form, posts it to /api/score,
// shows the breakdown, and keeps the request in the page's address (#r=...) so a link
// restores the same hand. Errors (422 {"error", "field"}) appear next to their field.

import { esc, html } from "./dom.js";
import { limitWord } from "./limits.js";
import { changedOptions, followOwnTables, ruleRefusal, setOptionValue, showRuleRefusal } from "./options.js";
import { formatNumber, language, t } from "./i18n.js";
import { formatTiles, parseMeld, parseTiles, tilesOrEmpty } from "./notation.js";
import { handHtml, meldHtml, tileSvg } from "./tiles.js";

const form = document.getElementById("calc");
const meta = JSON.parse(document.getElementById("meta").textContent);
const resultBox = document.getElementById("result");
const palette = form.querySelector(".palette");
const buttons = [...palette.querySelectorAll(".tile-btn")];
const meldList = document.getElementById("meld-list");
const melds = []; // strings like "pon 777z from=2"

const WINDS = { E: t("East"), S: t("South"), W: t("West"), N: t("North") };
const input = (name) => form.elements.namedItem(name);

// ---- entering tiles ----------------------------------------------------------------------

function target() {
  return form.querySelector('input[name="target"]:checked').value;
}

const COPIES = { pon: 3, kan: 4, ankan: 4, kakan: 4 };

function addTile(tile) {
  const where = target();
  if (where === "meld") {
    const box = document.getElementById("meld-tiles");
    const kind = document.getElementById("meld-kind").value;
    const copies = COPIES[kind];
    const now = tilesOrEmpty(box.value);
    box.value = copies ? formatTiles(Array(copies).fill(tile)) : formatTiles([...now, tile].slice(-3));
    return;
  }
  const box = input(where);
  if (where === "win_tile") {
    box.value = tile;
  } else {
    box.value = formatTiles([...tilesOrEmpty(box.value), tile]);
  }
  refreshPreview(where);
}

function removeLast() {
  const where = target();
  const box = where === "meld" ? document.getElementById("meld-tiles") : input(where);
  box.value = formatTiles(tilesOrEmpty(box.value).slice(0, -1));
  if (where !== "meld") refreshPreview(where);
}

function refreshPreview(name) {
  const slot = form.querySelector(`[data-preview-for="${name}"]`);
  if (!slot) return;
  const tiles = tilesOrEmpty(input(name).value);
  slot.innerHTML = tiles.map((t) => tileSvg(t)).join("");
  if (name === "hand") refreshCount();
}

/** "11 tiles + 1 meld: 14 of 14": a kong counts 3, as in a winning hand. */
function refreshCount() {
  const box = document.getElementById("hand-count");
  const n = tilesOrEmpty(input("hand").value).filter((t) => t[1] !== "f").length;
  const need = meta.hand_size + 1;
  const have = n + 3 * melds.length;
  const tiles = n === 1 ? t("1 tile") : t("{n} tiles", { n });
  const count = { tiles, have, need };
  if (!melds.length) box.textContent = t("{tiles}: {have} of {need}", count);
  else {
    count.melds = melds.length === 1 ? t("1 meld") : t("{n} melds", { n: melds.length });
    box.textContent = t("{tiles} + {melds}: {have} of {need}", count);
  }
  box.classList.toggle("complete", have === need);
}

palette.addEventListener("click", (e) => {
  const b = e.target.closest(".tile-btn");
  if (!b) return;
  focusTile(buttons.indexOf(b));
  addTile(b.dataset.tile);
});

// Keyboard: one tab stop for the palette; arrows move, Enter or Space adds, Backspace removes.
function focusTile(i) {
  const n = Math.max(0, Math.min(buttons.length - 1, i));
  buttons.forEach((b, j) => (b.tabIndex = j === n ? 0 : -1));
  buttons[n].focus();
}
buttons[0].tabIndex = 0;

function rowOf(b) {
  return [...b.parentElement.children];
}

palette.addEventListener("keydown", (e) => {
  const b = e.target.closest(".tile-btn");
  if (!b) return;
  const i = buttons.indexOf(b);
  const row = rowOf(b);
  const col = row.indexOf(b);
  const rows = [...palette.querySelectorAll(".palette-row")];
  const r = rows.indexOf(b.parentElement);
  const moves = {
    ArrowRight: () => focusTile(i + 1),
    ArrowLeft: () => focusTile(i - 1),
    Home: () => focusTile(0),
    End: () => focusTile(buttons.length - 1),
    ArrowDown: () => {
      const next = rows[r + 1];
      if (next) focusTile(buttons.indexOf(next.children[Math.min(col, next.children.length - 1)]));
    },
    ArrowUp: () => {
      const prev = rows[r - 1];
      if (prev) focusTile(buttons.indexOf(prev.children[Math.min(col, prev.children.length - 1)]));
    },
    Backspace: removeLast,
    Delete: removeLast,
  };
  if (moves[e.key]) {
    e.preventDefault();
    moves[e.key]();
  }
});

document.getElementById("undo").addEventListener("click", removeLast);
document.getElementById("clear").addEventListener("click", () => {
  for (const name of ["hand", "win_tile", "flowers", "dora_indicators", "ura_indicators"]) {
    if (input(name)) {
      input(name).value = "";
      refreshPreview(name);
    }
  }
  melds.length = 0;
  renderMelds();
  resultBox.innerHTML = "";
  clearErrors();
});

for (const name of ["hand", "win_tile", "flowers", "dora_indicators", "ura_indicators"]) {
  if (input(name)) input(name).addEventListener("input", () => refreshPreview(name));
}

// ---- melds ---------------------------------------------------------------------------------

function renderMelds() {
  refreshCount();
  meldList.innerHTML = melds
    .map((m, i) => {
      const parsed = parseMeld(m);
      const tiles = parsed ? meldHtml(parsed) : "";
      const label = t("Remove meld {meld}", { meld: m });
      const remove = t("Remove");
      return `<li>${tiles} <code>${esc(m)}</code>
        <button type="button" data-remove="${i}" aria-label="${esc(label)}">${esc(remove)}</button></li>`;
    })
    .join("");
}

function addMeld() {
  const kind = document.getElementById("meld-kind").value;
  const tiles = document.getElementById("meld-tiles");
  const from = document.getElementById("meld-from").value;
  if (!tiles.value.trim()) {
    tiles.focus();
    return;
  }
  melds.push(`${kind} ${tiles.value.trim()}${from ? ` from=${from}` : ""}`);
  tiles.value = "";
  renderMelds();
}

document.getElementById("add-meld").addEventListener("click", addMeld);
document.getElementById("meld-tiles").addEventListener("keydown", (e) => {
  if (e.key === "Enter") {
    e.preventDefault();
    addMeld();
  }
});
meldList.addEventListener("click", (e) => {
  const b = e.target.closest("[data-remove]");
  if (!b) return;
  melds.splice(Number(b.dataset.remove), 1);
  renderMelds();
  document.getElementById("meld-tiles").focus();
});

// ---- the request ---------------------------------------------------------------------------

function numberField(name) {
  const raw = input(name).value.trim();
  const n = Number(raw);
  return raw !== "" && Number.isInteger(n) ? n : raw;
}

/** The scoring-contract request the form describes (only what differs from the defaults). */
export function buildRequest() {
  const hand = input("hand").value.trim();
  const req = { variant: meta.variant, hand };
  let win = input("win_tile").value.trim();
  if (!win) {
    const tiles = tilesOrEmpty(hand);
    win = tiles.length ? tiles[tiles.length - 1] : "";
  }
  req.win_tile = win;
  req.win = form.querySelector('input[name="win"]:checked').value;
  req.seat_wind = input("seat_wind").value;
  if (input("round_wind")) req.round_wind = input("round_wind").value;
  if (req.win === "ron" && input("discarder").value) req.discarder = input("discarder").value;
  if (melds.length) req.melds = [...melds];
  const situation = [...form.querySelectorAll('input[name="situation"]:checked')].map((c) => c.value);
  if (situation.length) req.situation = situation;
  for (const f of ["flowers", "dora_indicators", "ura_indicators"]) {
    if (input(f) && input(f).value.trim()) req[f] = input(f).value.trim();
  }
  for (const [f, dflt] of [["honba", 0], ["riichi_sticks", 0], ["dealer_streak", 0], ["players_in_hand", 3]]) {
    if (input(f) && numberField(f) !== dflt) req[f] = numberField(f);
  }
  if (input("liable") && input("liable").value) req.liable = input("liable").value;
  const rules = changedOptions(meta.options, form);
  if (Object.keys(rules).length) req.rules = rules;
  return req;
}

/** Fill the form from a request (the inverse of buildRequest). */
export function fillForm(req) {
  input("hand").value = req.hand || "";
  const tiles = tilesOrEmpty(req.hand || "");
  const last = tiles.length ? tiles[tiles.length - 1] : "";
  input("win_tile").value = req.win_tile && req.win_tile !== last ? req.win_tile : "";
  form.querySelector(`input[name="win"][value="${req.win === "tsumo" ? "tsumo" : "ron"}"]`).checked = true;
  input("seat_wind").value = req.seat_wind || "E";
  if (input("round_wind")) input("round_wind").value = req.round_wind || "E";
  input("discarder").value = req.discarder || "";
  melds.length = 0;
  const given = Array.isArray(req.melds) ? req.melds : req.melds ? String(req.melds).split(",") : [];
  for (const m of given) if (String(m).trim()) melds.push(String(m).trim());
  renderMelds();
  const situation = new Set(req.situation || []);
  for (const c of form.querySelectorAll('input[name="situation"]')) c.checked = situation.has(c.value);
  for (const f of ["flowers", "dora_indicators", "ura_indicators"]) {
    if (input(f)) input(f).value = req[f] || "";
  }
  for (const [f, dflt] of [["honba", 0], ["riichi_sticks", 0], ["dealer_streak", 0], ["players_in_hand", 3]]) {
    if (input(f)) input(f).value = req[f] ?? dflt;
  }
  if (input("liable")) input("liable").value = req.liable || "";
  const rules = req.rules || {};
  for (const opt of meta.options) setOptionValue(opt, form, opt.name in rules ? rules[opt.name] : opt.default);
  if (Object.keys(rules).length) form.querySelector("details.options").open = true;
  for (const name of ["hand", "win_tile", "flowers", "dora_indicators", "ura_indicators"]) {
    if (input(name)) refreshPreview(name);
  }
  syncDiscarder();
}

function syncDiscarder() {
  input("discarder").disabled = form.querySelector('input[name="win"]:checked').value === "tsumo";
}
for (const r of form.querySelectorAll('input[name="win"]')) r.addEventListener("change", syncDiscarder);

// ---- the link that restores the input ------------------------------------------------------

function linkFor(req) {
  const url = new URL(location.href);
  url.hash = "r=" + encodeURIComponent(JSON.stringify(req));
  return url.toString();
}

function requestFromHash() {
  const m = /^#r=(.*)$/.exec(location.hash);
  if (!m) return null;
  try {
    const req = JSON.parse(decodeURIComponent(m[1]));
    return req && typeof req === "object" ? req : null;
  } catch {
    return null;
  }
}

function showLink(req) {
  const url = linkFor(req);
  history.replaceState(null, "", url);
  const a = document.getElementById("share");
  a.href = url;
  a.hidden = false;
  document.getElementById("copy-link").hidden = false;
}

document.getElementById("copy-link").addEventListener("click", async (e) => {
  const url = document.getElementById("share").href;
  try {
    await navigator.clipboard.writeText(url);
    e.target.textContent = t("Copied");
  } catch {
    prompt(t("Copy this link"), url);
  }
});

// ---- errors next to their fields -----------------------------------------------------------

function clearErrors() {
  for (const p of form.querySelectorAll(".error")) {
    p.hidden = true;
    p.textContent = "";
  }
  for (const el of form.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
}

/** The page's keys besides its house rules' that the server's sentences may name: the
 *  situations, and the ways of winning ('ron', 'tsumo') as their radio buttons say them. */
const PAGE_WORDS = {
  ...Object.fromEntries(meta.situations.map((s) => [s.id, s.label])),
  ...Object.fromEntries(
    [...form.querySelectorAll('input[name="win"]')].map((r) => [r.value, r.closest("label").textContent.trim()]),
  ),
};

/** A sentence of the server with the keys it names in the words the page shows them in. */
export const playerWords = (message) => ruleRefusal(meta.options, message, PAGE_WORDS).text;

function showError(field, message) {
  if (field === "rules") {
    // the refused house rule in the words of its field, shown beside it
    const { text, shown } = showRuleRefusal(meta.options, form, message, PAGE_WORDS);
    if (shown) return;
    message = text;
  } else {
    message = playerWords(message);
  }
  let slot = field ? form.querySelector(`[data-error-for="${field}"]`) : null;
  if (!slot) slot = document.getElementById("err-form");
  slot.textContent = message;
  slot.hidden = false;
  const el = field ? input(field) : null;
  if (el && el.setAttribute) {
    el.setAttribute("aria-invalid", "true");
    if (el.focus) el.focus();
  } else if (field === "rules") {
    form.querySelector("details.options").open = true;
  }
}

// ---- the result ----------------------------------------------------------------------------

const ROLES = {
  discarder: t("Discarder"),
  dealer: t("Dealer"),
  non_dealer: t("Non-dealer"),
  each: t("Each player paying"),
  liable: t("Liable player"),
};

function payerLabel(from, req) {
  if (WINDS[from]) return `${WINDS[from]} (${from})`;
  if (from === "discarder" && req.discarder) return t("Discarder, {wind}", { wind: WINDS[req.discarder] });
  return ROLES[from] || from;
}

/** Riichi's fu items by id (majiang/rules/riichi/fu.py). */
const FU_WORDS = {
  base: t("Base"),
  closed_ron: t("Concealed hand won on a discard"),
  tsumo: t("Self-drawn"),
  open_pinfu: t("Open hand without fu"),
  rounding: t("Rounding up"),
  seven_pairs: t("Seven pairs"),
  dragon_pair: t("Dragon pair"),
  double_wind_pair: t("Double wind pair"),
  seat_wind_pair: t("Seat wind pair"),
  round_wind_pair: t("Round wind pair"),
  edge_wait: t("Edge wait"),
  closed_wait: t("Closed wait"),
  single_wait: t("Single wait"),
  open_simple_pung: t("Open pung of simples"),
  open_terminal_pung: t("Open pung of terminals"),
  open_honor_pung: t("Open pung of honors"),
  concealed_simple_pung: t("Concealed pung of simples"),
  concealed_terminal_pung: t("Concealed pung of terminals"),
  concealed_honor_pung: t("Concealed pung of honors"),
  open_simple_kong: t("Open kong of simples"),
  open_terminal_kong: t("Open kong of terminals"),
  open_honor_kong: t("Open kong of honors"),
  concealed_simple_kong: t("Concealed kong of simples"),
  concealed_terminal_kong: t("Concealed kong of terminals"),
  concealed_honor_kong: t("Concealed kong of honors"),
};

function fuLabel(id) {
  return FU_WORDS[id] || id.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

/** A unit of the result (han, fan, tai) in the page's language. */
function unitWord(unit) {
  const words = { han: t("han"), fan: t("fan"), tai: t("tai") };
  return words[unit] || unit;
}

function renderResult(res, req) {
  const unit = unitWord(res.unit || meta.unit);
  const limit = res.limit ? ` <span class="limit" id="r-limit">${esc(limitWord(res.limit))}</span>` : "";
  const fuText = t("{fu} fu", { fu: res.fu });
  const fu = res.fu ? ` <span id="r-fu">${esc(fuText)}</span>` : "";
  const pts = res.points || { total: 0, payers: [] };
  const items = (res.items || [])
    .map(
      (i) =>
        `<tr data-item="${esc(i.id)}"><th scope="row">${esc(i.name)}</th><td class="num">${formatNumber(i.value)} ${esc(
          unit,
        )}</td></tr>`,
    )
    .join("");
  const fuRows = (res.fu_items || [])
    .map((f) => `<tr data-fu="${esc(f.id)}"><th scope="row">${esc(fuLabel(f.id))}</th><td class="num">${f.value}</td></tr>`)
    .join("");
  const payers = pts.payers
    .map(
      (p) =>
        `<tr><th scope="row">${esc(payerLabel(p.from, req))}</th><td class="num">${formatNumber(p.amount)}</td></tr>`,
    )
    .join("");
  const parsedMelds = (req.melds || []).map(parseMeld).filter(Boolean);
  let drawn = "";
  try {
    drawn = handHtml({
      concealed: parseTiles(req.hand),
      winTile: req.win_tile,
      melds: parsedMelds,
      bonus: tilesOrEmpty(req.flowers || ""),
    });
  } catch {
    drawn = "";
  }
  const notWin = t("Not a win: {reason}", { reason: playerWords(res.reason || "") });
  const status = res.valid ? "" : `<p class="invalid" id="r-reason" role="status">${esc(notWin)}</p>`;
  const points = html(t("{points} points"), { points: `<span id="r-points">${formatNumber(pts.total)}</span>` });
  const how = req.win === "tsumo" ? t("(self-drawn)") : t("(on a discard)");
  const words = {
    patterns: t("Patterns"),
    total: t("Total"),
    rounded: t("Rounded"),
    fu: t("Fu"),
    pays: t("Who pays"),
    receives: t("Winner receives"),
  };
  resultBox.innerHTML = `
    ${status}
    <div class="result-head">
      <p class="total"><span id="r-total">${formatNumber(res.total)}</span> ${esc(unit)}${fu}${limit}</p>
      <p class="points">${points} ${esc(how)}</p>
    </div>
    ${drawn}
    ${extras(res, unit)}
    <div class="tables">
    ${items ? `<table class="items"><caption>${esc(words.patterns)}</caption><tbody>${items}</tbody>
      <tfoot><tr><th scope="row">${esc(words.total)}</th><td class="num">${formatNumber(res.total)} ${esc(unit)}</td></tr></tfoot></table>` : ""}
    ${fuRows ? `<table class="fu"><caption>${esc(words.fu)}</caption><tbody>${fuRows}</tbody>
      <tfoot><tr><th scope="row">${esc(words.rounded)}</th><td class="num">${res.fu}</td></tr></tfoot></table>` : ""}
    ${payers ? `<table class="payers"><caption>${esc(words.pays)}</caption><tbody>${payers}</tbody>
      <tfoot><tr><th scope="row">${esc(words.receives)}</th><td class="num">${formatNumber(pts.total)}</td></tr></tfoot></table>` : ""}
    </div>`;
}

/** The fields a variant adds to the result: its reading, dealer tai, the sum before the cap. */
function extras(res, unit) {
  const out = [];
  if (res.decomposition) {
    out.push(html(t("Read as {reading} (* = a meld)"), { reading: `<code>${esc(res.decomposition)}</code>` }));
  }
  if (res.reading) {
    out.push(html(t("Read as {reading} (* = where the winning tile goes)"), { reading: `<code>${esc(res.reading)}</code>` }));
  }
  if (res.dealer_tai) {
    const tai = `<span id="r-dealer-tai">${res.dealer_tai}</span>`;
    out.push(html(t("Dealer tai: {tai} (in the payments, not in the total)"), { tai }));
  }
  if (res.uncapped !== undefined && res.uncapped !== res.total) {
    const before = `<span id="r-uncapped">${formatNumber(res.uncapped)}</span>`;
    out.push(html(t("Before the cap: {value} {unit}"), { value: before, unit: esc(unit) }));
  }
  return out.map((line) => `<p class="muted extra">${line}</p>`).join("");
}

async function score(req) {
  clearErrors();
  showLink(req);
  resultBox.setAttribute("aria-busy", "true");
  try {
    const r = await fetch("/api/score", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      // the answer's names and error in the page's language (the link keeps the request alone)
      body: JSON.stringify({ ...req, lang: language }),
    });
    const body = await r.json();
    if (r.ok) {
      renderResult(body, req);
      const top = resultBox.getBoundingClientRect().top;
      if (top > window.innerHeight * 0.8) resultBox.scrollIntoView({ block: "start" });
    } else {
      resultBox.innerHTML = "";
      const message =
        body.error || (body.detail && JSON.stringify(body.detail)) || t("The server answered with status {status}.", { status: r.status });
      showError(body.field, message);
    }
  } catch (err) {
    showError(null, t("The server did not answer: {error}", { error: err.message }));
  } finally {
    resultBox.removeAttribute("aria-busy");
    form.dataset.scored = String(Number(form.dataset.scored || 0) + 1);
  }
}

followOwnTables(form);
form.addEventListener("submit", (e) => {
  e.preventDefault();
  score(buildRequest());
});

const restored = requestFromHash();
if (restored && restored.variant === meta.variant) {
  fillForm(restored);
  score(buildRequest());
} else {
  syncDiscarder();
}
refreshCount();
form.dataset.ready = "true";
