import { type DefaultTreeAdapterTypes, parse } from 'parse5';

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document;
type Element = DefaultTreeAdapterTypes.Element;

const isElement = (node: Node): node is Element => 'tagName' in node;
const attribute = (element: Element, name: string) => element.attrs.find((each) => each.name === name)?.value;

function* elements(node: Node): Generator<Element> {
  if (isElement(node)) yield node;
  const children = 'childNodes' in node ? node.childNodes : [];
  for (const child of children) yield* elements(child);
}

function text(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterTypes.TextNode).value;
  return 'childNodes' in node ? node.childNodes.map((child) => text(child)).join('') : '';
}

export interface FormOnPage {
  method: string | undefined;
  action: string | undefined;
  /** Each named field's value, its error (through aria-describedby) and whether the browser focuses it. */
  fields: Record<string, { value: string; error: string | undefined; autofocus: boolean }>;
  /** The message about the whole form (role="alert"), if any. */
  notice: string | undefined;
  /** The thank-you (role="status"), if any. */
  status: string | undefined;
}

/** The form with this id in a whole page, read as a browser would see it without script. */
export function formOnPage(html: string, id: string): FormOnPage {
  const document = parse(html);
  const all = [...elements(document)];
  const byId = new Map(
    all.flatMap((element) => (attribute(element, 'id') ? [[attribute(element, 'id')!, element]] : [])),
  );
  const form = byId.get(id);
  if (!form || form.tagName !== 'form') throw new Error(`No form #${id} in the page`);
  const inside = [...elements(form)];
  const fields: FormOnPage['fields'] = {};
  for (const control of inside.filter((element) => element.tagName === 'input' || element.tagName === 'textarea')) {
    const name = attribute(control, 'name');
    if (!name) continue;
    const describedBy = attribute(control, 'aria-describedby');
    const errorElement = describedBy ? byId.get(describedBy) : undefined;
    fields[name] = {
      value: control.tagName === 'textarea' ? text(control) : (attribute(control, 'value') ?? ''),
      error: errorElement ? text(errorElement) : undefined,
      autofocus: attribute(control, 'autofocus') !== undefined,
    };
  }
  const roleText = (role: string) => {
    const element = inside.find((each) => attribute(each, 'role') === role);
    return element ? text(element) : undefined;
  };
  return {
    method: attribute(form, 'method'),
    action: attribute(form, 'action'),
    fields,
    notice: roleText('alert'),
    status: roleText('status'),
  };
}
