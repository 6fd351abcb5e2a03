/**
 * Live, as a creator and a viewer would see it: a synthetic encoder publishes over RTMP with the key
 * the Studio shows, the item appears live, headless Chromium on its watch page plays it (time advances
 * and a real frame is drawn) with the seconds-behind-live readout; when the encoder stops, the viewer
 * (and one whose network lets no socket through, who asks) is told the signal dropped, the stream ends after the grace period and the recording becomes an on-demand item that plays, as long as the input.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startEncoder, waitFor, type Encoder } from '../../api/test/support/live-media.ts';
import { freePort } from '../../test-support/processes.ts';
import { appForFile } from './app-for-file.ts';
import { chromiumAvailable, drawnFrame, playsPast, signIn, startApp } from './harness.ts';

const ready = chromiumAvailable();
const ENCODER_SECONDS = 14;
const VIDEO = '[data-testid="player-video"]';

describe.skipIf(!ready)('live broadcast in the browser', () => {
  let rtmpPort: number;
  let encoder: Encoder | undefined;
  const app = appForFile(async () => {
    rtmpPort = await freePort();
    // A grace period long enough for the viewer's buffer to run dry before the broadcast ends.
    return startApp({ MEDIA_INGEST: 'true', RTMP_PORT: String(rtmpPort), MEDIA_GRACE_MS: '20000' });
  });
  afterAll(() => encoder?.stop());

  it('plays what OBS sends, then keeps it as an on-demand item that plays', async () => {
    const creator = await app.newPerson({ tourDoneFor: 'creator' });
    await signIn(creator.page, 'creator', 'creator123');
    // The Studio's form, saved through the same call it makes; the key is what OBS is given.
    const config = await creator.page.evaluate(async () => {
      const response = await fetch('/api/creator/streaming/config', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Browser Live Test', bitrate: 1000, saveRecording: true }),
      });
      return (await response.json()) as { streamKey: string; ingestUrl: string };
    });
    expect(config.ingestUrl).toMatch(/^rtmp:\/\//);
    encoder = startEncoder(`rtmp://127.0.0.1:${rtmpPort}/live/${config.streamKey}`, { seconds: ENCODER_SECONDS, video: { width: 640, height: 360 } });

    const viewer = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(viewer.page, 'viewer', 'viewer123');
    const id = await waitFor(
      'the stream live with something to play',
      async () => {
        const items = await viewer.page.evaluate(async () => (await fetch('/api/content?live=true')).json() as Promise<{ id: number; title: string; playback: { hls: string | null } | null }[]>);
        return items.find((c) => c.title === 'Browser Live Test' && c.playback?.hls)?.id;
      },
      60_000,
      500,
    );
    // A second viewer watches through a network that lets no WebSocket or socket polling through (a
    // strict proxy): no socket tells them anything, and their pages poll instead.
    const passerby = await app.newPerson({ tourDoneFor: 'viewer' });
    await passerby.page.route('**/socket.io/**', (route) => route.abort());
    await passerby.page.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
    await signIn(passerby.page, 'listener', 'listener123');
    await Promise.all(
      [viewer.page, passerby.page].map(async (page) => {
        await page.goto(`/watch/${id}`);
        await page.getByTestId('player-video').waitFor();
        await playsPast(page, VIDEO, 1, 60_000);
      }),
    );
    expect((await drawnFrame(viewer.page, VIDEO)).distinct).toBeGreaterThan(20);
    await viewer.page.getByText(/behind live/i).first().waitFor({ timeout: 30_000 });

    // The encoder stops: the viewer is told the broadcaster's signal dropped (the server says so, not
    // only the empty buffer) and until when the broadcast waits, and after the grace period the
    // broadcast ends and the recording is processed.
    await encoder.exited;
    const notice = viewer.page.getByTestId('player-signal-lost');
    await notice.waitFor({ timeout: 18_000 });
    expect(await notice.innerText()).toMatch(/The broadcaster's signal dropped[\s\S]*The broadcast ends at .+ unless it comes back\./);
    expect(await viewer.page.getByText(/behind live/i).count()).toBe(0);
    // The socket-less player, stalled, asks the server (GET /api/media/signal/:id) and says the same.
    const theirs = passerby.page.getByTestId('player-signal-lost');
    await theirs.waitFor({ timeout: 18_000 });
    expect(await theirs.innerText()).toMatch(/The broadcaster's signal dropped[\s\S]*The broadcast ends at .+ unless it comes back\./);
    await passerby.context.close();
    // Polled from the test (not waitForFunction, which does not wait on an async predicate's value).
    const readItem = (contentId: number) =>
      viewer.page.evaluate(async (c) => (await fetch(`/api/content/${c}`)).json() as Promise<{ status: string; duration: number; playback: { file: string | null; live: boolean } | null }>, contentId);
    const recorded = await waitFor(
      'the recording as an on-demand item',
      async () => {
        const item = await readItem(id);
        return item.status === 'published' && item.playback?.file && !item.playback.live ? item : null;
      },
      90_000,
      1000,
    );
    const duration = recorded.duration;
    expect(Math.abs(duration - ENCODER_SECONDS)).toBeLessThanOrEqual(2);
    await viewer.page.goto(`/watch/${id}`);
    await viewer.page.getByTestId('player-video').waitFor();
    await playsPast(viewer.page, VIDEO, 1, 60_000);
    expect((await drawnFrame(viewer.page, VIDEO)).distinct).toBeGreaterThan(20);
    await creator.context.close();
    await viewer.context.close();
  });
});
