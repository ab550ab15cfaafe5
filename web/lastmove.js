// What just happened: after each new step the shell marks what the move put on the table. The
// game area's `[data-card]` elements (and `[data-mark]`, for a module whose places change without
// a card id: a guest flipped) that were not there at the step drawn before are the last move's:
// they get `last-move` (kept through redraws of the same step, the module's own too) and, on the
// draw that brings the step, `last-move-new`, which animates. Nothing here knows a game's rules:
// it compares what was drawn.

const key = (el) => el.dataset.mark ?? `card:${el.dataset.card}`;
const marked = (root) => root.querySelectorAll('[data-card], [data-mark]');

const seen = { step: null, keys: new Set(), marked: new Set(), root: null };

function apply(root, animate) {
  for (const el of marked(root)) {
    if (!seen.marked.has(key(el))) continue;
    el.classList.add('last-move');
    if (animate) el.classList.add('last-move-new');
  }
}

/** Call after the game module drew `step` into `root`. */
export function markLastMove(root, step) {
  const fresh = step !== seen.step;
  if (fresh) {
    const now = [...marked(root)].map(key);
    // The first state drawn has nothing before it to compare with.
    seen.marked = seen.step === null ? new Set() : new Set(now.filter((k) => !seen.keys.has(k)));
    seen.keys = new Set(now);
    seen.step = step;
  }
  apply(root, fresh);
  if (seen.root !== root) {
    // A module that redraws itself (a selection changing) gets the same marks back, unanimated.
    seen.root = root;
    new MutationObserver(() => apply(root, false)).observe(root, { childList: true, subtree: true });
  }
}
