// Small DOM helpers: building elements without innerHTML (nothing the server sends is ever
// parsed as HTML) and formatting times.

/** An element `tag` with `attributes` (`class`, `data-*`, …; `text` sets textContent) and children. */
export function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'text') element.textContent = value;
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) element.append(child);
  }
  return element;
}

/** The element with id `id`; throws when the page lacks it (a bug in index.html). */
export function byId(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`index.html has no #${id}`);
  return element;
}

/** Replaces the children of `element` with `children`. */
export function replaceChildren(element, children) {
  element.replaceChildren(...children);
}

/** A Unix time in seconds or milliseconds (`unit`) as local date and time. */
export function formatTime(value, unit = 's') {
  if (value === undefined || value === null) return '—';
  const date = new Date(unit === 's' ? value * 1000 : value);
  return date.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' });
}

/** A `<time>` element for a Unix time in seconds or milliseconds. */
export function timeElement(value, unit = 's') {
  const milliseconds = unit === 's' ? value * 1000 : value;
  return el('time', { datetime: new Date(milliseconds).toISOString(), text: formatTime(value, unit) });
}
