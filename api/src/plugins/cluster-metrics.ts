/**
 * One `/metrics` answer for a one-machine cluster (API_PROCESSES above 1). The primary hands each
 * connection to the next process in turn, so Prometheus cannot pick the process it scrapes: a scrape
 * answered by one process alone would show a different process's counters each time, and `rate()`
 * would read every switch as a counter reset. So whichever process takes the scrape asks the primary,
 * which collects every process's registry over IPC (prom-client's AggregatorRegistry) and answers with
 * the aggregate: counters and histograms summed, each metric's own `aggregator` otherwise (gauges of a
 * figure the processes share say `max`, prom-client's own process metrics say what suits them).
 */
import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

const SCRAPE_REQUEST = 'onair:metrics-request';
const SCRAPE_ANSWER = 'onair:metrics-answer';
/** prom-client gives up on workers after 5 s; this is the worker's own bound on the primary. */
const SCRAPE_TIMEOUT_MS = 10_000;

interface ScrapeRequest {
  type: typeof SCRAPE_REQUEST;
  id: number;
}
interface ScrapeAnswer {
  type: typeof SCRAPE_ANSWER;
  id: number;
  text?: string;
  error?: string;
}

const isMessage = <T extends { type: string }>(message: unknown, type: T['type']): message is T =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;

/** In the cluster's primary: answers every worker's scrape with all workers' metrics aggregated. */
export function aggregateWorkerMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage<ScrapeRequest>(message, SCRAPE_REQUEST)) return;
    const answer = (fields: Omit<ScrapeAnswer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: SCRAPE_ANSWER, id: message.id, ...fields } satisfies ScrapeAnswer);
    };
    aggregator.clusterMetrics().then(
      (text) => answer({ text }),
      (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

export interface ClusterScrape {
  /** The whole cluster's metrics in Prometheus text. */
  scrape(): Promise<string>;
  close(): void;
}

/** In a cluster's worker: offers `registry` to the primary's collections, and scrapes through the primary. */
export function clusterScrape(registry: Registry): ClusterScrape {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one installs prom-client's answer to the primary's collection requests.
  new AggregatorRegistry();
  const waiting = new Map<number, { resolve(text: string): void; reject(error: Error): void; timer: NodeJS.Timeout }>();
  let nextId = 0;
  const onMessage = (message: unknown) => {
    if (!isMessage<ScrapeAnswer>(message, SCRAPE_ANSWER)) return;
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    clearTimeout(pending.timer);
    if (message.text !== undefined) pending.resolve(message.text);
    else pending.reject(new Error(message.error ?? 'no metrics'));
  };
  process.on('message', onMessage);
  return {
    scrape() {
      return new Promise<string>((resolve, reject) => {
        const id = nextId++;
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error(`the cluster's primary did not answer within ${SCRAPE_TIMEOUT_MS / 1000} s`));
        }, SCRAPE_TIMEOUT_MS);
        waiting.set(id, { resolve, reject, timer });
        process.send!({ type: SCRAPE_REQUEST, id } satisfies ScrapeRequest);
      });
    },
    close() {
      process.off('message', onMessage);
      for (const { reject, timer } of waiting.values()) {
        clearTimeout(timer);
        reject(new Error('closing'));
      }
      waiting.clear();
    },
  };
}
