// A rematch by consent: one seat offers, each person accepts or declines (bots accept at once),
// and the new table is made once every person has accepted. This draws the offer's controls
// from the server's `rematch-offer`; nobody's page moves to the new table before it accepted.

import { h } from './dom.js';

/** The open offer from a `rematch-offer` message, or null once a seat declined. */
export function openOffer(msg) {
  return Array.isArray(msg?.answers) && !msg.answers.includes('declined') ? msg : null;
}

/** Whether `seat` has accepted `offer`. */
export function accepted(offer, seat) {
  return seat !== null && offer?.answers?.[seat] === 'accepted';
}

/**
 * The controls for a finished table without a rematch yet: "Rematch" to offer; with an offer
 * open, "Ann offers a rematch" with Accept / Decline for a seat that has not answered, and who
 * the table waits for.
 */
export function controls({ offer, seat, names, send }) {
  const offerIt = h('button', { type: 'button', class: 'primary', onclick: () => send({ type: 'rematch' }) }, 'Rematch');
  if (!offer) return seat !== null ? [offerIt] : [];
  const by = names[offer.by] ?? `Seat ${offer.by + 1}`;
  const waiting = offer.answers.flatMap((a, i) => (a === 'waiting' ? [names[i]] : []));
  const answers = h('ul', { class: 'rematch-answers', 'aria-label': 'Rematch answers' },
    offer.answers.map((a, i) => h('li', { dataset: { answer: a } }, `${names[i]}: ${a}`)));
  const out = [];
  if (seat !== null && offer.answers[seat] === 'waiting') {
    out.push(h('span', { class: 'confirm rematch-offer', role: 'status' }, h('span', {}, `${by} offers a rematch`),
      h('button', { type: 'button', class: 'primary', onclick: () => send({ type: 'rematch' }) }, 'Accept'),
      h('button', { type: 'button', onclick: () => send({ type: 'rematch-decline' }) }, 'Decline')));
  } else {
    out.push(h('span', { class: 'confirm rematch-offer', role: 'status' },
      h('span', {}, `${by} offers a rematch: waiting for ${waiting.join(', ') || 'the table'}`),
      seat !== null ? h('button', { type: 'button', onclick: () => send({ type: 'rematch-decline' }) }, 'Withdraw') : null));
  }
  out.push(answers);
  return out;
}
