import { describe, expect, it } from 'vitest';
import { classNamesIn, criticalCss, parseStylesheet } from './critical-css';

const stylesheet = parseStylesheet(
  [
    '/*! licence */',
    '@layer theme,base,utilities;',
    '@layer theme{:root,:host{--spacing:.25rem;--color-blue:#00f;--color-red:#f00;--font:var(--font-sans);--font-sans:Arial}}',
    '@layer base{*,:before{box-sizing:border-box}html{font-family:var(--font)}}',
    '@layer utilities{',
    '.flex{display:flex}',
    '.hidden{display:none}',
    '.mt-2{margin-top:calc(var(--spacing)*2)}',
    '.text-blue{color:var(--color-blue)}',
    '.text-red{color:var(--color-red)}',
    '.group:hover .group-hover\\:underline{text-decoration:underline}',
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

  it('understands escaped class names, variants, selector lists and negations', () => {
    const css = pick(
      '<a class="group"><span class="group-hover:underline [&amp;_svg]:size-4 md:flex b space-y-2 list"></span></a>',
    );
    expect(css).toContain('.group-hover\\:underline{');
    expect(css).toContain('.\\[\\&_svg\\]\\:size-4 svg{');
    expect(css).toContain('@media (width>=48rem){.md\\:flex{display:flex}}');
    expect(css).toContain('.a,.b{content:"{;}"}');
    expect(css).toContain('.space-y-2>:not(:last-child){');
    expect(css).toContain(':where(.list>:not(.last)){');
    // A variant needs its group on the page too.
    expect(pick('<span class="group-hover:underline"></span>')).not.toContain('underline');
  });

  it('reads class names from class attributes only, decoding entities', () => {
    expect([...classNamesIn('<p class="a  b&amp;c" data-class="x">class="y"</p>')]).toEqual(['a', 'b&c']);
  });
});
