import type { IncomingHttpHeaders } from 'node:http';

/** How a visit reached the site, in the words the Insights screen uses. */
export type Channel = 'search' | 'social' | 'email' | 'referral' | 'campaign' | 'direct';

export interface VisitSource {
  channel: Channel;
  /** utm_source, else ref, else the referring site's host (without www.). */
  source: string | null;
  medium: string | null;
  campaign: string | null;
}

/**
 * Crawlers, link previews, monitors, scripts and headless browsers: not a person reading. A
 * request without a user agent is no browser either, nor one without an Accept-Language header:
 * every browser sends the reader's languages with each page, and scripts rarely bother. Counted
 * only as "left out".
 */
const botAgent =
  /bot|crawl|spider|slurp|headless|phantom|lighthouse|pagespeed|preview|facebookexternalhit|embedly|monitor|pingdom|uptime|curl|wget|python|go-http|java\/|okhttp|httpclient|axios|node-fetch|undici|scrapy|feedfetcher|^mozilla\/5\.0$/i;

/**
 * Whether a user agent is a bot's by its name (page-views.ts keeps the answer per agent for a
 * minute, and takes a request without languages for a bot's too).
 */
export const isBotAgent = (userAgent: string | undefined) =>
  !userAgent || userAgent.length < 8 || botAgent.test(userAgent);

/** The visitor asked not to be tracked (Global Privacy Control, Do Not Track): not counted at all. */
export const objects = (headers: IncomingHttpHeaders) => headers['sec-gpc'] === '1' || headers.dnt === '1';

/**
 * A prefetch or prerender, not a page shown: the browser's own (`Sec-Purpose: prefetch`, with or
 * without `;prerender`), older ones' `Purpose`/`X-Moz`, and our own prefetch on intent (`Purpose`).
 */
export const isPrefetch = (headers: IncomingHttpHeaders) =>
  /prefetch|prerender/i.test(String(headers['sec-purpose'] ?? headers.purpose ?? headers['x-moz'] ?? ''));

/** Hosts we know, by the last labels of their name (google.co.uk and www.google.com alike). */
const knownHosts: Record<Exclude<Channel, 'referral' | 'campaign' | 'direct'>, RegExp> = {
  search:
    /(^|\.)(google\.[a-z.]+|bing\.com|duckduckgo\.com|search\.yahoo\.com|ecosia\.org|yandex\.[a-z.]+|baidu\.com|startpage\.com|search\.brave\.com|qwant\.com)$/,
  social:
    /(^|\.)(facebook\.com|fb\.me|instagram\.com|t\.co|twitter\.com|x\.com|linkedin\.com|lnkd\.in|pinterest\.[a-z.]+|tiktok\.com|youtube\.com|reddit\.com|wa\.me|whatsapp\.com|nextdoor\.(com|co\.uk)|threads\.net|bsky\.app|mumsnet\.com)$/,
  email:
    /(^|\.)(mail\.google\.com|outlook\.live\.com|outlook\.office\.com|outlook\.office365\.com|mail\.yahoo\.com|mail\.aol\.com)$/,
};
/** The same sources named in a campaign tag (utm_source=facebook). */
const knownNames: Record<keyof typeof knownHosts, RegExp> = {
  search: /^(google|bing|duckduckgo|yahoo|ecosia|yandex|baidu|startpage|brave|qwant)$/,
  social:
    /^(facebook|fb|instagram|ig|twitter|x|linkedin|pinterest|tiktok|youtube|reddit|whatsapp|nextdoor|threads|bluesky|mumsnet)$/,
  email: /^(e-?mail|newsletter|mailchimp|gmail|outlook)$/,
};

const MAX_TEXT = 100;
/** A tag as kept: trimmed, lower case, at most 100 characters; empty is none. */
const tag = (value: string | null) => {
  const text = value?.trim().toLowerCase().slice(0, MAX_TEXT);
  return text ? text : null;
};

/** The referring site's host, unless it is this site (an in-place step within it) or not a URL. */
export function referrerHost(referer: string | undefined, ownHost: string): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    return host === ownHost.replace(/^www\./, '') ? null : host.slice(0, MAX_TEXT);
  } catch {
    return null;
  }
}

const known = (source: string, table: Record<keyof typeof knownHosts, RegExp>) =>
  (Object.keys(table) as (keyof typeof knownHosts)[]).find((channel) => table[channel].test(source));

/**
 * Where a first page view came from: campaign tags win, then the referring site. An e-mail
 * medium is the e-mail channel; any other tagged medium or campaign is a campaign; a known search
 * engine, social site or webmail is its channel; any other source is a referral; none is direct.
 */
export function visitSource(search: URLSearchParams, referer: string | undefined, ownHost: string): VisitSource {
  const medium = tag(search.get('utm_medium'));
  const campaign = tag(search.get('utm_campaign'));
  const tagged = tag(search.get('utm_source')) ?? tag(search.get('ref'));
  const host = referrerHost(referer, ownHost);
  const source = tagged ?? host;
  const sourceKind = tagged ? known(tagged, knownNames) : host ? known(host, knownHosts) : undefined;
  let channel: Channel;
  if (medium && /^(?:e-?mail|newsletter)$/.test(medium)) channel = 'email';
  else if (medium || campaign) channel = 'campaign';
  else if (sourceKind) channel = sourceKind;
  else channel = source ? 'referral' : 'direct';
  return { channel, source, medium, campaign };
}
