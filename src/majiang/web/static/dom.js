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
