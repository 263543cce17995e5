import { describe, expect, it } from 'vitest';
import { classNamesIn, criticalCss, parseStylesheet } from './critical-css';

const stylesheet = parseStylesheet(
  [
    '/*! licence */',
    '@layer theme,base,utilities;',
    '@layer theme{:root,:host{--spacing:.25rem;--color-blue:#00f;--color-red:#f00;--font:var(--font-sans);--font-sans:Arial}}',
    '@layer base{*,:before{box-sizing:border-box}html{font-family:var(--font)}code,kbd{font-family:mono}',
    'button,input:where([type=button],[type=reset]){appearance:button}}',
    '@layer utilities{',
    '.flex{display:flex}',
    '.hidden{display:none}',
    '.mt-2{margin-top:calc(var(--spacing)*2)}',
    '.text-blue{color:var(--color-blue)}',
    '.text-red{color:var(--color-red)}',
    '.group:hover .group-hover\\:underline{text-decoration:underline}',
    '.group:focus-within .group-focus-within\\:flex{display:flex}',
    '.group[open] .group-open\\:rotate-180{rotate:180deg}',
    '@media (hover:hover){.hover\\:bg-blue:hover{background:blue}}',
    '.focus\\:ring:focus,.focus-visible\\:ring:focus-visible,.active\\:ring:active{--tw-ring:1}',
    '.disabled\\:opacity-70:disabled{opacity:.7}',
    '::backdrop{--tw-shadow:0 0 #0000}',
    '.\\[\\&_svg\\]\\:size-4 svg{width:1rem}',
    '.a,.b{content:"{;}"}',
    '.space-y-2>:not(:last-child){margin-bottom:1rem}',
    ':where(.list>:not(.last)){color:red}',
    '@media (width>=48rem){.md\\:flex{display:flex}.md\\:hidden{display:none}}',
    '.shadow{--tw-shadow:0 1px #000;box-shadow:var(--tw-shadow)}',
    '}',
    '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
    '@property --tw-unused{syntax:"*";inherits:false}',
    '@keyframes spin{to{transform:rotate(360deg)}}',
  ].join(''),
);

const pick = (body: string) => criticalCss(stylesheet, body);

describe('criticalCss', () => {
  it('keeps the rules the page can use and everything that names no class', () => {
    const css = pick('<div class="flex mt-2"><p class="text-blue">Hi</p></div>');
    expect(css).toContain('.flex{display:flex}');
    expect(css).toContain('.mt-2{');
    expect(css).toContain('.text-blue{');
    expect(css).not.toContain('.hidden');
    expect(css).not.toContain('.text-red');
    expect(css).toContain('@layer theme,base,utilities;');
    expect(css).toContain('*,:before{box-sizing:border-box}');
    expect(css).toContain('@keyframes spin');
    // The group only went in because its rules did; an empty @media is left out.
    expect(css).not.toContain('@media');
    expect(css).not.toContain('licence');
  });

  it('keeps only the custom properties the kept rules use, following var() chains', () => {
    const css = pick('<p class="text-blue mt-2">Hi</p>');
    expect(css).toContain(':root,:host{--spacing:.25rem;--color-blue:#00f;--font:var(--font-sans);--font-sans:Arial}');
    expect(css).not.toContain('--color-red');
    expect(css).not.toContain('@property');
    const withShadow = pick('<p class="shadow">Hi</p>');
    expect(withShadow).toContain('@property --tw-shadow{');
    expect(withShadow).not.toContain('--tw-unused');
  });

  it("declares Tailwind's variables once: unguarded plain declarations instead of @property", () => {
    const tailwind = parseStylesheet(
      [
        '@layer properties{@supports (not (margin-trim:inline)){*,:before,:after{--tw-shadow:0 0 #0000;--tw-unused:0}}}',
        '@layer utilities{.shadow{--tw-shadow:0 1px #000;box-shadow:var(--tw-shadow)}.ring{box-shadow:var(--tw-ring)}}',
        '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
        '@property --tw-ring{syntax:"*";inherits:false;initial-value:0 0 #0000}',
      ].join(''),
    );
    const css = criticalCss(tailwind, '<p class="shadow ring">Hi</p>');
    expect(css).toContain('@layer properties{*,:before,:after{--tw-shadow:0 0 #0000}}');
    expect(css).not.toContain('@supports');
    expect(css).not.toContain('@property --tw-shadow');
    // A variable with no plain declaration keeps its @property rule.
    expect(css).toContain('@property --tw-ring{');
  });

  it('understands escaped class names, variants, selector lists and negations', () => {
    const css = pick(
      '<a class="group"><span class="group-open:rotate-180 [&amp;_svg]:size-4 md:flex b space-y-2 list"><svg></svg></span></a>',
    );
    expect(css).toContain('.group-open\\:rotate-180{');
    expect(css).toContain('.\\[\\&_svg\\]\\:size-4 svg{');
    expect(css).toContain('@media (width>=48rem){.md\\:flex{display:flex}}');
    expect(css).toContain('.a,.b{content:"{;}"}');
    expect(css).toContain('.space-y-2>:not(:last-child){');
    expect(css).toContain(':where(.list>:not(.last)){');
    // A variant needs its group on the page too.
    expect(pick('<span class="group-open:rotate-180"></span>')).not.toContain('rotate-180');
  });

  it('leaves out states the first paint cannot show: hovered, focused, pressed', () => {
    const css = pick(
      '<a class="group"><button class="group-hover:underline group-focus-within:flex hover:bg-blue focus:ring focus-visible:ring active:ring disabled:opacity-70"></button></a>',
    );
    expect(css).not.toContain('underline');
    expect(css).not.toContain('group-focus-within');
    expect(css).not.toContain('hover:hover');
    expect(css).not.toContain('--tw-ring');
    // Only an open dialog has a ::backdrop.
    expect(css).not.toContain('::backdrop');
    // Disabled is how a control is drawn, not something the visitor does.
    expect(css).toContain('.disabled\\:opacity-70:disabled{');
  });

  it('keeps element rules only for elements the page has (html and body always)', () => {
    const withoutCode = pick('<p class="flex">Hi</p>');
    expect(withoutCode).toContain('html{font-family:var(--font)}');
    expect(withoutCode).not.toContain('code,kbd');
    expect(withoutCode).not.toContain('appearance');
    const withCode = pick('<p><code>x</code><input type="text"></p>');
    expect(withCode).toContain('code,kbd{font-family:mono}');
    // `input:where(…)` needs an input; the :where() list is any of its entries.
    expect(withCode).toContain('button,input:where([type=button],[type=reset]){appearance:button}');
  });

  it('keeps the parts of form fields only for a page with an input', () => {
    const fields = parseStylesheet(
      '::placeholder{opacity:1}::-webkit-datetime-edit-year-field{padding-block:0}::file-selector-button{margin:0}:-moz-focusring{outline:auto}',
    );
    expect(criticalCss(fields, '<p>Hi</p>')).toBe('');
    const withInput = criticalCss(fields, '<form><input name="a"></form>');
    expect(withInput).toContain('::placeholder{opacity:1}');
    expect(withInput).toContain('::-webkit-datetime-edit-year-field{');
    expect(withInput).toContain('::file-selector-button{');
    // Only a focused element has a focus ring.
    expect(withInput).not.toContain('-moz-focusring');
  });

  it('reads class names from class attributes only, decoding entities', () => {
    expect([...classNamesIn('<p class="a  b&amp;c" data-class="x">class="y"</p>')]).toEqual(['a', 'b&c']);
  });
});
