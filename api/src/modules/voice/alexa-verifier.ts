/**
 * Verifies that a request really comes from Alexa, following Amazon's rules for skills hosted as web
 * services (https://developer.amazon.com/docs/custom-skills/host-a-custom-skill-as-a-web-service.html):
 *  - `SignatureCertChainUrl` is https, host s3.amazonaws.com, path under /echo.api/, port 443 if given;
 *  - the chain it names is valid now, its signing certificate names echo-api.amazon.com, and it chains
 *    to a trusted root;
 *  - `Signature-256` is the base64 RSA-SHA256 signature of the raw body by that certificate;
 *  - the request's timestamp is within 150 seconds of now.
 * Where certificates come from and which roots are trusted are injectable (tests make their own CA);
 * by default the chain is fetched once per URL and Node's bundled root CAs are trusted.
 */
import { createVerify, X509Certificate } from 'node:crypto';
import path from 'node:path';
import { rootCertificates } from 'node:tls';

export const ALEXA_TIMESTAMP_TOLERANCE_MS = 150_000;
const SIGNING_NAME = 'echo-api.amazon.com';

export class AlexaVerificationError extends Error {}

export interface AlexaVerifierOptions {
  /** Answers the PEM chain at a (rule-checked) URL. */
  loadCertificateChain?: (url: string) => Promise<string>;
  /** PEM roots the chain must end at. */
  trustedRoots?: readonly string[];
  now?: () => number;
}

/** Amazon's URL rules, after normalising the path (`/echo.api/../x` is refused). */
export function checkCertificateUrl(raw: string): void {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AlexaVerificationError('SignatureCertChainUrl is not a URL');
  }
  if (url.protocol.toLowerCase() !== 'https:') throw new AlexaVerificationError('SignatureCertChainUrl must use https');
  if (url.hostname.toLowerCase() !== 's3.amazonaws.com') throw new AlexaVerificationError('SignatureCertChainUrl must be on s3.amazonaws.com');
  if (url.port && url.port !== '443') throw new AlexaVerificationError('SignatureCertChainUrl must use port 443');
  // URL already resolves dot segments; the raw path is checked too so encoded tricks do not slip by.
  if (!path.posix.normalize(url.pathname).startsWith('/echo.api/')) throw new AlexaVerificationError('SignatureCertChainUrl path must start with /echo.api/');
}

function splitPem(chain: string): X509Certificate[] {
  const blocks = chain.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((b) => new X509Certificate(b));
}

async function fetchChain(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
  if (!response.ok) throw new AlexaVerificationError(`certificate chain answered ${response.status}`);
  return response.text();
}

export function createAlexaVerifier(options: AlexaVerifierOptions = {}) {
  const load = options.loadCertificateChain ?? fetchChain;
  const roots = (options.trustedRoots ?? rootCertificates).map((pem) => new X509Certificate(pem));
  const now = options.now ?? Date.now;
  const cache = new Map<string, { chain: X509Certificate[]; until: number }>();

  function checkChain(chain: X509Certificate[], at: number): void {
    if (chain.length === 0) throw new AlexaVerificationError('the certificate chain is empty');
    for (const cert of chain) {
      if (Date.parse(cert.validFrom) > at || Date.parse(cert.validTo) < at) throw new AlexaVerificationError('a certificate in the chain is not valid now');
    }
    const signing = chain[0]!;
    const names = (signing.subjectAltName ?? '').split(',').map((s) => s.trim());
    if (!names.includes(`DNS:${SIGNING_NAME}`)) throw new AlexaVerificationError(`the signing certificate does not name ${SIGNING_NAME}`);
    for (let i = 0; i + 1 < chain.length; i++) {
      const [child, issuer] = [chain[i]!, chain[i + 1]!];
      if (!child.checkIssued(issuer) || !child.verify(issuer.publicKey)) throw new AlexaVerificationError('the certificate chain is broken');
    }
    const last = chain[chain.length - 1]!;
    const anchored = roots.some((root) => root.fingerprint256 === last.fingerprint256 || (last.checkIssued(root) && last.verify(root.publicKey)));
    if (!anchored) throw new AlexaVerificationError('the certificate chain does not end at a trusted root');
  }

  async function chainFor(url: string, at: number): Promise<X509Certificate[]> {
    const cached = cache.get(url);
    if (cached && cached.until > at) return cached.chain;
    const chain = splitPem(await load(url));
    checkChain(chain, at);
    cache.set(url, { chain, until: Math.min(Date.parse(chain[0]!.validTo), at + 3600_000) });
    return chain;
  }

  return {
    /** Throws AlexaVerificationError unless the request passes every rule. */
    async verify(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): Promise<void> {
      const at = now();
      const certUrl = headers['signaturecertchainurl'];
      const signature = headers['signature-256'];
      if (typeof certUrl !== 'string' || typeof signature !== 'string') throw new AlexaVerificationError('SignatureCertChainUrl and Signature-256 are required');
      checkCertificateUrl(certUrl);
      let body: { request?: { timestamp?: string } };
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new AlexaVerificationError('the body is not JSON');
      }
      const timestamp = Date.parse(body.request?.timestamp ?? '');
      if (!Number.isFinite(timestamp) || Math.abs(at - timestamp) > ALEXA_TIMESTAMP_TOLERANCE_MS) throw new AlexaVerificationError('the request timestamp is not within 150 seconds');
      let chain: X509Certificate[];
      try {
        chain = await chainFor(certUrl, at);
      } catch (error) {
        if (error instanceof AlexaVerificationError) throw error;
        throw new AlexaVerificationError(`the certificate chain could not be read: ${(error as Error).message}`);
      }
      const verifier = createVerify('RSA-SHA256');
      verifier.update(rawBody);
      if (!verifier.verify(chain[0]!.publicKey, signature, 'base64')) throw new AlexaVerificationError('Signature-256 does not match the body');
    },
  };
}

export type AlexaVerifier = ReturnType<typeof createAlexaVerifier>;
