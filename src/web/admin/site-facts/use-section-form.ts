import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import { siteFactSectionSchemas } from '../../../shared/site-facts/schemas';
import {
  type CurrentSiteFacts,
  type SiteFactSection,
  type SiteFacts,
  siteFactSectionLabels,
} from '../../../shared/site-facts/site-facts';
import { rememberSiteFacts } from '../../lib/site-data';
import { HttpError } from '../../lib/http';
import { useAdminMutation } from '../admin-mutation';
import { useSiteFactsApi } from './api';
import { useAdminForm } from '../ui/form';
import { siteFactsQueries } from './queries';
import type { SitePreviewPage } from './api';
import { type FieldOf, formFieldOfServerField, sectionFormSchema } from './section-form';

/** What a part's form edits: the part's value, never "not saved yet". */
export type PartValue<Section extends SiteFactSection> = Exclude<SiteFacts[Section], null>;

export interface SectionFormOptions<Section extends SiteFactSection, Form extends FieldValues> {
  section: Section;
  current: CurrentSiteFacts;
  /** Changes when every form must show the saved values, edits or not: after a restore or a reload. */
  generation: number;
  /** These must be stable (module-level functions). */
  toForm: (value: PartValue<Section>) => Form;
  toValue: (form: Form) => PartValue<Section>;
  fieldOf: FieldOf;
  /**
   * The part's value in the facts when it is not simply `facts[section]`: the assessment settings
   * are null until saved, and the form shows (and compares its edits with) their defaults.
   */
  partOf?: (facts: SiteFacts) => PartValue<Section>;
  /** Lets the screen ask whether this part has unsaved edits (its leave guard); answers how to stop asking. */
  track: (section: SiteFactSection, edited: () => boolean) => () => void;
}

/**
 * One part of the site screen (decision 0059): its form, checked by the section's rules; its save,
 * which names the revision the form's values came from (`basedOn`); its preview; and what the
 * server refused, shown where it belongs: a 400 at the named field, a 409 as `conflict`.
 */
export function useSectionForm<Section extends SiteFactSection, Form extends FieldValues>({
  section,
  current,
  generation,
  toForm,
  toValue,
  fieldOf,
  track,
  partOf,
}: SectionFormOptions<Section, Form>) {
  // Every part but the assessment settings is never null (the facts' types say so).
  const readPart = useCallback(
    (facts: SiteFacts) => (partOf ? partOf(facts) : (facts[section] as PartValue<Section>)),
    [partOf, section],
  );
  const siteFacts = useSiteFactsApi();
  const queryClient = useQueryClient();
  const schema = useMemo(
    () => sectionFormSchema<Form>(siteFactSectionSchemas[section], toValue, fieldOf),
    [section, toValue, fieldOf],
  );
  const form = useAdminForm(schema, toForm(readPart(current.facts)) as DefaultValues<Form>);
  const [conflict, setConflict] = useState<string | null>(null);
  const [shownPreview, setShownPreview] = useState<{ page: SitePreviewPage; html: string } | null>(null);

  // The revision this form's values came from, and those values: a save names it as `basedOn`.
  const loaded = useRef({ revision: current.revision, saved: JSON.stringify(readPart(current.facts)) });
  const adopt = useCallback(
    (next: CurrentSiteFacts) => {
      loaded.current = { revision: next.revision, saved: JSON.stringify(readPart(next.facts)) };
      form.reset(toForm(readPart(next.facts)));
      setConflict(null);
    },
    [form, readPart, toForm],
  );

  // Unsaved edits: the form's values differ from those it was loaded with.
  const isEdited = useCallback(
    () => JSON.stringify(toValue(form.getValues())) !== loaded.current.saved,
    [form, toValue],
  );
  useEffect(() => track(section, isEdited), [track, section, isEdited]);

  // Another part's save may bring this part's newer values (someone else saved them): the form
  // follows unless staff are editing it (their save then meets the conflict); a restore or a
  // reload (a new generation) replaces it in any case.
  const seenGeneration = useRef(generation);
  useEffect(() => {
    const forced = seenGeneration.current !== generation;
    seenGeneration.current = generation;
    const unchanged = JSON.stringify(readPart(current.facts)) === loaded.current.saved;
    if (forced || (!unchanged && !isEdited())) adopt(current);
  }, [generation, current, readPart, adopt, isEdited]);

  const showRefusal = (error: Error) => {
    if (!(error instanceof HttpError)) return;
    const message = error.body?.error ?? error.message;
    if (error.status === 409) setConflict(message);
    const field = error.status === 400 ? formFieldOfServerField(error.body?.field, fieldOf) : undefined;
    if (field) form.setError(field as Path<Form>, { message }, { shouldFocus: true });
  };

  const save = useAdminMutation({
    mutationFn: (values: Form) => siteFacts.save(section, loaded.current.revision, toValue(values)),
    // Which part: the screen has a Save button per part, and the others' edits stay unsaved.
    success: { title: `${siteFactSectionLabels[section]} saved.` },
    failure: { title: 'Not saved' },
    invalidates: [siteFactsQueries.revisions(siteFacts).queryKey],
    onSuccess: (next) => {
      adopt(next);
      queryClient.setQueryData(siteFactsQueries.current(siteFacts).queryKey, next);
      rememberSiteFacts(queryClient, next.facts);
    },
    onError: showRefusal,
  });

  const preview = useAdminMutation({
    mutationFn: async ({ values, page }: { values: Form; page: SitePreviewPage }) => ({
      page,
      html: await siteFacts.preview(section, page, toValue(values)),
    }),
    failure: { title: 'Error', fallback: 'The preview could not be shown' },
    onSuccess: setShownPreview,
    onError: showRefusal,
  });

  return {
    section,
    form,
    save,
    preview,
    conflict,
    shownPreview,
    closePreview: () => setShownPreview(null),
    /** Checks the form, then shows `page` with its values. */
    showPreview: (page: SitePreviewPage) => form.handleSubmit((values) => preview.mutate({ values, page }))(),
  };
}

export type SectionFormState = ReturnType<typeof useSectionForm>;
