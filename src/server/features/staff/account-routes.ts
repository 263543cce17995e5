import { accountChangeSchema } from '../../../shared/staff/schemas';
import type { FeaturePlugin } from '../../context';
import { conflict, notFound } from '../../errors';
import { idParams } from '../../validation';
import type { RecordAccess } from '../access-log';
import type { AccountsRepo } from './accounts-repo';

const owner = { role: 'owner', changesNoContent: true } as const;
const accountParams = idParams((raw) => `There is no staff account ${raw}.`);

/**
 * The owners' view of staff accounts (decision 0058): who has one, with which roles and ways to
 * sign in, and the two changes an owner makes: roles, and disabling (which ends the person's
 * sessions at once) or enabling again. The last enabled owner cannot be demoted or disabled.
 * Each change goes to the access log.
 */
export const accountRoutes: FeaturePlugin<{ accounts: AccountsRepo; record: RecordAccess }> = async (
  app,
  { accounts, record },
) => {
  app.get('/api/admin/staff/accounts', { config: owner }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return accounts.list();
  });

  app.patch(
    '/api/admin/staff/accounts/:id',
    { config: owner, schema: { params: accountParams, body: accountChangeSchema } },
    async (request) => {
      const { id } = request.params;
      const outcome = await accounts.change(id, request.body);
      if (outcome === 'not-found') throw notFound(`There is no staff account ${id}.`);
      if (outcome === 'last-owner') {
        throw conflict('The site needs at least one owner: make someone else an owner first.', 'roles');
      }
      await record(request, { action: 'account.change', target: { kind: 'account', id } });
      return accounts.view(id);
    },
  );
};
