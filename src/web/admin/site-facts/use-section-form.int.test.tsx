// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/support/app';
import { openBrowserSite } from '../../../../tests/support/browser-site';
import type { AdminSessionInfo } from '../../../shared/admin-session';
import { defaultSiteFacts } from '../../../shared/site-facts/defaults';
import type { CurrentSiteFacts, FaqItem } from '../../../shared/site-facts/site-facts';
import { SessionProvider } from '../session';
import { listFieldOf } from './section-form';
import { useSectionForm } from './use-section-form';

/**
 * One part of /admin/site (decision 0059) as staff use it today, in a browser document against the
 * real server on this test's database: the hook's save names the revision its values came from,
 * refuses before sending what the rules refuse, shows the server's conflict, previews unsaved
 * values, and follows newer values another save brought unless staff are editing. The part here is
 * the FAQ's first question, in a form of the test's own, so the test follows the hook, not a screen.
 */
const KEY = 'use-section-form-key-0123456789abcdef';
const key = { 'x-api-key': KEY };
const faq = defaultSiteFacts.faq;

interface FaqFormValues {
  items: FaqItem[];
}
const toForm = (items: FaqItem[]): FaqFormValues => ({ items });
const toValue = (form: FaqFormValues) => form.items;
/** The screen's leave guard asks each part whether it holds unsaved edits; this one part has no screen around it. */
const untracked = () => () => {};

function FirstQuestion({ current, generation }: { current: CurrentSiteFacts; generation: number }) {
  const state = useSectionForm({
    section: 'faq',
    current,
    generation,
    toForm,
    toValue,
    fieldOf: listFieldOf,
    track: untracked,
  });
  const error = state.form.formState.errors.items?.[0]?.question?.message;
  return (
    <form aria-label="FAQ" noValidate onSubmit={state.form.handleSubmit((values) => state.save.mutate(values))}>
      <label>
        First question
        <input {...state.form.register('items.0.question')} aria-invalid={error ? true : undefined} />
      </label>
      {error && <p role="alert">{error}</p>}
      {state.conflict && <p role="status">{state.conflict}</p>}
      <button type="submit">{state.save.isPending ? 'Saving' : 'Save'}</button>
      <button type="button" onClick={() => state.showPreview('home')}>
        Preview
      </button>
      {state.shownPreview && <output aria-label="preview">{state.shownPreview.html}</output>}
    </form>
  );
}

let subject: TestApp;
let session: AdminSessionInfo;
let queryClient: QueryClient;

beforeAll(async () => {
  ({ subject, session } = await openBrowserSite(KEY, '/admin/site'));
});
afterAll(() => subject.close());
beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
});
afterEach(cleanup);

/** The facts as the server holds them now. */
const onServer = async () =>
  (await subject.app.inject({ url: '/api/admin/site', headers: key })).json() as CurrentSiteFacts;
/** Someone else's save, straight to the server. */
const savedElsewhere = async (items: FaqItem[]) => {
  const { revision } = await onServer();
  const answer = await subject.app.inject({
    method: 'PUT',
    url: '/api/admin/site/faq',
    headers: key,
    payload: { basedOn: revision, value: items },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as CurrentSiteFacts;
};
const withQuestion = (question: string) => [{ ...faq[0]!, question }, ...faq.slice(1)];

function renderPart(current: CurrentSiteFacts, generation = 0) {
  const part = (facts: CurrentSiteFacts, at: number) => (
    <QueryClientProvider client={queryClient}>
      <SessionProvider info={session} logout={() => {}} onSignOut={() => {}}>
        <FirstQuestion current={facts} generation={at} />
      </SessionProvider>
    </QueryClientProvider>
  );
  const view = render(part(current, generation));
  return { rerender: (facts: CurrentSiteFacts, at: number) => view.rerender(part(facts, at)) };
}

const question = () => screen.getByLabelText('First question') as HTMLInputElement;
const type = (value: string) => fireEvent.change(question(), { target: { value } });
/** Saves, and waits until the save has ended as staff see it: the button says Save again. */
const save = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByRole('button', { name: 'Saving' });
  await screen.findByRole('button', { name: 'Save' });
};

describe('useSectionForm', () => {
  it('saves based on the revision it loaded, then on the one its save made', async () => {
    renderPart(await onServer());
    type('What does tuition cost?');
    await save();
    const first = await onServer();
    expect(first.facts.faq[0]!.question).toBe('What does tuition cost?');

    // No reload between: the second save names the first save's revision, so it is no conflict.
    type('What does an hour of tuition cost?');
    await save();
    const second = await onServer();
    expect(second.revision).toBeGreaterThan(first.revision!);
    expect(second.facts.faq[0]!.question).toBe('What does an hour of tuition cost?');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("refuses with the rules' own message at the field, and sends nothing", async () => {
    const before = await onServer();
    renderPart(before);
    type('   ');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Question is required');
    expect(question().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(question());
    expect((await onServer()).revision).toBe(before.revision);
  });

  it("shows the server's conflict when someone else saved the part first, and keeps their values", async () => {
    renderPart(await onServer());
    await savedElsewhere(withQuestion('Saved by someone else'));
    type('Mine, typed on an older copy');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Someone else saved these details after you opened them. Reload the page to see their changes, then make yours again.',
    );
    expect((await onServer()).facts.faq[0]!.question).toBe('Saved by someone else');
    expect(question().value).toBe('Mine, typed on an older copy');
  });

  it('previews the unsaved values without saving them', async () => {
    const before = await onServer();
    renderPart(before);
    type('A question not saved yet?');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByLabelText('preview');
    expect(preview.textContent).toContain('A question not saved yet?');
    expect((await onServer()).revision).toBe(before.revision);
  });

  it("follows newer values another save brought while staff are not editing, and keeps staff's edit when they are", async () => {
    const loaded = await onServer();
    const view = renderPart(loaded);
    const newer = await savedElsewhere(withQuestion('Brought by another save'));
    act(() => view.rerender(newer, 0));
    await waitFor(() => expect(question().value).toBe('Brought by another save'));

    type('Being edited');
    const newest = await savedElsewhere(withQuestion('Newer still'));
    act(() => view.rerender(newest, 0));
    expect(question().value).toBe('Being edited');

    // A reload or a restore (a new generation) replaces the form, edits or not.
    act(() => view.rerender(newest, 1));
    await waitFor(() => expect(question().value).toBe('Newer still'));
  });
});
