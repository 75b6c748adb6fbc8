import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import zlib from 'node:zlib';
import { isPublicAddress } from './public-address.ts';

/**
 * How the watch reads other people's servers: a named user agent, a time and size cap on each
 * response, retries with backoff that honour Retry-After, revalidation with ETag or Last-Modified,
 * and a few requests at once per host. Only https on public addresses, checked on every address a
 * name resolves to and on every redirect, unless the rules allow local servers (tests, offline
 * reviews: WATCH_ALLOW_LOCAL=1), which also lets them speak plain http.
 */
export interface FetchRules {
  /** Names the project and its repository, so an operator knows who reads them and where to write. */
  userAgent: string;
  /** true: any address (WATCH_ALLOW_LOCAL=1); a set: local addresses only under these host names (tests of the rules themselves). */
  allowLocal: boolean | ReadonlySet<string>;
  /** The longest one attempt may take, headers and body. */
  timeoutMs: number;
  /** The largest body (after decompression) accepted. */
  maxBytes: number;
  /** Attempts in all, the first included. */
  attempts: number;
  /** The wait before the first retry; doubled before each next one. */
  backoffMs: number;
  /** A Retry-After longer than this fails the source now rather than hold the run. */
  longestWaitMs: number;
  /** Requests in flight at once per host. */
  perHost: number;
  maxRedirects: number;
  /** Extra trusted certificate authority in PEM (a test's own). */
  ca?: string | undefined;
}

export const defaultFetchRules = (userAgent: string, allowLocal: FetchRules['allowLocal']): FetchRules => ({
  userAgent,
  allowLocal,
  timeoutMs: 20_000,
  maxBytes: 5 * 1024 * 1024,
  attempts: 3,
  backoffMs: 2_000,
  longestWaitMs: 120_000,
  perHost: 2,
  maxRedirects: 5,
});

/** What was last read from a URL, to revalidate it (If-None-Match, If-Modified-Since) next time. */
export interface Revalidation {
  etag?: string | undefined;
  lastModified?: string | undefined;
  body: string;
}

export interface RevalidationCache {
  get(url: string): Promise<Revalidation | undefined>;
  set(url: string, entry: Revalidation): Promise<void>;
}

export type FetchResult =
  | { ok: true; url: string; body: string; status: number; revalidated: boolean }
  | { ok: false; url: string; error: string };

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  url: string;
}

/** A failure worth another attempt (a timeout, a reset, a 429 or 5xx), with the wait the server asked for. */
class TransientFailure extends Error {
  readonly retryAfterMs: number | undefined;

  constructor(message: string, retryAfterMs?: number) {
    super(message);
    this.retryAfterMs = retryAfterMs;
  }
}

const retriedStatuses = new Set([429, 500, 502, 503, 504]);

