import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Stand-ins for the single sign-on providers: a WeCom-style work-messaging platform, an OAuth 2.0
// authorization server and a CAS 3.0 server. They speak the real protocols over real HTTP, so the server
// tests and the browser tests exercise the same client code production runs.

/** How a stand-in misbehaves: HTTP 500, no answer at all, or an answer that is not the protocol's. */
export type StandInFailure = 'error' | 'hang' | 'garbage';

export interface StandIn {
  /** Base URL, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  url: string;
  /** From now on fail every request this way; `null` restores normal service. */
  fail(failure: StandInFailure | null): void;
  close(): Promise<void>;
}

/** Codes and tickets live as long as the real ones (WeCom: 5 minutes; CAS and OAuth: less, but enough). */
const CREDENTIAL_TTL_MS = 5 * 60_000;
const MAX_BODY_BYTES = 64 * 1024;

type Handler = (request: IncomingMessage, url: URL, response: ServerResponse) => void | Promise<void>;

export const nonce = (bytes = 18) => randomBytes(bytes).toString('base64url');

function send(response: ServerResponse, status: number, type: string, body: string, headers = {}) {
  response.writeHead(status, { 'content-type': `${type}; charset=utf-8`, ...headers });
  response.end(body);
}

export const sendJson = (response: ServerResponse, status: number, body: unknown, headers = {}) =>
  send(response, status, 'application/json', JSON.stringify(body), headers);

