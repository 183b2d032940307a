// Small helpers of the DOM that every page script needs.

/** Return text safe to put in HTML (an element's content or a quoted attribute). */
export function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Return a translated sentence escaped, each {name} then replaced by values[name], a piece of
 *  HTML (a link, a figure in a span) that the caller made safe. */
export function html(text, values = {}) {
  return esc(text).replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

/** Return a name as HTML whose closing "(...)" (a bot's level, "(you)", "（普通）") never splits
 *  across lines: a narrow column breaks before the "(" rather than leave ")" alone. */
export function nameHtml(name) {
  const found = /^(.*?)(\s?)([(（][^()（）]*[)）])$/u.exec(String(name));
  if (!found || !found[1]) return esc(name);
  return `${esc(found[1])}${found[2]}<span class="nobreak">${esc(found[3])}</span>`;
}
