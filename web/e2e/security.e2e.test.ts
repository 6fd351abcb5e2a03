/**
 * A same-site attacker in a real browser (issue 13, finding 2): an admin signed in to OnAir visits a
 * page served from another port of the same host. That page is same-site, so the browser attaches the
 * SameSite=Lax session cookie to its form posts and WebSockets. Its form posts (text/plain, urlencoded)
 * and its WebSocket must all be refused, and nothing may change. The app itself keeps working under
 * its Content-Security-Policy.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from './app-for-file.ts';
import { chromiumAvailable, connected, signIn, startApp, toast } from './harness.ts';

const ready = chromiumAvailable();

function attackerPage(target: string, userId: number): string {
  return `<!doctype html><html><body>
<iframe name="sink1"></iframe><iframe name="sink2"></iframe>
<form id="plain" method="POST" target="sink1" enctype="text/plain" action="${target}/api/admin/users/${userId}/verify">
  <input name='{"x":"' value='"}'>
</form>
<form id="urlencoded" method="POST" target="sink2" action="${target}/api/admin/users/${userId}/role">
  <input name="role" value="admin">
</form>
<script>
  window.socketResult = new Promise((resolve) => {
    const messages = [];
    const ws = new WebSocket('${target.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket');
    ws.onopen = () => ws.send('40');
    ws.onmessage = (e) => { messages.push(String(e.data)); if (String(e.data).startsWith('2')) ws.send('3'); };
    ws.onerror = () => resolve({ opened: false, messages });
    ws.onclose = () => resolve({ opened: messages.length > 0, messages });
    setTimeout(() => { resolve({ opened: ws.readyState === 1, messages }); ws.close(); }, 4000);
  });
</script>
</body></html>`;
}

describe.skipIf(!ready)('a same-site attacker page', () => {
  // No RTMP ingest here: these flows need none, and its fixed port may be taken by another run.
  const app = appForFile(() => startApp({ MEDIA_INGEST: 'false' }));
  let attacker: http.Server;
  let attackerUrl: string;
  let html = '';
  beforeAll(async () => {
    attacker = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (attacker) await new Promise((resolve) => attacker.close(resolve));
  });

  it('cannot verify or promote a user through the signed-in admin, by form post or by WebSocket', async () => {
    const { page, context } = await app.newPerson({ tourDoneFor: 'admin' });
    await signIn(page, 'admin', 'admin123');
    await connected(page);
    // The app runs under its CSP: no violation while it signs in and connects its socket.
    const list = await context.request.get(`${app.baseUrl}/api/admin/users?role=viewer&pageSize=100`);
    expect(list.status()).toBe(200);
    const target = (await list.json()).users.find((u: { verified: boolean; role: string }) => !u.verified && u.role === 'viewer');
    expect(target, 'an unverified viewer to attack').toBeTruthy();

    html = attackerPage(app.baseUrl, target.id);
    const evil = await context.newPage();
    await evil.goto(attackerUrl);
    const posts: number[] = [];
    evil.on('response', (r) => {
      if (r.request().method() === 'POST') posts.push(r.status());
    });
    const plain = evil.waitForResponse((r) => r.url().endsWith('/verify'));
    await evil.evaluate(() => (document.getElementById('plain') as HTMLFormElement).submit());
    const urlencoded = evil.waitForResponse((r) => r.url().endsWith('/role'));
    await evil.evaluate(() => (document.getElementById('urlencoded') as HTMLFormElement).submit());
    expect((await plain).status()).toBe(403);
    expect((await urlencoded).status()).toBe(403);
    const socket = (await evil.evaluate('window.socketResult')) as { opened: boolean; messages: string[] };
    expect(socket.messages.some((m) => m.startsWith('40'))).toBe(false);
    expect(socket.opened).toBe(false);

    const after = await context.request.get(`${app.baseUrl}/api/admin/users?search=${encodeURIComponent(target.username)}`);
    const now = (await after.json()).users.find((u: { id: number }) => u.id === target.id);
    expect(now).toMatchObject({ verified: false, role: 'viewer' });
    expect(posts).toEqual([403, 403]);

    // The admin's own tab still works: the same action from the app itself succeeds.
    const own = await page.evaluate(async (id) => (await fetch(`/api/admin/users/${id}/verify`, { method: 'POST' })).status, target.id);
    expect(own).toBe(200);
    await context.close();
  });

  /** An account made outside the browsers (no cookie jar), so they sign in through the form; its password is 'first-password'. */
  async function newAccount(prefix: string): Promise<{ username: string; id: number }> {
    const username = `${prefix}_${Date.now().toString(36)}`;
    const created = await fetch(`${app.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, email: `${username}@example.com`, password: 'first-password' }),
    });
    expect(created.status).toBe(201);
    return { username, id: ((await created.json()) as { id: number }).id };
  }

  /** A new account signed in on two browsers (the second connected), with the first's Account dialog open. */
  async function accountDialogBesideAnotherBrowser(prefix: string) {
    const { username } = await newAccount(prefix);
    const { page, context } = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(page, username, 'first-password');
    const other = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(other.page, username, 'first-password');
    await connected(other.page);
    await page.getByRole('button', { name: 'Account' }).first().click();
    return { username, page, context, other, dialog: page.getByRole('dialog', { name: 'Your Account' }) };
  }

  it('changes the password from the header: the other browser is signed out, this one stays connected', async () => {
    const { page, context, other, dialog } = await accountDialogBesideAnotherBrowser('pw');
    await dialog.getByLabel('Current password').fill('wrong-password');
    await dialog.getByLabel('New password').fill('second-password');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, 'Update Failed');
    await dialog.getByLabel('Current password').fill('first-password');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, 'Password Changed');

    // The other browser's socket is cut and its session is over; this one reconnects with its new session.
    await other.page.getByTestId('connection-indicator').and(other.page.locator('[data-status="connected"]')).waitFor({ state: 'detached', timeout: 15_000 });
    expect((await other.context.request.get(`${app.baseUrl}/api/user`)).status()).toBe(401);
    await connected(page);
    expect((await context.request.get(`${app.baseUrl}/api/user`)).status()).toBe(200);
    await other.context.close();
    await context.close();
  });

  it('deletes an account from the header: refused with a wrong password, then gone, with its other browser signed out', async () => {
    const { username, page, context, other, dialog } = await accountDialogBesideAnotherBrowser('del');
    const deleteButton = dialog.getByRole('button', { name: 'Delete My Account' });
    await dialog.getByLabel('Password to confirm').fill('wrong-password');
    // Not before the person says they understand.
    expect(await deleteButton.isDisabled()).toBe(true);
    await dialog.getByLabel('I understand this cannot be undone').check();
    await deleteButton.click();
    await toast(page, 'Delete Failed');
    await toast(page, '403: password is not your current password');
    await dialog.getByLabel('Password to confirm').fill('first-password');
    await deleteButton.click();
    await toast(page, 'Account Deleted');
    await page.getByRole('button', { name: 'Sign In' }).last().waitFor();

    // The other browser is told its session ended; the name signs in no more.
    await other.page.getByText('Signed Out', { exact: true }).waitFor({ timeout: 15_000 });
    expect((await other.context.request.get(`${app.baseUrl}/api/user`)).status()).toBe(401);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('first-password');
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await toast(page, 'Login failed');
    await other.context.close();
    await context.close();
  });

  it('brings an admin’s role change and suspension to the person’s open page', async () => {
    const { username, id } = await newAccount('role');
    const person = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(person.page, username, 'first-password');
    await connected(person.page);
    const admin = await app.newPerson({ tourDoneFor: 'admin' });
    await signIn(admin.page, 'admin', 'admin123');
    const post = (path: string, body?: object) =>
      admin.page.evaluate(
        async ([url, payload]) =>
          (await fetch(url!, payload ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) } : { method: 'POST' })).status,
        [path, body] as const,
      );

    expect(await post(`/api/admin/users/${id}/role`, { role: 'creator' })).toBe(200);
    // Without a reload: the role badge and the menu follow.
    await person.page.getByLabel('Signed in as').getByText('creator', { exact: true }).waitFor({ timeout: 10_000 });
    await person.page.getByRole('link', { name: 'Creator Studio' }).first().waitFor();

    expect(await post(`/api/admin/users/${id}/suspend`)).toBe(200);
    // The server cuts the live connection; the page finds its session over and signs out, saying so.
    await toast(person.page, 'Signed Out');
    await person.page.getByRole('tab', { name: 'Sign In' }).waitFor();
    await Promise.all([person.context.close(), admin.context.close()]);
  });

  it('runs the app under its Content-Security-Policy without violations', async () => {
    const { page, context } = await app.newPerson({ tourDoneFor: 'viewer' });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await signIn(page, 'viewer', 'viewer123');
    await connected(page);
    await page.goto('/');
    await page.waitForTimeout(1500);
    expect(violations).toEqual([]);
    await context.close();
  });
});
