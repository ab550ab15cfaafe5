// Holy Matrimony's table: the mat, the church card in the middle of the table, each seat's
// commitment face down in front of it until all are revealed together, the last reveal, and the
// hand, where the commitment is chosen by selecting cards with the round's score previewed.

import { loadDeck, useCss, drawMat, seatRing, signChip, cardText, feyCard, standing, title } from './fey-mat.js';

await loadDeck('holy-matrimony');

export const ownActions = true;

const TARGET_TOTAL = 21;

/**
 * The engine's round score for committing `selection` (card ids of `view.own_hand`):
 * {total, points, bonus, penalty, score, wild}, under the table's options; null when the view
 * carries no preview (not this seat's choice).
 */
export function previewOf(view, selection) {
  if (!view.commit_previews || !view.own_hand) return null;
  let mask = 0;
  for (const id of selection) {
    const i = view.own_hand.indexOf(id);
    if (i < 0) return null;
    mask |= 1 << i;
  }
  const p = view.commit_previews;
  if (!(mask < p.score.length)) return null;
  return { total: p.total[mask], points: p.points[mask], bonus: p.bonus[mask], penalty: p.penalty[mask], score: p.score[mask], wild: p.wild[mask] };
}

function signed(x) {
  return x < 0 ? `−${-x}` : `+${x}`;
}

