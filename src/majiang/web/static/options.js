// A variant's house rules as form fields, shared by the home page's Play form and the score
// sheet's new-sheet form. Every label and help comes with the option from the server
// (majiang/web/meta.option_field, words from majiang/web/words.py).

import { esc } from "./dom.js";
import { t } from "./i18n.js";

/** One option's field; `prefix` keeps the ids of two forms on one page apart. */
export function optionField(o, prefix = "po") {
  const id = `${prefix}-${o.name}`;
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
  if (o.control === "table") {
    // a named point table in player words, or "Custom table": one's own as JSON, typed below
    const named = o.choices
      .map((c, i) => `<option value="${esc(c)}"${c === o.default ? " selected" : ""}>${esc(o.choice_labels[i])}</option>`)
      .join("");
    const opts = `${named}<option value="">${esc(o.custom_label || "")}</option>`;
    const own = esc(o.own_label || "");
    return `<div class="field">${label}${doc}<select id="${id}" ${attrs}>${opts}</select><input id="${id}-own" data-own-table="${esc(o.name)}" aria-label="${own}" title="${own}" placeholder="${esc(o.own_example || "")}" autocomplete="off" spellcheck="false"></div>`;
  }
  if (o.control === "int") {
    const min = o.minimum !== null && o.minimum !== undefined ? ` min="${o.minimum}"` : "";
    const max = o.maximum !== null && o.maximum !== undefined ? ` max="${o.maximum}"` : "";
    return `<div class="field">${label}${doc}<input id="${id}" type="number" ${attrs} value="${esc(o.default)}"${min}${max}></div>`;
  }
  const shown = o.default === null ? "" : typeof o.default === "object" ? JSON.stringify(o.default) : o.default;
  return `<div class="field">${label}${doc}<input id="${id}" ${attrs} value="${esc(shown)}" spellcheck="false"></div>`;
}

/** The control of house rule `o` under `root` (its checkbox, select or input), or null. */
function controlOf(o, root) {
  return root.querySelector(`[data-option="${CSS.escape(o.name)}"]`);
}

/** The field for one's own point table beside a `table` control's select, or null. */
function ownTableOf(o, root) {
  return root.querySelector(`[data-own-table="${CSS.escape(o.name)}"]`);
}

/** A typed text as the API reads it: JSON when it opens an object or a list and parses, else
 *  the text itself (which the server then refuses, quoting it). */
