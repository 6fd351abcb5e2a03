/**
 * The text drawn in a PDF made with pdfkit's standard fonts, for tests: inflates each content stream and
 * joins the hex strings of its TJ arrays (one line per text-showing operator). Not a general PDF parser.
 */
import { inflateSync } from 'node:zlib';

export function extractPdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streams.exec(source))) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    const raw = pdf.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(raw).toString('latin1');
    } catch {
      content = raw.toString('latin1');
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const text = [...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join('');
      lines.push(text);
    }
    streams.lastIndex = end;
  }
  return lines.join('\n');
}
