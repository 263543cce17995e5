/**
 * Known XSS payloads, from the OWASP filter-evasion cheat sheet, the html5sec.org vectors and
 * past sanitiser bypasses. The tests feed each one through the sanitiser, the API and the page.
 */
export const xssCorpus: readonly string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)<</script>/script>',
  '<img src=x onerror=alert(1)>',
  '<img src="/ok.png" onerror="alert(1)">',
  '<IMG SRC="javascript:alert(1);">',
  '<img src="jav&#x09;ascript:alert(1)">',
  '<img src="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">',
  '<img src=data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+>',
  '<img srcset="https://evil.example/a.png 1x, javascript:alert(1) 2x" src="/a.png">',
  '<img """><script>alert(1)</script>">',
  '<p onclick="alert(1)" onmouseover="alert(1)">click</p>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java\nscript:alert(1)">x</a>',
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="https://ok.example" target="_blank" onclick="alert(1)" style="position:fixed">ok</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<style>@import "https://evil.example/x.css";</style>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<video><source onerror="alert(1)"></video>',
  '<template><script>alert(1)</script></template>',
  '<textarea><script>alert(1)</script></textarea>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<div id="x" class="y" data-x="1"><p>kept text</p></div>',
  '<blockquote cite="javascript:alert(1)">quote</blockquote>',
  '<a href="/relative" rel="opener">rel</a>',
];

/** True if the HTML holds anything a browser could execute or that changes the page's behaviour. */
export function findExecutable(html: string): string | null {
  const checks: [string, RegExp][] = [
    ['script element', /<\s*script/i],
    ['event handler', /<[^<>]*\son[a-z]+\s*=/i],
    ['javascript: URL', /(?:href|src|action|data|xlink:href|srcdoc)\s*=\s*(?:["']\s*)?(?:javascript|vbscript|data):/i],
    [
      'dangerous element',
      /<\s*(svg|math|iframe|object|embed|form|input|style|link|meta|base|template|noscript|textarea|xmp|details|body|video|source)\b/i,
    ],
    ['style attribute', /\sstyle\s*=/i],
    ['srcset', /\ssrcset\s*=/i],
  ];
  for (const [name, pattern] of checks) if (pattern.test(html)) return name;
  return null;
}
