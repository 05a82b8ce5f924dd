import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import { callProvider, endpointOf } from './provider-http';
import { credentialRefused, providerUnavailable } from './sso.errors';
import type { CasSettings } from './sso.settings';

// Namespace prefixes dropped (`cas:user` -> `user`); values kept as text, so a user named 007 stays "007".
const parser = new XMLParser({ removeNSPrefix: true, parseTagValue: false, ignoreAttributes: false });

const failure = z.union([
  z.string(),
  z.object({ '@_code': z.string().optional(), '#text': z.string().optional() }),
]);
const casAnswer = z.object({
  serviceResponse: z.union([
    z.object({ authenticationSuccess: z.object({ user: z.string().trim().min(1) }) }),
    z.object({ authenticationFailure: failure }),
  ]),
});

/**
 * CAS 3.0 `/p3/serviceValidate`: answers the CAS user name of a service ticket. The server's own trouble
 * (INTERNAL_ERROR) is a 503; every other failure code means this ticket will never work: the user signs in
 * again.
 */
export async function validateServiceTicket(
  cas: CasSettings,
  ticket: string,
  service: string,
): Promise<string> {
  const url = `${cas.baseUrl}/p3/serviceValidate?${new URLSearchParams({ service, ticket })}`;
  const endpoint = endpointOf(url);
  const answer = await callProvider(url, { headers: { accept: 'application/xml, text/xml' } });
  if (answer.status !== 200) throw providerUnavailable(`${endpoint}: HTTP ${answer.status}`);
  let document: unknown;
  try {
    document = parser.parse(answer.body);
  } catch {
    throw providerUnavailable(`${endpoint}: answer is not XML`);
  }
  const parsed = casAnswer.safeParse(document);
  if (!parsed.success) throw providerUnavailable(`${endpoint}: answer is not a CAS serviceResponse`);
  const response = parsed.data.serviceResponse;
  if ('authenticationSuccess' in response) return response.authenticationSuccess.user;
  const code =
    typeof response.authenticationFailure === 'string'
      ? 'UNKNOWN'
      : (response.authenticationFailure['@_code'] ?? 'UNKNOWN');
  if (code === 'INTERNAL_ERROR') throw providerUnavailable(`cas authenticationFailure ${code}`);
  throw credentialRefused('ticket', `cas authenticationFailure ${code}`);
}
