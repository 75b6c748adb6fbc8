/**
 * Cursors are keyset cursors: they name the last record a client has seen (a slug for the list,
 * an update time and id for changes), so the next page starts after it whatever was added or
 * removed in between, and a walk sees every record once.
 *
 * They are opaque to clients (base64url of a small JSON object) but not secret and not signed: a
 * hand-made cursor can only name a position in the same public list, which any client may read
 * anyway. What matters is that every cursor is validated strictly: the format version, the route
 * it belongs to and the shape of the position, so that a cursor of an older format, of the other
 * route, or anything else is refused with a 400 rather than misread.
 */

/** Version 1 cursors carried a MAC and a dot; they are refused like any other foreign string. */
const version = 2;
export const maxCursorLength = 200;
const encoder = new TextEncoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (character) => character.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** Which route a cursor belongs to: a list cursor is refused by changes, and the reverse. */
export type CursorKind = 'landmarks' | 'changes' | 'landmark-reports' | 'recheck' | 'nearby';

export function encodeCursor<Position>(kind: CursorKind, after: Position): string {
  return toBase64Url(encoder.encode(JSON.stringify({ v: version, k: kind, after })));
}

/** The position a cursor points after, or undefined for anything that is not a current cursor of this route. */
export function decodeCursor<Position>(kind: CursorKind, cursor: string, isPosition: (value: unknown) => value is Position): Position | undefined {
  if (cursor.length === 0 || cursor.length > maxCursorLength) return undefined;
  const bytes = fromBase64Url(cursor);
  if (!bytes) return undefined;
  try {
    const decoded = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
    if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) return undefined;
    const { v, k, after, ...extra } = decoded as { v?: unknown; k?: unknown; after?: unknown };
    if (v !== version || k !== kind || Object.keys(extra).length > 0 || !isPosition(after)) return undefined;
    // Only the exact text this service writes is accepted: no padding, spaces or reordered keys.
    return encodeCursor(kind, after) === cursor ? after : undefined;
  } catch {
    return undefined;
  }
}