function typedValue(raw) {
  if (!/^[[{]/.test(raw)) return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/**
 * The value house rule `o`'s field under `root` holds, as the API reads it (undefined when the
 * form has no field for it). The one reader of the calculator, the home page and the score
 * sheet, so the same input gets the same answer on each: a number field gives its whole
 * number, or what it holds when that is empty or not a whole number (sent as typed: the server
 * refuses it with the rule's bounds, beside the field); a point table gives one's own table when
 * typed (JSON, or the text when it does not parse), else the named table chosen ("" when
 * "Custom table" is chosen with nothing typed: the server refuses it); a text or list
 * field left empty gives the default.
 */
export function optionValue(o, root) {
  const el = controlOf(o, root);
  if (!el) return undefined;
  if (o.control === "bool") return el.checked;
  if (o.control === "choice") return JSON.parse(el.value);
  if (o.control === "int") {
    const raw = el.value.trim();
    const n = Number(raw);
    return raw !== "" && Number.isInteger(n) ? n : raw;
  }
  if (o.control === "table") {
    const own = ownTableOf(o, root);
    const typed = own ? own.value.trim() : "";
    return typed ? typedValue(typed) : el.value;
  }
  const raw = el.value.trim();
  return raw ? typedValue(raw) : o.default;
}

/** Show `value` in house rule `o`'s field under `root` (the inverse of `optionValue`). */
export function setOptionValue(o, root, value) {
  const el = controlOf(o, root);
  if (!el) return;
  if (o.control === "bool") el.checked = Boolean(value);
  else if (o.control === "choice") el.value = JSON.stringify(value);
  else if (o.control === "table") {
    const named = o.choices.includes(value);
    el.value = named ? value : ""; // "": the choice "Custom table"
    const own = ownTableOf(o, root);
    if (own) own.value = named ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
  } else if (value === null || value === undefined) el.value = "";
  else el.value = typeof value === "object" ? JSON.stringify(value) : String(value);
}

/**
 * Keep each point table's select and the field for one's own table under `root` agreeing, so
 * what the player sees is what is played: typing a table chooses "Custom table" (value ""),
 * emptying the field goes back to the named table chosen before, choosing a named table empties
 * the field, and choosing "Custom table" puts the cursor in it. Listens on `root`, so fields
 * drawn into it later (another variant's) follow too.
 */
export function followOwnTables(root) {
  const parts = (el) => {
    const field = el.closest(".field");
    return field ? [field.querySelector("select[data-option]"), field.querySelector("[data-own-table]")] : [];
  };
  const lastNamed = (select) => select.dataset.named || [...select.options].find((x) => x.defaultSelected)?.value || "";
  root.addEventListener("input", (e) => {
    if (!e.target.matches("[data-own-table]")) return;
    const [select, own] = parts(e.target);
    if (!select) return;
    if (own.value.trim()) {
      if (select.value) select.dataset.named = select.value;
      select.value = "";
    } else {
      select.value = lastNamed(select);
    }
  });
  root.addEventListener("change", (e) => {
    if (!e.target.matches("select[data-option]")) return;
    const [select, own] = parts(e.target);
    if (!own) return;
    if (select.value) {
      select.dataset.named = select.value;
      own.value = "";
      own.removeAttribute("aria-invalid");
    } else {
      own.focus();
    }
  });
}

/** The options whose fields under `root` differ from their defaults (only those are sent). */
export function changedOptions(options, root) {
  const out = {};
  for (const o of options) {
    const value = optionValue(o, root);
    if (value === undefined) continue;
    if (JSON.stringify(value) !== JSON.stringify(o.default)) out[o.name] = value;
  }
  return out;
}

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A sentence of the server as a player reads it: the server names options, their choices (and
 * a page's other keys, `more`: {key: words}) by key ('min_fan', half_spicy) for the developers
 * who call the API; here each key the page knows becomes the words its field shows ("Minimum
 * fan", "Half spicy"), and a rule's value after it (seven_rob_eighth=true) says the rule turned
 * on or off. Returns the sentence and the first option it names (for a refused house rule, the
 * field to mend), or null.
 */
export function ruleRefusal(options, message, more = {}) {
  const words = new Map(Object.entries(more)); // a key as the server writes it -> player words
  for (const o of options) {
    words.set(o.name, o.label);
    (o.choices || []).forEach((c, i) => {
      if (typeof c === "string" && o.choice_labels) words.set(c, o.choice_labels[i]);
    });
  }
  // quoted ('table'), bare when no word of a sentence can be it (min_fan, half_spicy), or
  // bare before its value (pao=false)
  const keys = [...words.keys()].sort((a, b) => b.length - a.length).map(escapeRe);
  const bare = keys.filter((k) => k.includes("_"));
  const switched = `\\b(${keys.join("|")})(?==(?:true|false)\\b)`;
  const named = `'(${keys.join("|")})'|${switched}${bare.length ? `|\\b(${bare.join("|")})\\b` : ""}`;
  const said = new RegExp(`(?:${named})(=(?:true|false)\\b)?`, "g");
  let option = null;
  const text = message.replace(said, (_all, quoted, before, plain, value) => {
    const key = quoted || before || plain;
    if (!option && options.some((o) => o.name === key)) option = key;
    const rule = `“${words.get(key)}”`;
    if (!value) return rule;
    return value === "=true" ? t("{rule} turned on", { rule }) : t("{rule} turned off", { rule });
  });
  return { text, option };
}

/** The error slot beside house rule `name`'s field under `root` (made when first needed), its
 *  control marked invalid, focused and shown (its house rules opened); null without a field. */
function ruleSlot(root, name) {
  const control = root.querySelector(`[data-option="${CSS.escape(name)}"]`);
  const field = control && control.closest(".field");
  if (!field) return null;
  let slot = field.querySelector(".error");
  if (!slot) {
    slot = document.createElement("p");
    slot.className = "error";
    slot.setAttribute("role", "alert");
    field.append(slot);
  }
  const own = field.querySelector("[data-own-table]");
  const el = own && own.value.trim() ? own : control;
  el.setAttribute("aria-invalid", "true");
  const details = field.closest("details");
  if (details) details.open = true;
  el.focus();
  return slot;
}

/** Show a refused house rule (field "rules") in player words beside its field under `root`;
 *  returns the sentence and whether it found a field to show it at. */
export function showRuleRefusal(options, root, message, more = {}) {
  const { text, option } = ruleRefusal(options, message, more);
  const slot = option ? ruleSlot(root, option) : null;
  if (slot) {
    slot.textContent = text;
    slot.hidden = false;
  }
  return { text, shown: Boolean(slot) };
}

/** Take away what `showRuleRefusal` showed under `root`. */
export function clearRuleRefusals(root) {
  for (const p of root.querySelectorAll(".field > .error")) p.remove();
  for (const el of root.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
}
