import { z } from 'zod';
import { bodyOf } from '../response-schema';
import {
  accessActorKinds,
  type AccessLogPage,
  accessOutcomes,
  accessTargetKinds,
  type EnquiryViewers,
} from './access-log';

/** The access log's answers (decision 0069); the types in access-log.ts are what clients read. */
export const accessLogPageSchema = bodyOf<AccessLogPage>()(
  z.object({
    items: z.array(
      z.object({
        id: z.number().int(),
        at: z.string(),
        actor: z.object({
          kind: z.enum(accessActorKinds),
          id: z.number().int().nullable(),
          name: z.string(),
          email: z.string().nullable(),
        }),
        action: z.string(),
        target: z.object({ kind: z.enum(accessTargetKinds), id: z.string(), name: z.string().nullable() }).nullable(),
        outcome: z.enum(accessOutcomes),
        address: z.string().nullable(),
        shown: z.number().int(),
        repeats: z.number().int().nullable(),
      }),
    ),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    pageCount: z.number().int(),
  }),
);

/** An inbox card's "Seen by" line. */
export const enquiryViewersSchema = bodyOf<EnquiryViewers>()(
  z.object({ latest: z.array(z.object({ name: z.string(), at: z.string() })), more: z.number().int() }),
);
