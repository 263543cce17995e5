import { useSiteFacts } from '../../lib/site-data';

// Brand marks drawn here: the icon library carries no brand logos.
const icons = {
  facebook: (
    <path
      d="M14 8h2.5V4.5H14c-2.5 0-4 1.7-4 4.2V11H7.5v3.5H10V21h3.5v-6.5H16l.5-3.5h-3V9c0-.6.4-1 1-1Z"
      fill="currentColor"
    />
  ),
  instagram: (
    <g fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.3" cy="6.7" r="0.6" fill="currentColor" />
    </g>
  ),
  x: <path d="M4 4h4.6l4 5.6L17.4 4H20l-6.2 7.2L20.5 20h-4.6l-4.3-6-5.3 6H3.7l6.7-7.7L4 4Z" fill="currentColor" />,
} as const;

const labels = { facebook: 'Facebook', instagram: 'Instagram', x: 'X (Twitter)' } as const;

/** The centre's social pages; a network whose link is empty has no icon. */
export function SocialLinks({ className = '' }: { className?: string }) {
  const { name, social } = useSiteFacts().details;
  const networks = (Object.keys(icons) as (keyof typeof icons)[]).filter((network) => social[network] !== '');
  return (
    <ul className={`flex items-center gap-1 ${className}`}>
      {networks.map((network) => (
        <li key={network}>
          <a
            href={social[network]}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${name} on ${labels[network]} (opens in a new tab)`}
            className="social-link"
          >
            <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
              {icons[network]}
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