export function render(ctx) {
  useCss('fey-mat');
  useCss('holy-matrimony');
  const { h, cards, view: v } = ctx;
  const n = v.players;
  const name = (i) => ctx.names[i] ?? `Seat ${i + 1}`;
  const mine = v.viewer !== null && v.viewer !== undefined && v.viewer < n ? v.viewer : null;
  const mySign = mine !== null ? v.signs[mine] : null;
  const mat = v.mat;

  const faceCard = (id, opts = {}) => {
    const el = cards.card(id, { title: cardText(id, v, mySign), ...opts });
    if (mat && feyCard(id).sign === mat.fey) el.classList.add('fey-card-fey');
    return el;
  };

  const inCommit = v.phase === 'commit';
  const ring = seatRing(h, {
    n,
    me: mine,
    label: 'The table: each seat and its commitment',
    seat: (i) => {
      const thinking = inCommit && v.waiting.includes(i) && !v.committed[i];
      const classes = [thinking ? 'fey-acting' : '', i === mine ? 'fey-me' : '', v.winners.includes(i) ? 'fey-winner' : ''].join(' ');
      const plate = h('div', { class: 'fey-plate', title: `${name(i)}: sign ${title(v.signs[i])}, ${v.scores[i]} points` },
        h('span', { class: 'fey-plate-name' }, name(i)),
        i === mine ? h('span', { class: 'fey-badge fey-you' }, 'you') : null,
        h('span', { class: 'fey-plate-line' }, signChip(h, v.signs[i])),
        h('span', { class: 'fey-plate-line hm-score' }, `${v.scores[i]} pt${v.scores[i] === 1 ? '' : 's'}`));
      let slot;
      if (inCommit && v.committed[i]) {
        // Never the size of a commitment: one back, whatever was committed.
        slot = cards.cardBack(i === mine ? 'your commitment, face down' : `${name(i)} has committed, face down`, { small: true });
      } else {
        slot = h('span', { class: 'fey-slot' }, thinking ? 'choosing…' : '');
      }
      return { plate, slot, classes };
    },
    centre: [
      h('span', { class: 'hm-centre-title' }, 'Church card'),
      v.church ? faceCard(v.church, { label: `church card ${cards.cardName(v.church)}` }) : h('span', { class: 'fey-slot' }, 'none yet'),
    ],
  });

  const info = h('p', { class: 'fey-info' },
    h('span', {}, h('strong', {}, `Round ${Math.max(v.round, 1)}`), ` · game to ${v.target_score}`),
    mat ? h('span', {}, 'Fey: ', signChip(h, mat.fey), ' (0 pts, +5 bonus)') : null,
    mySign ? h('span', {}, 'Your sign: ', signChip(h, mySign)) : null,
    h('span', {}, `Draw pile ${v.draw_pile}`),
    h('span', {}, `Discards ${v.discard_pile.length}`));

  let reveal = null;
  if (v.last_round) {
    const l = v.last_round;
    reveal = h('section', { class: 'hm-reveal', 'aria-label': 'Last round, revealed together' },
      h('h3', {}, 'Last round, revealed together (church ', cards.cardName(l.church), ')'),
      h('ul', { class: 'hm-reveal-list' }, l.plays.map((play, i) => h('li', { class: `hm-reveal-seat${i === mine ? ' hm-me' : ''}` },
        h('span', { class: 'hm-reveal-name' }, name(i), ' ', signChip(h, v.signs[i])),
        play.length ? cards.cardRow(`${name(i)} revealed`, play.map((id) => faceCard(id, { small: true })))
          : h('span', { class: 'hm-none' }, 'no cards'),
        h('span', { class: 'hm-reveal-result' }, `total ${l.totals[i]} → `, h('strong', {}, signed(l.points[i])))))));
  }

  ctx.el.replaceChildren(h('div', { class: 'hm-table' },
    info,
    h('div', { class: 'fey-layout' },
      drawMat(h, { mat, signs: v.signs, names: v.signs.map((_, i) => name(i)), me: mySign, view: v, points: (st) => (st.relation === 'fey' ? `${st.points} +${v.fey_bonus}` : `+${st.points}`) }),
      ring),
    reveal));

  if (!v.own_hand) return;
  const extra = (id) => {
    const st = standing(v, feyCard(id).sign);
    return st?.relation === 'fey' ? `fey +${v.fey_bonus}` : `+${st?.points}`;
  };
  const legal = ctx.legal.filter((t) => t.startsWith('commit'));
  if (legal.length && v.church && mat) {
    if (ctx.memory.hmRound !== v.round) {
      ctx.memory.hmRound = v.round;
      ctx.memory.hmSelection = new Set();
    }
    const toAction = (sel) => (sel.length === 0
      ? (legal.includes('commit none') ? 'commit none' : null)
      : cards.matchAction(legal, 'commit', sel));
    const preview = (sel, action) => {
      const r = action ? previewOf(v, sel) : null;
      if (!r) return 'not a legal choice';
      const diff = r.total - TARGET_TOTAL;
      const where = diff === 0 ? 'exactly 21' : diff < 0 ? `${-diff} under 21` : `${diff} over 21`;
      return h('span', { class: 'hm-preview' },
        h('span', {}, `Total ${r.total} (church ${feyCard(v.church).value}${sel.length ? ` + ${r.total - feyCard(v.church).value}` : ''}${r.wild ? ', fey values chosen' : ''}): ${where}`),
        h('span', {}, `card points ${r.points}${r.bonus ? ` + fey bonus ${r.bonus}` : ''}${r.penalty ? ` − penalty ${r.penalty}` : ''} = `,
          h('strong', { class: 'hm-round-score' }, `round score ${signed(r.score)}`)));
    };
    ctx.actionsEl.replaceChildren(h('div', { class: 'hm-hand' },
      h('p', { class: 'hm-note' }, 'Choose the cards to commit face down (none is allowed), then confirm.'),
      cards.selectableCards({
        cards: v.own_hand,
        label: 'Your hand',
        selection: ctx.memory.hmSelection,
        allowEmpty: true,
        toAction,
        preview,
        confirmLabel: (action) => (action === 'commit none' ? 'Commit no cards' : `Commit ${action.split(' ').length - 1} face down`),
        act: ctx.act,
        cardOpts: (id) => ({ title: cardText(id, v, mySign), extra: extra(id) }),
      })));
  } else {
    const committed = new Set(v.own_commitment ?? []);
    const note = v.own_commitment
      ? `You committed ${v.own_commitment.length ? v.own_commitment.map(cards.cardName).join(', ') : 'no cards'} face down${v.waiting.length ? `; waiting for ${v.waiting.map(name).join(', ')}` : ''}.`
      : ctx.replay ? 'Your hand at this point.' : 'Your hand.';
    ctx.actionsEl.replaceChildren(h('div', { class: 'hm-hand' },
      h('p', { class: 'hm-note' }, note),
      cards.cardRow('Your hand', v.own_hand.map((id) => faceCard(id, { extra: extra(id), pressed: committed.has(id) })))));
  }
}
