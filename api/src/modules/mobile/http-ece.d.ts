/** The part of `http_ece` (RFC 8188 content encoding) the push test uses to decrypt like a browser. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  const ece: {
    decrypt(buffer: Buffer, params: { version: 'aes128gcm' | 'aesgcm'; privateKey?: ECDH; authSecret?: Buffer | string; dh?: string }): Buffer;
  };
  export default ece;
}
