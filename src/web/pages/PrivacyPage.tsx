import { site } from '../../shared/site';
import { PageHero } from '../components/PageHero';
import { useShell } from '../lib/contexts';
import { Seo } from '../lib/seo';

export function PrivacyPage() {
  const { retentionMonths } = useShell();
  return (
    <>
      <Seo
        title={`Privacy Notice | ${site.name}`}
        description={`How ${site.name} collects, uses and keeps the information you share through our website forms.`}
      />
      <PageHero title="Privacy Notice" lead="How we collect, use and keep the information you give us." />
      <section className="mx-auto max-w-3xl px-4 py-10">
        <h2 className="text-2xl font-bold text-slate-900">How long we keep your enquiry</h2>
        <p className="mt-3 text-slate-800" data-testid="retention-statement">
          We keep assessment requests and contact messages for {retentionMonths} months from the day you send them, so
          we can follow up and answer questions about past lessons. After that they are deleted automatically. Only our
          staff can read them.
        </p>
      </section>
    </>
  );
}
