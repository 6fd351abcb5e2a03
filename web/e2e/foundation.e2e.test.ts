import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { appForFile } from './app-for-file.ts';
import { chromiumAvailable, connected, signIn } from './harness.ts';

const ready = chromiumAvailable();

describe.skipIf(!ready)('foundation flows in Chromium', () => {
  const app = appForFile();

  it('landing → Get Started → sign up → home with the viewer tour → finish → stays closed after reload', async () => {
    const { page, context } = await app.newPerson();
    await page.goto('/landing');
    await expect.poll(() => page.getByText('Active Streams').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Email').fill('new.viewer@example.com');
    await page.getByLabel('Username').fill('new_viewer');
    await page.getByLabel('Password', { exact: true }).fill('a-long-password');
    await page.getByRole('button', { name: 'Create Account' }).click();

    const tour = page.getByTestId('onboarding-dialog');
    await tour.getByText('Step 1 of 8').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    for (let step = 2; step <= 8; step++) {
      await tour.getByRole('button', { name: 'Next' }).click();
      await tour.getByText(`Step ${step} of 8`).waitFor();
    }
    await expect.poll(() => tour.getByRole('button', { name: 'Skip Tutorial' }).count()).toBe(0);
    await tour.getByRole('button', { name: 'Get Started' }).click();
    await expect.poll(() => tour.isVisible()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('onair-onboarding-completed'))).toBe('true');

    await page.reload();
    await page.getByRole('heading', { name: 'Live Broadcasting' }).waitFor();
    await page.waitForTimeout(500);
    expect(await tour.isVisible()).toBe(false);
    await context.close();
  });

  it.each([
    ['admin', 'admin123', { admin: true, studio: true }],
    ['creator', 'creator123', { admin: false, studio: true }],
    ['viewer', 'viewer123', { admin: false, studio: false }],
  ] as const)('shows %s the navigation of that role', async (username, password, sees) => {
    const { page, context } = await app.newPerson({ tourDoneFor: sees.admin ? 'admin' : sees.studio ? 'creator' : 'viewer' });
    await signIn(page, username, password);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Home' }).waitFor();
    for (const item of ['AI Features', 'Creator Dashboard', 'Interactions', 'Church Mode', 'Languages']) {
      expect(await nav.getByRole('link', { name: item }).count()).toBe(1);
    }
    expect(await nav.getByRole('link', { name: 'Admin Dashboard' }).count()).toBe(sees.admin ? 1 : 0);
    expect(await nav.getByRole('link', { name: 'Creator Studio' }).count()).toBe(sees.studio ? 1 : 0);
    await context.close();
  });

  it('shows the admin every navigation item at 1280×800, in sections, and hides the sidebar on request', async () => {
    const { page, context } = await app.newPerson({ tourDoneFor: 'admin', viewport: { width: 1280, height: 800 } });
    await signIn(page, 'admin', 'admin123');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Home' }).waitFor();
    for (const section of ['Watch', 'Engage', 'Create', 'Reach', 'Manage']) {
      expect(await nav.getByRole('region', { name: section }).count()).toBe(1);
    }
    const items = [
      'Home', 'AI Features', 'Creator Studio', 'Creator Dashboard', 'Analytics', 'Admin Dashboard', 'Satellite', 'Mobile Apps',
      'Smart TV Demo', 'Interactions', 'Monetization', 'Voice Assistant', 'Podcast Sync', 'Education', 'Church Mode', 'Languages',
    ];
    expect(await nav.getByRole('link').count()).toBe(items.length);
    for (const name of items) {
      const link = nav.getByRole('link', { name, exact: true });
      expect(await link.isVisible()).toBe(true);
      // Inside the window, not clipped by the sidebar's scroll area or cut at the right edge.
      const box = await link.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y + box!.height).toBeLessThanOrEqual(800);
      expect(box!.x + box!.width).toBeLessThanOrEqual(1280);
      expect(await link.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    }
    await nav.getByRole('link', { name: 'Languages' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/languages');
    expect(await nav.getByRole('link', { name: 'Languages' }).getAttribute('aria-current')).toBe('page');

    await page.getByRole('button', { name: 'Hide navigation' }).click();
    await expect.poll(() => nav.count()).toBe(0);
    await page.reload();
    await page.getByRole('button', { name: 'Show navigation' }).click();
    await nav.getByRole('link', { name: 'Home' }).waitFor();
    await context.close();
  });

  it('shows a viewer the access screens for /admin and /creator-studio, and the 404 page elsewhere', async () => {
    const { page, context } = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(page, 'viewer', 'viewer123');
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).waitFor();
    await page.goto('/creator-studio');
    await page.getByRole('heading', { name: 'Creator Access Required' }).waitFor();
    expect(await page.getByText('Contact an administrator to upgrade your account to creator status.').isVisible()).toBe(true);
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
    // An item that does not exist gets the 404 page too, saying what is missing rather than the router's text.
    for (const [path, text] of [
      ['/watch/999999', 'There is no programme at this address'],
      ['/watch/abc', 'There is no programme at this address'],
      ['/church/999999', 'There is no church at this address'],
    ]) {
      await page.goto(path!);
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      await page.getByText(text!).waitFor();
      await page.getByRole('link', { name: 'Return to Home' }).waitFor();
    }
    // Dialogs' close buttons have a name (Mantine's are icon-only).
    await page.getByRole('button', { name: 'Account' }).first().click();
    await page.getByRole('dialog', { name: 'Your Account' }).getByRole('button', { name: 'Close dialog' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Your Account' }).count()).toBe(0);
    await context.close();
  });

  it('logs out back to the sign-in page, which then guards every path', async () => {
    const { page, context } = await app.newPerson({ tourDoneFor: 'creator' });
    await signIn(page, 'creator', 'creator123');
    await page.goto('/analytics');
    await page.getByText('Views per day').waitFor();
    // The session's screens go before its data does: nothing asks again signed out and meets a 401.
    const refused: string[] = [];
    page.on('response', (response) => void (response.status() >= 400 && refused.push(`${response.status()} ${new URL(response.url()).pathname}`)));
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();
    await page.waitForTimeout(1000);
    expect(refused).toEqual([]);
    await page.goto('/interactions');
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    await context.close();
  });

  it('says OnAir cannot be reached when the session cannot be read, and opens the app once it can', async () => {
    // The service worker is kept out so that the browser's own requests meet the outage.
    const { page, context } = await app.newPerson({ tourDoneFor: 'viewer', serviceWorkers: 'block' });
    await signIn(page, 'viewer', 'viewer123');
    await context.route('**/api/user', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.getByRole('heading', { name: 'Can’t reach OnAir' }).waitFor();
    // Not the sign-in page: this browser is signed in, and signing in could not work anyway.
    expect(await page.getByRole('tab', { name: 'Sign In' }).count()).toBe(0);
    await context.unroute('**/api/user');
    // Tried again by itself: the signed-in app appears without a reload.
    await page.locator('[data-slot="header-status"]').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('heading', { name: 'Can’t reach OnAir' }).count()).toBe(0);
    await context.close();
  });

  it('says a read failed, instead of an empty list, and loads it on Try again', async () => {
    const { page, context } = await app.newPerson({ tourDoneFor: 'viewer', serviceWorkers: 'block' });
    await signIn(page, 'viewer', 'viewer123');
    await context.route('**/api/polls/active**', (route) => route.abort('internetdisconnected'));
    await context.route('**/api/subscriptions/tiers', (route) => route.abort('internetdisconnected'));
    await page.goto('/interactions');
    await page.getByRole('tab', { name: 'Polls' }).click();
    await page.getByText('Could not reach OnAir: check your connection and try again.').waitFor();
    // Not "No active polls": whether there are any is unknown.
    expect(await page.getByText('No active polls').count()).toBe(0);

    await page.goto('/monetization');
    const failed = page.getByText('Could not reach OnAir: check your connection and try again.');
    await failed.waitFor();
    // The failed read is tried again by itself when the live connection comes up: once it is up (the
    // read still refused), only the button can bring the list back.
    await connected(page);
    await context.unroute('**/api/subscriptions/tiers');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => failed.count()).toBe(0);
    await context.close();
  });

  it('names every page in the title and lets the keyboard skip to the content', async () => {
    const { page, context } = await app.newPerson({ tourDoneFor: 'viewer' });
    await page.goto('/');
    await expect.poll(() => page.title()).toBe('Sign In · OnAir');
    await signIn(page, 'viewer', 'viewer123');
    await expect.poll(() => page.title()).toBe('Home · OnAir');
    await page.getByRole('link', { name: 'Analytics' }).first().click();
    await expect.poll(() => page.title()).toBe('Analytics · OnAir');
    await page.goto('/no-such-page');
    await expect.poll(() => page.title()).toBe('Page Not Found · OnAir');
    await page.goto('/');
    const first = page.locator('[data-testid="live-card"], a[href^="/watch/"]').first();
    const title = (await first.getAttribute('aria-label')) ?? '';
    await first.click();
    await page.waitForURL(/\/watch\/\d+/);
    if (title) await expect.poll(() => page.title()).toContain(' · OnAir');
    expect(await page.title()).not.toBe('Home · OnAir');

    // The first Tab stop of a page skips the header and the sidebar.
    await page.goto('/analytics');
    await page.locator('[data-slot="header-status"]').waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await context.close();
  });

  it('claims an earned achievement once, however quickly Claim is pressed twice', async () => {
    const { page, context } = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(page, 'viewer', 'viewer123');
    const claims: number[] = [];
    page.on('response', (response) => void (response.url().endsWith('/api/achievements/claim') && claims.push(response.status())));
    await page.goto('/interactions');
    await page.getByRole('tab', { name: 'Rewards' }).click();
    const claim = page.getByRole('button', { name: 'Claim' }).first();
    await claim.dblclick();
    await page.getByText('Reward Claimed!', { exact: true }).waitFor();
    await page.waitForTimeout(1000);
    expect(claims).toEqual([200]);
    await context.close();
  });

  it('fills the sign-in form from a demo account, checks required fields, and reopens the tour from Tutorial', async () => {
    const { page, context } = await app.newPerson({ tourDoneFor: 'creator' });
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await page.getByText('Username is required').waitFor();
    expect(await page.getByText('Password is required').isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Email is required').waitFor();
    // A username the server would refuse is said at the field, not by a 400 toast.
    await page.getByLabel('Email').fill('long.name@example.com');
    await page.getByLabel('Username').fill('a'.repeat(40));
    await page.getByLabel('Password', { exact: true }).fill('a-long-password');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Usernames are 3 to 32 characters; this one has 40.').waitFor();
    await page.getByRole('tab', { name: 'Sign In' }).click();

    await page.getByRole('button', { name: 'Use the creator account' }).click();
    // The form fills in a render after the click (once failed here when read at once on a busy machine).
    await expect.poll(() => page.getByLabel('Username').inputValue()).toBe('creator');
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByText('Logged in as creator').waitFor();
    expect(await page.getByTestId('onboarding-dialog').isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Tutorial' }).click();
    const tour = page.getByTestId('onboarding-dialog');
    await tour.getByText('Step 1 of 6').waitFor();
    await tour.getByRole('button', { name: 'Skip Tutorial' }).click();
    await tour.getByText('Step 6 of 6').waitFor();
    expect(await tour.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await tour.getByRole('button', { name: 'Go to step 2: Streaming setup' }).click();
    await tour.getByText('Step 2 of 6').waitFor();
    expect(await tour.getByRole('button', { name: 'Go to step 5: Analytics and insights' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => tour.isVisible()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('onair-onboarding-type'))).toBe('creator');
    await context.close();
  });

  it('counts the landing figures from the data and scrolls to the features on Learn More', async () => {
    const { page, context } = await app.newPerson();
    const stats = await (await fetch(`${app.baseUrl}/api/public/stats`)).json();
    await page.goto('/landing');
    const row = page.getByRole('region', { name: 'Platform statistics' });
    await row.getByText('Active Streams').waitFor();
    await expect.poll(() => row.getByText(String(stats.activeStreams), { exact: true }).count()).toBeGreaterThan(0);
    for (const sample of ['245+', '127K+', '45K+', '98.7%']) expect(await page.getByText(sample).count()).toBe(0);
    await page.getByRole('link', { name: 'Learn More' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Everything a broadcaster needs' }).evaluate((el) => el.getBoundingClientRect().top < 300)).toBe(true);
    await context.close();
  });

  it('shows Home figures from the API and a working menu on a small screen', async () => {
    const { page, context } = await app.newPerson({ tourDoneFor: 'viewer', viewport: { width: 390, height: 844 } });
    await signIn(page, 'viewer', 'viewer123');
    const live = await page.evaluate(() => fetch('/api/content?live=true').then((r) => r.json()));
    const summary = await page.evaluate(() => fetch('/api/analytics').then((r) => r.json()));
    await page.getByTestId('stat-live-streams').getByText(String(live.length), { exact: true }).waitFor();
    await page.getByTestId('stat-content-library').getByText(summary.totalContent.toLocaleString('en-US'), { exact: true }).waitFor();
    for (const sample of ['12,543', '2,847']) expect(await page.getByText(sample).count()).toBe(0);

    await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Church Mode' }).click();
    await page.getByRole('heading', { name: 'Church Mode' }).first().waitFor();
    // Church Mode is a real page now (issue 18), not a coming-soon card.
    expect(await page.getByText('Coming soon').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/church-mode');
    await context.close();
  });

  it('browses on-demand programmes on Home: the newest with media first, a page at a time, by type and by search, and opens one', async () => {
    const { page, context } = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(page, 'viewer', 'viewer123');
    // Fourteen of the newest items get media ready to play (the demo data has none here).
    const database = new Database(path.join(app.server.dataDir, 'onair.db'));
    const ready = database.prepare("select id, title, type from content where status = 'published' order by created_at desc, id desc limit 14").all() as { id: number; title: string; type: string }[];
    const insert = database.prepare("insert into media_assets (content_id, status, hls_path, updated_at) values (?, 'ready', ?, ?)");
    for (const { id } of ready) insert.run(id, `vod/${id}/master.m3u8`, Date.now());
    database.close();
    const playable = (query = '') => page.evaluate((url) => fetch(url).then((r) => r.json()), `/api/content?playable=true${query}`) as Promise<{ id: number }[]>;
    // Written behind the server's back: its list cache sees them within its lifetime (a second). The
    // first page is asked for as the section asks, so the section's own read is fresh too.
    await expect.poll(async () => (await playable('&limit=12')).length).toBe(12);
    const expected = (await playable()).map((c) => `on-demand-${c.id}`);
    expect(expected).toHaveLength(14);

    await page.goto('/');
    const section = page.getByRole('region', { name: 'On demand' });
    const cards = section.getByTestId(/^on-demand-\d+$/);
    const shown = () => cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
    await expect.poll(shown).toEqual(expected.slice(0, 12));
    await section.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(shown).toEqual(expected);
    expect(await section.getByRole('button', { name: 'Show more' }).count()).toBe(0);

    // By type: what the API lists of that type, nothing else.
    const type = ready[0]!.type;
    const label = { tv: 'TV', radio: 'Radio', podcast: 'Podcast', other: 'Other' }[type]!;
    const ofType = ready.filter((r) => r.type === type).length;
    const segment = (name: string) => section.locator('.mantine-SegmentedControl-label').filter({ hasText: new RegExp(`^${name}$`) });
    await segment(label).click();
    await expect.poll(() => cards.count()).toBe(ofType);
    await segment('All').click();

    // By search, in any case; nothing found says so and offers everything again.
    const target = ready[13]!;
    await section.getByLabel('Search on demand').fill(target.title.toUpperCase());
    const titled = new Set(ready.filter((r) => r.title.toLowerCase().includes(target.title.toLowerCase())).map((r) => `on-demand-${r.id}`));
    await expect.poll(shown).toEqual(expected.filter((id) => titled.has(id)));
    await section.getByLabel('Search on demand').fill('no such programme');
    await section.getByText('No programme has “no such programme” in its title or its creator’s name.').waitFor();
    await section.getByRole('button', { name: 'Show everything' }).click();
    // Back to the whole list as it was left: both pages shown.
    await expect.poll(() => cards.count()).toBe(14);

    await cards.first().click();
    await page.waitForURL(new RegExp(`/watch/${expected[0]!.replace('on-demand-', '')}$`));
    await context.close();
  });

  it('shows a failed sign-in as the spec toast', async () => {
    const { page, context } = await app.newPerson();
    await page.goto('/auth');
    await page.getByLabel('Username').fill('viewer');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await page.getByText('Login failed').waitFor();
    expect(await page.getByText('401: Invalid username or password').isVisible()).toBe(true);
    await context.close();
  });
});
