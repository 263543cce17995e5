/**
 * Passkeys (WebAuthn) belong to a domain name: a browser refuses them on a site reached by an IP
 * address such as https://192.0.2.10 (decision 0064). The sign-in screen then offers the password
 * first and says why; the doctor warns about such a PUBLIC_URL.
 */
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$/;

/** Whether a URL's hostname (`192.0.2.10`, `[2001:db8::1]`) is an IP address rather than a name. */
export function isIpAddressHost(hostname: string): boolean {
  return IPV4.test(hostname) || (hostname.startsWith('[') && hostname.endsWith(']')) || hostname.includes(':');
}

/** Why passkeys are not offered, in staff's words. */
export const PASSKEYS_NEED_A_NAME =
  'Passkeys need the site to be reached by its name (like admin.example.co.uk), not a number like this one, so sign in with your e-mail address and password. Whoever runs the website can give it a name.';
