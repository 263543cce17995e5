import type { Clock } from '../../../shared/clock';
import type { Config } from '../../config';
import type { Database } from '../../db/connection';
import { enqueueEmail } from '../../mail/outbox';
import type { ReadSiteFacts } from '../site-facts';
import { confirmationFor, confirmedRecently } from './confirmation';
import { notificationFor } from './notification';
import { insertEnquiry, type NewEnquiry } from './repo';

export interface EnquiriesService {
  /** Stores the enquiry and its staff notification together; resolves once both are durable. */
  submit(enquiry: Omit<NewEnquiry, 'submittedAt'>): Promise<number>;
}

export function createEnquiriesService(
  database: Database,
  config: Config,
  siteFacts: ReadSiteFacts,
  clock: Clock,
  onQueued: () => void = () => {},
): EnquiriesService {
  return {
    async submit(input) {
      const now = clock();
      const enquiry: NewEnquiry = { ...input, submittedAt: now.toISOString() };
      const mail = config.mail;
      // Read before the shared write transaction, so it holds no lock while the facts are read.
      const { details } = mail?.confirmParents ? await siteFacts() : { details: undefined };
      // Enquiries arriving together share one transaction; each is answered once its commit is done.
      const id = await database.writes.run(async (trx) => {
        const id = await insertEnquiry(trx, enquiry);
        // Same transaction: there is never an enquiry without its notification, or the reverse.
        if (mail) await enqueueEmail(trx, notificationFor(id, enquiry, mail.notifyEmail, config.publicUrl), now);
        // Same outbox, so a mail outage delays the confirmation and never touches the enquiry
        // (decision 0032). The check and the insert are two cheap indexed statements.
        if (mail?.confirmParents && details) {
          const confirmation = confirmationFor(id, enquiry, mail.notifyEmail, details);
          if (!(await confirmedRecently(trx, confirmation.recipientKey, now))) {
            await enqueueEmail(trx, confirmation, now);
          }
        }
        return id;
      });
      if (mail) onQueued();
      return id;
    },
  };
}