const redirect = (response: ServerResponse, location: string) => {
  response.writeHead(302, { location });
  response.end();
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family:sans-serif;margin:16px">${body}</body></html>`;

/** `base` with these query parameters set; the parameters it already has are kept. */
function withParams(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

function isAbsoluteUrl(text: string | null): text is string {
  if (!text) return false;
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error('request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Single-use credentials (codes, tickets) that expire. */
class CredentialStore<T> {
  readonly #entries = new Map<string, { value: T; expiresAt: number }>();

  add(key: string, value: T): string {
    this.#entries.set(key, { value, expiresAt: Date.now() + CREDENTIAL_TTL_MS });
    return key;
  }

  /** Answers the value once: a second use, like an expired one, finds nothing. */
  take(key: string | null): T | undefined {
    if (!key) return undefined;
    const entry = this.#entries.get(key);
    this.#entries.delete(key);
    return entry && entry.expiresAt > Date.now() ? entry.value : undefined;
  }
}

export async function serve(handle: Handler): Promise<StandIn> {
  let failure: StandInFailure | null = null;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    // A hung request keeps its socket open until close() ends every connection.
    if (failure === 'hang') return;
    if (failure === 'error') return send(response, 500, 'text/plain', 'Internal Server Error');
    if (failure === 'garbage') return send(response, 200, 'text/html', page('维护中', '<p>系统维护中</p>'));
    Promise.resolve(handle(request, url, response)).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, 'text/plain', String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    fail(next) {
      failure = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

// ---------------------------------------------------------------------------------------------------------
// WeCom-style work-messaging platform

export interface WecomStandInOptions {
  corpId: string;
  agentId: string;
  secret: string;
  /** Members of the corp by userid; the QR page offers one button per member. */
  users: string[];
}

export interface WecomStandIn extends StandIn {
  /** A fresh OAuth code for this userid, as if the person had scanned the QR code. */
  issueCode(userId: string): string;
  /** Every app token handed out so far expires now: its next use answers 42001. */
  expireAppTokens(): void;
  /** How many app tokens /cgi-bin/gettoken has handed out (a client should cache its token). */
  tokensIssued(): number;
}

/** WeCom answers HTTP 200 with `errcode` for everything, errors included. */
const wecomError = (response: ServerResponse, errcode: number, errmsg: string) =>
  sendJson(response, 200, { errcode, errmsg });

/**
 * `/cgi-bin/gettoken` (40013 wrong corp id, 40001 wrong secret), `/cgi-bin/auth/getuserinfo` (40014 unknown
 * token, 42001 expired token, 40029 unknown or used code) and `/wwopen/sso/qrConnect`, the QR frame.
 */
export async function startWecomStandIn(options: WecomStandInOptions): Promise<WecomStandIn> {
  const codes = new CredentialStore<string>();
  const appTokens = new Map<string, { expiresAt: number }>();
  let issued = 0;
  const issueCode = (userId: string) => codes.add(nonce(), userId);

  const standIn = await serve((_request, url, response) => {
    const query = url.searchParams;
    switch (url.pathname) {
      case '/cgi-bin/gettoken': {
        if (!query.get('corpid')) return wecomError(response, 41002, 'corpid missing');
        if (!query.get('corpsecret')) return wecomError(response, 41004, 'corpsecret missing');
        if (query.get('corpid') !== options.corpId) return wecomError(response, 40013, 'invalid corpid');
        if (query.get('corpsecret') !== options.secret)
          return wecomError(response, 40001, 'invalid credential');
        const token = nonce(32);
        appTokens.set(token, { expiresAt: Date.now() + 7200_000 });
        issued += 1;
        return sendJson(response, 200, { errcode: 0, errmsg: 'ok', access_token: token, expires_in: 7200 });
      }
      case '/cgi-bin/auth/getuserinfo':
      case '/cgi-bin/user/getuserinfo': {
        const token = query.get('access_token');
        if (!token) return wecomError(response, 41001, 'access_token missing');
        const known = appTokens.get(token);
        if (!known) return wecomError(response, 40014, 'invalid access_token');
        if (known.expiresAt <= Date.now()) return wecomError(response, 42001, 'access_token expired');
        if (!query.get('code')) return wecomError(response, 41008, 'missing code');
        const userId = codes.take(query.get('code'));
        if (!userId) return wecomError(response, 40029, 'invalid code');
        return sendJson(response, 200, { errcode: 0, errmsg: 'ok', userid: userId, user_ticket: nonce() });
      }
      case '/wwopen/sso/qrConnect': {
        const redirectUri = query.get('redirect_uri');
        if (query.get('appid') !== options.corpId || query.get('agentid') !== options.agentId) {
          return send(
            response,
            400,
            'text/html',
            page('参数错误', '<p>参数错误：appid 或 agentid 不正确</p>'),
          );
        }
        if (!isAbsoluteUrl(redirectUri)) {
          return send(response, 400, 'text/html', page('参数错误', '<p>参数错误：redirect_uri 不正确</p>'));
        }
        const state = query.get('state') ?? undefined;
        // Each button carries its own fresh code; a click takes the whole window back, as WeCom does. The
        // handler is the button's own attribute, not a later script: a click may land before the frame has
        // run any script (the frame is parsed in its own process).
        const buttons = options.users
          .map((userId) => {
            const target = withParams(redirectUri, { code: issueCode(userId), state, appid: options.corpId });
            return (
              `<p><button type="button" data-user="${escapeHtml(userId)}" data-href="${escapeHtml(target)}"` +
              ` onclick="window.top.location.href = this.dataset.href">` +
              `模拟扫码登录（${escapeHtml(userId)}）</button></p>`
            );
          })
          .join('');
        return send(response, 200, 'text/html', page('企业微信扫码登录（模拟）', buttons));
      }
      default:
        return wecomError(response, 404, 'not found');
    }
  });
  return {
    ...standIn,
    issueCode,
    expireAppTokens() {
      for (const token of appTokens.values()) token.expiresAt = 0;
    },
    tokensIssued: () => issued,
  };
}

// ---------------------------------------------------------------------------------------------------------
// OAuth 2.0 authorization server (RFC 6749, authorization code grant)

export interface OAuthStandInOptions {
  clientId: string;
  clientSecret: string;
  /** Accounts by login name; /authorize signs in the one named by `login_hint`, else the first. */
  users: string[];
  /** The userinfo claim that carries the login name. */
  claim?: string;
}

export interface OAuthStandIn extends StandIn {
  /** A fresh code for this user, bound to the redirect URI the token request must repeat. */
  issueCode(user: string, redirectUri: string): string;
}

interface IssuedCode {
  user: string;
  clientId: string;
  redirectUri: string;
}

/** `/authorize`, `/token` (client_secret_post or HTTP Basic; single-use codes) and `/userinfo` (Bearer). */
export async function startOAuthStandIn(options: OAuthStandInOptions): Promise<OAuthStandIn> {
  const claim = options.claim ?? 'userid';
  const codes = new CredentialStore<IssuedCode>();
  const accessTokens = new Map<string, string>();
  const issueCode = (user: string, redirectUri: string) =>
    codes.add(nonce(), { user, clientId: options.clientId, redirectUri });

  /** RFC 6749 §2.3.1: Basic credentials are form-encoded before base64. */
  function clientOf(request: IncomingMessage, form: URLSearchParams) {
    const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (basic?.[1]) {
      const [id = '', secret = ''] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
      const decode = (part: string) => decodeURIComponent(part.replaceAll('+', ' '));
      return { id: decode(id), secret: decode(secret), basic: true };
    }
    return { id: form.get('client_id') ?? '', secret: form.get('client_secret') ?? '', basic: false };
  }

  const standIn = await serve(async (request, url, response) => {
    const query = url.searchParams;
    switch (url.pathname) {
      case '/authorize': {
        const redirectUri = query.get('redirect_uri');
        // An unknown client or a bad redirect URI is shown to the user, never redirected to (§4.1.2.1).
        if (query.get('client_id') !== options.clientId) {
          return send(response, 400, 'text/html', page('错误', '<p>unknown client_id</p>'));
        }
        if (!isAbsoluteUrl(redirectUri)) {
          return send(response, 400, 'text/html', page('错误', '<p>invalid redirect_uri</p>'));
        }
        const state = query.get('state') ?? undefined;
        if (query.get('response_type') !== 'code') {
          return redirect(response, withParams(redirectUri, { error: 'unsupported_response_type', state }));
        }
        const user = query.get('login_hint') ?? options.users[0];
        if (!user || !options.users.includes(user)) {
          return redirect(response, withParams(redirectUri, { error: 'access_denied', state }));
        }
        return redirect(response, withParams(redirectUri, { code: issueCode(user, redirectUri), state }));
      }
      case '/token': {
        if (request.method !== 'POST') return sendJson(response, 405, { error: 'invalid_request' });
        const form = new URLSearchParams(await readBody(request));
        const client = clientOf(request, form);
        if (client.id !== options.clientId || client.secret !== options.clientSecret) {
          const challenge = client.basic ? { 'www-authenticate': 'Basic realm="stand-in"' } : {};
          return sendJson(response, 401, { error: 'invalid_client' }, challenge);
        }
        if (form.get('grant_type') !== 'authorization_code') {
          return sendJson(response, 400, { error: 'unsupported_grant_type' });
        }
        const issued = codes.take(form.get('code'));
        if (!issued || issued.clientId !== client.id || issued.redirectUri !== form.get('redirect_uri')) {
          return sendJson(response, 400, {
            error: 'invalid_grant',
            error_description: 'code unknown, used, expired or issued for another redirect_uri',
          });
        }
        const accessToken = nonce(32);
        accessTokens.set(accessToken, issued.user);
        return sendJson(
          response,
          200,
          { access_token: accessToken, token_type: 'Bearer', expires_in: 3600 },
          { 'cache-control': 'no-store', pragma: 'no-cache' },
        );
      }
      case '/userinfo': {
        const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
        const user = bearer?.[1] ? accessTokens.get(bearer[1]) : undefined;
        if (!user) {
          return sendJson(
            response,
            401,
            { error: 'invalid_token' },
            {
              'www-authenticate': 'Bearer error="invalid_token"',
            },
          );
        }
        return sendJson(response, 200, { sub: `sub-${user}`, [claim]: user, preferred_username: user });
      }
      default:
        return sendJson(response, 404, { error: 'not_found' });
    }
  });
  return { ...standIn, issueCode };
}

// ---------------------------------------------------------------------------------------------------------
// CAS 3.0 server

export interface CasStandInOptions {
  /** Accounts by user name; /login signs in the one named by `username`, else the first. */
  users: string[];
}

export interface CasStandIn extends StandIn {
  /** A fresh service ticket for this user, valid for this service only. */
  issueTicket(user: string, service: string): string;
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const casResponse = (inner: string) =>
  `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n${inner}\n</cas:serviceResponse>\n`;

const casFailure = (code: string, message: string) =>
  casResponse(
    `  <cas:authenticationFailure code="${code}">${escapeXml(message)}</cas:authenticationFailure>`,
  );

const casSuccess = (user: string) =>
  casResponse(
    '  <cas:authenticationSuccess>\n' +
      `    <cas:user>${escapeXml(user)}</cas:user>\n` +
      '    <cas:attributes>\n' +
      `      <cas:authenticationDate>${new Date().toISOString()}</cas:authenticationDate>\n` +
      '      <cas:isFromNewLogin>true</cas:isFromNewLogin>\n' +
      '    </cas:attributes>\n' +
      '  </cas:authenticationSuccess>',
  );

/** `/login?service=` (redirects with a ticket), `/p3/serviceValidate` (and `/serviceValidate`), `/logout`. */
export async function startCasStandIn(options: CasStandInOptions): Promise<CasStandIn> {
  const tickets = new CredentialStore<{ user: string; service: string }>();
  const issueTicket = (user: string, service: string) => tickets.add(`ST-${nonce()}`, { user, service });

  const standIn = await serve((_request, url, response) => {
    const query = url.searchParams;
    const service = query.get('service');
    switch (url.pathname) {
      case '/login': {
        const user = query.get('username') ?? options.users[0];
        if (!user || !options.users.includes(user)) {
          return send(response, 401, 'text/html', page('登录失败', '<p>用户不存在</p>'));
        }
        if (!isAbsoluteUrl(service)) return send(response, 200, 'text/html', page('CAS', '<p>已登录</p>'));
        return redirect(response, withParams(service, { ticket: issueTicket(user, service) }));
      }
      case '/serviceValidate':
      case '/p3/serviceValidate': {
        const ticket = query.get('ticket');
        const xml = (body: string) => send(response, 200, 'application/xml', body);
        if (!ticket || !service) return xml(casFailure('INVALID_REQUEST', 'ticket and service are required'));
        // The CAS protocol: a ticket is spent by its first validation attempt, successful or not.
        const issued = tickets.take(ticket);
        if (!issued) return xml(casFailure('INVALID_TICKET', `Ticket ${ticket} not recognized`));
        if (issued.service !== service) {
          return xml(casFailure('INVALID_SERVICE', `Ticket ${ticket} was not issued for ${service}`));
        }
        return xml(casSuccess(issued.user));
      }
      case '/logout':
        if (isAbsoluteUrl(service)) return redirect(response, service);
        return send(response, 200, 'text/html', page('CAS', '<p>已退出登录</p>'));
      default:
        return send(response, 404, 'text/plain', 'not found');
    }
  });
  return { ...standIn, issueTicket };
}
