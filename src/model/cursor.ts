/**
 * Cursors are keyset cursors: they name the last record a client has seen (a slug for the list,
 * an update time and id for changes), so the next page starts after it whatever was added or
 * removed in between, and a walk sees every record once. They are opaque to clients and carry a
 * MAC so that only cursors this service issued, for this route, are accepted; the MAC guards
 * integrity, not secrecy, and its key only has to stay the same across deploys.
 */

const version = 1;
export const maxCursorLength = 200;
const macBytes = 12;
const encoder = new TextEncoder();

let keyPromise: Promise<CryptoKey> | undefined;

function macKey(): Promise<CryptoKey> {
  keyPromise ??= crypto.subtle.importKey(
    'raw',
    encoder.encode('landmark-condition-reports/list-cursor/v1'),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return keyPromise;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (character) => character.charCodeAt(0));
  } catch {
    return undefined;
  }
}

async function macOf(payload: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await macKey(), encoder.encode(payload));
  return toBase64Url(new Uint8Array(signature).slice(0, macBytes));
}

/** Which route a cursor belongs to: a list cursor is refused by changes, and the reverse. */
export type CursorKind = 'landmarks' | 'changes';

export async function encodeCursor<Position>(kind: CursorKind, after: Position): Promise<string> {
  const payload = toBase64Url(encoder.encode(JSON.stringify({ v: version, k: kind, after })));
  return `${payload}.${await macOf(payload)}`;
}

/** The position a cursor points after, or undefined for any string this service did not issue. */
export async function decodeCursor<Position>(
  kind: CursorKind,
  cursor: string,
  isPosition: (value: unknown) => value is Position,
): Promise<Position | undefined> {
  if (cursor.length === 0 || cursor.length > maxCursorLength) return undefined;
  const [payload, mac, ...rest] = cursor.split('.');
  if (payload === undefined || mac === undefined || rest.length > 0) return undefined;
  if (mac !== (await macOf(payload))) return undefined;
  const bytes = fromBase64Url(payload);
  if (!bytes) return undefined;
  try {
    const decoded = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as { v?: unknown; k?: unknown; after?: unknown };
    if (decoded.v !== version || decoded.k !== kind || !isPosition(decoded.after)) return undefined;
    return decoded.after;
  } catch {
    return undefined;
  }
}
