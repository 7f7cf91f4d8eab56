/**
 * A local HTTP server standing in for a Twilio-compatible Messages API: it records each message it is
 * asked to send (path, credentials, form fields) and answers as the provider does, or fails on demand.
 */
import http from 'node:http';

export interface ReceivedSms {
  path: string;
  /** The basic-auth user and password, decoded. */
  credentials: string;
  form: Record<string, string>;
}

export interface TestSmsProvider {
  url: string;
  received: ReceivedSms[];
  /** How the next requests are answered: accepted (201), or refused with the provider's error (status 400 or 503). */
  answer: 'accept' | 'refuse' | 'unavailable';
  close(): Promise<void>;
}

export async function startSmsProvider(): Promise<TestSmsProvider> {
  const provider: TestSmsProvider = { url: '', received: [], answer: 'accept', close: async () => {} };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const header = req.headers.authorization ?? '';
      const credentials = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
      const json = (status: number, value: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (provider.answer === 'unavailable') return json(503, { code: 20503, message: 'Service unavailable' });
      if (provider.answer === 'refuse') return json(400, { code: 21211, message: "The 'To' number is not a valid phone number." });
      provider.received.push({ path: req.url ?? '', credentials, form: Object.fromEntries(new URLSearchParams(body)) });
      return json(201, { sid: `SM${provider.received.length}`, status: 'queued' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  provider.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  provider.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return provider;
}
