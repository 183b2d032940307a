// The home page's Play form: a practice table against bots, a private room, joining by code.

import { changedOptions, clearRuleRefusals, followOwnTables, optionField, showRuleRefusal } from "./options.js";
import { t } from "./i18n.js";
import { api, ensurePlayer, loadPlayer, loadTable, roomCodeFrom } from "./session.js";

const $ = (sel) => document.querySelector(sel);
const meta = JSON.parse($("#play-meta").textContent);

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function showOptions() {
  $("#p-option-fields").innerHTML = variantOptions().map((o) => optionField(o)).join("");
}

function variantOptions() {
  return meta.variants[$("#p-variant").value].options;
}

function tableOptions(kind) {
  const [turn, claim] = $("#p-timers").value.split("/").map(Number);
  const room = kind === "practice" ? {} : { next_hand_seconds: Number($("#p-next").value) };
  return {
    ...room,
    variant: $("#p-variant").value,
    length: $("#p-length").value,
    bot_level: $("#p-level").value,
    rules: changedOptions(variantOptions(), $("#p-option-fields")),
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
  clearRuleRefusals($("#p-option-fields"));
  const buttons = document.querySelectorAll("#play-form button");
  buttons.forEach((b) => (b.disabled = true));
  try {
    const player = await ensurePlayer($("#p-name").value);
    const path = kind === "practice" ? "/api/tables" : "/api/rooms";
    const room = await api(path, { method: "POST", body: tableOptions(kind), player });
    location.href = `/play/${encodeURIComponent(room.code)}`;
  } catch (err) {
    // a refused house rule is shown beside its field, in the words the field shows
    const refused = err.field === "rules" ? showRuleRefusal(variantOptions(), $("#p-option-fields"), err.message) : null;
    if (!refused || !refused.shown) showError(refused ? refused.text : err.message);
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
  followOwnTables($("#p-option-fields"));
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
