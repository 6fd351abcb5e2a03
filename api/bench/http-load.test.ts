/** The wrk report reader of the reads benchmark, on wrk 4.1's own output (Debian's package). */
import { describe, expect, it } from 'vitest';
import { parseWrk } from './http-load.ts';

const REPORT = `Running 1s test @ http://127.0.0.1:3999/bad
  1 threads and 5 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.12ms    2.36ms  22.81ms   92.83%
    Req/Sec    10.02k     4.88k   15.53k    63.64%
  Latency Distribution
     50%  354.00us
     75%  710.00us
     90%    2.59ms
     99%   13.79ms
  11106 requests in 1.12s, 1.51MB read
  Socket errors: connect 0, read 2, write 0, timeout 3
  Non-2xx or 3xx responses: 11106
Requests/sec:   9934.18
Transfer/sec:      1.35MB
`;

describe('parseWrk', () => {
  it('reads requests, the 99 % latency in ms, and every bad answer', () => {
    expect(parseWrk(REPORT, 1)).toEqual({ rps: 9934.18, p99: 13.79, answered: 11106, bad: 11106 + 5 });
  });

  it('converts microseconds and seconds', () => {
    expect(parseWrk(REPORT.replace('13.79ms', '870.00us'), 1).p99).toBeCloseTo(0.87);
    expect(parseWrk(REPORT.replace('13.79ms', '1.50s'), 1).p99).toBe(1500);
  });
});
