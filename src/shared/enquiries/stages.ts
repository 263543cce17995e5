import { z } from 'zod';

/**
 * Where an enquiry stands on its way to enrolment (issue 50): New, Contacted, Assessment booked,
 * Assessed, Enrolled, or Not going ahead (with a reason from the centre's list). A booking made on
 * /free-assessment enters at Assessment booked. Staff move an enquiry to any stage; each move is
 * kept with who and when.
 */
export const stages = ['new', 'contacted', 'booked', 'assessed', 'enrolled', 'not-going-ahead'] as const;
export type Stage = (typeof stages)[number];

export const stageLabels: Record<Stage, string> = {
  new: 'New',
  contacted: 'Contacted',
  booked: 'Assessment booked',
  assessed: 'Assessed',
  enrolled: 'Enrolled',
  'not-going-ahead': 'Not going ahead',
};

const stageSchema = (name: string) => z.enum(stages, { error: `${name} must be one of: ${stages.join(', ')}` });

/** The longest reason the centre may name (the reasons are its own, at /admin/site). */
export const REASON_MAX = 40;

/**
 * POST /api/admin/enquiries/:id/stage. `from` is the stage the screen showed: when the enquiry has
 * moved since (another screen, a booking), the server refuses with 409 and says what changed, so two
 * screens never make two moves. A reason is given exactly when the move is to Not going ahead.
 */
export const stageMoveSchema = z
  .object({
    from: stageSchema('from'),
    to: stageSchema('to'),
    reason: z
      .string({ error: 'reason must be text' })
      .trim()
      .min(1, 'Choose why it is not going ahead')
      .max(REASON_MAX, `reason must be at most ${REASON_MAX} characters`)
      .optional(),
  })
  .strict()
  .superRefine((move, context) => {
    if (move.to === 'not-going-ahead' && move.reason === undefined)
      context.addIssue({ code: 'custom', path: ['reason'], message: 'Choose why it is not going ahead' });
    if (move.to !== 'not-going-ahead' && move.reason !== undefined)
      context.addIssue({ code: 'custom', path: ['reason'], message: 'Only a move to Not going ahead has a reason' });
    if (move.from === move.to)
      context.addIssue({ code: 'custom', path: ['to'], message: `It is already ${stageLabels[move.to]}` });
  });
export type StageMove = z.output<typeof stageMoveSchema>;

/** Where an enquiry stands, as the inbox's cards and the export show it. */
export interface EnquiryStage {
  stage: Stage;
  /** The reason it is not going ahead; null otherwise. */
  reason: string | null;
  /** Who moved it there (their name then) and when; null for a new enquiry or a booking's entry. */
  movedBy: string | null;
  movedAt: string | null;
  /** When a member of staff first moved it on from New: the reply clock stops there. */
  contactedAt: string | null;
}

/**
 * The reply clock (issue 50): how long the family has waited for a first contact, in the office's
 * opening minutes and in real minutes, until staff first moved the enquiry on from New (`stopped`)
 * or until now.
 */
export interface ReplyWait {
  openingMinutes: number;
  minutes: number;
  stopped: boolean;
}
