import { invalidParameter } from '../api-error.ts';
import { decodeCursor, type CursorKind } from '../cursor.ts';

/**
 * The position a `cursor` parameter resumes after: undefined for the first page, a 400 for
 * anything that is not a current cursor of this list, saying how to get one.
 */
export function cursorPosition<Position>(kind: CursorKind, listName: string, cursor: string | undefined, isPosition: (value: unknown) => value is Position): Position | undefined {
  if (cursor === undefined) return undefined;
  const position = decodeCursor(kind, cursor, isPosition);
  if (position === undefined) {
    throw invalidParameter('cursor', `cursor is not a cursor of ${listName} (it was changed, belongs to another route, or has an older format); pass pagination.nextCursor from the previous page unchanged, or omit cursor to start from the first page`);
  }
  return position;
}
