/** Characters XML 1.0 forbids; one of them would make a whole feed or sitemap unreadable. */
const isXmlChar = (code: number) =>
  code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code !== 0xfffe && code !== 0xffff);

/** Text safe inside an XML element or a quoted attribute: forbidden characters dropped, markup escaped. */
export const escapeXml = (text: string) =>
  Array.from(text)
    .filter((char) => isXmlChar(char.codePointAt(0)!))
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
