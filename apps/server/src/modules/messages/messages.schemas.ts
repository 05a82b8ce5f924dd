import { messageMessages } from '@dealer-hr/shared/messages/rules';
import { z } from 'zod';
import { pagingQuery } from '../../lib/paging';

// The bodies and answers of the messages routes are the shared contract
// (@dealer-hr/shared/messages/contract); what is here reads the list's query string, on the server's own
// paging coercion.

export const messageListQuery = z.object({
  ...pagingQuery,
  read: z.enum(['0', '1'], { error: messageMessages.readInvalid }).optional(),
});