/** Retry-After as milliseconds: delay-seconds or an HTTP date (RFC 9110 10.2.3). */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class PoliteFetcher {
  private readonly hosts = new Map<string, { active: number; waiting: (() => void)[] }>();
  /** The most requests that were in flight at once, per host. */
  readonly peakInFlight = new Map<string, number>();
  requests = 0;

  private readonly rules: FetchRules;
  private readonly cache: RevalidationCache | undefined;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(rules: FetchRules, cache?: RevalidationCache, sleep: (ms: number) => Promise<void> = sleepFor) {
    this.rules = rules;
    this.cache = cache;
    this.sleep = sleep;
  }

  /** Reads `url`; never throws: a failure says what went wrong in words. */
  async get(url: string, options: { accept: string; headers?: Record<string, string> }): Promise<FetchResult> {
    const cached = await this.cache?.get(url);
    const headers: Record<string, string> = { 'user-agent': this.rules.userAgent, accept: options.accept, 'accept-encoding': 'gzip, deflate, br', ...options.headers };
    if (cached?.etag) headers['if-none-match'] = cached.etag;
    if (cached?.lastModified) headers['if-modified-since'] = cached.lastModified;
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await this.withHostSlot(new URL(url).host, () => this.follow(url, headers));
        if (answer.status === 304 && cached) return { ok: true, url: answer.url, body: cached.body, status: 304, revalidated: true };
        if (retriedStatuses.has(answer.status)) throw new TransientFailure(`HTTP ${answer.status}`, retryAfterMs(header(answer.headers['retry-after']), Date.now()));
        if (answer.status < 200 || answer.status >= 300) return { ok: false, url, error: `HTTP ${answer.status} from ${answer.url}` };
        await this.cache?.set(url, { etag: header(answer.headers.etag), lastModified: header(answer.headers['last-modified']), body: answer.body });
        return { ok: true, url: answer.url, body: answer.body, status: answer.status, revalidated: false };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (!(error instanceof TransientFailure)) return { ok: false, url, error: message };
        if (attempt >= this.rules.attempts) return { ok: false, url, error: `${message} after ${attempt} attempts` };
        const wait = error.retryAfterMs ?? this.rules.backoffMs * 2 ** (attempt - 1);
        if (wait > this.rules.longestWaitMs) return { ok: false, url, error: `${message}; the server asked to wait ${Math.round(wait / 1000)} s, longer than the watch waits` };
        await this.sleep(wait);
      }
    }
  }

  private async withHostSlot<T>(host: string, work: () => Promise<T>): Promise<T> {
    let slot = this.hosts.get(host);
    if (!slot) this.hosts.set(host, (slot = { active: 0, waiting: [] }));
    while (slot.active >= this.rules.perHost) await new Promise<void>((resolve) => slot!.waiting.push(resolve));
    slot.active++;
    this.peakInFlight.set(host, Math.max(this.peakInFlight.get(host) ?? 0, slot.active));
    try {
      return await work();
    } finally {
      slot.active--;
      slot.waiting.shift()?.();
    }
  }

  /** One attempt, following redirects; each hop is checked by the address rules. */
  private async follow(start: string, headers: Record<string, string>): Promise<Answer> {
    let url = start;
    for (let hop = 0; ; hop++) {
      const answer = await this.once(url, headers);
      const location = header(answer.headers.location);
      if (answer.status < 300 || answer.status >= 400 || answer.status === 304 || location === undefined) return answer;
      if (hop >= this.rules.maxRedirects) throw new Error(`more than ${this.rules.maxRedirects} redirects from ${start}`);
      url = new URL(location, url).href;
    }
  }

  private checkAddress(address: string, host: string): Error | undefined {
    const { allowLocal } = this.rules;
    if (allowLocal === true || (allowLocal !== false && allowLocal.has(host)) || isPublicAddress(address)) return undefined;
    return new Error(`${host} is at ${address}, not a public address (set WATCH_ALLOW_LOCAL=1 only for tests and offline reviews)`);
  }

  private once(url: string, headers: Record<string, string>): Promise<Answer> {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && this.rules.allowLocal === true)) {
      return Promise.reject(new Error(`expected an https URL; got ${url}`));
    }
    const hostname = parsed.hostname.replace(/^\[|\]$/g, '');
    if (isIP(hostname)) {
      const refused = this.checkAddress(hostname, hostname);
      if (refused) return Promise.reject(refused);
    }
    // Checked where the connection is made, so that a name cannot resolve to one address for the
    // check and another for the connection.
    const lookup = (name: string, options: { all?: boolean }, callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void) => {
      dnsLookup(name, { ...options, all: true }, (error, addresses) => {
        if (error) return callback(error, '');
        for (const { address } of addresses) {
          const refused = this.checkAddress(address, name);
          if (refused) return callback(refused, '');
        }
        if (options.all) return callback(null, addresses);
        return callback(null, addresses[0]!.address, addresses[0]!.family);
      });
    };
    this.requests++;
    const client = parsed.protocol === 'https:' ? https : http;
    return new Promise<Answer>((resolve, reject) => {
      const request = client.get(url, { headers, lookup: lookup as never, ...(this.rules.ca ? { ca: this.rules.ca } : {}) }, (response) => {
        const status = response.statusCode ?? 0;
        const encoding = header(response.headers['content-encoding']);
        const decoded =
          encoding === 'gzip' ? response.pipe(zlib.createGunzip()) : encoding === 'deflate' ? response.pipe(zlib.createInflate()) : encoding === 'br' ? response.pipe(zlib.createBrotliDecompress()) : response;
        const chunks: Buffer[] = [];
        let size = 0;
        decoded.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > this.rules.maxBytes) {
            request.destroy(new Error(`the answer from ${url} is larger than ${this.rules.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        decoded.on('error', (error) => request.destroy(error));
        decoded.on('end', () => {
          clearTimeout(timer);
          resolve({ status, headers: response.headers, body: Buffer.concat(chunks).toString('utf8'), url });
        });
      });
      const timer = setTimeout(() => request.destroy(new TransientFailure(`no complete answer from ${parsed.host} within ${this.rules.timeoutMs} ms`)), this.rules.timeoutMs);
      request.on('error', (error) => {
        clearTimeout(timer);
        const code = (error as NodeJS.ErrnoException).code;
        // Resets and refused connections pass; a refused address or an oversized answer does not.
        reject(error instanceof TransientFailure || (code !== undefined && ['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EAI_AGAIN', 'EPIPE'].includes(code)) ? new TransientFailure(`${error.message} (${url})`) : error);
      });
    });
  }
}

const header = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);
