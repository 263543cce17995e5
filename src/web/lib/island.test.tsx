import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Island } from './island';

function Echo({ text }: { text: string }) {
  return <p>{text}</p>;
}

describe('<Island>', () => {
  it('wraps the server HTML in a marker and leaves its props beside it as inert, escaped JSON', () => {
    const hostile = 'a</script><script>alert(1)</script>\u2028b';
    const html = renderToString(
      // The registry's name is only a label here; any component renders inside the marker.
      <Island name="ContactForm" component={Echo} props={{ text: hostile }} load="visible" />,
    );
    const marker = /<div data-island="ContactForm" data-load="visible" data-props-id="([^"]+)">(.*?)<\/div>/s.exec(
      html,
    );
    expect(marker).not.toBeNull();
    expect(marker![2]).toContain('<p>a&lt;/script&gt;');
    const json = new RegExp(`<script type="application/json" id="${marker![1]}">(.*?)</script>`, 's').exec(html);
    expect(json![1]).not.toMatch(/<|\u2028/);
    expect(JSON.parse(json![1]!)).toEqual({ text: hostile });
    // Nothing in the props can end the JSON block early: exactly one </script> per block.
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });
});
