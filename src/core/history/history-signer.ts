import { PiiConfigError } from '../errors';

/** The secret that signs assistant messages: at least 32 bytes, e.g. `openssl rand -base64 32`. */
export type HistorySecret = string | Uint8Array;

/** Signs the pieces of assistant messages and checks them (HMAC-SHA-256, WebCrypto). */
export interface HistorySigner {
  /** One signature per piece, in order: 22 base64url characters (132 bits of the HMAC). */
  sign(pieces: readonly string[]): Promise<string[]>;
}

const MIN_BYTES = 32;
const SIGNATURE_LENGTH = 22;

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The signer of `createPii({ historySecret })`. A string secret is taken as its UTF-8 bytes
 * (an `openssl rand -base64 32` text is 44 of them). The key is imported once, on first use.
 *
 * @example
 * const signer = createHistorySigner(process.env.PII_HISTORY_SECRET!);
 * const [signature] = await signer.sign(['["ai-sdk-pii/history/v1","chat-1","text","Bonjour"]']);
 */
export function createHistorySigner(secret: HistorySecret): HistorySigner {
  const bytes =
    typeof secret === 'string'
      ? new TextEncoder().encode(secret)
      : secret instanceof Uint8Array
        ? new Uint8Array(secret)
        : undefined;
  if (!bytes || bytes.length < MIN_BYTES) {
    throw new PiiConfigError(
      `\`historySecret\` must be a string or bytes of at least ${MIN_BYTES} bytes; generate one with \`openssl rand -base64 32\`.`,
    );
  }
  if (bytes.every((b) => b === bytes[0])) {
    throw new PiiConfigError(
      '`historySecret` is one byte repeated; generate one with `openssl rand -base64 32`.',
    );
  }
  let key: Promise<CryptoKey> | undefined;
  const keyOf = () =>
    (key ??= crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]));
  const encoder = new TextEncoder();
  return {
    async sign(pieces) {
      const k = await keyOf();
      return Promise.all(
        pieces.map(async (piece) => {
          const mac = await crypto.subtle.sign('HMAC', k, encoder.encode(piece));
          return base64url(new Uint8Array(mac)).slice(0, SIGNATURE_LENGTH);
        }),
      );
    },
  };
}
