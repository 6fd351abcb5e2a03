/**
 * The process's unhandled rejections while a test runs, for code that must leave none (Node ends a
 * process on one by default). `stop()` removes the listener; `reasons()` reads them as text.
 */
export function watchUnhandledRejections(): { reasons(): string[]; stop(): void } {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => seen.push(reason);
  process.on('unhandledRejection', listener);
  return {
    reasons: () => seen.map(String),
    stop: () => void process.off('unhandledRejection', listener),
  };
}
