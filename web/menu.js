// The table's menu: the alert settings (the beep, notifications) and, for a seat, "Open this
// seat on another device": its link and a QR code. The code is drawn by this server for the
// seat's own token (GET /api/tables/{id}/qr), so nothing leaves for another site.

import { h, replace } from './dom.js';
import * as alerts from './alerts.js';

/**
 * Draws the menu into `el`. `seatLink` is {table, token} for a seat (null for spectators): the
 * token is shown only on the page that holds it. `first` are items the page puts at the top.
 */
export function drawMenu(el, seatLink, first = []) {
  const details = h('details', { class: 'menu' },
    h('summary', { class: 'button-link' }, 'Menu'),
    h('div', { class: 'menu-panel' }, first, menuItems(seatLink)));
  replace(el, details);
  // A click elsewhere closes the menu, as people expect of a drop-down.
  document.addEventListener('click', (e) => {
    if (details.open && !e.composedPath().includes(details)) details.open = false;
  });
}

function menuItems(seatLink) {
  const sound = h('input', {
    type: 'checkbox',
    id: 'alert-sound',
    checked: alerts.soundOn(),
    onchange: (e) => alerts.setSound(e.target.checked),
  });
  const items = [
    h('label', { class: 'menu-check', for: 'alert-sound' }, sound, 'Sound at my turn'),
    notifyItem(),
  ];
  if (seatLink) {
    items.push(h('button', { type: 'button', onclick: () => openSeatDialog(seatLink) }, 'Open this seat on another device'));
  }
  return items;
}

function notifyItem() {
  const slot = h('div', { class: 'menu-notify' });
  const draw = () => {
    const p = alerts.notifyPermission();
    if (p === 'default') {
      replace(slot, h('button', {
        type: 'button',
        onclick: async () => { await alerts.askNotify(); draw(); },
      }, 'Notify me at my turn'));
    } else {
      replace(slot, h('p', { class: 'help' }, {
        granted: 'Notifications are on while this tab is hidden.',
        denied: 'Notifications are blocked for this site (the browser\'s site settings can allow them).',
        unsupported: 'This browser cannot show notifications.',
      }[p]));
    }
  };
  draw();
  return slot;
}

let dialog = null;

async function openSeatDialog({ table, token, origin }) {
  // The server's public address (`--public-url`) when it has one: the page may have been reached
  // another way (a tunnel, the server's own address).
  const link = `${origin ?? location.origin}/play/${table}?token=${encodeURIComponent(token)}`;
  const picture = h('div', { class: 'qr' }, h('p', { class: 'muted' }, 'Drawing the code…'));
  const field = h('input', { type: 'text', readonly: true, value: link, id: 'seat-link', 'aria-label': 'This seat\'s link' });
  dialog?.remove();
  dialog = h('dialog', { class: 'seat-dialog', 'aria-labelledby': 'seat-dialog-title' },
    h('h2', { id: 'seat-dialog-title' }, 'Open this seat on another device'),
    h('p', { class: 'help' }, 'Scan the code with your phone, or open the link there. It holds your seat\'s secret: show it to nobody else.'),
    picture,
    field,
    h('div', { class: 'link-actions' },
      h('button', {
        type: 'button',
        onclick: async (e) => {
          try {
            await navigator.clipboard.writeText(link);
            e.target.textContent = 'Copied';
          } catch {
            field.select();
          }
        },
      }, 'Copy the link'),
      h('button', { type: 'button', class: 'primary', onclick: () => dialog.close() }, 'Close')));
  dialog.addEventListener('close', () => {
    const img = dialog.querySelector('img');
    if (img) URL.revokeObjectURL(img.src);
  });
  document.body.append(dialog);
  dialog.showModal();
  try {
    const url = `/api/tables/${encodeURIComponent(table)}/qr?origin=${encodeURIComponent(location.origin)}`;
    const r = await fetch(url, { headers: { Authorization: `Bearer ${token}` }, cache: 'no-store' });
    if (!r.ok) throw new Error(String(r.status));
    const src = URL.createObjectURL(await r.blob());
    replace(picture, h('img', { src, width: 240, height: 240, alt: 'QR code of this seat\'s link' }));
  } catch {
    replace(picture, h('p', { class: 'alert' }, 'The code could not be drawn; the link below works the same.'));
  }
}
