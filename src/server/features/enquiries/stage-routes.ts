import { noEnquiry, enquiryIdParams } from './params';
import { stageLabels, stageMoveSchema } from '../../../shared/enquiries/stages';
import { replySettingsOf } from '../../../shared/enquiries/reply-settings';
import { enquiryStageSchema } from '../../../shared/enquiries/responses';
import { recordTimeInWords } from '../../../shared/time-words';
import { actingFor } from '../../auth/principal';
import type { FeaturePlugin } from '../../context';
import { badRequest, conflict, notFound } from '../../errors';
import { answers, noContent } from '../../responses';
import type { RecordAccess } from '../access-log';
import type { ReadSiteFacts } from '../site-facts';
import type { StagesRepo } from './stages-repo';

/**
 * Moving an enquiry between stages (issue 50, decision 0078), for the inbox's staff. The screen
 * says which stage it showed; if the enquiry has moved since (another screen, a booking), the
 * answer is 409 naming where it stands now and who moved it, and nothing changes. A reason for
 * Not going ahead is one of the centre's (at /admin/site). Each move is in the access log.
 */
export const stageRoutes: FeaturePlugin<{
  stages: StagesRepo;
  record: RecordAccess;
  siteFacts: ReadSiteFacts;
}> = async (app, { stages, record, siteFacts }) => {
  app.post(
    '/api/contact-submissions/:id/stage',
    {
      config: { role: 'enquiries' },
      schema: { params: enquiryIdParams, body: stageMoveSchema, response: answers({ 200: enquiryStageSchema }) },
    },
    async (request) => {
      const { id } = request.params;
      const move = request.body;
      if (move.reason !== undefined) {
        const { reasons } = replySettingsOf(await siteFacts());
        if (!reasons.includes(move.reason))
          throw badRequest(`Choose one of the reasons: ${reasons.join(', ')}`, 'reason');
      }
      const moved = await stages.move(id, move, actingFor(request));
      if (!moved) throw notFound(noEnquiry(id));
      if ('binned' in moved) {
        const by = moved.binned.by ? ` by ${moved.binned.by}` : '';
        throw conflict(
          `This enquiry was moved to the Bin${by} at ${recordTimeInWords(moved.binned.at)}: nothing was changed.`,
          'from',
        );
      }
      if ('conflict' in moved) {
        const now = moved.conflict;
        const by = now.movedBy ? ` by ${now.movedBy}` : '';
        const at = now.movedAt ? ` at ${recordTimeInWords(now.movedAt)}` : '';
        throw conflict(
          `This enquiry is now ${stageLabels[now.stage]} (moved${by}${at}), not ${stageLabels[move.from]}: nothing was changed.`,
          'from',
        );
      }
      await record(request, { action: 'enquiry.stage', target: { kind: 'enquiry', id } });
      return moved;
    },
  );

  // The inbox tells when it was opened from a nudge's link, so the log says who answered the nudge.
  app.post(
    '/api/contact-submissions/:id/opened-from-nudge',
    { config: { role: 'enquiries' }, schema: { params: enquiryIdParams, response: answers({ 204: noContent }) } },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await stages.exists(id))) throw notFound(noEnquiry(id));
      await record(request, { action: 'enquiry.open-from-nudge', target: { kind: 'enquiry', id } });
      return reply.code(204).send();
    },
  );
};
