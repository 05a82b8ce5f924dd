import { zDraftKey } from '@dealer-hr/shared/drafts/contract';
import { z } from 'zod';

// The body and answers of the drafts routes are the shared contract (@dealer-hr/shared/drafts/contract);
// what is here reads the query string that names a draft.

export const draftKeyQuery = z.object({ key: zDraftKey });
