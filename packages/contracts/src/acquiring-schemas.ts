import { z } from 'zod';
import { DISPUTE_STATUSES } from './acquiring';

export const disputeStatusCountRequest = z.object({ disputeStatus: z.enum(DISPUTE_STATUSES) });
