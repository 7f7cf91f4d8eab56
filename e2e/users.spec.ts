/**
 * Journeys of issue 6 (users): an Organisation Admin invites a User Admin, who invites an end user with
 * one application, edits them, finds them locked out and clears the lockout; the list's search and
 * infinite scroll over a few hundred users; and (issue 46) people moved in on the "Import people" screen,
 * who sign in with the password they had, and taken out again with the export.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { USER_MESSAGES } from '@gatehouse/common/user-messages';
import bcrypt from 'bcryptjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { insertUser, newUserRow } from '../server/src/accounts/store.ts';
import type { Dialect } from '../server/src/db/database.ts';
import { scoped } from '../server/src/db/scoped.ts';
import {
  expectAccessible,
  holdBack,
  launchBrowser,
  newPage,
  openApp,
  passDoubleSubmitGuard,
  screenshot,
  submitSignIn,
} from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningGatehouse, startGatehouse } from './support/gatehouse.ts';

const chromiumPath = inject('chromiumPath');
// The journeys run on SQLite; the rules under them run on both databases in the integration tests.
const dialects: Dialect[] = ['sqlite'];
const SEEDED = 300;

describe.skipIf(!chromiumPath).each(dialects)('user administration on %s, in Chromium', (dialect) => {
  let gatehouse: RunningGatehouse;
  let browser: Browser;

  beforeAll(async () => {
    gatehouse = await startGatehouse(dialect);
    await gatehouse.createOrganisation('acme', 'admin@acme.test');
    await gatehouse.createOrganisation('globex', 'admin@globex.test');
    await gatehouse.createOrganisation('initech', 'admin@initech.test');
    // Set-ups no screen of this journey makes: a lockout after three wrong passwords (no cooldown first)
    // at acme, through the settings API; at globex the free tier and a few hundred users, which no API
    // makes at once.
    await gatehouse.saveSettings('acme', { failedSignInsBeforeCooldown: 0, failedSignInsBeforeLockout: 3 });
    await gatehouse.withDatabase(async (db) => {
      const globex = await db.selectFrom('organisations').select('id').where('name', '=', 'globex').executeTakeFirstOrThrow();
      await db.updateTable('organisations').set({ tier: 'free' }).where('id', '=', globex.id).execute();
      const now = Date.now();
      for (let i = 0; i < SEEDED; i++) {
        const n = String(i).padStart(3, '0');
        await insertUser(
          scoped(db, globex.id),
          newUserRow({
            id: randomUUID(),
            email: `person${n}@globex.test`,
            role: 'EndUser',
            now,
            changes: { first_name: i % 5 === 0 ? `Marta${n}` : `Name${n}`, surname: i === 123 ? 'Zebedee' : 'Smith' },
          }),
        );
      }
    });
    browser = await launchBrowser(chromiumPath);
  });
  afterAll(async () => {
    await browser?.close();
    await gatehouse?.stop();
  });

  async function signIn(org: string, email: string, password: string): Promise<Page> {
    const page = await newPage(browser);
    await submitSignIn(page, gatehouse.url(org), email, password);
    await page.waitForURL('**/dashboard');
    return page;
  }

  /** The link in the newest message to `to`, as `gatehouse outbox` prints it. */
  async function linkInOutbox(org: string, to: string): Promise<string> {
    const run = await gatehouse.cli(['outbox', '--org', org, '--limit', '20']);
    const message = run.stdout.split('=== ').find((block) => block.includes(` to ${to}\n`));
    if (!message) throw new Error(`No message to ${to} in:\n${run.stdout}`);
    return /https?:\/\/\S+/.exec(message)![0];
  }

  async function acceptInvitation(org: string, email: string, password: string): Promise<void> {
    const page = await newPage(browser);
    await page.goto(await linkInOutbox(org, email));
    await page.getByText(email).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByLabel('I accept the terms and conditions and the privacy policy').check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL('**/dashboard');
    await page.context().close();
  }

  const row = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

  it('an Organisation Admin invites a User Admin, who invites, edits, locks out and clears an end user', async () => {
    const admin = await signIn('acme', 'admin@acme.test', ADMIN_PASSWORD);
    const status = await admin.evaluate(async () => {
      const body = new URLSearchParams({ name: 'Wiki', redirectURI: 'http://localhost:9/callback' });
      return (await fetch('/api/clients', { method: 'POST', body })).status;
    });
    expect(status).toBe(201);
    await admin.reload();

    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users', exact: true }).click();
    await admin.getByRole('heading', { name: 'Manage your Users' }).waitFor();
    expect(await admin.title()).toBe('Users - acme');
    await row(admin, 'admin@acme.test').getByText('Organisation admin').waitFor();
    await expectAccessible(admin);

    await admin.getByRole('link', { name: 'Add', exact: true }).click();
    await admin.getByRole('heading', { name: 'Add a user' }).waitFor();
    await admin.getByText('Invite a user to sign up').waitFor();
    expect(await admin.getByLabel('Role').locator('option').allTextContents()).toEqual(['End user', 'User admin', 'Organisation admin']);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('This field is required').first().waitFor();
    await expectAccessible(admin);
    await admin.getByLabel('First name').fill('Uma');
    await admin.getByLabel('Email').fill('uma@example.test');
    await admin.getByLabel('Role').selectOption({ label: 'User admin' });
    await passDoubleSubmitGuard(admin);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL('**/users');
    await row(admin, 'uma@example.test').getByText('Pending').waitFor();
    await admin.context().close();

    await acceptInvitation('acme', 'uma@example.test', 'uma keeps the users tidy');
    const uma = await signIn('acme', 'uma@example.test', 'uma keeps the users tidy');
    await uma.goto(gatehouse.url('acme') + '/users/add?returnurl=%2Fusers%3Ffrom%3Dadd');
    await uma.getByRole('heading', { name: 'Add a user' }).waitFor();
    // A User Admin cannot make an Organisation Admin.
    expect(await uma.getByLabel('Role').locator('option').allTextContents()).toEqual(['End user', 'User admin']);
    await uma.getByLabel('Enforce multi-factor authentication (MFA) for this user').waitFor();
    await uma.getByLabel('First name').fill('Eve');
    await uma.getByLabel('Surname').fill('Example');
    await uma.getByLabel('Email').fill('eve@example.test');
    await uma.getByRole('button', { name: 'Save' }).click();
    const dialog = uma.getByRole('dialog', { name: 'No applications selected' });
    await dialog
      .getByText("You haven't selected any applications for this user. Do you want to add user without any application access?")
      .waitFor();
    await expectAccessible(uma);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await uma.getByRole('checkbox', { name: 'Wiki' }).check();
    await passDoubleSubmitGuard(uma);
    await uma.getByRole('button', { name: 'Save' }).click();
    await uma.waitForURL('**/users?from=add');

    await acceptInvitation('acme', 'eve@example.test', 'eve has a quiet garden');
    await uma.reload();
    await row(uma, 'eve@example.test').getByText('Signed up').waitFor();
    // The whole row opens the user.
    await row(uma, 'eve@example.test').getByText('End user').click();
    await uma.waitForURL('**/users/*');
    await uma.getByRole('heading', { name: 'Edit user' }).waitFor();
    expect(await uma.getByRole('checkbox', { name: 'Wiki' }).isChecked()).toBe(true);
    await uma.getByText('Never').first().waitFor();
    await uma.getByLabel('Surname').fill('Edited');
    await uma.getByLabel('Phone number').fill('+44 20 7946 0000');
    await uma.getByRole('button', { name: 'Save' }).click();
    await uma.getByText('User details updated').waitFor();
    await expectAccessible(uma);
    await screenshot(uma, `${dialect}-edit-user`);
    const eveUrl = uma.url();

    // Three wrong passwords lock Eve out (the organisation's lockout policy).
    const stranger = await newPage(browser);
    await openApp(stranger, gatehouse.url('acme') + '/');
    const statuses = await stranger.evaluate(async () => {
      const answers: number[] = [];
      for (let i = 0; i < 3; i++) {
        const body = new URLSearchParams({ email: 'eve@example.test', password: 'not the password' });
        answers.push((await fetch('/api/authenticate', { method: 'POST', body })).status);
      }
      return answers;
    });
    expect(statuses.every((s) => s >= 400)).toBe(true);
    await stranger.context().close();

    await uma.goto(eveUrl);
    const account = uma.getByRole('region', { name: 'Account' });
    await account.getByText('Locked out').waitFor();
    const history = uma.getByRole('region', { name: 'Access history' });
    await history.getByText('3', { exact: true }).waitFor();
    await account.getByRole('button', { name: 'Clear lockout' }).click();
    await account.getByText('Account unlocked').waitFor();
    await account.getByText('Signed up').waitFor();
    await account.getByRole('button', { name: 'Send reset email' }).click();
    await account.getByText('Password reset email sent').waitFor();
    await account.getByRole('button', { name: 'Disable' }).click();
    await account.getByText('Disabled', { exact: true }).waitFor();
    await account.getByRole('button', { name: 'Enable' }).click();
    await account.getByText('Signed up').waitFor();

    // Editing oneself: no role, MFA, applications, status actions or delete.
    await uma.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users', exact: true }).click();
    await row(uma, 'uma@example.test').getByRole('link').click();
    await uma.getByRole('heading', { name: 'Edit user' }).waitFor();
    await uma.getByLabel('First name').waitFor();
    expect(await uma.getByLabel('Role').count()).toBe(0);
    expect(await uma.getByRole('checkbox', { name: 'Wiki' }).count()).toBe(0);
    expect(await uma.getByRole('button', { name: 'Disable' }).count()).toBe(0);
    expect(await uma.getByRole('button', { name: 'Delete user' }).count()).toBe(0);
    // Nor may a User Admin change the Organisation Admin above them: no delete in their row.
    await uma.goBack();
    await row(uma, 'admin@acme.test').waitFor();
    await row(uma, 'admin@acme.test').getByRole('button', { name: 'Actions for admin@acme.test' }).click();
    await uma.getByRole('menu', { name: 'Actions for admin@acme.test' }).getByRole('menuitem', { name: 'Open' }).waitFor();
    expect(await uma.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
    await uma.keyboard.press('Escape');
    await expect.poll(() => uma.getByRole('menu').count()).toBe(0);
    // Their page says it cannot be changed, and Save is disabled and looks it; Cancel still leaves (issue 39 point 17).
    await row(uma, 'admin@acme.test').getByRole('link').click();
    await uma.getByText(USER_MESSAGES.aboveYourRole).waitFor();
    const save = uma.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    expect(await save.evaluate((button) => getComputedStyle(button).opacity)).toBe('0.6');
    await uma.getByRole('button', { name: 'Cancel' }).click();
    await row(uma, 'admin@acme.test').waitFor();

    // Delete from the list's row menu, by keyboard, after the 'Delete confirmation' dialog.
    await row(uma, 'eve@example.test').getByRole('button', { name: 'Actions for eve@example.test' }).click();
    await uma.getByRole('menuitem', { name: 'Open' }).waitFor();
    await uma.keyboard.press('ArrowDown');
    await uma.keyboard.press('Enter');
    const confirm = uma.getByRole('dialog', { name: 'Delete confirmation' });
    await confirm.getByText('Are you sure you want to delete?').waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await row(uma, 'eve@example.test').waitFor({ state: 'detached' });
    // Issue 39 point 22: the focus goes to the result, not to the page, with the row and its menu gone.
    await expect.poll(() => uma.evaluate(() => document.activeElement?.textContent)).toBe('User deleted');
    await uma.goto(eveUrl);
    await uma.waitForURL('**/users');
    await uma.getByText('Sorry, the user was not found').waitFor();
    await uma.context().close();
  });

  it('searches a few hundred users as the admin types and loads more as the table scrolls', async () => {
    const admin = await signIn('globex', 'admin@globex.test', ADMIN_PASSWORD);
    const searches: string[] = [];
    admin.on('request', (request) => {
      if (request.url().endsWith('/api/users/search')) searches.push(request.postData() ?? '');
    });
    await admin.goto(gatehouse.url('globex') + '/users');
    const rows = admin.locator('tbody tr');
    await rows.nth(49).waitFor();
    expect(await rows.count()).toBe(50);
    expect(await rows.first().innerText()).toContain('admin@globex.test');

    // Scrolling to within 100 px of the bottom loads the next page, until all are shown: each page asks
    // for the users after the last one shown (keyset paging), numbered as the pages are reached.
    const fiftieth = await rows.nth(49).getByRole('link').innerText();
    searches.length = 0;
    for (let shown = 50; shown < SEEDED + 1; shown += 50) {
      await admin.mouse.wheel(0, 100_000);
      await rows.nth(Math.min(shown + 49, SEEDED)).waitFor();
    }
    expect(await rows.count()).toBe(SEEDED + 1);
    expect(searches).toHaveLength(Math.ceil((SEEDED + 1) / 50) - 1);
    expect(searches[0]).toBe(`page=2&after=${encodeURIComponent(fiftieth)}`);
    searches.forEach((body, i) => expect(body).toMatch(new RegExp(`^page=${i + 2}&after=[^&]+$`)));
    await screenshot(admin, `${dialect}-users-scrolled`);

    // Typed quickly, a term is searched 500 ms after the last keystroke, not once a keystroke: the
    // search for the whole term comes last, and fewer searches than keystrokes are made (on a busy
    // machine a keystroke can come more than 500 ms after the one before, which then searches too).
    searches.length = 0;
    await admin.getByLabel('Search users').pressSequentially('marta', { delay: 50 });
    await expect.poll(() => searches.at(-1)).toBe('page=1&search=marta');
    await rows.nth(49).waitFor();
    await expect.poll(() => rows.count()).toBe(50);
    expect(searches.length).toBeLessThan('marta'.length);
    for (const body of searches) expect('page=1&search=marta'.startsWith(body)).toBe(true);
    expect(await rows.first().innerText()).toContain('person000@globex.test');
    await admin.mouse.wheel(0, 100_000);
    await expect.poll(() => rows.count()).toBe(SEEDED / 5);

    await admin.getByLabel('Search users').fill('zeb');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('person123@globex.test');

    // The spec's LIST/GRID toggle: the same users as cards, with the same actions.
    await admin.getByRole('button', { name: 'Grid' }).click();
    const tiles = admin.getByRole('list', { name: 'Users' }).getByRole('listitem');
    await expect.poll(() => tiles.count()).toBe(1);
    await tiles.first().getByRole('link', { name: 'person123@globex.test' }).waitFor();
    await tiles.first().getByRole('button', { name: 'Actions for person123@globex.test' }).waitFor();
    expect(await admin.getByRole('button', { name: 'Grid' }).getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(admin);
    await admin.getByRole('button', { name: 'List' }).click();
    await expect.poll(() => rows.count()).toBe(1);

    await admin.getByLabel('Search users').fill('nobody-here');
    await admin.getByText('No matching users were found').waitFor();
    await expectAccessible(admin);
    await admin.context().close();
  });
  it('imports people with their old passwords: mapping, a dry run, progress, refused rows, the user limit; exports them', async () => {
    const oldPassword = 'ada kept this from the old system';
    const csv = [
      'E-mail address,Given name,Family name,Hash',
      `ada@initech.test,Ada,Lovelace,${bcrypt.hashSync(oldPassword, 8)}`,
      'bob@initech.test,Bob,Plain,not a hash at all',
      'not-an-email,Cy,Broken,',
      'ADA@initech.test,Ada,Again,',
    ].join('\r\n');
    const admin = await signIn('initech', 'admin@initech.test', ADMIN_PASSWORD);
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users', exact: true }).click();
    await admin.getByRole('link', { name: 'Import people' }).click();
    await admin.getByRole('heading', { name: 'Import people' }).waitFor();
    expect(await admin.title()).toBe('Import people - initech');
    await admin.getByLabel('File').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

    // The columns: none is named as a field, so the email must be chosen before the file is checked.
    const mapping = admin.getByRole('group', { name: 'Columns' });
    expect(await mapping.getByLabel('Email', { exact: true }).inputValue()).toBe('');
    await admin.getByRole('button', { name: 'Check the file' }).click();
    await admin.getByText('Choose the column that holds the email.').waitFor();
    await mapping.getByLabel('Email', { exact: true }).selectOption('E-mail address');
    await mapping.getByLabel('First name').selectOption('Given name');
    await mapping.getByLabel('Surname').selectOption('Family name');
    await mapping.getByLabel('Password hash').selectOption('Hash');
    const preview = admin.getByRole('table', { name: 'The first rows of the file, as they will be read' });
    await preview.getByRole('cell', { name: 'Lovelace' }).waitFor();
    expect(await preview.getByRole('row').count()).toBe(5);
    await expectAccessible(admin);

    // The dry run: who would come in, and every row it would refuse with why.
    await passDoubleSubmitGuard(admin);
    await admin.getByRole('button', { name: 'Check the file' }).click();
    const report = admin.getByRole('region', { name: 'What the import would do' });
    await report.getByText('1 person would be added').waitFor();
    await report.getByText('3 rows would be refused').waitFor();
    const refused = report.getByRole('table', { name: 'The refused rows and why' });
    await refused.getByRole('row').filter({ hasText: 'bob@initech.test' }).getByText(/hash/i).waitFor();
    await refused.getByRole('row').filter({ hasText: 'not-an-email' }).waitFor();
    await refused.getByRole('row').filter({ hasText: 'ada@initech.test' }).getByText('The same email is on row 2 of this file.').waitFor();
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      report.getByRole('link', { name: 'Download the refused rows (CSV)' }).click(),
    ]);
    const refusedCsv = readFileSync((await download.path())!, 'utf8');
    expect(refusedCsv.split('\r\n')[0]).toBe('row,email,reason,E-mail address,Given name,Family name,Hash');
    expect(refusedCsv).toContain('3,bob@initech.test,');
    expect(refusedCsv.trim().split('\r\n')).toHaveLength(4);
    await expectAccessible(admin);
    await admin.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(admin);
    await screenshot(admin, `${dialect}-import-checked-phone`);
    await admin.setViewportSize({ width: 1280, height: 800 });

    // The run, its progress held at its start for a moment (the status it polls), then its end.
    const held = await holdBack(admin, '**/api/imports/*');
    await report.getByRole('button', { name: 'Import' }).click();
    const progress = admin.getByRole('progressbar', { name: 'Importing' });
    await progress.waitFor();
    expect(await progress.getAttribute('aria-valuetext')).toBe('0 of 4 rows');
    await expectAccessible(admin);
    await held.release();
    await admin.unroute('**/api/imports/*');
    const finished = admin.getByRole('region', { name: 'Import finished' });
    await finished.getByText('1 person added').waitFor();
    await finished.getByText('3 rows refused').waitFor();
    await expectAccessible(admin);

    // A file that would take the Starter package past its 50 people is refused before anything is imported.
    await admin.getByRole('button', { name: 'Import another file' }).click();
    const many = ['email', ...Array.from({ length: 60 }, (_, n) => `person${n}@initech.test`)].join('\n');
    await admin.getByLabel('File').setInputFiles({ name: 'many.csv', mimeType: 'text/csv', buffer: Buffer.from(many) });
    expect(await admin.getByRole('group', { name: 'Columns' }).getByLabel('Email', { exact: true }).inputValue()).toBe('email');
    await passDoubleSubmitGuard(admin);
    await admin.getByRole('button', { name: 'Check the file' }).click();
    await report.getByText('60 people would be added').waitFor();
    await report.getByRole('button', { name: 'Import' }).click();
    await report
      .getByRole('alert')
      .getByText('The organisation has room for 48 more people and the file would add 60: nothing was imported.')
      .waitFor();
    await expectAccessible(admin);

    // The export from the Users screen: the people in the import's own columns, no secrets.
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users', exact: true }).click();
    await row(admin, 'ada@initech.test').waitFor();
    expect(await admin.locator('tbody tr').count()).toBe(2);
    const [exported] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('link', { name: 'Export as CSV' }).click()]);
    const people = readFileSync((await exported.path())!, 'utf8');
    expect(people.split(/\r?\n/)[0]).toBe('email,externalId,firstName,surname,phoneNumber,emailVerified,status,createdAt,lastSignInAt');
    expect(people).toContain('ada@initech.test,,Ada,Lovelace');
    expect(people).not.toContain('$2');
    await expectAccessible(admin);
    await admin.context().close();

    // Ada signs in with the password she had, and her hash is Gatehouse's own afterwards.
    const ada = await signIn('initech', 'ada@initech.test', oldPassword);
    await ada.context().close();
    const hash = await gatehouse.withDatabase(async (db) =>
      db.selectFrom('users').select('password_hash').where('email', '=', 'ada@initech.test').executeTakeFirstOrThrow(),
    );
    expect(hash.password_hash).toMatch(/^\$argon2id\$/);
  });
});
