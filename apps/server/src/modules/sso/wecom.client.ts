import { z } from 'zod';
import { callProvider, endpointOf, parseJsonAnswer } from './provider-http';
import { credentialRefused, noMappedUser, providerUnavailable } from './sso.errors';
import type { WecomSettings } from './sso.settings';

/** WeCom error codes this client acts on (the platform's global error code list). */
const ACCESS_TOKEN_EXPIRED = 42001;
const ACCESS_TOKEN_INVALID = 40014;
const CODE_INVALID = 40029;

/** Renew the app token this long before WeCom says it expires, so a request never carries a dying one. */
const RENEW_MARGIN_SECONDS = 300;

const errorPart = { errcode: z.number().int(), errmsg: z.string().optional() };
const tokenAnswer = z.object({
  ...errorPart,
  access_token: z.string().min(1).optional(),
  expires_in: z.number().positive().optional(),
});
const userAnswer = z.object({
  ...errorPart,
  userid: z.string().optional(),
  /** Present instead of `userid` when the person is not a member of the corp. */
  openid: z.string().optional(),
});

interface CachedToken {
  value: string;
  renewAt: number;
}

/**
 * Trades a WeCom OAuth code for the person's userid. The app access token is shared by every login and
 * fetched only when the cached one is near its end, or WeCom rejects it (42001 / 40014: fetched again once).
 */
export class WecomClient {
  #cached: CachedToken | null = null;
  #fetching: Promise<string> | null = null;

  constructor(private readonly settings: WecomSettings) {}

  async userIdOf(code: string): Promise<string> {
    const token = await this.#appToken();
    let answer = await this.#userInfo(token, code);
    if (answer.errcode === ACCESS_TOKEN_EXPIRED || answer.errcode === ACCESS_TOKEN_INVALID) {
      this.#forget(token);
      answer = await this.#userInfo(await this.#appToken(), code);
    }
    if (answer.errcode === CODE_INVALID) throw credentialRefused('code', 'wecom getuserinfo errcode 40029');
    if (answer.errcode !== 0) {
      throw providerUnavailable(`wecom getuserinfo errcode ${answer.errcode} ${answer.errmsg ?? ''}`.trim());
    }
    if (answer.userid) return answer.userid;
    throw noMappedUser('code', answer.openid ? 'wecom: not a member of the corp' : 'wecom: no userid');
  }

  async #userInfo(token: string, code: string) {
    const url = `${this.settings.apiBase}/cgi-bin/auth/getuserinfo?${new URLSearchParams({
      access_token: token,
      code,
    })}`;
    return parseJsonAnswer(await callProvider(url), userAnswer, endpointOf(url));
  }

  /** One fetch at a time: logins that arrive while the token is renewed wait for the same answer. */
  #appToken(): Promise<string> {
    if (this.#cached && Date.now() < this.#cached.renewAt) return Promise.resolve(this.#cached.value);
    this.#fetching ??= this.#fetchAppToken().finally(() => {
      this.#fetching = null;
    });
    return this.#fetching;
  }

  async #fetchAppToken(): Promise<string> {
    const url = `${this.settings.apiBase}/cgi-bin/gettoken?${new URLSearchParams({
      corpid: this.settings.corpId,
      corpsecret: this.settings.secret,
    })}`;
    const answer = parseJsonAnswer(await callProvider(url), tokenAnswer, endpointOf(url));
    if (answer.errcode !== 0 || !answer.access_token || !answer.expires_in) {
      // 40001 (wrong secret) and 40013 (wrong corp id) land here: a configuration fault, not the user's.
      throw providerUnavailable(`wecom gettoken errcode ${answer.errcode} ${answer.errmsg ?? ''}`.trim());
    }
    const margin = Math.min(RENEW_MARGIN_SECONDS, answer.expires_in / 2);
    this.#cached = { value: answer.access_token, renewAt: Date.now() + (answer.expires_in - margin) * 1000 };
    return answer.access_token;
  }

  /** Drops a token WeCom refused, unless another login has already replaced it. */
  #forget(token: string) {
    if (this.#cached?.value === token) this.#cached = null;
  }
}
