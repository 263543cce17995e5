import type { ReactNode } from 'react';
import { businessJsonLd } from '../../../shared/structured-data';
import { useShell } from '../../lib/contexts';
import { Seo } from '../../lib/seo';
import { useSiteFacts } from '../../lib/site-data';
import { PageHero } from '../PageHero';
import { CtaBand } from '../sections/CtaBand';

interface InfoPageLayoutProps {
  /** The document's title and description. */
  meta: { title: string; description: string };
  /** JSON-LD about the page's own subject, given after the business's (builders need the public URL). */
  structuredData?: (publicUrl: string) => readonly object[];
  hero: { title: string; lead: string };
  /** The page's own sections, between the hero and the closing call to action. */
  children: ReactNode;
  cta: { title: string; text: string };
}

/**
 * The shape of the pages that describe what the centre offers (tuition, subjects, why us): the
 * hero with its call to action, the page's sections, then the band that asks for the assessment.
 */
export function InfoPageLayout({ meta, structuredData, hero, children, cta }: InfoPageLayoutProps) {
  const { publicUrl, today } = useShell();
  const facts = useSiteFacts();
  const jsonLd = [businessJsonLd(publicUrl, facts, today), ...(structuredData?.(publicUrl) ?? [])];
  return (
    <>
      <Seo {...meta} jsonLd={jsonLd} />
      <PageHero title={hero.title} lead={hero.lead} />
      {children}
      <CtaBand title={cta.title} text={cta.text} />
    </>
  );
}
