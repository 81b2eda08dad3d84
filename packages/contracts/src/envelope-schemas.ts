import { z } from 'zod';

export const msgParamsSchema = z
  .object({ originalMsg: z.string().optional(), isGwErrorMapEnabled: z.union([z.literal(0), z.literal(1)]).optional() })
  .catchall(z.unknown());

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.string(), msg: z.string(), msg_params: msgParamsSchema.nullable(), data });
}

export const pageRequestSchema = z.object({
  pageNum: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
