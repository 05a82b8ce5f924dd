import { z } from 'zod';
import { callProvider, endpointOf, parseJsonAnswer } from './provider-http';
import { credentialRefused, noMappedUser, providerUnavailable } from './sso.errors';
import type { OAuthSettings } from './sso.settings';

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((type) => type.toLowerCase() === 'bearer'),
});
const errorAnswer = z.object({ error: z.string() });
const userinfoAnswer = z.record(z.string(), z.unknown());

/**
 * OAuth 2.0 authorization code grant (RFC 6749 §4.1) with client_secret_post, then the provider's userinfo
 * endpoint; the configured claim of its answer is the person's work-messaging user id.
 */
export class OAuthClient {
  constructor(private readonly settings: OAuthSettings) {}

  async userIdOf(code: string): Promise<string> {
    const accessToken = await this.#exchange(code);
    const { userinfoUrl, userClaim } = this.settings;
    const endpoint = endpointOf(userinfoUrl);
    const answer = await callProvider(userinfoUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    });
    if (answer.status !== 200) throw providerUnavailable(`${endpoint}: HTTP ${answer.status}`);
    const claims = parseJsonAnswer(answer, userinfoAnswer, endpoint);
    const value = claims[userClaim];
    if ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number') {
      return String(value).trim();
    }
    throw noMappedUser('code', `oauth userinfo has no claim "${userClaim}"`);
  }

  async #exchange(code: string): Promise<string> {
    const { tokenUrl, redirectUri, clientId, clientSecret } = this.settings;
    const endpoint = endpointOf(tokenUrl);
    const answer = await callProvider(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: clientId,
        client_secret: clientSecret,
      }).toString(),
    });
    if (answer.status === 200) return parseJsonAnswer(answer, tokenAnswer, endpoint).access_token;
    if (answer.status === 400 || answer.status === 401) {
      const { error } = parseJsonAnswer(answer, errorAnswer, endpoint);
      // invalid_grant: the code is unknown, used, expired or was issued to another redirect URI.
      if (error === 'invalid_grant') throw credentialRefused('code', 'oauth token error invalid_grant');
      // invalid_client, unauthorized_client, ...: the installation's registration is wrong.
      throw providerUnavailable(`${endpoint}: HTTP ${answer.status} error ${error}`);
    }
    throw providerUnavailable(`${endpoint}: HTTP ${answer.status}`);
  }
}
