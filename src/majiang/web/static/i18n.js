// The browser's strings in the page's language (<html lang>), from the same catalogs as the
// server's pages: GET /api/i18n/<lang>.json (majiang/web/language.py). A script that shows
// words imports t and writes them in English: t("Join"), t("{n} tiles left", { n: 12 }); pt
// gives a word of two senses its context: pt("score column", "Change").
// tools/i18n.py finds every t("...") and keeps the catalogs in step (docs/i18n.md).

const lang = document.documentElement.lang || "en";
let messages = {};
if (lang !== "en") {
  try {
    const answer = await fetch(`/api/i18n/${encodeURIComponent(lang)}.json`);
    if (answer.ok) messages = (await answer.json()).messages;
  } catch {
    // no strings (offline, a server without them): the page stays in English
  }
}

/** The page's language, as the server chose it. */
export const language = lang;

/** Return text in the page's language, each {name} replaced by values[name]. */
export function t(text, values = {}) {
  return filled(Object.hasOwn(messages, text) ? messages[text] : text, values);
}

/** Return text as translated in a context, for an English word of two senses:
 * pt("score column", "Change") is a noun where t("Change") is a button's verb (pgettext). */
export function pt(context, text, values = {}) {
  const key = `${context}\u0004${text}`;
  return filled(Object.hasOwn(messages, key) ? messages[key] : text, values);
}

function filled(translated, values) {
  return translated.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** Return a number written as the page's language writes it. */
export function formatNumber(n) {
  return new Intl.NumberFormat(lang).format(n);
}

/** Return a list joined as the page's language joins one: "Lan, Mei and Bo" (``"and"``, the
 *  default), "Lan, Mei or Bo" (``"or"``), or an enumeration without a last word: "P pon, C chi"
 *  (``"items"``; 、 in Chinese). */
export function formatList(items, kind = "and") {
  const options =
    kind === "or" ? { type: "disjunction" } : kind === "items" ? { type: "conjunction", style: "narrow" } : { type: "conjunction" };
  return new Intl.ListFormat(lang, options).format(items.map(String));
}

/** Return a moment (an ISO 8601 string or a Date) as the page's language writes it: by default
 *  its date and time, in the reader's time zone. */
export function formatDate(when, options = { dateStyle: "medium", timeStyle: "short" }) {
  return new Intl.DateTimeFormat(lang, options).format(when instanceof Date ? when : new Date(when));
}
