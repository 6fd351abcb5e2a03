/**
 * External engines for tests. Apertium runs for real whenever it is installed; under CI=true it must be
 * (.ci/run installs it), so a broken setup fails instead of skipping. A fake LibreTranslate server
 * stands in for the external HTTP service.
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export function apertiumInstalled(): boolean {
  try {
    execFileSync('apertium', ['-l'], { stdio: 'pipe', timeout: 10_000 });
    return true;
  } catch (error) {
    if (process.env.CI === 'true') throw new Error(`Apertium is required in CI but "apertium -l" failed: ${String(error)}`);
    return false;
  }
}

export interface FakeLibreTranslate {
  url: string;
  requests: { q: string; source: string; target: string; format: string; api_key?: string }[];
  close(): Promise<void>;
}

/**
 * A tiny LibreTranslate-compatible server: GET /languages and POST /translate. It "translates" by
 * tagging the text with the target code, so a test can see exactly what was sent and returned.
 */
export async function startFakeLibreTranslate(languages = ['en', 'es', 'de', 'ru', 'ja', 'zh-Hans']): Promise<FakeLibreTranslate> {
  const requests: FakeLibreTranslate['requests'] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method === 'GET' && req.url === '/languages') {
        res.end(JSON.stringify(languages.map((code) => ({ code, name: code, targets: languages }))));
        return;
      }
      if (req.method === 'POST' && req.url === '/translate') {
        const input = JSON.parse(body) as FakeLibreTranslate['requests'][number];
        requests.push(input);
        if (!languages.includes(input.target)) {
          res.statusCode = 400;
          res.end(JSON.stringify({ error: `${input.target} is not supported` }));
          return;
        }
        res.end(JSON.stringify({ translatedText: `[${input.target}] ${input.q}` }));
        return;
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
