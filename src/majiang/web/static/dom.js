// Small helpers of the DOM that every page script needs.

/** Return text safe to put in HTML (an element's content or a quoted attribute). */
export function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
