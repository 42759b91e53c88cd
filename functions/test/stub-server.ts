import http from 'node:http';

/** What a provider stub answers to one request. */
export interface StubAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * An HTTP server on a free local port for the provider stubs: each request's URL and raw body go to
 * `answer`, whose result is sent as JSON. Answers the server's base URL and a stop function.
 */
export async function startStubServer(answer: (req: http.IncomingMessage, url: URL, raw: string) => StubAnswer): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const a = answer(req, new URL(req.url ?? '/', 'http://stub'), raw);
      res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
      res.end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
