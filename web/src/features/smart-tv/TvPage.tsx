/**
 * /tv: the 10-foot interface. Large tiles in rows (live now, on demand), a visible focus ring, and the
 * remote's D-pad: arrows move, Enter plays, Back closes the player. Works in any TV browser, and in the
 * /smart-tv frame where the on-screen remote posts the same keys. A pairing code links it to an account.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Content } from '@onair/protocol';
import { contentQueries } from '../content/queries';
import { useLiveContent } from '../home/useLiveContent';
import { moveFocus, type TvKey } from './keys';
import { TvPlayer } from './TvPlayer';
import { useTvSession } from './tvSession';
import { useTvKeys } from './useTvKeys';

const TILE = { width: 340, height: 200 };
/**
 * Room around the tiles inside their row (which clips what scrolls out of view): the focused tile grows
 * by 6% (10 px a side) and draws a 10 px glow beyond its edge, so its ring needs 21 px; scrolling a tile
 * into view keeps the same room.
 */
const RING_ROOM = 24;

function Tile({ content, focused }: { content: Content; focused: boolean }) {
  return (
    <div
      role="button"
      aria-pressed={focused}
      data-focused={focused || undefined}
      data-testid={`tv-tile-${content.id}`}
      style={{
        flex: '0 0 auto',
        width: TILE.width,
        height: TILE.height,
        borderRadius: 14,
        padding: 20,
        boxSizing: 'border-box',
        background: content.playback?.poster ? `center/cover url(${content.playback.poster})` : '#25262b',
        color: '#fff',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'flex-end',
        outline: focused ? '6px solid #fff' : '6px solid transparent',
        transform: focused ? 'scale(1.06)' : 'none',
        transition: 'transform 120ms, outline-color 120ms',
        boxShadow: focused ? '0 0 0 10px rgba(224,49,49,0.6)' : 'none',
      }}
    >
      {content.status === 'live' && <span style={{ alignSelf: 'flex-start', background: '#e03131', padding: '2px 10px', borderRadius: 6, fontSize: 18, marginBottom: 'auto' }}>LIVE</span>}
      <div style={{ fontSize: 26, fontWeight: 700, lineHeight: 1.2 }}>{content.title}</div>
      <div style={{ fontSize: 18, opacity: 0.75 }}>{content.creatorName ?? content.type}</div>
    </div>
  );
}

/** The live row shows what has a picture to play; items on air whose video has not arrived are said, not hidden. */
function liveEmptyText(onAir: Content[]): string {
  const starting = onAir.filter((c) => !c.playback).length;
  if (starting === 0) return 'Nothing is live right now.';
  return `${starting} ${starting === 1 ? 'broadcast is' : 'broadcasts are'} starting: ${starting === 1 ? 'it shows' : 'they show'} here when the picture arrives.`;
}

export function TvPage() {
  const platform = new URLSearchParams(window.location.search).get('platform') ?? 'browser';
  const session = useTvSession(platform);
  // What is on air: streams starting and ending are pushed over the socket, or polled without one.
  const live = useLiveContent();
  // On demand: the newest items with something to play, however many newer ones have nothing yet.
  const library = useQuery(contentQueries.list({ only: 'playable' }));
  const rows = useMemo(
    () => [
      { title: 'Live now', items: (live.data ?? []).filter((c) => c.playback) },
      { title: 'On demand', items: (library.data ?? []).filter((c) => c.status !== 'live' && c.playback) },
    ],
    [live.data, library.data],
  );
  const [focus, setFocus] = useState({ row: 0, col: 0 });
  const [playing, setPlaying] = useState<Content | null>(null);

  // Keep the focus on something that exists as the rows fill in.
  const lengths = rows.map((r) => r.items.length);
  const current = rows[focus.row]?.items[focus.col] ? focus : moveFocus(lengths, { row: focus.row, col: focus.col }, 'Enter');

  const press = useCallback(
    (key: TvKey) => {
      // The player takes the other keys (its actions once a broadcast has ended).
      if (playing) {
        if (key === 'Back') setPlaying(null);
        return;
      }
      if (key === 'Enter') {
        const item = rows[current.row]?.items[current.col];
        if (item) setPlaying(item);
        return;
      }
      if (key !== 'Back') setFocus(moveFocus(lengths, current, key));
    },
    [playing, rows, current, lengths],
  );

  useTvKeys(press);
  const close = useCallback(() => setPlaying(null), []);
  // A live item is over once the live list no longer has it (the player also sees its stream end).
  const onAir = playing !== null && (live.data?.some((c) => c.id === playing.id) ?? true);

  useEffect(() => {
    document.querySelector(`[data-testid="tv-row-${current.row}"] [data-focused]`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current]);

  return (
    <div data-testid="tv-screen" style={{ minHeight: '100vh', background: '#101113', color: '#fff', padding: '40px 56px', boxSizing: 'border-box', fontFamily: 'system-ui, sans-serif', overflow: 'hidden' }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 24 }}>
        <h1 style={{ fontSize: 44, fontWeight: 800, margin: 0 }}>
          <span style={{ color: '#e03131' }} aria-hidden>
            ●
          </span>{' '}
          OnAir
        </h1>
        <div style={{ fontSize: 22, opacity: 0.85 }} data-testid="tv-pairing">
          {session?.paired
            ? `Connected to ${session.username}`
            : session?.code
              ? `Pair this TV: open ${window.location.host}/mobile → Smart TV and enter ${session.code}`
              : ''}
        </div>
      </div>
      {rows.map((row, r) => (
        <section key={row.title} style={{ marginBottom: 36 }} data-testid={`tv-row-${r}`}>
          <h2 style={{ fontSize: 30, margin: '0 0 16px' }}>{row.title}</h2>
          {row.items.length === 0 ? (
            <div style={{ fontSize: 22, opacity: 0.6 }}>{r === 0 ? liveEmptyText(live.data ?? []) : 'Nothing to watch yet.'}</div>
          ) : (
            <div style={{ display: 'flex', gap: 28, overflow: 'hidden', padding: RING_ROOM, scrollPadding: RING_ROOM, margin: 12 - RING_ROOM }}>
              {row.items.map((item, c) => (
                <Tile key={item.id} content={item} focused={current.row === r && current.col === c} />
              ))}
            </div>
          )}
        </section>
      ))}
      {/* Keyed by status too: the recording of a broadcast that ended is the same item, now on demand. */}
      {playing && <TvPlayer key={`${playing.id}:${playing.status}`} content={playing} onAir={onAir} onClose={close} onPlay={setPlaying} />}
    </div>
  );
}
