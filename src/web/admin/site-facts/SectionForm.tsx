import { Eye } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import {
  type CurrentSiteFacts,
  type SiteFactSection,
  sectionRoles,
  siteFactSectionLabels,
} from '../../../shared/site-facts/site-facts';
import { useMayUse } from '../session';
import { AdminForm } from '../ui/form';
import { PreviewDialog } from '../ui/PreviewDialog';
import { previewPageName, sectionPreviewPages } from './section-form';
import type { useSectionForm } from './use-section-form';

export const box = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm';
export const secondaryButton =
  'rounded-md border border-slate-400 px-3 py-2 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60';

/** What the screen hands each part: the facts in use, when to take them whatever, and how to reload them. */
export interface PartProps {
  current: CurrentSiteFacts;
  generation: number;
  onReload: () => void;
  reloading: boolean;
  track: (section: SiteFactSection, edited: () => boolean) => () => void;
}

/** Each part's place on the screen, for the jump links at its top. */
export const partAnchor = (section: SiteFactSection | 'versions') => `site-${section}`;
/** Clear of the sticky site header when a jump link or a move brings something to the top. */
export const belowStickyHeader = 'scroll-mt-24';

const whoMay = { owner: 'Only owners', editor: 'Only editors and owners' } as const;

/**
 * One part of the site screen: its heading, its fields, Save and Preview, and a conflict's
 * message with Reload. A part the person may not save is shown read-only, without its buttons.
 */
export function SectionForm<Section extends SiteFactSection, Form extends FieldValues>({
  state,
  intro,
  onReload,
  reloading,
  children,
}: {
  state: ReturnType<typeof useSectionForm<Section, Form>>;
  intro?: ReactNode;
  onReload: () => void;
  reloading: boolean;
  children: ReactNode;
}) {
  const { section, form, save, preview, conflict } = state;
  const editable = useMayUse()(sectionRoles[section]);
  const label = siteFactSectionLabels[section];
  const headingId = `site-${section}-heading`;
  return (
    <section id={partAnchor(section)} aria-labelledby={headingId} className={`${box} ${belowStickyHeader}`}>
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {label}
      </h2>
      {intro}
      {!editable && <p className="mt-1 text-slate-700">{whoMay[sectionRoles[section]]} can change these.</p>}
      <AdminForm form={form} idPrefix={section} onSubmit={(values) => save.mutate(values)} className="mt-4">
        <fieldset disabled={!editable} className="min-w-0 space-y-4">
          <legend className="sr-only">{label}</legend>
          {children}
        </fieldset>
        {conflict && (
          <div role="alert" className="mt-4 rounded-md border border-amber-400 bg-amber-50 p-3 text-slate-900">
            <p>{conflict}</p>
            <button type="button" onClick={onReload} disabled={reloading} className={`mt-2 ${secondaryButton}`}>
              {reloading ? 'Reloading...' : 'Reload'}
            </button>
          </div>
        )}
        {editable && (
          <div className="mt-5 flex flex-wrap gap-3">
            <button
              type="submit"
              disabled={save.isPending}
              className="rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
            >
              {save.isPending ? 'Saving...' : 'Save'}
              <span className="sr-only"> {label}</span>
            </button>
            {sectionPreviewPages[section].map((page) => (
              <button
                key={page}
                type="button"
                onClick={() => void state.showPreview(page)}
                disabled={preview.isPending}
                className={`inline-flex items-center gap-2 ${secondaryButton}`}
              >
                <Eye className="h-4 w-4" aria-hidden="true" />
                {preview.isPending && preview.variables?.page === page
                  ? 'Preparing...'
                  : `Preview ${previewPageName(page)}`}
                <span className="sr-only"> with these {label.toLowerCase()}</span>
              </button>
            ))}
          </div>
        )}
      </AdminForm>
      <PreviewDialog
        html={state.shownPreview?.html ?? null}
        title={`the ${previewPageName(state.shownPreview?.page ?? 'home')}`}
        description={`The ${previewPageName(state.shownPreview?.page ?? 'home')} with these unsaved ${label.toLowerCase()}. Only staff can see this.`}
        onClose={state.closePreview}
      />
    </section>
  );
}
