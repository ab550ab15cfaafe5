// The King's Feast (solo): the arrangement's seats as a grid (or a ring round the table), each guest
// face up, face down, or face down and remembered; the goal card of every seat; what each guest's
// King's Order or reaction does; the score. The seats themselves are the buttons: activate a guest,
// pick a target, a Queen's destination, or two seats to swap (selected, previewed, confirmed).

export const ownActions = true;

// The guests as printed and the result titles come from the engine's card data
// (GET /api/games/{id}/cards); without it a guest is drawn by its number.
const CARDS = await fetch('/api/games/kings-feast/cards')
  .then((r) => (r.ok ? r.json() : null))
  .catch(() => null);
const GUESTS = new Map((CARDS?.guests ?? []).map((g) => [g.value, g]));
const KIND_COLOUR = { order: '#1d5fa8', 'when-revealed': '#6a2c91', reaction: '#2e6b5e' };

function guest(v) {
  return GUESTS.get(v) ?? { value: v, name: `Card ${v}`, kind: 'reaction', kind_name: '', text: '' };
}

/** The shell's words for a finished feast: a solo score and its title, never a winner. */
export function outcomeText(view) {
  return view?.ended ? `${view.ended.title} (score ${view.ended.score})` : null;
}

const REASONS = {
  AssassinRevealed: 'the Assassin was revealed',
  AssassinPeeked: 'the Assassin was peeked at',
  AllFaceDown: 'a turn began with every card face down',
  Declared: 'you ended the feast',
  TurnLimit: 'the turn limit was reached',
};

const at = (r, c) => `row ${r + 1}, column ${c + 1}`;

function ensureStyle() {
  if (document.querySelector('link[data-game-style="kings-feast"]')) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = '/games/kings-feast.css';
  link.dataset.gameStyle = 'kings-feast';
  document.head.append(link);
}

// What choosing a seat does at each decision (the view's `decision` text, phase.rs).
function targetVerb(decision) {
  if (/peek/.test(decision)) return 'Peek at';
  if (/shuffled/.test(decision)) return 'Flip';
  if (/Merchant/.test(decision)) return 'Merchant trades';
  if (/Knight/.test(decision)) return 'Knight jumps to';
  if (/next card/.test(decision)) return 'Flip next';
  if (/adjacent/.test(decision)) return 'Flip';
  return 'Choose';
}

