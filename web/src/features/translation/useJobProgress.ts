/**
 * Follows one job until it ends: `job:progress` / `job:done` / `job:failed` socket events when the
 * server relays them to the user's room, and GET /api/jobs/:id once a second until the first such
 * event for this job arrives (a server without the relay, or a socket that is down, still works).
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { JobStatus } from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { getSocket } from '../../lib/socket';

export interface JobView {
  state: JobStatus['state'];
  progress: number;
  message: string;
  result?: unknown;
  error?: string;
}

function isFinal(view: JobView) {
  return view.state === 'completed' || view.state === 'failed';
}

/** Whether a polled snapshot says more than what is shown: a final state, or further progress. */
function isNewer(next: JobView, shown: JobView) {
  if (isFinal(shown)) return false;
  return isFinal(next) || next.progress >= shown.progress;
}

export function useJobProgress(jobId: string | null, on: { done(result: unknown): void; failed(error: string): void }) {
  const [view, setView] = useState<JobView | null>(null);
  const [pushed, setPushed] = useState(false);
  const reported = useRef<string | null>(null);
  const handlers = useRef(on);
  handlers.current = on;

  useEffect(() => {
    setView(jobId ? { state: 'waiting', progress: 0, message: 'Queued' } : null);
    setPushed(false);
    const socket = getSocket();
    if (!jobId || !socket) return;
    const progress = (e: { jobId: string; progress: number; message: string }) => {
      if (e.jobId !== jobId) return;
      setPushed(true);
      setView((v) => (v && isFinal(v) ? v : { state: 'active', progress: e.progress, message: e.message }));
    };
    const done = (e: { jobId: string; result: unknown }) => {
      if (e.jobId !== jobId) return;
      setPushed(true);
      setView({ state: 'completed', progress: 100, message: 'Done', result: e.result });
    };
    const failed = (e: { jobId: string; error: string }) => {
      if (e.jobId !== jobId) return;
      setPushed(true);
      setView({ state: 'failed', progress: 0, message: e.error, error: e.error });
    };
    socket.on('job:progress', progress);
    socket.on('job:done', done);
    socket.on('job:failed', failed);
    return () => {
      socket.off('job:progress', progress);
      socket.off('job:done', done);
      socket.off('job:failed', failed);
    };
  }, [jobId]);

  const finished = view !== null && isFinal(view);
  const polled = useQuery({
    queryKey: ['/api/jobs', jobId],
    queryFn: () => apiRequest<JobStatus>('GET', `/api/jobs/${jobId}`),
    enabled: Boolean(jobId) && !finished,
    refetchInterval: pushed || finished ? false : 1000,
  });
  useEffect(() => {
    // A poll that was in flight when the first event arrived carries an older state: the pushed
    // events are newer, so a snapshot never moves the bar backwards or reopens a finished job.
    if (polled.data && polled.data.id === jobId) setView((v) => (v && !isNewer(polled.data, v) ? v : polled.data));
  }, [polled.data, jobId]);

  useEffect(() => {
    if (!jobId || !view || reported.current === jobId) return;
    if (view.state === 'completed') {
      reported.current = jobId;
      handlers.current.done(view.result);
    } else if (view.state === 'failed') {
      reported.current = jobId;
      handlers.current.failed(view.error ?? view.message);
    }
  }, [view, jobId]);

  return view;
}
