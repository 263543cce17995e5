import { paths } from '../../../shared/routes';

/** Shown while the blog has no posts, so the page still helps a parent who lands on it. */
const guides = [
  {
    title: 'Short, regular revision beats cramming',
    text: 'Twenty to thirty minutes a day, with a short break, helps pupils remember more than one long session the night before a test.',
  },
  {
    title: 'Practise with past papers',
    text: 'Past SATs, 11+ and GCSE papers show the question styles and timing. Mark them together and talk through the mistakes.',
  },
  {
    title: 'Read every day',
    text: 'Reading for pleasure builds vocabulary and comprehension across every subject, from primary school to GCSE English.',
  },
  {
    title: 'Know your times tables',
    text: 'Quick recall of times tables frees up working memory for harder problems in Maths and Science.',
  },
  {
    title: 'Sleep, food and a calm space',
    text: 'A good night’s sleep, breakfast and a quiet place to work make more difference to results than most people think.',
  },
  {
    title: 'Ask for help early',
    text: 'Small gaps grow. A free assessment shows where your child is now and what would help most.',
  },
];

export function BlogFallback() {
  return (
    <section aria-labelledby="blog-fallback-heading" className="rounded-2xl bg-blue-50 p-6 sm:p-8">
      <h2 id="blog-fallback-heading" className="text-2xl font-bold text-slate-900">
        Study tips while our first articles are on their way
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {guides.map((guide) => (
          <li key={guide.title} className="rounded-xl bg-white p-5 shadow-sm">
            <h3 className="font-semibold text-slate-900">{guide.title}</h3>
            <p className="mt-2 text-slate-700">{guide.text}</p>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-slate-800">
        Want advice for your child?{' '}
        <a href={paths.freeAssessment} className="font-semibold text-blue-800 underline">
          Book a free assessment
        </a>{' '}
        or{' '}
        <a href={paths.contact} className="font-semibold text-blue-800 underline">
          contact us
        </a>
        .
      </p>
    </section>
  );
}
