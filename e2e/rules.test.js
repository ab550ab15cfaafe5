// "How to play": the rules dialog from the lobby and from a table's menu, the table's options in
// it, and the help for the choice a seat faces.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  newPage, createInLobby, latest, waitFor, layoutProblems, screenshots, PHONE, serverAndBrowser,
} from './support.js';

let server;
let browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** The open rules dialog's text of one option (`data-option`). */
function optionText(page, id) {
  return page.getByRole('dialog').locator(`[data-option="${id}"]`).innerText();
}

/** Waits until the dialog has left the page. A role locator stops matching as soon as the dialog
 * is hidden, before its `close` handler has run and moved focus, so wait for the element itself. */
function closed(page) {
  return page.locator('dialog.rules-dialog').waitFor({ state: 'detached' });
}

test('the rules open from the lobby and the table, show the options, close on Escape and help with a prompt', { timeout: 90000 }, async () => {
  const page = await newPage(browser, PHONE);
  const target = 20;

  // The lobby: the rules of the game chosen, with the options as set in the form.
  await page.goto(`${server.base}/`);
  await page.getByLabel('Game').selectOption({ label: 'Holy Matrimony' });
  await page.locator('#opt-target_score').fill(String(target));
  const lobbyButton = page.getByRole('button', { name: 'How to play Holy Matrimony' });
  await lobbyButton.click();
  const dialog = page.getByRole('dialog', { name: 'How to play Holy Matrimony' });
  await dialog.getByRole('heading', { name: 'Scoring', exact: true }).waitFor();
  assert.match(await optionText(page, 'target_score'), new RegExp(`target score: ${target}\\b`));
  assert.doesNotMatch(await optionText(page, 'target_score'), /the default/);
  assert.match(await optionText(page, 'traditional_mat'), /off \(the default\)/);
  await page.keyboard.press('Escape');
  await closed(page);
  assert.ok(await lobbyButton.evaluate((el) => el === document.activeElement), 'focus returns to the button');

  // A table with a non-default option: the menu's "How to play" shows it.
  const { link } = await createInLobby(page, server.base, 'Holy Matrimony', ['human:Ann', 'random'], { target_score: target });
  await page.goto(link);
  await waitFor(() => latest(page)?.legal.length > 0, 20000);
  await page.locator('summary', { hasText: 'Menu' }).click();
  await page.getByRole('button', { name: 'How to play' }).click();
  await dialog.getByRole('heading', { name: 'This table\'s options' }).waitFor();
  await dialog.getByRole('heading', { name: 'A round' }).waitFor();
  assert.match(await optionText(page, 'target_score'), new RegExp(`target score: ${target}\\b`));
  assert.match(await optionText(page, 'first_player'), /chosen at random \(the default\)/);
  // The dialog scrolls inside on a phone: the page does not grow sideways.
  assert.deepEqual((await layoutProblems(page)).filter((p) => p.includes('sideways')), []);
  const body = dialog.locator('.rules-body');
  assert.ok(await body.evaluate((el) => el.scrollHeight > el.clientHeight), 'the rules scroll inside the dialog');
  await screenshots(page, 'rules-dialog', PHONE);
  // Tab stays inside the modal dialog.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    assert.ok(await page.evaluate(() => !!document.activeElement?.closest('dialog')), 'focus stays in the dialog');
  }
  await page.keyboard.press('Escape');
  await closed(page);
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Menu', 'focus returns to the menu');

  // Help for the current prompt: Holy Matrimony's commitment.
  await page.locator('#turn').getByRole('button', { name: 'Help' }).click();
  const help = page.getByRole('dialog', { name: 'Help for this choice' });
  await help.getByRole('heading', { name: 'Committing cards' }).waitFor();
  assert.match(await help.innerText(), /21/);
  await help.getByRole('button', { name: 'How to play Holy Matrimony' }).click();
  await dialog.getByRole('heading', { name: 'Goal' }).waitFor();
  await page.keyboard.press('Escape');
  await closed(page);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
