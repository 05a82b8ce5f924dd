import type { Config } from '../../config';

export interface WecomSettings {
  /** The corp id doubles as the appid the browser brings back. */
  corpId: string;
  agentId: string;
  secret: string;
  apiBase: string;
  qrUrl: string;
  redirectUri: string;
}

export interface OAuthSettings {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  /** Claim of the userinfo answer that holds the person's work-messaging user id. */
  userClaim: string;
  /** SSO_REDIRECT_URI with `appid=<client id>`: sent both to /authorize and to /token, so it must not vary. */
  redirectUri: string;
}

export interface CasSettings {
  baseUrl: string;
  /** The web app's /casLogin page; when unset, the caller's `service` is validated instead. */
  serviceUrl: string | undefined;
}

/** Which single sign-on modes this installation offers: null where the configuration is absent. */
export interface SsoSettings {
  wecom: WecomSettings | null;
  oauth: OAuthSettings | null;
  cas: CasSettings | null;
}

export type CodeMode = 'wecom' | 'oauth';

/** Base URLs are joined with paths by hand so that a base with a path of its own (`…/cas`) keeps it. */
export const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

export function withQuery(url: string, query: Record<string, string>): string {
  const result = new URL(url);
  for (const [name, value] of Object.entries(query)) result.searchParams.set(name, value);
  return result.toString();
}

/** Reads the SSO part of the configuration; config.ts has already refused half-configured modes. */
export function ssoSettingsOf(config: Config): SsoSettings {
  const redirectUri = config.SSO_REDIRECT_URI;
  const wecom =
    config.WECOM_CORP_ID && config.WECOM_AGENT_ID && config.WECOM_SECRET && redirectUri
      ? {
          corpId: config.WECOM_CORP_ID,
          agentId: config.WECOM_AGENT_ID,
          secret: config.WECOM_SECRET,
          apiBase: withoutTrailingSlash(config.WECOM_API_BASE),
          qrUrl: config.WECOM_QR_URL,
          redirectUri,
        }
      : null;
  const oauth =
    config.OAUTH_CLIENT_ID &&
    config.OAUTH_CLIENT_SECRET &&
    config.OAUTH_AUTHORIZE_URL &&
    config.OAUTH_TOKEN_URL &&
    config.OAUTH_USERINFO_URL &&
    redirectUri
      ? {
          clientId: config.OAUTH_CLIENT_ID,
          clientSecret: config.OAUTH_CLIENT_SECRET,
          authorizeUrl: config.OAUTH_AUTHORIZE_URL,
          tokenUrl: config.OAUTH_TOKEN_URL,
          userinfoUrl: config.OAUTH_USERINFO_URL,
          userClaim: config.OAUTH_USER_CLAIM,
          // The web client consumes a returning URL only when it carries an appid beside the code
          // (docs/web.md "Guard").
          redirectUri: withQuery(redirectUri, { appid: config.OAUTH_CLIENT_ID }),
        }
      : null;
  const cas = config.CAS_BASE_URL
    ? { baseUrl: withoutTrailingSlash(config.CAS_BASE_URL), serviceUrl: config.CAS_SERVICE_URL }
    : null;
  return { wecom, oauth, cas };
}

export const appidOf = (settings: SsoSettings, mode: CodeMode): string | undefined =>
  mode === 'wecom' ? settings.wecom?.corpId : settings.oauth?.clientId;

/**
 * The provider's authorize URL without `state`: the browser appends `&state=<nonce>` it keeps to check the
 * return. Parameters already in OAUTH_AUTHORIZE_URL (a `scope`, say) are kept.
 */
export const oauthAuthorizeUrl = (oauth: OAuthSettings) =>
  withQuery(oauth.authorizeUrl, {
    response_type: 'code',
    client_id: oauth.clientId,
    redirect_uri: oauth.redirectUri,
  });

/** CAS login page; without CAS_SERVICE_URL the browser appends `?service=<its /casLogin URL>` itself. */
export const casLoginUrl = (cas: CasSettings) =>
  cas.serviceUrl
    ? `${cas.baseUrl}/login?service=${encodeURIComponent(cas.serviceUrl)}`
    : `${cas.baseUrl}/login`;

/**
 * Where the browser goes after leaving a CAS session: the CAS logout page, which ends the single sign-on
 * session too (or the next visit would sign straight back in) and then returns to the app's login page.
 */
export function casLogoutUrlOf(config: Config): string | null {
  const cas = ssoSettingsOf(config).cas;
  if (!cas) return null;
  if (!cas.serviceUrl) return `${cas.baseUrl}/logout`;
  const loginPage = new URL('/login', cas.serviceUrl).toString();
  return `${cas.baseUrl}/logout?service=${encodeURIComponent(loginPage)}`;
}
