import type { AccessLogPage } from '../../../shared/access-log/access-log';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { postInput } from '../../../../tests/support/blog-factory';
import { seedEnquiry } from '../../../../tests/support/enquiries-factory';
import { pngOf } from '../../../../tests/support/images-fixtures';
import { multipartBody, uploadImage } from '../../../../tests/support/multipart';
import type { CreatedApiToken } from '../../../shared/staff/staff';
import type { AccessLogTable } from '../../db/schema';
import { enqueueEmail } from '../../mail/outbox';

const KEY = 'access-log-walk-key-0123456789abcdef';
const strongPassword = 'blue kettle under the stairs';
/** A six-digit code that is not the right one. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** What a parent told us, and what staff wrote or searched about them: none of it may reach the log. */
const parent = {
  first_name: 'Hermione',
  last_name: 'Quillfeather',
  email: 'hq.parent@example.test',
  mobile: '07700 900555',
  telephone: '01642 555123',
  message: 'My daughter struggles with fractions',
};
const renamedTo = 'Hermia';
const noteText = 'Rang back about the Saturday group';
const searchText = 'Quillfeather';
const brandText = 'Brand words nobody should log';

type Row = { [K in keyof AccessLogTable]: K extends 'id' ? number : AccessLogTable[K] };

/**
 * Performs each action the access log records (decision 0058), as the admin key, a named API
 * token and a staff account, and checks the one entry each leaves: who, what, which, outcome.
 */
