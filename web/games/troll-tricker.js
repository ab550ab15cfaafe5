// Troll Tricker's table: the mat of signs with the fey token, the seats around the table with the
// trick laid out in front of them, tricks won and scores per seat, and the hand as card buttons
// (only the legal cards are buttons when it is this seat's turn).

import { plural } from '../dom.js';
import { loadDeck, useCss, drawMat, seatRing, signChip, cardText, feyCard, standing, RELATION_SHORT, title } from './fey-mat.js';

await loadDeck('troll-tricker');

export const ownActions = true;

export function render(ctx) {
  useCss('fey-mat');
  useCss('troll-tricker');
  const { h, cards, view: v } = ctx;
  const n = v.players;
  const name = (i) => ctx.names[i] ?? `Seat ${i + 1}`;
  const mine = v.viewer !== null && v.viewer !== undefined && v.viewer < n ? v.viewer : null;
  const mySign = mine !== null ? v.signs[mine] : null;
  const mat = v.mat;
  const fey = mat?.fey;
  const toAct = v.to_act;

  const faceCard = (id, opts = {}) => {
    const el = cards.card(id, { title: cardText(id, v, mySign), label: opts.label, small: opts.small, onClick: opts.onClick, action: opts.action, extra: opts.extra });
    if (fey && feyCard(id).sign === fey) el.classList.add('fey-card-fey');
    if (opts.dim) el.classList.add('fey-dim');
    return el;
  };

  // The trick in front of each seat: the current one, or the last one (dimmed) between tricks.
  const current = new Map(v.current_trick.map((p) => [p.seat, p.card]));
  const showLast = v.current_trick.length === 0 && v.last_trick;
  const last = new Map((showLast ? v.last_trick.cards : []).map((p) => [p.seat, p.card]));
  const led = v.current_trick[0]?.card;
  const ledSign = led ? feyCard(led).sign : null;

  const ring = seatRing(h, {
    n,
    me: mine,
    label: 'The table: each seat and the card it played to the trick',
    seat: (i) => {
      const played = current.get(i) ?? last.get(i);
      const won = showLast && v.last_trick.winner === i;
      const classes = [
        toAct === i ? 'fey-acting' : '',
        i === mine ? 'fey-me' : '',
        won ? 'fey-winner' : '',
      ].join(' ');
      const plateTitle = `${name(i)}: sign ${title(v.signs[i])}, ${v.scores[i]} points, ${v.tricks_this_hand[i]} tricks this hand (${v.tricks_total[i]} in the game), ${v.hand_sizes[i]} cards in hand`;
      const plate = h('div', { class: 'fey-plate', title: plateTitle },
        h('span', { class: 'fey-plate-name' }, name(i)),
        i === mine ? h('span', { class: 'fey-badge fey-you' }, 'you') : null,
        h('span', { class: 'fey-plate-line' }, signChip(h, v.signs[i]),
          h('span', { class: 'fey-backs', 'aria-label': `${v.hand_sizes[i]} cards in hand`, role: 'img' }, String(v.hand_sizes[i]))),
        h('span', { class: 'fey-plate-line' },
          h('span', {}, plural(v.scores[i], 'pt')),
          h('span', { class: 'tt-tricks' }, `${v.tricks_this_hand[i]} tr`)),
        v.leader === i && v.phase === 'play' ? h('span', { class: 'fey-badge' }, 'leads') : null,
        won ? h('span', { class: 'fey-badge tt-won' }, `won +${v.last_trick.points}`) : null);
      const slot = played
        ? faceCard(played, { small: true, dim: !current.has(i), label: `${name(i)} played ${cards.cardName(played)}` })
        : h('span', { class: 'fey-slot' }, toAct === i ? 'to play' : '');
      return { plate, slot, classes };
    },
    centre: [
      h('strong', {}, v.phase === 'over' ? 'Game over' : `Trick ${Math.min(v.tricks_played + 1, 11)} of 11`),
      ledSign ? h('span', {}, 'Led: ', signChip(h, ledSign)) : null,
      toAct !== null && toAct !== undefined ? h('span', {}, toAct === mine ? 'Your turn' : `${name(toAct)} to play`) : null,
    ],
  });

  const info = h('p', { class: 'fey-info' },
    h('span', {}, h('strong', {}, `Hand ${Math.max(v.hand, 1)} of 3`)),
    fey ? h('span', {}, 'Fey (trump): ', signChip(h, fey)) : null,
    mySign ? h('span', {}, 'Your sign: ', signChip(h, mySign)) : null,
    h('span', {}, `Draw pile ${v.draw_pile}`),
    h('span', {}, `Discards ${v.discard_pile.length}`));

  // The last completed trick stays readable on the table until the next one is complete, with
  // who played what and the winner's card ringed (bots play on at once).
  const lastTrick = v.last_trick
    ? h('div', { class: 'tt-last-trick', role: 'group', 'aria-label': `Last trick, won by ${name(v.last_trick.winner)}` },
      h('span', { class: 'tt-last-title' }, `Last trick: ${name(v.last_trick.winner)} won ${plural(v.last_trick.points, 'point')}`),
      v.last_trick.cards.map((p) => {
        const el = faceCard(p.card, { small: true, label: `${name(p.seat)} played ${cards.cardName(p.card)}${p.seat === v.last_trick.winner ? ', won the trick' : ''}` });
        if (p.seat === v.last_trick.winner) el.classList.add('tt-trick-winner');
        return h('span', { class: 'tt-last-play' }, el, h('span', { class: 'tt-last-who' }, name(p.seat)));
      }))
    : null;

  const discards = v.discard_pile.length
    ? h('details', { class: 'tt-discards' },
      h('summary', {}, `Cards played since the last reshuffle (${v.discard_pile.length})`),
      cards.cardRow('Discard pile', v.discard_pile.map((id) => faceCard(id, { small: true }))))
    : null;

  ctx.el.replaceChildren(h('div', { class: 'tt-table' },
    info,
    lastTrick,
    h('div', { class: 'fey-layout' },
      drawMat(h, {
        mat, signs: v.signs, names: v.signs.map((_, i) => name(i)), me: mySign, view: v, highlight: ledSign,
      }),
      ring),
    discards));

  // The hand: the legal cards are buttons, the others are shown only.
  if (v.own_hand) {
    const legal = new Map(ctx.legal.filter((t) => t.startsWith('play ')).map((t) => [t.slice(5), t]));
    const hand = v.own_hand.map((id) => {
      const text = legal.get(id);
      const rel = standing(v, feyCard(id).sign)?.relation;
      const extra = rel ? RELATION_SHORT[rel] : null;
      if (text) {
        const { sign, value } = feyCard(id);
        return faceCard(id, { label: `Play ${title(sign)} ${value}`, action: text, onClick: () => ctx.act(text), extra });
      }
      return faceCard(id, { extra, dim: ctx.legal.length > 0 });
    });
    const note = ctx.legal.length
      ? (legal.size < v.own_hand.length ? `Play a card: you must follow ${title(ledSign)} (or play fey).`
        : ledSign && !v.own_hand.some((c) => feyCard(c).sign === ledSign) ? `No ${title(ledSign)} in your hand: play any card.`
          : ledSign ? 'Play a card.' : 'Lead any card.')
      : (ctx.replay ? 'Your hand at this point.' : ctx.status === 'finished' ? 'Your hand when the game ended.'
        : toAct === mine && v.phase === 'play' ? 'Sent…' : 'Your hand: wait for your turn.');
    ctx.actionsEl.replaceChildren(h('div', { class: 'tt-hand' },
      h('p', { class: 'tt-note' }, note),
      cards.cardRow('Your hand', hand)));
  }
}
