/**
 * A test HTTP client over real sockets: it talks to 127.0.0.1 but sends the organisation's Host
 * header (Node cannot resolve *.localhost, and fetch drops a custom Host), keeps a cookie jar like a
 * browser, and sends the Origin a browser would on state-changing calls.
 */
import http from 'node:http';

export interface TestResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

export interface RequestOptions {
  form?: Record<string, string | number | boolean | readonly string[] | undefined>;
  json?: unknown;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** Send no Origin header (a non-browser client). */
  noOrigin?: boolean;
}

export class TestClient {
  readonly host: string;
  readonly port: number;
  readonly cookies = new Map<string, string>();

  constructor(host: string, port: number) {
    this.host = host;
    this.port = port;
  }

  get origin(): string {
    return `http://${this.host}`;
  }

  get(path: string, options: RequestOptions = {}) {
    return this.request('GET', path, options);
  }
  post(path: string, options: RequestOptions = {}) {
    return this.request('POST', path, options);
  }
  put(path: string, options: RequestOptions = {}) {
    return this.request('PUT', path, options);
  }
  delete(path: string, options: RequestOptions = {}) {
    return this.request('DELETE', path, options);
  }

  /** A second client on another host sharing nothing with this one (a different browser). */
  forHost(host: string): TestClient {
    return new TestClient(host, this.port);
  }

  request(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { host: this.host, accept: 'application/json', ...options.headers };
    let body: string | Buffer | undefined = options.body;
    if (options.form) {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(options.form)) {
        if (value === undefined) continue;
        if (Array.isArray(value)) for (const item of value) params.append(key, item);
        else params.append(key, String(value));
      }
      body = params.toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    }
    if (method !== 'GET' && method !== 'HEAD' && !options.noOrigin) headers.origin ??= this.origin;
    // Node frames a DELETE body only when told its length (it sends no chunked encoding for DELETE).
    if (body !== undefined) headers['content-length'] ??= String(Buffer.byteLength(body));
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: this.port, method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          this.#storeCookies(res.headers['set-cookie']);
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: <T>() => JSON.parse(text) as T });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      if (body !== undefined) req.end(body);
      else req.end();
    });
  }

  #storeCookies(setCookie: string[] | undefined): void {
    for (const line of setCookie ?? []) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=thu, 01 jan 1970/i.test(a) || /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