export function render(ctx) {
  ensureStyle();
  const { h, view } = ctx;
  const legal = ctx.legal;
  // Moves the engine says end the feast at once with the Assassin you know of: asked twice.
  const fatal = new Map((view.fatal ?? []).map((f) => [f.action, f.reason]));
  const confirmKey = `${view.turns_completed}:${view.decision}`;
  if (ctx.memory.kfConfirm?.key !== confirmKey || !legal.includes(ctx.memory.kfConfirm?.text)) ctx.memory.kfConfirm = null;
  const act = (t) => {
    if (fatal.has(t) && ctx.memory.kfConfirm?.text !== t) {
      ctx.memory.kfConfirm = { key: confirmKey, text: t };
      render(ctx);
      ctx.el.querySelector('.kf-confirm button')?.focus();
      return;
    }
    ctx.memory.kfConfirm = null;
    ctx.act(t);
  };
  const rows = view.rows;
  const cols = view.cols;
  const cell = (r, c) => view.cells[r * cols + c];
  const goal = (r, c) => view.goal[r * cols + c];
  const ended = view.ended;

  // ---- legal texts by the seat they name ----
  const activate = new Map();
  const target = new Map();
  const slideTo = new Map(); // "r,c" → text
  const pairs = new Map(); // "a b" (sorted keys) → text, for the Vizier and the optional swap
  const buttons = []; // [text, label] drawn in the action area
  const queen = view.cells.findIndex((x) => x.kind === 'face_up' && x.value === 17);
  const DIRS = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] };
  for (const t of legal) {
    const w = t.split(' ');
    if (w[0] === 'activate') activate.set(w[1], t);
    else if (w[0] === 'target') target.set(w[1], t);
    else if ((w[0] === 'pair' || w[0] === 'swap') && w.length === 3) pairs.set([w[1], w[2]].sort().join(' '), t);
    else if (w[0] === 'slide' && queen >= 0 && DIRS[w[1]]) {
      const [dr, dc] = DIRS[w[1]];
      const k = Number(w[2]);
      const dest = `${Math.floor(queen / cols) + dr * k},${(queen % cols) + dc * k}`;
      slideTo.set(dest, t);
    } else if (w[0] === 'end') buttons.push([t, view.end_now ? `End the feast now (score ${view.end_now.exact ? '' : 'at least '}${view.end_now.least})` : 'End the feast now']);
    else if (w[0] === 'no-swap') buttons.push([t, "Don't swap"]);
    else if (w[0] === 'call' && w[1] === 'miss') buttons.push([t, 'Call a value not in play']);
    else if (w[0] === 'call') buttons.push([t, `Call ${w[1]} (${guest(Number(w[1])).name})`]);
    else if (w[0] === 'stay') buttons.push([t, 'The Queen stays']);
    else if (w[0] === 'decline') buttons.push([t, 'Decline (every choice hits the Assassin)']);
    else buttons.push([t, t]);
  }
  // A slide whose destination could not be placed stays reachable as a button.
  for (const t of legal) if (t.startsWith('slide') && ![...slideTo.values()].includes(t)) buttons.push([t, `Queen: ${t}`]);

  // The two-seat selection (Vizier, optional swap) survives other redraws of the same decision.
  const pairKey = `${view.turns_completed}:${view.decision}`;
  if (ctx.memory.kfPairKey !== pairKey || !pairs.size) {
    ctx.memory.kfPairKey = pairKey;
    ctx.memory.kfPair = [];
  }
  const picked = ctx.memory.kfPair;
  const pairSeats = new Set([...pairs.keys()].flatMap((k) => k.split(' ')));
  const pairText = picked.length === 2 ? pairs.get([...picked].sort().join(' ')) ?? null : null;
  const vizier = legal.some((t) => t.startsWith('pair'));

  // ---- the solver's hint: the seats (or button) of its move ----
  const hintText = ctx.hint?.action && legal.includes(ctx.hint.action) ? ctx.hint.action : null;
  const hintSeats = new Set();
  let hintWords = null;
  if (hintText) {
    for (const [m, verb] of [[activate, 'activate the guest at'], [target, 'choose'], [slideTo, 'slide the Queen to']]) {
      for (const [pos, t] of m) {
        if (t !== hintText) continue;
        hintSeats.add(pos);
        const [r, c] = pos.split(',').map(Number);
        hintWords = `${verb} ${at(r, c)}`;
      }
    }
    for (const [k, t] of pairs) {
      if (t !== hintText) continue;
      const ps = k.split(' ');
      ps.forEach((p) => hintSeats.add(p));
      hintWords = `swap ${ps.map((p) => { const [r, c] = p.split(',').map(Number); return at(r, c); }).join(' and ')}`;
    }
    hintWords ??= buttons.find(([t]) => t === hintText)?.[1] ?? hintText;
  }
  const hintBar = ctx.hint && legal.length
    ? h('p', { class: 'kf-hint', 'aria-live': 'polite' },
      hintText
        ? [h('strong', {}, 'Hint: '), `the solver’s move is highlighted: ${hintWords.charAt(0).toLowerCase()}${hintWords.slice(1)}.`]
        : h('button', { type: 'button', onclick: () => ctx.hint.ask() }, 'Hint: ask the solver'))
    : null;

  // ---- knowledge and score ----
  let seats = 0;
  let right = 0;
  let wrong = 0;
  let unknown = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = cell(r, c);
      if (x.kind === 'hole') continue;
      seats += 1;
      if (x.kind === 'face_down') unknown += 1;
      else if (x.value === goal(r, c)) right += 1;
      else wrong += 1;
    }
  }

  const describeCell = (x) => {
    if (x.kind === 'face_up') return `${guest(x.value).name} (${x.value}), face up`;
    if (x.kind === 'known') return `face down, known to you: ${guest(x.value).name} (${x.value})`;
    return 'face down, unknown';
  };

  const drawCell = (r, c) => {
    const x = cell(r, c);
    if (x.kind === 'hole') return h('div', { class: 'kf-hole', 'aria-hidden': 'true' });
    const pos = `${r},${c}`;
    const g = goal(r, c);
    const known = x.kind !== 'face_down';
    const placed = known && x.value === g;
    const gl = guest(g);
    const face = x.kind === 'face_up'
      ? [h('span', { class: 'kf-band', style: `background:${KIND_COLOUR[guest(x.value).kind]}` }),
        h('span', { class: 'kf-value' }, String(x.value)),
        h('span', { class: 'kf-name' }, guest(x.value).name),
        h('span', { class: 'kf-kind' }, guest(x.value).kind_name)]
      : x.kind === 'known'
        ? [h('span', { class: 'kf-memo' }, h('span', { class: 'kf-value' }, String(x.value)), h('span', { class: 'kf-name' }, guest(x.value).name))]
        : [h('span', { class: 'kf-q' }, '?')];
    const goalTag = h('span', { class: `kf-goal${placed ? ' kf-placed' : ''}${ended && !placed ? ' kf-misplaced' : ''}` },
      placed ? `✓ ${g}` : `goal ${g}`);
    const fullTitle = [
      x.kind !== 'face_down' ? `${guest(x.value).name} (${x.value}) — ${guest(x.value).kind_name}: ${guest(x.value).text}` : 'A face-down guest you have not seen.',
      x.kind === 'known' ? '(face down; you remember it)' : null,
      `This seat's goal: ${gl.name} (${g}).`,
    ].filter(Boolean).join(' ');
    const classes = `kf-card kf-${x.kind}${placed ? ' kf-right' : ''}${ended && !placed ? ' kf-wrong' : ''}`;
    const where = at(r, c);
    const common = `${where}: ${describeCell(x)}; goal ${gl.name} (${g})`;

    let action = null;
    let label = null;
    let pressed = null;
    if (activate.has(pos)) {
      action = () => act(activate.get(pos));
      label = `Activate ${guest(x.value).name} (${x.value}) at ${where}`;
    } else if (target.has(pos)) {
      action = () => act(target.get(pos));
      label = `${targetVerb(view.decision)} ${where} (${describeCell(x)})`;
    } else if (slideTo.has(pos)) {
      action = () => act(slideTo.get(pos));
      label = `Queen slides to ${where} (${slideTo.get(pos).slice(6)})`;
    } else if (pairSeats.has(pos)) {
      pressed = picked.includes(pos);
      label = `${pressed ? 'Unselect' : 'Select'} ${where} to swap (${describeCell(x)})`;
      action = () => {
        const i = picked.indexOf(pos);
        if (i >= 0) picked.splice(i, 1);
        else {
          if (picked.length >= 2) picked.shift();
          picked.push(pos);
        }
        render(ctx);
        ctx.el.querySelector(`[data-seat="${pos}"]`)?.focus();
      };
    }
    const style = `grid-row:${r + 1};grid-column:${c + 1}`;
    // What lies on the seat, for the shell's last-move marks: a flip, a peek or a swap changes it.
    const mark = `kf:${pos}:${x.kind}:${x.value ?? ''}`;
    const hinted = hintSeats.has(pos);
    if (action) {
      return h('button', {
        type: 'button',
        class: `${classes} kf-choice${pressed ? ' kf-picked' : ''}${hinted ? ' kf-hinted' : ''}`,
        style,
        title: fullTitle,
        'aria-label': label,
        'aria-pressed': pressed === null ? null : String(pressed),
        dataset: { seat: pos, mark },
        onclick: action,
      }, face, goalTag);
    }
    return h('div', { class: classes, style, role: 'img', title: fullTitle, 'aria-label': common, dataset: { seat: pos, mark } }, face, goalTag);
  };

  // The ring of the Round Table Roast: an inner block of holes is the King's table itself.
  let tableBlock = null;
  if (rows >= 3 && cols >= 3) {
    let inner = true;
    for (let r = 1; r < rows - 1 && inner; r++) for (let c = 1; c < cols - 1; c++) if (cell(r, c).kind !== 'hole') inner = false;
    if (inner) tableBlock = h('div', { class: 'kf-table', style: `grid-row:2 / ${rows};grid-column:2 / ${cols}`, 'aria-hidden': 'true' }, h('span', {}, 'the King’s table'));
  }
  const grid = [];
  if (tableBlock) grid.push(tableBlock);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) if (!(tableBlock && cell(r, c).kind === 'hole')) grid.push(drawCell(r, c));

  // ---- the prompt: what to do now ----
  const prompt = (() => {
    if (ended) return `The feast is over: ${REASONS[ended.reason] ?? String(ended.reason)}.`;
    if (ctx.replay) return `Turn ${view.turns_completed + 1}: ${view.decision}.`;
    if (!legal.length) return `Waiting: ${view.decision}.`;
    if (pairs.size) {
      const what = vizier ? 'Vizier: select two seats to exchange' : 'Optional swap: select two neighbouring seats whose cards face the same way';
      return `${what}${vizier ? '' : ', or don’t swap'}.`;
    }
    if (slideTo.size) return 'Queen: choose the seat she slides to (highlighted); the cards she passes step back and are flipped.';
    const d = view.decision;
    return `${d.charAt(0).toUpperCase()}${d.slice(1)}.`;
  })();

  let pairBar = null;
  if (pairs.size && !ctx.replay) {
    const names = picked.map((p) => {
      const [r, c] = p.split(',').map(Number);
      const x = cell(r, c);
      return x.kind === 'face_down' ? `the face-down card at ${at(r, c)}` : `${guest(x.value).name} (${at(r, c)})`;
    });
    let after = '';
    if (pairText) {
      // Preview: how many seats hold their goal card after the swap, as far as you know.
      const [[r1, c1], [r2, c2]] = picked.map((p) => p.split(',').map(Number));
      const a = cell(r1, c1);
      const b = cell(r2, c2);
      const ok = (x, r, c) => x.kind !== 'face_down' && x.value === goal(r, c);
      const delta = (ok(b, r1, c1) ? 1 : 0) + (ok(a, r2, c2) ? 1 : 0) - (ok(a, r1, c1) ? 1 : 0) - (ok(b, r2, c2) ? 1 : 0);
      after = ` Seats known right: ${right} → ${right + delta}.`;
    }
    pairBar = h('div', { class: 'kf-pairbar' },
      h('p', { class: 'kf-preview', 'aria-live': 'polite' },
        picked.length === 0 ? 'No seat selected.'
          : picked.length === 1 ? `Selected ${names[0]}: select the second seat.`
            : pairText ? `Swap ${names[0]} and ${names[1]}.${after}` : `${names[0]} and ${names[1]} cannot be swapped${vizier ? '' : ' (they must be neighbours facing the same way)'}.`),
      h('button', { type: 'button', class: 'primary', disabled: !pairText, onclick: () => pairText && act(pairText) },
        pairText ? (vizier ? 'Vizier: exchange these two' : 'Swap these two') : 'Swap'));
  }

  // ---- score, titles and the guests in play ----
  const inPlay = view.goal.filter((g) => g !== null).sort((a, b) => a - b);
  const score = h('section', { class: 'kf-score', 'aria-label': 'Score' },
    h('h3', {}, view.title),
    ended
      ? h('p', { class: 'kf-final' }, `Score ${ended.score}: ${ended.title}`,
        h('span', { class: 'kf-sub' }, ` (${ended.misplaced} misplaced${ended.score > ended.misplaced ? ', +2 for the Assassin' : ''})`))
      : h('p', {}, `Turns completed: ${view.turns_completed}`),
    ended ? null : h('p', {}, `Seats right: ${right} of ${seats}. Known wrong: ${wrong}. Unknown: ${unknown}.`),
    view.end_now ? h('p', { class: 'kf-sub' }, view.end_now.exact
      ? `Ending now would score ${view.end_now.least} (${view.end_now.title}).`
      : `Ending now would score at least ${view.end_now.least} (${view.end_now.title} or worse).`) : null,
    h('details', { class: 'kf-titles' }, h('summary', {}, 'Titles (lower is better)'),
      h('ul', {}, (CARDS?.titles ?? []).map((t) => h('li', {}, `${t.to === null ? `${t.from} or more` : t.from === t.to ? t.from : `${t.from}–${t.to}`}: ${t.title}`)),
        h('li', {}, 'Score = seats without their goal card, +2 if the Assassin was revealed or peeked at.'))));
  const reference = h('details', { class: 'kf-ref', open: ctx.memory.kfRef ?? true, ontoggle: (e) => { ctx.memory.kfRef = e.target.open; } },
    h('summary', {}, 'The guests at this feast'),
    h('ul', {}, inPlay.map((v) => {
      const g = guest(v);
      return h('li', {}, h('span', { class: 'kf-refno', style: `background:${KIND_COLOUR[g.kind]}` }, String(v)),
        h('span', {}, h('strong', {}, g.name), ` — ${g.kind_name}: ${g.text}`));
    })),
    h('p', { class: 'kf-sub' }, 'A turn: activate a face-up guest (its order, if any, happens), it turns face down, then you may swap two neighbours facing the same way. Face-down guests cannot be activated.'));

  const pending = ctx.memory.kfConfirm;
  const confirmBar = pending ? h('div', { class: 'kf-confirm', role: 'alertdialog', 'aria-label': 'Confirm this move' },
    h('p', {}, `${fatal.get(pending.text) === 'AssassinPeeked' ? 'That card is the Assassin: peeking at it' : 'This move reveals the Assassin, which'} ends the feast at once, and adds 2 to your score.`),
    h('button', { type: 'button', class: 'danger', onclick: () => act(pending.text) }, 'Do it and end the feast'),
    h('button', { type: 'button', onclick: () => { ctx.memory.kfConfirm = null; render(ctx); } }, 'Choose again')) : null;

  ctx.el.replaceChildren(h('div', { class: 'kf', dataset: { step: String(ctx.step), live: legal.length ? 'yes' : 'no' } },
    h('p', { class: `kf-prompt${legal.length ? ' kf-prompt-mine' : ''}` }, prompt),
    confirmBar,
    hintBar,
    h('div', { class: 'kf-board' },
      h('div', { class: 'kf-main' },
        h('div', {
          class: `kf-grid${tableBlock ? ' kf-ring' : ''}`,
          role: 'group',
          'aria-label': `${view.title}: the seats, ${rows} by ${cols}`,
          style: `grid-template-columns:repeat(${cols}, minmax(0, 6.5rem));grid-template-rows:repeat(${rows}, auto)`,
        }, grid),
        h('p', { class: 'kf-legend' },
          h('span', { class: 'kf-key kf-key-up' }, 'face up'), ' ',
          h('span', { class: 'kf-key kf-key-known' }, 'face down, remembered'), ' ',
          h('span', { class: 'kf-key kf-key-down' }, 'face down, unknown'), h('span', {}, '“goal 7”: the card this seat wants')),
        pairBar),
      h('div', { class: 'kf-side' }, score)),
    reference));

  if (buttons.length) {
    ctx.actionsEl.replaceChildren(h('div', { class: 'action-list' },
      buttons.map(([t, label]) => h('button', { type: 'button', class: `action${t === hintText ? ' kf-hinted' : ''}`, onclick: () => act(t) }, label))));
  }
}