describe('the access log records each action with who, what, which and the outcome', () => {
  let subject: TestApp;
  let address = 0;
  let token: { id: number; name: string; headers: Record<string, string> };
  let person: { id: number; name: string; cookie: string };
  let enquiryId: number;
  const key = { 'x-api-key': KEY };

  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) =>
    subject.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload }),
      remoteAddress: `10.6.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
    });
  const rows = (): Promise<Row[]> =>
    subject.database.db.selectFrom('access_log').selectAll().orderBy('id').execute() as Promise<Row[]>;

  /** Runs one request and answers the one entry it wrote (failing if it wrote none or several). */
  const entryOf = async (status: number, run: () => Promise<LightMyRequestResponse>) => {
    const before = (await rows()).length;
    const answer = await run();
    expect(answer.statusCode, answer.body).toBe(status);
    const written = (await rows()).slice(before);
    expect(written, `entries written by a ${status}`).toHaveLength(1);
    return { entry: written[0]!, answer };
  };
  const nothingWrittenBy = async (run: () => Promise<LightMyRequestResponse>) => {
    const before = (await rows()).length;
    await run();
    expect((await rows()).length).toBe(before);
  };

  const asKey = { actor_kind: 'key', actor_id: null, actor_name: 'Admin key' };
  const asToken = () => ({ actor_kind: 'token', actor_id: token.id, actor_name: token.name });
  const asPerson = () => ({ actor_kind: 'account', actor_id: person.id, actor_name: person.name });
  const ok = (action: string, target: [string, string | number] | null = null) => ({
    action,
    target_kind: target?.[0] ?? null,
    target_id: target === null ? null : String(target[1]),
    outcome: 'ok',
  });
  const refused = (action: string) => ({ action, target_kind: null, target_id: null, outcome: 'refused' });
  const lastMail = async (kind: string) =>
    (
      await subject.database.db
        .selectFrom('email_outbox')
        .select('body')
        .where('kind', '=', kind)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).body;

  beforeAll(async () => {
    subject = await createTestApp({
      env: { ADMIN_API_KEY: KEY, SMTP_URL: 'smtp://127.0.0.1:2525', NOTIFY_EMAIL: 'office@northstar.test' },
    });
    enquiryId = (await seedEnquiry(subject.database.db, parent)).id;
  });
  afterAll(() => subject.close());

  it('records API tokens made and revoked by the admin key', async () => {
    const { entry, answer } = await entryOf(201, () =>
      send('POST', '/api/admin/api-tokens', key, { name: 'Inbox script', roles: ['enquiries', 'editor'] }),
    );
    const created = answer.json() as CreatedApiToken;
    token = { id: created.id, name: 'Inbox script', headers: { 'x-api-key': created.token } };
    expect(entry).toMatchObject({ ...asKey, ...ok('api-token.create', ['api-token', created.id]) });
    expect(entry.at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const spare = (await send('POST', '/api/admin/api-tokens', key, { name: 'Spare', roles: ['editor'] })).json();
    const revoked = await entryOf(204, () => send('DELETE', `/api/admin/api-tokens/${spare.id}`, key));
    expect(revoked.entry).toMatchObject({ ...asKey, ...ok('api-token.revoke', ['api-token', spare.id]) });
  });

  it('records every read and change of an enquiry by its id, and the list and export without the search', async () => {
    const about = ['enquiry', enquiryId] as [string, number];
    const cases: [number, () => Promise<LightMyRequestResponse>, object][] = [
      [200, () => send('GET', `/api/contact-submissions?q=${searchText}`, token.headers), ok('enquiry.list')],
      [200, () => send('GET', `/api/contact-submissions?page=1&q=${searchText}`, token.headers), ok('enquiry.list')],
      [
        200,
        () => send('GET', `/api/contact-submissions/export.csv?q=${searchText}`, token.headers),
        ok('enquiry.export'),
      ],
      [
        200,
        () => send('PUT', `/api/contact-submissions/${enquiryId}`, token.headers, { firstName: renamedTo }),
        ok('enquiry.update', about),
      ],
      [
        201,
        () => send('POST', `/api/contact-submissions/${enquiryId}/notes`, token.headers, { text: noteText }),
        ok('enquiry.note', about),
      ],
      [200, () => send('GET', `/api/contact-submissions/${enquiryId}/notes`, token.headers), ok('enquiry.read', about)],
    ];
    for (const [status, run, expected] of cases) {
      const { entry } = await entryOf(status, run);
      expect(entry).toMatchObject({ ...asToken(), ...expected });
    }

    await enqueueEmail(
      subject.database.db,
      {
        submissionId: enquiryId,
        recipient: 'office@northstar.test',
        subject: 'New enquiry',
        body: 'Text',
      },
      new Date(),
    );
    const read = await entryOf(200, () => send('GET', `/api/contact-submissions/${enquiryId}/notification`, key));
    expect(read.entry).toMatchObject({ ...asKey, ...ok('enquiry.read', about) });
    const retried = await entryOf(200, () =>
      send('POST', `/api/contact-submissions/${enquiryId}/notification/retry`, key),
    );
    expect(retried.entry).toMatchObject({ ...asKey, ...ok('enquiry.mail-retry', about) });

    // What changed or read nothing is not recorded: an unknown enquiry, the tiles' counts.
    await nothingWrittenBy(() => send('GET', '/api/contact-submissions/999999/notes', token.headers));
    await nothingWrittenBy(() => send('GET', '/api/contact-submissions/counts', token.headers));
  });

  it('records the Bin: binning, restoring and deleting for good, with the kind and id', async () => {
    const about = ['enquiry', enquiryId] as [string, number];
    const binned = await entryOf(204, () => send('DELETE', `/api/contact-submissions/${enquiryId}`, token.headers));
    expect(binned.entry).toMatchObject({ ...asToken(), ...ok('enquiry.bin', about) });
    const restored = await entryOf(204, () =>
      send('POST', `/api/admin/bin/enquiry/${enquiryId}/restore`, token.headers),
    );
    expect(restored.entry).toMatchObject({ ...asToken(), ...ok('bin.restore', about) });
    await send('DELETE', `/api/contact-submissions/${enquiryId}`, key);
    const purged = await entryOf(204, () => send('DELETE', `/api/admin/bin/enquiry/${enquiryId}`, key));
    expect(purged.entry).toMatchObject({ ...asKey, ...ok('bin.purge', about) });
  });

  it('keeps a purged enquiry’s entries, with none of the parent’s data or staff’s words in any entry', async () => {
    const gone = await subject.database.db
      .selectFrom('contact_submissions')
      .select('id')
      .where('id', '=', enquiryId)
      .executeTakeFirst();
    expect(gone).toBeUndefined();
    const kept = (await rows()).filter((row) => row.target_kind === 'enquiry' && row.target_id === String(enquiryId));
    expect(kept.map((row) => row.action)).toEqual([
      'enquiry.update',
      'enquiry.note',
      'enquiry.read',
      'enquiry.read',
      'enquiry.mail-retry',
      'enquiry.bin',
      'bin.restore',
      'enquiry.bin',
      'bin.purge',
    ]);
    const everything = JSON.stringify(await rows()).toLowerCase();
    for (const secret of [...Object.values(parent), renamedTo, noteText, searchText, '900555']) {
      expect(everything, secret).not.toContain(secret.toLowerCase());
    }
  });

  it('records the blog, the images, the settings and the logo, by id or by setting', async () => {
    const created = await entryOf(201, () => send('POST', '/api/admin/blog', key, postInput()));
    const postId = (created.answer.json() as { id: number }).id;
    expect(created.entry).toMatchObject({ ...asKey, ...ok('post.create', ['post', postId]) });
    const updated = await entryOf(200, () =>
      send('PUT', `/api/admin/blog/${postId}`, token.headers, postInput({ title: 'A new title' })),
    );
    expect(updated.entry).toMatchObject({ ...asToken(), ...ok('post.update', ['post', postId]) });
    const binned = await entryOf(204, () => send('DELETE', `/api/admin/blog/${postId}`, token.headers));
    expect(binned.entry).toMatchObject({ ...asToken(), ...ok('post.bin', ['post', postId]) });
    const restored = await entryOf(204, () => send('POST', `/api/admin/bin/post/${postId}/restore`, key));
    expect(restored.entry).toMatchObject({ ...asKey, ...ok('bin.restore', ['post', postId]) });

    const before = (await rows()).length;
    const image = await uploadImage(subject.app, token.headers, { data: await pngOf(64, 48), category: 'general' });
    expect((await rows()).slice(before)).toMatchObject([{ ...asToken(), ...ok('image.upload', ['image', image.id]) }]);
    const changed = await entryOf(200, () =>
      send('PATCH', `/api/admin/images/${image.id}`, token.headers, { altText: 'A classroom' }),
    );
    expect(changed.entry).toMatchObject({ ...asToken(), ...ok('image.update', ['image', image.id]) });
    const imageBinned = await entryOf(204, () => send('DELETE', `/api/admin/images/${image.id}`, key));
    expect(imageBinned.entry).toMatchObject({ ...asKey, ...ok('image.bin', ['image', image.id]) });

    const setting = await entryOf(200, () =>
      send('POST', '/api/settings', token.headers, { key: 'brand_text', value: brandText }),
    );
    expect(setting.entry).toMatchObject({ ...asToken(), ...ok('setting.change', ['setting', 'brand_text']) });
    expect(JSON.stringify(setting.entry)).not.toContain(brandText);

    const { payload, headers } = multipartBody([
      { name: 'logo', filename: 'logo.png', type: 'image/png', data: await pngOf(128, 128) },
    ]);
    const logo = await entryOf(200, () =>
      subject.app.inject({ method: 'POST', url: '/api/logo/upload', payload, headers: { ...headers, ...key } }),
    );
    expect(logo.entry).toMatchObject({ ...asKey, ...ok('logo.upload', ['setting', 'site_logo']) });
  });

  it('records the admin key’s sign-in, and a refused one, but not a wrong key on another route', async () => {
    const signedIn = await entryOf(201, () => send('POST', '/api/admin/session', key));
    expect(signedIn.entry).toMatchObject({ ...asKey, ...ok('sign-in') });
    const wrong = await entryOf(401, () => send('POST', '/api/admin/session', { 'x-api-key': 'not-the-key-at-all' }));
    expect(wrong.entry).toMatchObject({ ...asKey, ...refused('sign-in.failed') });
    await nothingWrittenBy(() => send('GET', '/api/contact-submissions', { 'x-api-key': 'not-the-key-at-all' }));
    // Without any key nobody tried to sign in.
    await nothingWrittenBy(() => send('POST', '/api/admin/session'));
  });

  it('records invitations, their acceptance by the new account, and its work under its own name', async () => {
    const invited = await entryOf(201, () =>
      send('POST', '/api/admin/staff/invitations', key, { email: 'reader@example.test', roles: ['enquiries'] }),
    );
    const invitationId = (invited.answer.json() as { invitation: { id: number } }).invitation.id;
    expect(invited.entry).toMatchObject({ ...asKey, ...ok('invitation.create', ['invitation', invitationId]) });
    const link = /#([\w-]{43})/.exec(await lastMail('staff-invitation'))![1]!;

    const accepted = await entryOf(201, () =>
      send('POST', '/api/staff/invitations/accept', {}, { token: link, name: 'Rita Reader', password: strongPassword }),
    );
    const cookie = accepted.answer.cookies.find(({ name }) => name === 'admin_session')!;
    person = {
      id: accepted.entry.actor_id!,
      name: 'Rita Reader',
      cookie: `admin_session=${cookie.value}`,
    };
    expect(accepted.entry).toMatchObject({
      ...asPerson(),
      ...ok('invitation.accept', ['invitation', invitationId]),
    });

    const other = (
      await send('POST', '/api/admin/staff/invitations', key, { email: 'other@example.test', roles: ['editor'] })
    ).json() as { invitation: { id: number } };
    const withdrawn = await entryOf(204, () =>
      send('DELETE', `/api/admin/staff/invitations/${other.invitation.id}`, key),
    );
    expect(withdrawn.entry).toMatchObject({
      ...asKey,
      ...ok('invitation.withdraw', ['invitation', other.invitation.id]),
    });

    const listed = await entryOf(200, () => send('GET', '/api/contact-submissions', { cookie: person.cookie }));
    expect(listed.entry).toMatchObject({ ...asPerson(), ...ok('enquiry.list') });
    // The owners' reading names the invitation by its address, and the account by its name.
    const log = (await send('GET', '/api/admin/access-log?pageSize=100', key)).json() as AccessLogPage;
    const targetOf = (action: string, id: number) =>
      log.items.find((item) => item.action === action && item.target?.id === String(id))?.target;
    expect(targetOf('invitation.create', invitationId)).toEqual({
      kind: 'invitation',
      id: String(invitationId),
      name: 'reader@example.test',
    });
    expect(targetOf('invitation.withdraw', other.invitation.id)).toMatchObject({ name: 'other@example.test' });
    expect(targetOf('invitation.accept', invitationId)).toMatchObject({ name: 'reader@example.test' });
  });

  it('records sign-ins with a password and code, and refused ones under the account or as unknown', async () => {
    const email = 'reader@example.test';
    const wrongPassword = await entryOf(401, () =>
      send('POST', '/api/staff/sign-in', {}, { email, password: 'not the password' }),
    );
    expect(wrongPassword.entry).toMatchObject({ ...asPerson(), ...refused('sign-in.failed') });

    const typed = 'stranger.typed@example.test';
    const unknown = await entryOf(401, () => send('POST', '/api/staff/sign-in', {}, { email: typed, password: 'x' }));
    expect(unknown.entry).toMatchObject({
      actor_kind: 'anonymous',
      actor_id: null,
      actor_name: 'unknown',
      ...refused('sign-in.failed'),
    });
    expect(JSON.stringify(await rows())).not.toContain('stranger.typed');

    // The password alone signs nobody in, so it writes nothing; the code completes the sign-in.
    let challenge = '';
    await nothingWrittenBy(async () => {
      const first = await send('POST', '/api/staff/sign-in', {}, { email, password: strongPassword });
      challenge = (first.json() as { challenge: string }).challenge;
      return first;
    });
    const code = /is:\n\n(\d{6})\n/.exec(await lastMail('sign-in-code'))![1]!;
    const wrongCode = await entryOf(401, () =>
      send('POST', '/api/staff/sign-in/code', {}, { challenge, code: otherThan(code) }),
    );
    expect(wrongCode.entry).toMatchObject({ ...asPerson(), ...refused('sign-in.failed') });
    const signedIn = await entryOf(201, () => send('POST', '/api/staff/sign-in/code', {}, { challenge, code }));
    expect(signedIn.entry).toMatchObject({ ...asPerson(), ...ok('sign-in') });

    // A passkey no account holds signs nobody in: refused, as unknown.
    const options = (await send('POST', '/api/staff/sign-in/passkey/options', {}, {})).json() as { challenge: string };
    const forged = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', clientExtensionResults: {} };
    const answer = {
      ...forged,
      response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA', userHandle: 'AAAA' },
    };
    const passkey = await entryOf(401, () =>
      send('POST', '/api/staff/sign-in/passkey', {}, { challenge: options.challenge, answer }),
    );
    expect(passkey.entry).toMatchObject({
      actor_kind: 'anonymous',
      actor_name: 'unknown',
      ...refused('sign-in.failed'),
    });
  });

  it('records an owner’s change of an account’s roles', async () => {
    const changed = await entryOf(200, () =>
      send('PATCH', `/api/admin/staff/accounts/${person.id}`, key, { roles: ['enquiries', 'editor'] }),
    );
    expect(changed.entry).toMatchObject({ ...asKey, ...ok('account.change', ['account', person.id]) });
  });
});
