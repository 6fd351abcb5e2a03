import { describe, expect, it } from 'vitest';
import type { ViewershipTotals } from '@onair/protocol';
import { appForFile } from './app-for-file.ts';
import { chromiumAvailable, connected, setSwitch, signIn, toast } from './harness.ts';

const ready = chromiumAvailable();


describe.skipIf(!ready)('creators in the browser', () => {
  const app = appForFile();

  it('goes live from the Studio, a viewer watches from Home, the creator sees the count move, and stopping clears the grid', async () => {
    const host = await app.newPerson({ tourDoneFor: 'creator' });
    const fan = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(host.page, 'creator', 'creator123');
    await signIn(fan.page, 'viewer', 'viewer123');

    await host.page.goto('/creator-studio');
    await connected(host.page);
    await host.page.getByTestId('stream-state').getByText('OFFLINE').waitFor();
    await host.page.getByRole('tab', { name: 'Stream' }).click();
    await host.page.getByRole('button', { name: 'Start Stream' }).last().click();
    await toast(host.page, 'Missing Title');
    await host.page.getByLabel('Title').fill('Harmattan Sessions');
    await setSwitch(host.page.getByRole('switch', { name: 'YouTube' }), true);
    await host.page.getByRole('button', { name: 'Start Stream' }).last().click();
    // YouTube is switched on but has no destination receiving: only OnAir counts until a copy is live.
    await toast(host.page, 'Broadcasting to 1 platform');
    await host.page.getByTestId('broadcasting-count').getByText('Broadcasting to 1 platform').waitFor();
    await host.page.getByTestId('stream-state').getByText('LIVE').waitFor();
    await host.page.getByRole('tab', { name: 'Dashboard' }).click();
    // No encoder yet: the Studio says so, and how long the broadcast waits for one.
    await host.page.getByTestId('stream-health-waiting').getByText('If none arrives within 10 minutes of Start Stream, the broadcast ends on its own.', { exact: false }).waitFor();

    await fan.page.goto('/');
    const card = fan.page.getByText('Harmattan Sessions');
    await card.waitFor({ timeout: 10_000 });
    await card.click();
    await fan.page.waitForURL(/\/watch\/\d+$/);
    await fan.page.getByTestId('watch-viewers').getByText('1 watching').waitFor({ timeout: 10_000 });
    await host.page.getByText('1 watching', { exact: true }).first().waitFor({ timeout: 5_000 });

    await host.page.getByRole('button', { name: 'Stop Stream' }).click();
    await toast(host.page, 'Stream Stopped');
    await host.page.getByTestId('stream-state').getByText('OFFLINE').waitFor();
    await fan.page.goto('/');
    await fan.page.getByRole('heading', { name: 'Live Broadcasting' }).waitFor();
    await fan.page.waitForTimeout(500);
    expect(await fan.page.getByText('Harmattan Sessions').count()).toBe(0);
    await Promise.all([host.context.close(), fan.context.close()]);
  });

  it('sets up a creator profile for a viewer and shows figures computed from data', async () => {
    const person = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(person.page, 'listener', 'listener123');
    await person.page.goto('/creator');
    await person.page.getByLabel('Handle').fill('ravi-radio');
    await person.page.getByLabel('Display name').fill('Ravi Radio');
    await person.page.getByRole('button', { name: 'Create Profile' }).click();
    await toast(person.page, 'Creator Profile Created');
    await person.page.getByRole('heading', { name: 'Ravi Radio' }).waitFor();
    await person.page.getByText('No earnings yet.').waitFor();
    await person.page.getByText('No content yet. Create your first item.').waitFor();

    await person.page.getByRole('button', { name: 'Create Content' }).click();
    await person.page.getByRole('dialog').getByLabel('Title').fill('Morning Ragas');
    await person.page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await toast(person.page, 'Content Created');
    await person.page.getByRole('link', { name: /Morning Ragas/ }).waitFor();

    // A typo in a title is fixed from the library; the item's page says the new words.
    await person.page.getByRole('tab', { name: 'Content' }).click();
    await person.page.getByRole('button', { name: 'Edit Morning Ragas' }).click();
    const edit = person.page.getByRole('dialog', { name: 'Edit Content' });
    await edit.getByLabel('Title').fill('Morning Ragas Live');
    await edit.getByLabel('Category').fill('Music');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(person.page, 'Content Updated');
    await person.page.getByRole('link', { name: /Morning Ragas Live/ }).first().click();
    await person.page.getByRole('heading', { name: 'Morning Ragas Live' }).waitFor();

    // Deleted from the library: asked first (Cancel keeps it), then gone, and a fan's open page and an
    // admin's open library say so without a reload.
    const itemPath = new URL(person.page.url()).pathname;
    const fan = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(fan.page, 'viewer', 'viewer123');
    await fan.page.goto(itemPath);
    await fan.page.getByRole('heading', { name: 'Morning Ragas Live' }).waitFor();
    await connected(fan.page);
    const admin = await app.newPerson({ tourDoneFor: 'admin' });
    await signIn(admin.page, 'admin', 'admin123');
    await admin.page.goto('/admin');
    await admin.page.getByRole('tab', { name: 'Content Analytics' }).click();
    await admin.page.getByLabel('Search content').fill('Morning Ragas');
    const adminRow = admin.page.getByRole('table', { name: 'Library' }).getByText('Morning Ragas Live');
    await adminRow.waitFor();
    await connected(admin.page);
    await person.page.getByRole('link', { name: 'Creator Dashboard' }).click();
    await person.page.getByRole('tab', { name: 'Content' }).click();
    await person.page.getByRole('button', { name: 'Delete Morning Ragas Live' }).click();
    const confirm = person.page.getByRole('dialog', { name: 'Delete Content' });
    await confirm.getByText('This cannot be undone.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await person.page.getByRole('button', { name: 'Delete Morning Ragas Live' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(person.page, 'Content Deleted');
    await person.page.getByText('No content yet. Create your first item.').waitFor();
    await fan.page.getByText('There is no programme at this address', { exact: false }).waitFor({ timeout: 5_000 });
    await admin.page.getByText('No content matches these filters').waitFor({ timeout: 5_000 });
    await admin.context.close();
    expect((await person.page.request.get(itemPath.replace('/watch/', '/api/content/'))).status()).toBe(404);

    await person.page.goto('/creator-studio');
    await person.page.getByTestId('stream-state').waitFor();
    await Promise.all([person.context.close(), fan.context.close()]);
  });

  it('draws the analytics from the same figures the API computes', async () => {
    const host = await app.newPerson({ tourDoneFor: 'creator' });
    await signIn(host.page, 'creator', 'creator123');
    await host.page.goto('/analytics');
    await host.page.getByRole('tab', { name: 'Devices' }).waitFor();
    const totals = (await host.page.evaluate(() => fetch('/api/analytics/viewership/totals').then((r) => r.json()))) as ViewershipTotals;
    expect(totals.views).toBeGreaterThan(0);
    await host.page.getByText(`${totals.views.toLocaleString('en-US')} views`).first().waitFor();
    // The day-by-day chart draws the series the API gives, whose days add up to the same views.
    const daily = (await host.page.evaluate(() => fetch('/api/analytics/viewership/daily').then((r) => r.json()))) as { views: number }[];
    expect(daily.reduce((n, d) => n + d.views, 0)).toBe(totals.views);
    await host.page.getByText('Views per day').waitFor();
    await host.page.locator('.recharts-area').first().waitFor();
    await host.page.getByRole('tab', { name: 'Locations' }).click();
    await host.page.getByText(/^Top \d+ of \d+ countr/).waitFor();
    await host.context.close();
  });

  it('lets a viewer like, rate and share what they watch, and sharing completes the daily challenge', async () => {
    // The demo viewer: an earlier test turns the listener into a creator (whose tour would cover the page).
    const fan = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(fan.page, 'viewer', 'viewer123');
    const [item] = (await fan.page.evaluate(() => fetch('/api/content?limit=1').then((r) => r.json()))) as { id: number }[];
    const before = (await fan.page.evaluate((id) => fetch(`/api/content/${id}/engagement`).then((r) => r.json()), item!.id)) as {
      likes: number;
      liked: boolean;
    };
    await fan.page.goto(`/watch/${item!.id}`);
    const likeButton = fan.page.getByRole('button', { name: /^Like/ });
    if (before.liked) await fan.page.getByRole('button', { name: /^Liked/ }).click();
    const base = before.liked ? before.likes - 1 : before.likes;
    await likeButton.click();
    await fan.page.getByRole('button', { name: `Liked · ${base + 1}` }).waitFor();

    // The fourth star: Mantine's Rating is visually hidden radio inputs, each named for screen readers.
    const fourth = await fan.page.getByRole('radio', { name: '4 stars' }).getAttribute('id');
    await fan.page.locator(`label[for="${fourth}"]`).click();
    await fan.page.getByTestId('rating-summary').getByText(/from \d+ rating/).waitFor();
    const after = (await fan.page.evaluate((id) => fetch(`/api/content/${id}/engagement`).then((r) => r.json()), item!.id)) as {
      liked: boolean;
      myRating: number;
    };
    expect(after).toMatchObject({ liked: true, myRating: 4 });

    await fan.page.getByRole('button', { name: 'Share' }).click();
    await fan.page.locator('.mantine-Notification-root').getByText(/^(Link Copied|Shared)$/).waitFor();
    // The focus is back on Share (its busy state disabled it), not dropped to the page.
    await fan.page.waitForFunction(() => document.activeElement?.textContent === 'Share');
    const rewards = (await fan.page.evaluate(() => fetch('/api/user/gamification').then((r) => r.json()))) as {
      dailyChallenges: { id: string; completed: boolean }[];
    };
    expect(rewards.dailyChallenges.find((c) => c.id === 'share-a-stream')?.completed).toBe(true);
    await fan.context.close();
  });

  it('keeps satellite receivers private to their owner', async () => {
    const owner = await app.newPerson({ tourDoneFor: 'viewer' });
    const other = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(owner.page, 'viewer', 'viewer123');
    await signIn(other.page, 'admin', 'admin123');
    await owner.page.goto('/satellite');
    await owner.page.getByRole('button', { name: 'Add Receiver' }).first().click();
    const dialog = owner.page.getByRole('dialog');
    expect(await dialog.getByRole('button', { name: 'Add Receiver' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Device name').fill('Garden dish');
    await dialog.getByPlaceholder('Choose a model').click();
    await owner.page.getByRole('option', { name: 'OnAir-SR3000' }).click();
    await dialog.getByLabel('Region').fill('West Africa');
    // What the server would refuse is said at the field, not by a failed request: an id it does not
    // take, a latitude past the pole (kept as typed, not clamped).
    await dialog.getByLabel('Device ID').fill('bad id!');
    await dialog.getByText('Letters, digits, dot, colon, dash and underscore, starting with a letter or digit').waitFor();
    await dialog.getByLabel('Latitude').fill('999');
    await dialog.getByText('Between -90 and 90').waitFor();
    expect(await dialog.getByRole('button', { name: 'Add Receiver' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Latitude').fill('6.5');
    await dialog.getByLabel('Device ID').fill('SR-777');
    await dialog.getByRole('button', { name: 'Add Receiver' }).click();
    await toast(owner.page, 'Receiver Added');
    await owner.page.getByRole('button', { name: 'Set online' }).click();
    await owner.page.getByText('online 1').waitFor();

    const stranger = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(stranger.page, 'listener', 'listener123');
    await stranger.page.goto('/satellite');
    await stranger.page.getByText('No satellite receivers registered').waitFor();
    const status = await stranger.page.evaluate(() => fetch('/api/satellite-receivers/SR-777/status', { method: 'PATCH' }).then((r) => r.status));
    expect(status).toBe(404);
    await other.page.goto('/satellite');
    await other.page.getByText('Garden dish').waitFor();
    await Promise.all([owner.context.close(), other.context.close(), stranger.context.close()]);
  });
});
