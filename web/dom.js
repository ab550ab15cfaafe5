// A small helper for building DOM nodes, so modules never assemble HTML strings (and so never
// inject text that came from the server or a player's name).

/**
 * h('button', {class: 'x', onclick: f, 'aria-label': 'Play'}, 'text', child, [more])
 * Attributes starting with "on" become listeners; `false`/`null` attributes are left out;
 * children may be strings, numbers, nodes, arrays, or null (skipped).
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v === null || v === undefined) continue;
    if (k.startsWith('on') && typeof v === 'function') {
      el.addEventListener(k.slice(2), v);
    } else if (k === 'class') {
      el.className = v;
    } else if (k === 'dataset') {
      Object.assign(el.dataset, v);
    } else if (k === 'value' || k === 'checked' || k === 'disabled' || k === 'selected') {
      el[k] = v;
    } else {
      el.setAttribute(k, v === true ? '' : String(v));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** Removes every child of `el` and appends `children`. */
export function replace(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** "1 player" / "3 players". */
export function plural(n, word) {
  // "−1 point" as "1 point": a loss of one is still singular.
  return `${n} ${word}${Math.abs(n) === 1 ? '' : 's'}`;
}
