import net from 'node:net';

// One client's kept-alive HTTP/1.1 connection, written and read by hand. The load generator shares the two cores
// with the server and PostgreSQL: node:http's client spent about 0.35 ms of CPU a request (as much as the server
// answering GET /api/live), so 200 people at once measured the generator nearly as much as the server. This one
// writes each request as one buffer and reads the answer by its Content-Length, which is all a JSON API needs.

export interface Answer {
  /** From writing the request to having read the whole answer, in ms. */
  took: number;
  status: number;
  /** The envelope's `code`, 0 when the body is not JSON. */
  code: number;
}

const HEADERS_END = Buffer.from('\r\n\r\n');

export class KeptConnection {
  private readonly socket: net.Socket;
  private readonly host: string;
  private received: Buffer = Buffer.alloc(0);
  private waiting: { started: number; resolve(answer: Answer): void; reject(error: Error): void } | null =
    null;

  constructor(url: string) {
    const { hostname, port } = new URL(url);
    this.host = `${hostname}:${port}`;
    this.socket = net.connect({ host: hostname, port: Number(port), noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('the server closed the connection')));
  }

  /** One request at a time: the next is sent when the last one's answer is in. */
  send(method: 'GET' | 'POST', path: string, authorization: string, body?: string): Promise<Answer> {
    if (this.waiting) return Promise.reject(new Error('a request is already waiting on this connection'));
    const payload = body === undefined ? '' : body;
    const head =
      `${method} ${path} HTTP/1.1\r\nhost: ${this.host}\r\nconnection: keep-alive\r\nauthorization: ${authorization}\r\n` +
      (body === undefined
        ? '\r\n'
        : `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n\r\n`);
    return new Promise<Answer>((resolve, reject) => {
      this.waiting = { started: performance.now(), resolve, reject };
      this.socket.write(head + payload);
    });
  }

  close(): void {
    this.socket.removeAllListeners('close');
    this.socket.destroy();
  }

  private read(chunk: Buffer) {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    const headersEnd = this.received.indexOf(HEADERS_END);
    if (headersEnd < 0 || !this.waiting) return;
    const head = this.received.subarray(0, headersEnd).toString('latin1');
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) return this.fail(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
    const bodyStart = headersEnd + HEADERS_END.length;
    const bodyEnd = bodyStart + Number(length[1]);
    if (this.received.length < bodyEnd) return;
    const body = this.received.subarray(bodyStart, bodyEnd).toString();
    this.received = this.received.subarray(bodyEnd);
    const { started, resolve } = this.waiting;
    this.waiting = null;
    let code = 0;
    try {
      code = (JSON.parse(body) as { code: number }).code;
    } catch {
      // not JSON: counted as an error
    }
    resolve({ took: performance.now() - started, status: Number(head.slice(9, 12)), code });
  }

  private fail(error: Error) {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(error);
  }
}
