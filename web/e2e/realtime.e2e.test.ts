import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appForFile } from './app-for-file.ts';
import { chromiumAvailable, connected, signIn } from './harness.ts';

const ready = chromiumAvailable();

async function openChat(page: Page) {
  await page.goto('/interactions');
  await page.getByRole('tab', { name: 'Chat' }).waitFor();
  await page.getByTestId('connection-indicator').and(page.locator('[data-status="connected"]')).waitFor();
}

async function say(page: Page, text: string) {
  await page.getByLabel('Chat message', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send message' }).click();
}

const messagesIn = (page: Page, text: string) => page.getByLabel('Chat messages').getByText(text, { exact: true }).count();

describe.skipIf(!ready)('real time in two browsers', () => {
  const app = appForFile();

  it('shows a message typed in one browser in the other within a second, without reload', async () => {
    const alice = await app.newPerson({ tourDoneFor: 'viewer' });
    const bob = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(alice.page, 'viewer', 'viewer123');
    await signIn(bob.page, 'listener', 'listener123');
    await Promise.all([openChat(alice.page), openChat(bob.page)]);

    const text = 'Kick-off in five minutes!';
    const started = Date.now();
    await say(alice.page, text);
    await bob.page.getByLabel('Chat messages').getByText(text).waitFor({ timeout: 2000 });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await messagesIn(alice.page, text)).toBe(1);

    // A paste over the limit is kept whole and said, not cut short and sent.
    await alice.page.getByLabel('Chat message', { exact: true }).fill('a'.repeat(651));
    await alice.page.getByText('Messages can be at most 500 characters; this one has 651.').waitFor();
    expect(await alice.page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);
    await alice.page.getByLabel('Chat message', { exact: true }).fill('a'.repeat(460));
    await alice.page.getByText('460/500').waitFor();
    expect(await alice.page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(false);
    await Promise.all([alice.context.close(), bob.context.close()]);
  });

  it('puts a question asked in one browser before the host in the other, and its answer back, without reload', async () => {
    const asker = await app.newPerson({ tourDoneFor: 'viewer' });
    const host = await app.newPerson({ tourDoneFor: 'admin' });
    await signIn(asker.page, 'viewer', 'viewer123');
    await signIn(host.page, 'admin', 'admin123');
    await Promise.all([openChat(asker.page), openChat(host.page)]);
    await Promise.all([asker.page.getByRole('tab', { name: 'Q&A' }).click(), host.page.getByRole('tab', { name: 'Q&A' }).click()]);
    await host.page.getByText('Questions from the audience').waitFor();

    const question = `Will the match be replayed tonight? (${Date.now()})`;
    await asker.page.getByLabel('Ask the host').fill(question);
    await asker.page.getByRole('button', { name: 'Submit Question' }).click();
    await asker.page.locator('.mantine-Notification-root').getByText('Your question has been sent to the host!').waitFor();
    // The box is empty and has the focus again, ready for the next question.
    await asker.page.waitForFunction(() => document.activeElement?.getAttribute('placeholder') === 'What would you like to know?');
    expect(await asker.page.getByLabel('Ask the host').inputValue()).toBe('');
    const mine = asker.page.locator('.mantine-Card-root').filter({ hasText: question });
    await mine.getByText('Waiting').waitFor();

    const theirs = host.page.locator('.mantine-Card-root').filter({ hasText: question });
    await theirs.waitFor({ timeout: 3000 });
    await theirs.getByRole('button', { name: 'Mark answered' }).click();
    await theirs.getByText('Answered').waitFor();
    await mine.getByText('Answered').waitFor({ timeout: 3000 });
    await Promise.all([asker.context.close(), host.context.close()]);
  });

  it('moves the other browser’s tally when one votes', async () => {
    const host = await app.newPerson({ tourDoneFor: 'creator' });
    const voter = await app.newPerson({ tourDoneFor: 'viewer' });
    const watcher = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(host.page, 'creator', 'creator123');
    await signIn(voter.page, 'viewer', 'viewer123');
    await signIn(watcher.page, 'listener', 'listener123');
    for (const p of [voter.page, watcher.page]) {
      await openChat(p);
      await p.getByRole('tab', { name: 'Polls' }).click();
    }
    await openChat(host.page);
    await host.page.getByRole('tab', { name: 'Polls' }).click();
    await host.page.getByRole('button', { name: 'Create Poll' }).click();
    await host.page.getByLabel('Question').fill('Who scores first?');
    await host.page.getByLabel('Option 1').fill('Home side');
    await host.page.getByLabel('Option 2').fill('home side ');
    await host.page.getByText('This choice is already an option').waitFor();
    expect(await host.page.getByRole('button', { name: 'Start Poll' }).isDisabled()).toBe(true);
    await host.page.getByLabel('Option 2').fill('Visitors');
    await host.page.getByRole('button', { name: 'Start Poll' }).click();

    // The poll arrives live in both viewers' lists.
    await voter.page.getByText('Who scores first?').waitFor();
    await watcher.page.getByText('Who scores first?').waitFor();
    const countdown = async () =>
      (await watcher.page.getByTestId('poll-countdown').first().innerText()).split(':').reduce((total, part) => total * 60 + Number(part), 0);
    const before = await countdown();
    await watcher.page.waitForTimeout(2500);
    await voter.page.getByRole('button', { name: 'Vote for Visitors' }).click();
    await voter.page.getByText('Vote Recorded').waitFor();
    // A confirmation, not an error: the toast is green, not the brand red that errors use.
    const accent = await voter.page
      .locator('.mantine-Notification-root', { hasText: 'Vote Recorded' })
      .evaluate((el) => getComputedStyle(el, '::before').backgroundColor);
    const [red, green] = accent.match(/\d+/g)!.map(Number);
    expect(green!).toBeGreaterThan(red!);
    // The poll says which option the voter chose.
    await voter.page.getByText('You voted for Visitors').waitFor();
    // The pressed button is disabled now: the focus waits on the result, not on the page.
    await expect.poll(() => voter.page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe('poll-summary');
    expect(await voter.page.getByRole('button', { name: 'Vote for Visitors (your vote)' }).count()).toBe(1);
    await watcher.page.getByText('1 vote', { exact: true }).waitFor({ timeout: 2000 });
    // The pushed tally leaves the watcher's countdown running down, not back at its first figure.
    expect(await countdown()).toBeLessThanOrEqual(before - 2);
    // The watcher has not voted: their buttons stay open.
    expect(await watcher.page.getByRole('button', { name: 'Vote for Home side' }).isEnabled()).toBe(true);
    expect(await voter.page.getByRole('button', { name: 'Vote for Home side' }).isDisabled()).toBe(true);

    // On a phone the time left is whole, never cut to "5:…": the demo's open polls run for hours (h:mm:ss).
    const cutCountdowns = () =>
      watcher.page.getByTestId('poll-countdown').evaluateAll((badges) =>
        badges.filter((badge) => [badge, ...badge.querySelectorAll('*')].some((el) => el.scrollWidth > el.clientWidth)).map((badge) => badge.textContent),
      );
    for (const width of [390, 320]) {
      await watcher.page.setViewportSize({ width, height: 844 });
      await watcher.page.getByTestId('poll-countdown').getByText(/^\d+:\d\d:\d\d$/).first().waitFor();
      await expect.poll(cutCountdowns).toEqual([]);
    }
    await Promise.all([host.context.close(), voter.context.close(), watcher.context.close()]);
  });

  it('falls back to polling when the network goes away and recovers without losing or duplicating a message', async () => {
    const alice = await app.newPerson({ tourDoneFor: 'viewer' });
    const bob = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(alice.page, 'viewer', 'viewer123');
    await signIn(bob.page, 'listener', 'listener123');
    await Promise.all([openChat(alice.page), openChat(bob.page)]);

    await bob.context.setOffline(true);
    // Said at once (the socket would notice only at its ping timeout): the header, and the chat, whose draft waits.
    const indicator = bob.page.getByTestId('connection-indicator');
    await indicator.and(bob.page.locator('[data-network="offline"][data-status="offline"]')).getByText('Offline — no internet connection').waitFor({ timeout: 3000 });
    await bob.page.getByTestId('chat-offline').getByText('You’re offline.', { exact: false }).waitFor();
    await bob.page.getByLabel('Chat message', { exact: true }).fill('Typed on the train');
    expect(await bob.page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);
    // Questions wait the same way.
    await bob.page.getByRole('tab', { name: 'Q&A' }).click();
    await bob.page.getByLabel('Ask the host').fill('Does the replay keep the chat?');
    await bob.page.getByTestId('qna-offline').waitFor();
    expect(await bob.page.getByRole('button', { name: 'Submit Question' }).isDisabled()).toBe(true);
    // Switching tabs keeps both drafts.
    await bob.page.getByRole('tab', { name: 'Chat' }).click();
    expect(await bob.page.getByLabel('Chat message', { exact: true }).inputValue()).toBe('Typed on the train');
    await say(alice.page, 'Sent while you were away');
    await alice.page.getByLabel('Chat messages').getByText('Sent while you were away').waitFor();

    await bob.context.setOffline(false);
    await bob.page.getByLabel('Chat messages').getByText('Sent while you were away').waitFor({ timeout: 15_000 });
    await bob.page.waitForTimeout(2500);
    expect(await messagesIn(bob.page, 'Sent while you were away')).toBe(1);

    // And the connection comes back: new messages flow live again, and the kept draft goes.
    await bob.page.getByTestId('connection-indicator').and(bob.page.locator('[data-status="connected"]')).waitFor({ timeout: 15_000 });
    await bob.page.getByTestId('chat-offline').waitFor({ state: 'detached' });
    await say(alice.page, 'Welcome back');
    await bob.page.getByLabel('Chat messages').getByText('Welcome back').waitFor({ timeout: 2000 });
    await bob.page.getByRole('button', { name: 'Send message' }).click();
    await alice.page.getByLabel('Chat messages').getByText('Typed on the train').waitFor({ timeout: 2000 });
    await bob.page.getByRole('tab', { name: 'Q&A' }).click();
    expect(await bob.page.getByLabel('Ask the host').inputValue()).toBe('Does the replay keep the chat?');
    expect(await bob.page.getByRole('button', { name: 'Submit Question' }).isDisabled()).toBe(false);
    await Promise.all([alice.context.close(), bob.context.close()]);
  });

  it('moves Home’s viewer counts when someone in another browser opens a live item, without reload', async () => {
    const home = await app.newPerson({ tourDoneFor: 'viewer' });
    const watcher = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(home.page, 'viewer', 'viewer123');
    await connected(home.page);
    await home.page.getByRole('heading', { name: 'Live Broadcasting' }).waitFor();
    const live = (await home.page.evaluate(() => fetch('/api/content?live=true').then((r) => r.json()))) as { id: number; viewerCount: number }[];
    const item = live[0]!;
    const count = home.page.getByTestId(`viewers-${item.id}`);
    await count.getByText(`${item.viewerCount} watching`).waitFor();
    const total = live.reduce((sum, c) => sum + c.viewerCount, 0);
    const activeViewers = home.page.getByTestId('stat-active-viewers');
    await activeViewers.getByText(total.toLocaleString('en-US'), { exact: true }).waitFor();

    await signIn(watcher.page, 'listener', 'listener123');
    await watcher.page.goto(`/watch/${item.id}`);
    // Home is connected, so it is not polling: only the pushed count can move these.
    await count.getByText(`${item.viewerCount + 1} watching`).waitFor({ timeout: 15_000 });
    await activeViewers.getByText((total + 1).toLocaleString('en-US'), { exact: true }).waitFor({ timeout: 15_000 });
    expect(await home.page.getByTestId('connection-indicator').getAttribute('data-status')).toBe('connected');

    await watcher.context.close();
    await count.getByText(`${item.viewerCount} watching`).waitFor({ timeout: 15_000 });
    await home.context.close();
  });

  it('says pages are polling when the socket cannot connect, and still shows the data', async () => {
    const { page, context } = await app.newPerson({ tourDoneFor: 'viewer' });
    // Block the socket both ways: the WebSocket transport and the HTTP long-polling fallback.
    await context.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
    await context.route(/\/socket\.io\//, (route) => route.abort());
    await signIn(page, 'viewer', 'viewer123');
    const badge = page.getByTestId('connection-indicator');
    await badge.getByText('Live updates paused — refreshing every few seconds').waitFor({ timeout: 20_000 });
    expect(await badge.getByText('Connecting').count()).toBe(0);
    const live = (await page.evaluate(() => fetch('/api/content?live=true').then((r) => r.json()))) as unknown[];
    await page.getByTestId('stat-live-streams').getByText(String(live.length), { exact: true }).waitFor();
    await context.close();
  });
});
