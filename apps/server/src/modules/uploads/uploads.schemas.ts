import { MAX_ID } from '@dealer-hr/shared/rules';
import { z } from 'zod';

// The answer and the form field of the uploads routes are the shared contract
// (@dealer-hr/shared/uploads/contract); what is here reads the file's id in the path.

export const uploadIdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
