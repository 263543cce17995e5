import { brandWords } from '../../../shared/settings/settings';
import { useSetting, useSiteFacts } from '../../lib/site-data';
import { ResponsiveImage } from '../ResponsiveImage';

/** The logo and/or brand text from the settings, linking home. */
export function BrandMark() {
  const logo = useSetting('site_logo');
  const showLogo = useSetting('show_site_logo') === 'true' && logo !== '';
  const showText = useSetting('show_brand_text') === 'true';
  const { name } = useSiteFacts().details;
  const [first, rest] = brandWords(useSetting('brand_text'), name);
  // With both hidden the link still needs a visible mark: fall back to the text.
  const textShown = showText || !showLogo;
  return (
    <a href="/" className="flex items-center gap-2 rounded" aria-label={`${name} home`}>
      <BrandLogoAndText logo={showLogo ? logo : ''} showText={textShown} first={first} rest={rest} eager />
    </a>
  );
}

/** The logo (when given) and the two-colour brand text: the header shows it, the logo screen previews it. */
export function BrandLogoAndText({
  logo,
  showText,
  first,
  rest,
  eager = false,
}: {
  logo: string;
  showText: boolean;
  first: string;
  rest: string;
  eager?: boolean;
}) {
  return (
    <>
      {logo && (
        // 40 CSS px tall: the browser picks the 80 or 160 px variant on a high-density phone.
        <ResponsiveImage
          src={logo}
          alt=""
          width={40}
          height={40}
          sizes="40px"
          eager={eager}
          className="h-10 w-10 object-contain"
        />
      )}
      {showText && (
        <span className="whitespace-nowrap text-xl font-extrabold tracking-tight">
          <span className="text-blue-700">{first}</span> <span className="text-red-600">{rest}</span>
        </span>
      )}
    </>
  );
}
