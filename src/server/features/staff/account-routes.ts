import { accountChangeSchema } from '../../../shared/staff/schemas';
import { type AccountChangeResult, LAST_OWNER_MESSAGE } from '../../../shared/staff/staff';
import type { FeaturePlugin } from '../../context';
import { conflict, notFound } from '../../errors';
import { idParams } from '../../validation';
import type { RecordAccess } from '../access-log';
import type { AccountsRepo } from './accounts-repo';
import { accountChangeResultSchema, staffAccountSchema } from '../../../shared/staff/responses';
import { answers } from '../../responses';
import { z } from 'zod';

const owner = { role: 'owner', changesNoContent: true } as const;
const accountParams = idParams((raw) => `There is no staff account ${raw}.`);

/**
 * The owners' view of staff accounts (decision 0058): who has one, with which roles and ways to
 * sign in, and the two changes an owner makes: roles, and disabling (which ends the person's
 * sessions at once, revokes the API tokens they made and withdraws the invitations they sent:
 * a leaver leaves, issue 36) or enabling again. The last enabled owner cannot be demoted or disabled.
 * Each change goes to the access log.
 */
export const accountRoutes: FeaturePlugin<{ accounts: AccountsRepo; record: RecordAccess }> = async (
  app,
  { accounts, record },
) => {
  app.get(
    '/api/admin/staff/accounts',
    { config: owner, schema: { response: answers({ 200: z.array(staffAccountSchema) }) } },
    async () => {
      return accounts.list();
    },
  );

  app.patch(
    '/api/admin/staff/accounts/:id',
    {
      config: owner,
      schema: {
        response: answers({ 200: accountChangeResultSchema }),
        params: accountParams,
        body: accountChangeSchema,
      },
    },
    async (request) => {
      const { id } = request.params;
      const changed = await accounts.change(id, request.body);
      if (changed.outcome === 'not-found') throw notFound(`There is no staff account ${id}.`);
      if (changed.outcome === 'last-owner') {
        throw conflict(LAST_OWNER_MESSAGE, 'roles');
      }
      await record(request, { action: 'account.change', target: { kind: 'account', id } });
      for (const token of changed.ended.apiTokens)
        await record(request, { action: 'api-token.revoke', target: { kind: 'api-token', id: token } });
      for (const invitation of changed.ended.invitations)
        await record(request, { action: 'invitation.withdraw', target: { kind: 'invitation', id: invitation } });
      const result: AccountChangeResult = {
        ...(await accounts.view(id))!,
        ended: { apiTokens: changed.ended.apiTokens.length, invitations: changed.ended.invitations.length },
      };
      return result;
    },
  );
};
