import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A real local HTTP(S) server on 127.0.0.1 that serves recorded answers by path (query included),
 * changeable between runs, and counts what it was asked. HTTPS uses the test certificate in
 * test/fixtures/watch/ (for 127.0.0.1 and localhost), since frontmatter URLs must be https.
 */
export interface RecordedAnswer {
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  /** Never answers (to test a timeout). */
  hang?: boolean;
}

export interface RecordedServer {
  origin: string;
  /** Answers by path with query, else by path alone; a function is asked each time (answers that change between attempts). */
  answers: Map<string, RecordedAnswer | ((request: http.IncomingMessage) => RecordedAnswer)>;
  requests: { path: string; headers: http.IncomingHttpHeaders }[];
  peakInFlight: number;
  close(): Promise<void>;
}

const fixtures = path.resolve(import.meta.dirname, '../fixtures/watch');
export const testCertificate = readFileSync(path.join(fixtures, 'localhost-cert.pem'), 'utf8');
export const testCertificateFile = path.join(fixtures, 'localhost-cert.pem');

export async function startRecordedServer(secure: boolean, delayMs = 0): Promise<RecordedServer> {
  const answers: RecordedServer['answers'] = new Map();
  const requests: RecordedServer['requests'] = [];
  let inFlight = 0;
  const state = { peakInFlight: 0 };
  const handler = (request: http.IncomingMessage, response: http.ServerResponse) => {
    requests.push({ path: request.url ?? '', headers: request.headers });
    inFlight++;
    state.peakInFlight = Math.max(state.peakInFlight, inFlight);
    response.on('close', () => inFlight--);
    const found = answers.get(request.url ?? '') ?? answers.get((request.url ?? '').split('?')[0]!);
    const answer = typeof found === 'function' ? found(request) : (found ?? { status: 404, body: 'not recorded' });
    if (answer.hang) return;
    setTimeout(() => {
      response.writeHead(answer.status ?? 200, answer.headers ?? {});
      response.end(answer.body ?? '');
    }, delayMs);
  };
  const server = secure
    ? https.createServer({ key: readFileSync(path.join(fixtures, 'localhost-key.pem')), cert: testCertificate }, handler)
    : http.createServer(handler);
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `${secure ? 'https' : 'http'}://127.0.0.1:${port}`,
    answers,
    requests,
    get peakInFlight() {
      return state.peakInFlight;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
