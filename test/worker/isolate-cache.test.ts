import { describe, expect, it } from 'vitest';
import { IsolateCache } from '../../src/worker/isolate-cache.ts';

describe('the isolate cache of parsed data files', () => {
  it('never holds more bytes than its budget, forgetting the least recently used first', () => {
    const cache = new IsolateCache<string>(1_000);
    cache.set('a', 'A', 400);
    cache.set('b', 'B', 400);
    expect(cache.get('a')).toBe('A'); // now b is the least recently used
    cache.set('c', 'C', 400);
    expect(cache.bytes).toBe(800);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['A', undefined, 'C']);
  });

  it('keeps one large file out rather than emptying itself for it', () => {
    const cache = new IsolateCache<string>(1_000);
    cache.set('small', 'S', 300);
    cache.set('huge', 'H', 1_001);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('small')).toBe('S');
    expect(cache.bytes).toBe(300);
  });

  it('counts a file read twice by racing requests once', () => {
    const cache = new IsolateCache<string>(1_000);
    cache.set('shard', 'first read', 600);
    cache.set('shard', 'second read', 600);
    expect(cache.bytes).toBe(600);
    expect(cache.get('shard')).toBe('second read');
  });
});
