// The home page's Play form: a practice table against bots, a private room, joining by code.

import { t } from "./i18n.js";
import { api, ensurePlayer, loadPlayer, loadTable, roomCodeFrom } from "./session.js";

const $ = (sel) => document.querySelector(sel);
const meta = JSON.parse($("#play-meta").textContent);

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// every label and help comes with the option from the server (majiang/web/words.py)
function optionField(o) {
  const id = `po-${o.name}`;
  const doc = o.help ? `<span class="hint" id="${id}-help">${esc(o.help)}</span>` : "";
  const attrs = `data-option="${esc(o.name)}"${o.help ? ` aria-describedby="${id}-help"` : ""}`;
  const label = `<label for="${id}">${esc(o.label)}</label>`;
  if (o.control === "bool") {
    return `<div class="field check"><input type="checkbox" id="${id}" ${attrs}${o.default ? " checked" : ""}>${label}${doc}</div>`;
  }
  if (o.control === "choice") {
    const opts = o.choices
      .map((c, i) => `<option value="${esc(JSON.stringify(c))}"${c === o.default ? " selected" : ""}>${esc(o.choice_labels[i])}</option>`)
      .join("");
    return `<div class="field">${label}${doc}<select id="${id}" ${attrs}>${opts}</select></div>`;
  }
  if (o.control === "int") {
    const min = o.minimum !== null && o.minimum !== undefined ? ` min="${o.minimum}"` : "";
    const max = o.maximum !== null && o.maximum !== undefined ? ` max="${o.maximum}"` : "";
    return `<div class="field">${label}${doc}<input id="${id}" type="number" ${attrs} value="${esc(o.default)}"${min}${max}></div>`;
  }
  const shown = o.default === null ? "" : typeof o.default === "object" ? JSON.stringify(o.default) : o.default;
  return `<div class="field">${label}${doc}<input id="${id}" ${attrs} value="${esc(shown)}" spellcheck="false"></div>`;
}

function showOptions() {
  const v = meta.variants[$("#p-variant").value];
  $("#p-option-fields").innerHTML = v.options.map(optionField).join("");
}

/** The house rules changed from their defaults (only those are sent). */
function changedOptions() {
  const v = meta.variants[$("#p-variant").value];
  const out = {};
  for (const o of v.options) {
    const el = document.querySelector(`[data-option="${CSS.escape(o.name)}"]`);
    if (!el) continue;
    let value;
    if (o.control === "bool") value = el.checked;
    else if (o.control === "choice") value = JSON.parse(el.value);
    else if (o.control === "int") value = Number(el.value);
    else {
      const raw = el.value.trim();
      if (!raw) continue; // left empty: the default
      try {
        value = /^[[{]/.test(raw) ? JSON.parse(raw) : raw;
      } catch {
        value = raw;
      }
    }
    if (JSON.stringify(value) !== JSON.stringify(o.default)) out[o.name] = value;
  }
  return out;
}

function tableOptions(kind) {
  const [turn, claim] = $("#p-timers").value.split("/").map(Number);
  const room = kind === "practice" ? {} : { next_hand_seconds: Number($("#p-next").value) };
  return {
    ...room,
    variant: $("#p-variant").value,
    length: $("#p-length").value,
    bot_level: $("#p-level").value,
    rules: changedOptions(),
    turn_seconds: turn,
    claim_seconds: claim,
    bot_delay_ms: Number($("#p-pace").value),
  };
}

function showError(text) {
  const el = $("#play-error");
  el.textContent = text;
  el.hidden = !text;
}

async function start(kind) {
  showError("");
  const buttons = document.querySelectorAll("#play-form button");
  buttons.forEach((b) => (b.disabled = true));
  try {
    const player = await ensurePlayer($("#p-name").value);
    const path = kind === "practice" ? "/api/tables" : "/api/rooms";
    const room = await api(path, { method: "POST", body: tableOptions(kind), player });
    location.href = `/play/${encodeURIComponent(room.code)}`;
  } catch (err) {
    showError(err.message);
    buttons.forEach((b) => (b.disabled = false));
  }
}

function init() {
  const player = loadPlayer();
  if (player) $("#p-name").value = player.name;
  $("#p-variant").addEventListener("change", showOptions);
  $("#p-level").addEventListener("change", () => {
    const level = meta.bot_levels.find((x) => x.id === $("#p-level").value);
    $("#p-level-help").textContent = level ? level.help : "";
  });
  showOptions();
  $("#play-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    start("practice");
  });
  $("#make-room").addEventListener("click", () => start("room"));
  $("#join-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const code = roomCodeFrom($("#join-code").value);
    if (!code) {
      showError(t("That is not a room code or a link to a table."));
      $("#join-code").setAttribute("aria-invalid", "true");
      $("#join-code").focus();
      return;
    }
    location.href = `/play/${encodeURIComponent(code)}`;
  });
  const last = localStorage.getItem("majiang.last");
  const saved = last ? loadTable(last) : null;
  if (last && saved && !(saved.model && saved.model.final)) {
    // t() stays outside template literals: the catalogs' extraction does not look inside them
    const back = esc(t("back to the table"));
    const sentence = esc(t("You have a game in progress: {link}."));
    const link = `<a id="resume-link" href="/play/${encodeURIComponent(last)}">${back}</a>`;
    $("#play-resume").innerHTML = `<p>${sentence.replace("{link}", link)}</p>`;
  }
  document.querySelector("#play-form").dataset.ready = "true";
}

init();
