/**
 * A pool of `sio-listeners` processes (sio-listeners.c): the capacity benchmarks' listening sockets,
 * read for the price of a system call each so that the bench does not take the server's cores.
 *
 * The program is compiled with the machine's C compiler on first use, into node_modules/.cache, and
 * again whenever its source changes. Each process holds at most PER_PROCESS sockets from a loopback
 * address of its own (127.0.1.<n>): one address has about 28,000 ephemeral ports towards one server.
 */
import { spawn, execFileSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SOURCE = fileURLToPath(new URL('./sio-listeners.c', import.meta.url));
const CACHE_DIR = path.resolve(path.dirname(SOURCE), '../../../node_modules/.cache/onair-bench');
const PER_PROCESS = 15_000;
/**
 * One socket in this many is read as its deliveries arrive and gives latency samples; the others are
 * read between broadcasts, once a second at most, and when counted (sio-listeners.c says why). Seven
 * shares no factor with the number of server processes a 2- to 6-core machine runs, so the sampled
 * sockets spread over all of them.
 */
export const SAMPLE_EVERY = 7;

/** The compiled program's path (built once per version of its source). */
export function listenersBinary(): string {
  const source = readFileSync(SOURCE);
  const binary = path.join(CACHE_DIR, `sio-listeners-${createHash('sha256').update(source).digest('hex').slice(0, 12)}`);
  if (!existsSync(binary)) {
    mkdirSync(CACHE_DIR, { recursive: true });
    execFileSync(process.env.CC ?? 'cc', ['-O2', '-Wall', '-o', binary, SOURCE], { stdio: 'inherit' });
  }
  return binary;
}

/** The first word of the answer to each command: a grow answers when done, the others at once. */
const ANSWER_OF = { grow: 'grown', status: 'status', count: 'count', report: 'latencies' } as const;
type Command = keyof typeof ANSWER_OF;

/** One sio-listeners process. Answers are matched to commands by their first word. */
class ListenerProcess {
  readonly child: ChildProcessWithoutNullStreams;
  sockets = 0;
  private readonly waiting = new Map<string, ((line: string) => void)[]>();
  private failure: Error | null = null;

  constructor(binary: string, port: number, sourceAddress: string) {
    this.child = spawn(binary, [String(port), sourceAddress, String(SAMPLE_EVERY)]);
    this.child.stderr.pipe(process.stderr);
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      const word = line.split(' ', 1)[0]!;
      if (word === 'error') this.fail(line.slice(6));
      else this.waiting.get(word)?.shift()?.(line);
    });
    this.child.on('exit', (code, signal) => this.fail(`exited (${signal ?? `code ${code}`})`));
  }

  private fail(reason: string) {
    this.failure ??= new Error(`sio-listeners ${this.child.pid}: ${reason}`);
    for (const queue of this.waiting.values()) for (const answer of queue.splice(0)) answer('');
  }

  async ask(command: Command, args = '', timeoutMs = 120_000): Promise<string> {
    if (this.failure) throw this.failure;
    const word = ANSWER_OF[command];
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        // Say where the sockets are stuck: the grow's usual way to fail is a server that stops answering.
        void this.ask('status', '', 5000).then(
          (status) => reject(new Error(`sio-listeners: no answer to ${command} within ${timeoutMs} ms (${status})`)),
          () => reject(new Error(`sio-listeners: no answer to ${command} within ${timeoutMs} ms`)),
        );
      }, timeoutMs);
      const queue = this.waiting.get(word) ?? [];
      this.waiting.set(word, queue);
      queue.push((answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      this.child.stdin.write(`${command}${args ? ` ${args}` : ''}\n`);
    });
    if (this.failure) throw this.failure;
    return line;
  }
}

export class NativeListeners {
  private readonly processes: ListenerProcess[] = [];
  private readonly binary = listenersBinary();

  constructor(
    private readonly port: number,
    /** The Socket.IO event each socket sends once connected, acknowledged when it has joined the room. */
    private readonly joinEvent: [string, unknown],
  ) {}

  get count(): number {
    return this.processes.reduce((sum, p) => sum + p.sockets, 0);
  }

  get pids(): number[] {
    return this.processes.map((p) => p.child.pid!);
  }

  /** Opens `count` more listening sockets, filling each process up to PER_PROCESS before starting another. */
  async grow(count: number): Promise<void> {
    const frame = `420${JSON.stringify(this.joinEvent)}`;
    const asks: Promise<string>[] = [];
    let left = count;
    while (left > 0) {
      let process_ = this.processes.find((p) => p.sockets < PER_PROCESS);
      if (!process_) {
        process_ = new ListenerProcess(this.binary, this.port, `127.0.1.${this.processes.length + 1}`);
        this.processes.push(process_);
      }
      const share = Math.min(left, PER_PROCESS - process_.sockets);
      process_.sockets += share;
      left -= share;
      asks.push(process_.ask('grow', `${share} ${frame}`));
    }
    await Promise.all(asks);
  }

  /** Deliveries to every socket since the last takeLatencies. */
  async deliveries(): Promise<number> {
    const answers = await Promise.all(this.processes.map((p) => p.ask('count')));
    return answers.reduce((sum, line) => sum + Number(line.split(' ')[1]), 0);
  }

  /** Send-to-delivery latencies (ms) of the sampled sockets since the last call, sorted. */
  async takeLatencies(): Promise<number[]> {
    const answers = await Promise.all(this.processes.map((p) => p.ask('report')));
    return answers.flatMap((line) => line.split(' ').slice(1).map(Number)).sort((a, b) => a - b);
  }

  close(): void {
    for (const p of this.processes) {
      p.child.removeAllListeners('exit');
      p.child.kill();
    }
    this.processes.length = 0;
  }
}
