// What just happened: after each new step the shell marks what the move put on the table. The
// game area's `[data-card]` elements (and `[data-mark]`, for a module whose places change without
// a card id: a guest flipped) that were not there at the step before are the last move's: they
// get `last-move` (kept through redraws of the same step) and, on the draw that brings the step,
// `last-move-new`, which animates. Nothing here knows a game's rules: it compares what was drawn.

const keysOf = (root) => [...root.querySelectorAll('[data-card], [data-mark]')].map(key);
const key = (el) => el.dataset.mark ?? `card:${el.dataset.card}`;

const seen = { step: null, keys: new Set(), marked: new Set() };

/** Call after the game module drew `step` into `root`. */
export function markLastMove(root, step) {
  const now = keysOf(root);
  const fresh = step !== seen.step;
  if (fresh) {
    // The first state drawn has nothing before it to compare with; a replay jump marks the step's.
    seen.marked = seen.step === null ? new Set() : new Set(now.filter((k) => !seen.keys.has(k)));
    seen.keys = new Set(now);
    seen.step = step;
  }
  for (const el of root.querySelectorAll('[data-card], [data-mark]')) {
    if (!seen.marked.has(key(el))) continue;
    el.classList.add('last-move');
    if (fresh) el.classList.add('last-move-new');
  }
}
