import type { Config } from '../../config';
import type { Database } from '../../db/connection';
import { enqueueEmail } from '../../mail/outbox';
import { notificationFor } from './notification';
import { insertSubmission, type NewSubmission } from './repo';

export interface SubmissionsService {
  /** Stores the enquiry and its staff notification together; resolves once both are durable. */
  submit(submission: Omit<NewSubmission, 'submittedAt'>): Promise<number>;
}

export function createSubmissionsService(
  database: Database,
  config: Config,
  onQueued: () => void = () => {},
): SubmissionsService {
  return {
    async submit(input) {
      const submission: NewSubmission = { ...input, submittedAt: new Date().toISOString() };
      const mail = config.mail;
      // Enquiries arriving together share one transaction; each is answered once its commit is done.
      const id = await database.writes.run(async (trx) => {
        const id = await insertSubmission(trx, submission);
        // Same transaction: there is never an enquiry without its notification, or the reverse.
        if (mail) await enqueueEmail(trx, notificationFor(id, submission, mail.notifyEmail));
        return id;
      });
      if (mail) onQueued();
      return id;
    },
  };
}
