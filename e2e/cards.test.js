// web/cards.js, the helpers every game module uses, in a real browser.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, unnamedControls, serverAndBrowser } from './support.js';

let server;
let browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

test('selecting cards builds the matching legal action, previews it, and confirms it (by keyboard too)', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.base}/`);
  await page.evaluate(async () => {
    const cards = await import('/cards.js');
    window.played = [];
    const legal = ['commit', 'commit flame-6', 'commit flame-6 wave-8', 'commit star-11'];
    const root = cards.selectableCards({
      cards: ['flame-6', 'star-11', 'wave-8'],
      label: 'Your hand',
      toAction: (sel) => cards.matchAction(legal, 'commit', sel),
      preview: (sel, action) => (action ? `${sel.length} cards: ${action}` : 'not a legal choice'),
      confirmLabel: (action) => `Play: ${action}`,
      act: (a) => window.played.push(a),
    });
    document.body.replaceChildren(root);
  });
  const hand = page.getByRole('group', { name: 'Your hand' });
  const confirm = page.getByRole('button', { name: /^(Confirm|Play: )/ });
  assert.equal(await confirm.isDisabled(), true);
  await hand.getByRole('button', { name: 'wave 8' }).click();
  assert.equal(await hand.getByRole('button', { name: 'wave 8' }).getAttribute('aria-pressed'), 'true');
  assert.equal(await confirm.isDisabled(), true);
  await page.getByText('not a legal choice').waitFor();
  // The selection's order does not matter; keyboard works like clicks.
  await hand.getByRole('button', { name: 'flame 6' }).focus();
  await page.keyboard.press('Enter');
  await page.getByText('2 cards: commit flame-6 wave-8').waitFor();
  assert.equal(await confirm.textContent(), 'Play: commit flame-6 wave-8');
  await confirm.focus();
  await page.keyboard.press('Space');
  assert.deepEqual(await page.evaluate(() => window.played), ['commit flame-6 wave-8']);
  assert.deepEqual(await unnamedControls(page), []);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a selection kept in a Set survives a redraw, less the cards that left the hand', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.base}/`);
  const pressed = await page.evaluate(async () => {
    const cards = await import('/cards.js');
    const selection = new Set();
    const draw = (ids) => {
      document.body.replaceChildren(cards.selectableCards({ cards: ids, selection, toAction: () => null, act: () => {} }));
    };
    draw(['flame-6', 'star-11', 'wave-8']);
    document.querySelector('[data-card="flame-6"]').click();
    document.querySelector('[data-card="wave-8"]').click();
    draw(['flame-6', 'star-11']);
    return [...document.querySelectorAll('[aria-pressed=true]')].map((b) => b.dataset.card);
  });
  assert.deepEqual(pressed, ['flame-6']);
  await page.context().close();
});

test('card names and parsing', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.base}/`);
  const r = await page.evaluate(async () => {
    const c = await import('/cards.js');
    return [c.cardName('flame-6'), c.cardName('assassin'), c.cardName('lovers-ii'), c.cardName(289),
      c.matchAction(['meld a b c'], 'meld', ['c', 'a', 'b']), c.matchAction(['meld a b c'], 'meld', ['a', 'b'])];
  });
  assert.deepEqual(r, ['flame 6', 'assassin', 'lovers ii', '289', 'meld a b c', null]);
  await page.context().close();
});
