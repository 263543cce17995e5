import type { SiteDetails } from '../../../shared/site-facts/site-facts';
import { TextField } from '../ui/form';
import { PoundsField } from './fields';
import { type PartProps, SectionForm } from './SectionForm';
import type { FieldOf } from './section-form';
import { useSectionForm } from './use-section-form';

type Prices<Amount> = {
  classroom: { primary: Amount; secondary: Amount };
  oneToOne: { primary: Amount; secondary: Amount };
  fromPerHour: Amount;
};

/** The details as typed: areas one per line, prices as the text in their boxes. */
export type DetailsFormValues = Omit<SiteDetails, 'areasCovered' | 'pricing'> & {
  areasCovered: string;
  pricing: Prices<string>;
};

const poundsText = (amount: number) => (Number.isInteger(amount) ? String(amount) : amount.toFixed(2));
/** '13.50' or '£13.50' as 13.5; anything else is not a number, which the price rule names. */
const pounds = (text: string) => {
  const digits = text.trim().replace(/^£\s*/, '');
  return /^-?\d+(?:\.\d+)?$/.test(digits) ? Number(digits) : Number.NaN;
};
const mapPrices = <From, To>(prices: Prices<From>, convert: (amount: From) => To): Prices<To> => ({
  classroom: { primary: convert(prices.classroom.primary), secondary: convert(prices.classroom.secondary) },
  oneToOne: { primary: convert(prices.oneToOne.primary), secondary: convert(prices.oneToOne.secondary) },
  fromPerHour: convert(prices.fromPerHour),
});

const toForm = (details: SiteDetails): DetailsFormValues => ({
  ...details,
  areasCovered: details.areasCovered.join('\n'),
  pricing: mapPrices(details.pricing, poundsText),
});

const toValue = (form: DetailsFormValues): SiteDetails => ({
  ...form,
  areasCovered: form.areasCovered
    .split('\n')
    .map((area) => area.trim())
    .filter((area) => area !== ''),
  pricing: mapPrices(form.pricing, pounds),
});

/** An area's problem shows under the one box that holds them all. */
const fieldOf: FieldOf = (path) => (path[0] === 'areasCovered' ? 'areasCovered' : path.join('.'));

const grid = 'grid gap-4 sm:grid-cols-2';

/** The centre's name, how to reach it, where it is and what it charges: the owners'. */
export function DetailsForm({ current, generation, onReload, reloading, track }: PartProps) {
  const state = useSectionForm({ section: 'details', current, generation, toForm, toValue, fieldOf, track });
  return (
    <SectionForm state={state} onReload={onReload} reloading={reloading}>
      <div className={grid}>
        <TextField name="name" label="Business name" />
        <TextField name="phone" label="Phone" type="tel" />
        <TextField name="email" label="E-mail" type="email" />
        <TextField name="ukprn" label="UKPRN" hint="8 digits, from the UK Register of Learning Providers." />
      </div>
      <div className={grid}>
        <TextField name="address.street" label="Street address" />
        <TextField name="address.locality" label="Town" />
        <TextField name="address.postcode" label="Postcode" />
        <TextField name="address.region" label="County" />
      </div>
      <TextField
        name="areasCovered"
        label="Areas covered"
        rows={6}
        hint="One per line, in the order the ticker shows them."
      />
      <div className={grid}>
        <TextField name="social.facebook" label="Facebook address" type="url" hint="Leave empty to hide the icon." />
        <TextField name="social.instagram" label="Instagram address" type="url" />
        <TextField name="social.x" label="X address" type="url" />
      </div>
      <fieldset className="min-w-0">
        <legend className="font-semibold text-slate-900">Prices per hour</legend>
        <div className={`mt-2 ${grid}`}>
          <PoundsField name="pricing.classroom.primary" label="Classroom, primary" />
          <PoundsField name="pricing.classroom.secondary" label="Classroom, secondary" />
          <PoundsField name="pricing.oneToOne.primary" label="One-to-one, primary" />
          <PoundsField name="pricing.oneToOne.secondary" label="One-to-one, secondary" />
          <PoundsField name="pricing.fromPerHour" label={'"From" price'} />
        </div>
      </fieldset>
    </SectionForm>
  );
}
