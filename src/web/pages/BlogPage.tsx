import { site } from '../../shared/site';
import { PageHero } from '../components/PageHero';
import { Seo } from '../lib/seo';

export function BlogPage() {
  return (
    <>
      <Seo
        title={`Blog | Study Tips & Exam Advice | ${site.name}`}
        description={`Study tips, exam preparation advice and news for parents and students from ${site.name} in Middlesbrough.`}
      />
      <PageHero title="Blog" lead="Study tips, exam preparation advice and news from the centre." />
    </>
  );
}
