import type { ComponentType } from 'react';
import { paths } from '../../shared/routes';
import { Home, Mail, MapPin, BookOpen } from '../components/icons';
import { Seo } from '../lib/seo';
import { useSiteFacts } from '../lib/site-data';

const cards: {
  title: string;
  text: string;
  button: string;
  href: string;
  Icon: ComponentType<{ className?: string }>;
}[] = [
  { title: 'Home', text: 'Start again from our home page.', button: 'Go Home', href: paths.home, Icon: Home },
  {
    title: 'Our services',
    text: 'Primary, secondary and GCSE tuition in English, Maths and Science.',
    button: 'View Services',
    href: paths.subjects,
    Icon: BookOpen,
  },
  {
    title: 'Get in touch',
    text: 'Ask us anything about tuition, prices or timetables.',
    button: 'Contact Us',
    href: paths.contact,
    Icon: Mail,
  },
];

const services = [
  'Primary Education Tutoring',
  'Secondary Education Support',
  'GCSE Preparation and Exam Resits',
  'One-to-One Private Tuition',
  'Small Group Classes',
  'Online Learning Options',
];

export function NotFoundPage() {
  const { details } = useSiteFacts();
  const areas = details.areasCovered;
  return (
    <>
      <Seo
        title={`404 - Page Not Found | ${details.name}`}
        description={`This page does not exist, but ${details.name} offers primary, secondary and GCSE tutoring in English, Maths and Science across Middlesbrough and Teesside.`}
        robots="noindex, nofollow"
      />
      <section className="mx-auto max-w-5xl px-4 py-16 text-center">
        <h1 className="text-4xl font-extrabold text-slate-900 sm:text-5xl">404 - Page Not Found</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">
          Sorry, the page you are looking for does not exist. But there are plenty of tutoring services and resources
          available to help your child succeed.
        </p>
        <ul className="mt-10 grid gap-6 text-left sm:grid-cols-3">
          {cards.map(({ title, text, button, href, Icon }) => (
            <li key={href} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon className="h-8 w-8 text-blue-700" aria-hidden="true" />
              <h2 className="mt-3 text-lg font-semibold text-slate-900">{title}</h2>
              <p className="mt-1 flex-1 text-slate-700">{text}</p>
              <a
                href={href}
                className="mt-4 rounded-full bg-blue-700 px-4 py-2 text-center font-semibold text-white hover:bg-blue-800"
              >
                {button}
              </a>
            </li>
          ))}
        </ul>
        <div className="mt-12 grid gap-6 text-left sm:grid-cols-2">
          <section className="rounded-xl bg-blue-50 p-6">
            <h2 className="text-lg font-semibold text-slate-900">About {details.name}</h2>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
              {services.map((service) => (
                <li key={service}>{service}</li>
              ))}
            </ul>
          </section>
          <section className="rounded-xl bg-red-50 p-6">
            <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <MapPin className="h-5 w-5 text-red-700" aria-hidden="true" />
              Serving Middlesbrough &amp; Teesside
            </h2>
            <p className="mt-3 text-slate-700">
              We help pupils from{' '}
              {areas.length > 1 ? (
                <>
                  {areas.slice(0, -1).join(', ')} and {areas.at(-1)}
                </>
              ) : (
                areas[0]
              )}{' '}
              reach their potential, in our centre and online.
            </p>
          </section>
        </div>
      </section>
    </>
  );
}
