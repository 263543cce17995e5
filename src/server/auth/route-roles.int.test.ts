import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binKindRole, mustBeProtected, roleNeeded } from '../../../tests/support/admin-route-expectations';
import { createTestApp, routeTable, type TestApp } from '../../../tests/support/app';
import { postInput } from '../../../tests/support/blog-factory';
import { seedEnquiry } from '../../../tests/support/enquiries-factory';
import type { BinList } from '../../shared/bin/bin';
import type { CreatedApiToken } from '../../shared/staff/staff';
import { type RouteRole, type StaffRole, staffRoles } from '../../shared/staff/staff';

const KEY = 'route-roles-key-0123456789abcdef';

/** The test's own reading of the roles: an owner may use everything, `staff` is anyone with a role. */
const allowed = (role: StaffRole, needed: RouteRole) => role === 'owner' || needed === 'staff' || needed === role;

describe('every admin route refuses the roles that should not have it (decision 0058)', () => {
  const { routes, onRoute } = routeTable();
  let subject: TestApp;
  const tokens = {} as Record<StaffRole, string>;
  let address = 0;
  const nextAddress = () => `10.2.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

  const call = (method: string, url: string, key: string) =>
    subject.app.inject({
      method: method as 'GET',
      url,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload: method === 'GET' || method === 'HEAD' ? undefined : '{}',
      remoteAddress: nextAddress(),
    });

  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY }, onRoute });
    for (const role of staffRoles) {
      const created = await subject.app.inject({
        method: 'POST',
        url: '/api/admin/api-tokens',
        headers: { 'x-api-key': KEY },
        payload: { name: `Only ${role}`, roles: [role] },
      });
      tokens[role] = (created.json() as CreatedApiToken).token;
    }
  });
  afterAll(() => subject.close());

  // Ids no record has, so an allowed call finds nothing to change (404) instead of changing it.
  const concrete = (url: string) =>
    url
      .replace(':kind', 'post')
      .replace(/:[^/]+/g, '999999')
      .replace(/\*$/, 'anything');

  it('answers 403 FORBIDDEN to every role a route does not allow, and lets the others through', async () => {
    const protectedRoutes = routes.filter(({ method, url }) => mustBeProtected(method, url));
    expect(protectedRoutes.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const { method, url } of protectedRoutes) {
      // The Bin's item routes are walked with posts in them, so they need what posts need.
      const needed = url.includes(':kind') ? binKindRole.post : roleNeeded(method, url);
      for (const role of staffRoles) {
        const answer = await call(method, concrete(url), tokens[role]);
        const refused = answer.statusCode === 403 && (method === 'HEAD' || answer.json().code === 'FORBIDDEN');
        const passed = answer.statusCode !== 401 && answer.statusCode !== 403;
        if (allowed(role, needed) ? !passed : !refused) {
          wrong.push(`${method} ${url} as ${role} (needs ${needed}) answered ${answer.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('shows each role only its own kinds in the Bin, and refuses to restore or purge the others', async () => {
    const enquiry = await seedEnquiry(subject.database.db, { deleted_at: new Date().toISOString() });
    const post = await subject.app.inject({
      method: 'POST',
      url: '/api/admin/blog',
      headers: { 'x-api-key': KEY },
      payload: postInput(),
    });
    const postId = (post.json() as { id: number }).id;
    expect((await call('DELETE', `/api/admin/blog/${postId}`, KEY)).statusCode).toBe(204);

    for (const role of staffRoles) {
      const list = (await call('GET', '/api/admin/bin', tokens[role])).json() as BinList;
      const kinds = new Set(list.items.map((item) => item.kind));
      expect(kinds.has('enquiry'), role).toBe(allowed(role, binKindRole.enquiry));
      expect(kinds.has('post'), role).toBe(allowed(role, binKindRole.post));
      for (const [kind, id] of [
        ['enquiry', enquiry.id],
        ['post', postId],
      ] as const) {
        if (allowed(role, binKindRole[kind])) continue;
        expect((await call('POST', `/api/admin/bin/${kind}/${id}/restore`, tokens[role])).statusCode).toBe(403);
        expect((await call('DELETE', `/api/admin/bin/${kind}/${id}`, tokens[role])).statusCode).toBe(403);
      }
    }
    // Refused means untouched: both are still in the Bin for the owner to see.
    const all = (await call('GET', '/api/admin/bin', KEY)).json() as BinList;
    expect(all.items.map((item) => `${item.kind} ${item.id}`)).toEqual(
      expect.arrayContaining([`enquiry ${enquiry.id}`, `post ${postId}`]),
    );
  });
});
