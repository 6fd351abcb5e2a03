/**
 * The admin dashboard in real browsers, as issue 6 is checked: an admin in one browser and a viewer in
 * another; the viewer's abusive message reaches the admin's queue live, the admin rejects it and it
 * disappears from the viewer's chat without reload; a message reaches the viewer as a notification;
 * suspending the viewer ends their session. Also
 * every tab renders on the demo data (screenshots for a person to look at), non-admins are denied, and
 * an admin takes an item down from its page and another from the library of every item.
 */
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from './app-for-file.ts';
import { chooseOption, chromiumAvailable, signIn } from './harness.ts';

const ready = chromiumAvailable();
const OUT = process.env.ONAIR_SCREENS_DIR ?? path.join(os.tmpdir(), 'onair-screens');
const ABUSE = 'you are a stupid bitch, I hate this awful show';

describe.skipIf(!ready)('admin dashboard', () => {
  beforeAll(() => {
    mkdirSync(OUT, { recursive: true });
  });
  const app = appForFile();

  it('shows every tab on computed data', async () => {
    const { page, context } = await app.newPerson({ tourDoneFor: 'admin' });
    await signIn(page, 'admin', 'admin123');
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByTestId('admin-figure-active-users').waitFor();
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(OUT, 'admin-overview.png'), fullPage: true });

    await page.getByRole('tab', { name: 'Content Analytics' }).click();
    await page.getByRole('table', { name: 'Most viewed content' }).waitFor();
    expect(await page.getByRole('table', { name: 'Most viewed content' }).locator('tbody tr').count()).toBeLessThanOrEqual(10);
    await page.locator('.mantine-SegmentedControl-label').filter({ hasText: /^Month$/ }).click();
    await page.getByText('Most viewed this month').waitFor();
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(OUT, 'admin-content.png'), fullPage: true });

    await page.getByRole('tab', { name: 'Regional Performance' }).click();
    await page.getByTestId('region-africa').waitFor();
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(OUT, 'admin-regional.png'), fullPage: true });

    await page.getByRole('tab', { name: 'User Management' }).click();
    await page.getByLabel('Search').fill('maya');
    await page.getByRole('table', { name: 'Users' }).getByText('viewer@onair.local', { exact: false }).waitFor();
    await page.screenshot({ path: path.join(OUT, 'admin-users.png'), fullPage: true });

    await page.getByRole('tab', { name: 'System Health' }).click();
    await page.getByTestId('health-server-load').waitFor();
    await page.waitForTimeout(11_000);
    await page.screenshot({ path: path.join(OUT, 'admin-system.png'), fullPage: true });
    await context.close();
  });

  it('viewer posts abuse → it appears in the admin queue live → reject removes it from the viewer’s chat → suspension ends the session', async () => {
    const admin = await app.newPerson({ tourDoneFor: 'admin' });
    const viewer = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(admin.page, 'admin', 'admin123');
    await signIn(viewer.page, 'viewer', 'viewer123');
    await admin.page.goto('/admin');
    await admin.page.getByRole('tab', { name: 'Moderation' }).click();
    await admin.page.getByRole('heading', { name: 'Moderation queue' }).waitFor();
    await admin.page.getByTestId('connection-indicator').and(admin.page.locator('[data-status="connected"]')).waitFor();

    await viewer.page.goto('/interactions');
    await viewer.page.getByTestId('connection-indicator').and(viewer.page.locator('[data-status="connected"]')).waitFor();
    await viewer.page.getByLabel('Chat message', { exact: true }).fill(ABUSE);
    await viewer.page.getByRole('button', { name: 'Send message' }).click();
    const inViewerChat = viewer.page.getByLabel('Chat messages').getByText(/I hate this awful show/);
    await inViewerChat.waitFor();

    // Live: no reload on the admin side.
    const item = admin.page.locator('[data-testid^="moderation-item-"]').filter({ hasText: ABUSE });
    await item.waitFor({ timeout: 3000 });
    await admin.page.screenshot({ path: path.join(OUT, 'admin-moderation.png'), fullPage: true });
    await item.getByRole('button', { name: 'Reject' }).click();
    await item.getByText('rejected', { exact: true }).waitFor();
    await inViewerChat.waitFor({ state: 'detached', timeout: 3000 });

    await admin.page.getByRole('tab', { name: 'User Management' }).click();
    await admin.page.getByLabel('Search').fill('viewer@onair');
    // A message arrives at once as a notification and stays in the bell until read.
    await admin.page.getByRole('button', { name: 'Actions for viewer' }).click();
    await admin.page.getByRole('menuitem', { name: 'Send message' }).click();
    await admin.page.getByRole('dialog').getByLabel('Message').fill('Please keep the chat friendly.');
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Send message' }).click();
    await viewer.page.getByText('Message from admin').waitFor({ timeout: 3000 });
    await viewer.page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await viewer.page.getByLabel('Notifications').getByText('Please keep the chat friendly.').waitFor();
    await viewer.page.keyboard.press('Escape');

    await admin.page.getByRole('button', { name: 'Actions for viewer' }).click();
    await admin.page.getByRole('menuitem', { name: 'Suspend user' }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
    await admin.page.getByRole('table', { name: 'Users' }).getByText('suspended').waitFor();

    // The viewer's next request finds no session: they are back on the sign-in page.
    await viewer.page.reload();
    await viewer.page.getByRole('button', { name: 'Sign In' }).last().waitFor();
    await Promise.all([admin.context.close(), viewer.context.close()]);
  });

  it('shows Access Denied to a viewer and a creator', async () => {
    for (const [username, password] of [
      ['listener', 'listener123'],
      ['creator', 'creator123'],
    ] as const) {
      const { page, context } = await app.newPerson({ tourDoneFor: username === 'creator' ? 'creator' : 'viewer' });
      await signIn(page, username, password);
      await page.goto('/admin');
      await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
      await page.getByRole('link', { name: 'Return to Home' }).waitFor();
      await context.close();
    }
  });

  it('takes an item down from its page after a confirmation, and the page leaves for Home', async () => {
    const { page, context } = await app.newPerson({ tourDoneFor: 'admin' });
    await signIn(page, 'admin', 'admin123');
    const items = (await (await page.request.get('/api/content?live=false')).json()) as { id: number; title: string; creatorName: string | null }[];
    const target = items.find((c) => c.creatorName !== 'admin')!;
    await page.goto(`/watch/${target.id}`);
    await page.getByRole('heading', { name: target.title }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Content' });
    await confirm.getByText(target.title).waitFor();
    await confirm.getByLabel('Reason (sent to the creator)').fill('Uploaded without the rights to the music');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Content Deleted').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await page.request.get(`/api/content/${target.id}`)).status()).toBe(404);
    const log = await (await page.request.get('/api/admin/usage-analytics')).text();
    expect(log).toContain(`(${target.title}: Uploaded without the rights to the music)`);

    // A viewer's page of another item offers no such button (the listener: the demo viewer is suspended by the flow above).
    const viewer = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(viewer.page, 'listener', 'listener123');
    const other = items.find((c) => c.id !== target.id)!;
    await viewer.page.goto(`/watch/${other.id}`);
    await viewer.page.getByRole('heading', { name: other.title }).waitFor();
    expect(await viewer.page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await Promise.all([context.close(), viewer.context.close()]);
  });

  it('finds an item in the library by status and title and takes it down from the list', async () => {
    const { page, context } = await app.newPerson({ tourDoneFor: 'admin' });
    await signIn(page, 'admin', 'admin123');
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Content Analytics' }).click();
    const library = page.getByRole('table', { name: 'Library' });
    await library.waitFor();

    // Items on air cannot be deleted until their broadcast ends.
    await chooseOption(page, 'Status', 'On air');
    await library.getByText('On air').first().waitFor();
    const onAir = library.locator('tbody tr');
    for (let i = 0; i < (await onAir.count()); i++) expect(await onAir.nth(i).getByRole('button', { name: /^Delete / }).isDisabled()).toBe(true);

    const items = (await (await page.request.get('/api/content?live=false')).json()) as { id: number; title: string; status: string; creatorName: string | null }[];
    const target = items.find((c) => c.status === 'published' && c.creatorName !== null && c.creatorName !== 'admin')!;
    await chooseOption(page, 'Status', target.status === 'published' ? 'Published' : 'Offline');
    await page.getByLabel('Search content').fill(target.title);
    const row = library.locator('tbody tr').filter({ hasText: target.title });
    await row.waitFor();
    await expect.poll(() => library.locator('tbody tr').count()).toBe(1);
    await page.screenshot({ path: path.join(OUT, 'admin-library.png'), fullPage: true });
    await row.getByRole('button', { name: `Delete ${target.title}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Content' });
    await confirm.getByLabel('Reason (sent to the creator)').fill('A copy of another channel’s programme');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Content Deleted').waitFor();
    await page.getByText('No content matches these filters').waitFor();
    expect((await page.request.get(`/api/content/${target.id}`)).status()).toBe(404);

    // The open list hears of a new item without a reload.
    await page.getByLabel('Search content').fill('Fresh from the studio');
    await page.getByText('No content matches these filters').waitFor();
    const creator = await app.newPerson({ tourDoneFor: 'creator' });
    await signIn(creator.page, 'creator', 'creator123');
    expect((await creator.page.request.post('/api/content', { data: { title: 'Fresh from the studio tonight', type: 'tv' } })).status()).toBe(201);
    await library.locator('tbody tr').filter({ hasText: 'Fresh from the studio tonight' }).waitFor();
    await Promise.all([context.close(), creator.context.close()]);
  });
});
