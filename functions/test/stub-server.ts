import http from 'node:http';

/** What a provider stub answers to one request. */
export interface StubAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * A provider stub: an HTTP server on a free local port; each request's URL and raw body go to
 * `answer`, whose result is sent as JSON.
 */
export abstract class StubServer {
  url = '';
  private server: http.Server | undefined;

  /** May answer later (a request that takes time, so that concurrent ones overlap). */
  protected abstract answer(req: http.IncomingMessage, url: URL, raw: string): StubAnswer | Promise<StubAnswer>;

  async start(): Promise<this> {
    const server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        void Promise.resolve(this.answer(req, new URL(req.url ?? '/', 'http://stub'), raw)).then((a) => {
          res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
          res.end(JSON.stringify(a.body));
        });
      });
    });
    this.server = server;
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const address = server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (server) await new Promise<void>((r) => server.close(() => r()));
  }
}
