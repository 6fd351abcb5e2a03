/**
 * Reads the server profiles a bench wrote (BENCH_PROFILE_DIR) within its measurements alone, which
 * the bench noted in the same directory (support.ts, noteProfiledSpan). A process's whole profile
 * mixes its start, the ramps' joins and the pauses between steps into what the measured messages
 * cost; this prints, for each profile, the CPU each measured span took and, over those spans, where
 * it went: by package (or our own folder) and by function.
 *
 *   npm run bench:profile-spans -- DIR [LABEL]     (LABEL: only spans whose label holds it)
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROFILED_SPANS_FILE } from './support.ts';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface Profile {
  nodes: { id: number; callFrame: CallFrame }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface Span {
  label: string;
  fromMicros: number;
  toMicros: number;
}

const [dir, only = ''] = process.argv.slice(2);
if (!dir) throw new Error('usage: profile-spans DIR [LABEL]');
const spans: Span[] = readFileSync(path.join(dir, PROFILED_SPANS_FILE), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Span)
  .filter((span) => span.label.includes(only));

/** A package's name, or the first folders of a file of ours, or V8's own name ("(garbage collector)"). */
function place(frame: CallFrame): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame.url);
  if (inPackage) return inPackage[1]!;
  if (!frame.url) return frame.functionName;
  return frame.url.replace(/^file:\/\/.*?\/(api|workers|protocol)\//, '$1/').split('/').slice(0, 3).join('/');
}
const describe = (frame: CallFrame) => `${frame.functionName || '(anonymous)'} ${place(frame)}:${frame.lineNumber + 1}`;

function addTo(totals: Map<string, number>, key: string, micros: number) {
  totals.set(key, (totals.get(key) ?? 0) + micros);
}

function top(totals: Map<string, number>, busy: number, count: number): string[] {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, micros]) => `    ${(micros / 1000).toFixed(0).padStart(7)} ms ${((100 * micros) / busy).toFixed(1).padStart(5)} %  ${key}`);
}

for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile')).sort()) {
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Profile;
  const inside = spans.filter((span) => span.fromMicros < profile.endTime && span.toMicros > profile.startTime);
  if (inside.length === 0) continue;
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const busyBySpan = inside.map(() => 0);
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((nodeId, i) => {
    at += profile.timeDeltas[i] ?? 0;
    const span = inside.findIndex((s) => at >= s.fromMicros && at < s.toMicros);
    const frame = frames.get(nodeId)!;
    if (span < 0 || frame.functionName === '(idle)') return;
    // A sample stands for the time until the next one.
    const micros = profile.timeDeltas[i + 1] ?? 0;
    busyBySpan[span]! += micros;
    addTo(byPlace, place(frame), micros);
    addTo(byFunction, describe(frame), micros);
  });
  const busy = busyBySpan.reduce((a, b) => a + b, 0);
  if (busy === 0) continue;
  console.log(`\n${file}`);
  inside.forEach((span, i) => {
    const seconds = (span.toMicros - span.fromMicros) / 1e6;
    console.log(`  ${span.label.padEnd(28)} ${seconds.toFixed(1).padStart(5)} s, busy ${(busyBySpan[i]! / 1000).toFixed(0).padStart(6)} ms (${((busyBySpan[i]! / 1e4) / seconds).toFixed(1)} % of a core)`);
  });
  console.log('  within those spans, by place:');
  console.log(top(byPlace, busy, 12).join('\n'));
  console.log('  by function:');
  console.log(top(byFunction, busy, 15).join('\n'));
}
