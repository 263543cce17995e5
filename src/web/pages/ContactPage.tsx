import { site } from '../../shared/site';
import { PageHero } from '../components/PageHero';
import { Seo } from '../lib/seo';

export function ContactPage() {
  return (
    <>
      <Seo
        title={`Contact ${site.name} | Middlesbrough Tuition Centre`}
        description={`Contact ${site.name} in Middlesbrough: phone, e-mail, opening hours, parking and directions to the centre.`}
      />
      <PageHero
        title="Contact Us"
        lead="Questions about tuition, prices or timetables? Send us a message or call the centre."
      />
    </>
  );
}
