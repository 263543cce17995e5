import { site } from '../../../shared/site';
import { type SiteDetails, formatPounds } from '../../../shared/site-facts/site-facts';
import { useSiteFacts } from '../../lib/site-data';

interface Plan {
  name: string;
  detail: string;
  rows: [label: string, pounds: number][];
}

const plansOf = ({ pricing: { classroom, oneToOne }, address }: SiteDetails): Plan[] => [
  {
    name: 'Classroom tuition',
    detail: `Small groups of up to ${site.maxClassSize}, in our ${address.locality} centre`,
    rows: [
      ['Primary (Years 1 to 6)', classroom.primary],
      ['Secondary (Years 7 to 11)', classroom.secondary],
    ],
  },
  {
    name: 'One-to-one tuition',
    detail: 'A tutor just for your child, in the centre or online',
    rows: [
      ['Primary (Years 1 to 6)', oneToOne.primary],
      ['Secondary (Years 7 to 11)', oneToOne.secondary],
    ],
  },
];

/** The prices of docs/product.md#constants, from the site facts in use. */
export function Pricing() {
  const plans = plansOf(useSiteFacts().details);
  return (
    <section aria-labelledby="pricing-heading" className="render-when-near mx-auto max-w-7xl px-4 py-14">
      <h2 id="pricing-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        Clear prices, no contracts
      </h2>
      <p className="mt-2 max-w-2xl text-slate-700">
        You pay by the hour, with no registration fee and no contract, and the first assessment is free.
      </p>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {plans.map((plan) => (
          <div key={plan.name} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h3 className="text-xl font-semibold text-slate-900">{plan.name}</h3>
            <p className="mt-1 text-slate-700">{plan.detail}</p>
            <dl className="mt-4 divide-y divide-slate-200">
              {plan.rows.map(([label, price]) => (
                <div key={label} className="flex items-baseline justify-between py-3">
                  <dt className="text-slate-800">{label}</dt>
                  <dd className="text-2xl font-bold text-blue-800">
                    {formatPounds(price)}
                    <span className="text-base font-medium text-slate-600">/hr</span>
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </div>
    </section>
  );
}
