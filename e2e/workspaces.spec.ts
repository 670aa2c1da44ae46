import { expect, test } from './fixtures.ts';
import { screenshotBothThemes, signInAs } from './support/workspace-session.ts';

test.describe('blocked buyers', () => {
  test('block a buyer by nickname with a reason, find them in block search, unblock with undo', async ({
    page,
  }, testInfo) => {
    await signInAs(page, 'TIENDA_PALERMO', '/blocked-buyers?list=questions');
    await expect(page.getByRole('heading', { level: 1, name: 'Blocked buyers' })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Blocklists' });
    await expect(tabs.getByRole('tab', { name: /Blocked from asking/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    await page.getByRole('button', { name: 'Block a buyer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Block a buyer' });
    await dialog.getByLabel('Buyer').fill('compradora_sampa');
    await dialog.getByRole('checkbox', { name: 'Asking questions' }).check();
    await dialog.getByLabel('Reason').selectOption('abusive_messages');
    await dialog.getByLabel('Note').fill('Insults in three questions about the same listing.');
    await dialog.getByRole('button', { name: 'Block from asking questions' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('live-region')).toHaveText(
      'COMPRADORA_SAMPA blocked from asking questions.',
    );

    // The block search narrowed to the buyer (its `user_blocked`), found by nickname.
    await page.getByLabel('Find a blocked buyer by id or nickname').fill('COMPRADORA_SAMPA');
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(page).toHaveURL(/buyer=\d+/);
    const table = page.getByRole('table', { name: /Blocked from asking, buyer \d+/ });
    const row = table.getByRole('row', { name: /COMPRADORA_SAMPA/ });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Abusive messages');
    await expect(row).toContainText('Insults in three questions');
    await expect(table.getByRole('row')).toHaveCount(2);

    const activity = page.getByRole('list', { name: 'Blocks and unblocks, newest first' });
    await expect(activity.getByRole('listitem').first()).toContainText('COMPRADORA_SAMPA');
    await expect(activity.getByRole('listitem').first()).toContainText('Blocked');
    await expect(activity.getByRole('listitem').first()).toContainText('by TIENDA_PALERMO');
    await screenshotBothThemes(page, 'blocked-buyers', (name) => testInfo.outputPath(name));

    // Unblock, confirm, undo: the buyer is back with the same reason.
    await row.getByRole('button', { name: /Unblock/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Unblock COMPRADORA_SAMPA?' });
    await expect(confirm).toContainText('ask questions on your items again');
    await confirm.getByRole('button', { name: 'Unblock' }).click();
    await expect(table.getByRole('row', { name: /COMPRADORA_SAMPA/ })).toHaveCount(0);
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('COMPRADORA_SAMPA unblocked from asking questions');
    await expect(toast.getByRole('button', { name: 'Undo' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(row).toBeVisible();
    await expect(row).toContainText('Abusive messages');
    await expect(page.getByTestId('live-region')).toHaveText('COMPRADORA_SAMPA is blocked again.');

    // Unblock for good, with the keyboard, and the trail shows all three events.
    await row.getByRole('button', { name: /Unblock/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByRole('button', { name: 'Unblock' }).click();
    await expect(table.getByRole('row', { name: /COMPRADORA_SAMPA/ })).toHaveCount(0);
    await page.getByTestId('toast').getByRole('button', { name: 'Dismiss' }).click();
    await expect(activity.getByRole('listitem').nth(0)).toContainText('Unblocked');
    await expect(activity.getByRole('listitem').nth(1)).toContainText('Blocked');
    await expect(activity.getByRole('listitem').nth(2)).toContainText('Unblocked');
  });

  test('switching lists with the arrow keys keeps the list in the address', async ({ page }) => {
    await signInAs(page, 'BAZAR_COYOACAN', '/blocked-buyers');
    const buying = page.getByRole('tab', { name: /Blocked from buying/ });
    await expect(buying).toHaveAttribute('aria-selected', 'true');
    // The tab's count is the block search's total; the seed blocks a few buyers on each list.
    await expect(buying).toHaveText(/Blocked from buying\s*\d+/);
    const buyingCount = Number((await buying.textContent())?.replace(/\D/g, ''));
    expect(buyingCount).toBeGreaterThan(0);
    await expect(page.getByRole('table', { name: 'Blocked from buying' }).getByRole('row')).toHaveCount(
      buyingCount + 1,
    );
    await buying.focus();
    await page.keyboard.press('ArrowRight');
    const asking = page.getByRole('tab', { name: /Blocked from asking/ });
    await expect(asking).toBeFocused();
    await expect(asking).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/list=questions/);
    await expect(page.getByRole('tabpanel')).toHaveAccessibleName(/Blocked from asking/);
    await page.keyboard.press('Home');
    await expect(buying).toBeFocused();
    await expect(page).toHaveURL(/list=order/);
  });
});

test.describe('location picker', () => {
  test('one search across all levels finds a neighborhood; its payload is copied', async ({
    page,
    context,
  }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/locations');
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
    const search = page.getByRole('combobox', { name: 'Search all places' });
    await search.fill('Palermo');
    const option = page.getByRole('option', { name: /^Palermo, Capital Federal, Argentina/ });
    await expect(option).toBeVisible();
    // The count is said by React Aria's announcer (its live regions hide nothing of the list the app's would).
    await expect(page.getByRole('log').first()).toContainText(/\d+ options? available\./);
    await option.click();

    await expect(page).toHaveURL(/neighborhood=/);
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('Argentina');
    await expect(page.getByRole('combobox', { name: 'City' })).toHaveValue('Capital Federal');
    await expect(page.getByRole('combobox', { name: 'Neighborhood' })).toHaveValue('Palermo');
    const payload = page.getByTestId('listing-payload');
    await expect(payload).toContainText('"neighborhood"');
    await expect(payload).not.toContainText('"state"');
    await expect(page.getByTestId('place-hierarchy')).toContainText('Palermo');
    await expect(page.getByTestId('place-coordinates')).toHaveText(
      /^Coordinates: 34\.\d+° S, 58\.\d+° W · Palermo$/,
    );

    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(page.getByTestId('live-region')).toHaveText('Location payload copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(JSON.parse(copied)).toEqual(JSON.parse((await payload.textContent()) ?? ''));
    expect(JSON.parse(copied).location.neighborhood.id).toMatch(/^[A-Za-z0-9_=+-]+$/);
    await screenshotBothThemes(page, 'locations', (name) => testInfo.outputPath(name));
  });

  test('by keyboard alone: arrows through the cascade; a state’s only city is chosen for the person', async ({
    page,
  }) => {
    await page.goto('/locations');
    const country = page.getByRole('combobox', { name: 'Country' });
    await country.focus();
    await page.keyboard.press('ArrowDown');
    await expect(country).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.type('arg');
    await expect(page.getByRole('option', { name: 'Argentina' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(country).toHaveValue('Argentina');

    await page.keyboard.press('Tab');
    const state = page.getByRole('combobox', { name: 'State' });
    await expect(state).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.press('Home');
    // The active option's text, or null while none is active: read in one step, since the list re-renders as it
    // filters (a locator built from an id read a moment earlier could wait for an option that is gone).
    const active = () =>
      state.evaluate((input) => {
        const id = input.getAttribute('aria-activedescendant');
        return id ? (document.getElementById(id)?.textContent ?? null) : null;
      });
    const firstState = await active();
    await page.keyboard.type('Capital');
    await expect.poll(active).toBe('Capital Federal');
    expect(firstState).not.toBe('Capital Federal');
    await page.keyboard.press('Enter');
    // Capital Federal's only city is chosen for the person.
    await expect(page.getByRole('combobox', { name: 'City' })).toHaveValue('Capital Federal');
    await expect(page.getByTestId('listing-payload-refusal')).toContainText(
      'Choose a neighborhood of Capital Federal',
    );

    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: 'City' })).toHaveValue('Capital Federal');
    await expect(page.getByTestId('listing-payload-refusal')).toContainText(
      'Choose a neighborhood of Capital Federal',
    );

    await page.keyboard.press('Tab');
    await expect(page.getByRole('combobox', { name: 'Neighborhood' })).toBeFocused();
    await page.keyboard.type('pale');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: 'Neighborhood' })).toHaveValue('Palermo');
    await expect(page.getByTestId('listing-payload')).toContainText('"neighborhood"');

    await page.keyboard.type('zzz');
    await expect(page.getByText('No matches')).toBeVisible();
    await expect(page.getByRole('log').first()).toContainText('0 options available.');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('combobox', { name: 'Neighborhood' })).toHaveValue('Palermo');
  });

  test('a city without neighborhoods is published as the city: Uruguay, Rocha, Cabo Polonio', async ({
    page,
  }) => {
    await page.goto('/locations');
    for (const [name, text, value] of [
      ['Country', 'Urug', 'Uruguay'],
      ['State', 'Roch', 'Rocha'],
      ['City', 'Cabo', 'Cabo Polonio'],
    ] as const) {
      const box = page.getByRole('combobox', { name });
      await expect(box).toBeEnabled();
      await box.fill(text);
      await page.getByRole('option', { name: value, exact: true }).click();
      await expect(box).toHaveValue(value);
    }
    await expect(page.getByRole('combobox', { name: 'Neighborhood' })).toBeDisabled();
    await expect(page.getByText('Cabo Polonio has no neighborhoods; the city is used.')).toBeVisible();
    const payload = JSON.parse((await page.getByTestId('listing-payload').textContent()) ?? '');
    expect(Object.keys(payload.location)).toEqual(['city']);
    expect(payload.location.city.id).toBeTruthy();
    // The platform has no coordinates for Cabo Polonio, Rocha or Uruguay: the map says so, with no request out.
    await expect(page.getByText('The marketplace has no coordinates for Cabo Polonio.')).toBeVisible();
  });
});
