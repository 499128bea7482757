/**
 * A very small DOM, enough for Preact to render into and for a test to read back: elements with
 * attributes, properties, children and event listeners, text nodes, and a document that makes them.
 * Shopify runs checkout extensions in a worker against such a stand-in DOM too (remote-dom), whose
 * elements it turns into real checkout components; no jsdom or happy-dom is installed here.
 */

type Listener = (this: FakeElement, event: FakeEvent) => void;
export type FakeEvent = {
  type: string;
  target: FakeElement;
  currentTarget: FakeElement;
  [key: string]: unknown;
};

abstract class FakeNode {
  parentNode: FakeElement | null = null;
  abstract readonly nodeType: number;
  abstract get textContent(): string;
  get nextSibling(): FakeNode | null {
    const siblings = this.parentNode?.childNodes ?? [];
    return siblings[siblings.indexOf(this) + 1] ?? null;
  }
}

export class FakeText extends FakeNode {
  readonly nodeType = 3;
  constructor(public data: string) {
    super();
  }
  get textContent() {
    return this.data;
  }
}

export class FakeElement extends FakeNode {
  readonly nodeType = 1;
  childNodes: FakeNode[] = [];
  attributes: Array<{ name: string; value: string }> = [];
  style: Record<string, string> = {};
  private listeners = new Map<string, Listener[]>();
  // As on HTMLElement: Preact names an onChange prop's event "change" because `onchange` exists.
  onchange = null;
  oninput = null;
  onclick = null;
  onblur = null;
  onfocus = null;

  constructor(
    readonly localName: string,
    readonly namespaceURI: string | null = "http://www.w3.org/1999/xhtml",
  ) {
    super();
  }

  get firstChild() {
    return this.childNodes[0] ?? null;
  }
  get textContent(): string {
    return this.childNodes.map((c) => c.textContent).join("");
  }
  get children(): FakeElement[] {
    return this.childNodes.filter((c): c is FakeElement => c instanceof FakeElement);
  }

  appendChild(node: FakeNode) {
    return this.insertBefore(node, null);
  }
  insertBefore(node: FakeNode, reference: FakeNode | null) {
    node.parentNode?.removeChild(node);
    const at = reference ? this.childNodes.indexOf(reference) : -1;
    if (at < 0) this.childNodes.push(node);
    else this.childNodes.splice(at, 0, node);
    node.parentNode = this;
    return node;
  }
  removeChild(node: FakeNode) {
    this.childNodes = this.childNodes.filter((c) => c !== node);
    node.parentNode = null;
    return node;
  }

  setAttribute(name: string, value: unknown) {
    const existing = this.attributes.find((a) => a.name === name);
    if (existing) existing.value = String(value);
    else this.attributes.push({ name, value: String(value) });
  }
  removeAttribute(name: string) {
    this.attributes = this.attributes.filter((a) => a.name !== name);
  }
  getAttribute(name: string): string | null {
    return this.attributes.find((a) => a.name === name)?.value ?? null;
  }

  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  removeEventListener(type: string, listener: Listener) {
    this.listeners.set(
      type,
      (this.listeners.get(type) ?? []).filter((l) => l !== listener),
    );
  }
  dispatchEvent(event: { type: string; [key: string]: unknown }) {
    const full = { ...event, target: this, currentTarget: this } as FakeEvent;
    for (const listener of this.listeners.get(event.type) ?? []) listener.call(this, full);
    return true;
  }

  /** Every element below this one (depth first) named `localName`. */
  findAll(localName: string): FakeElement[] {
    return this.children.flatMap((c) => [...(c.localName === localName ? [c] : []), ...c.findAll(localName)]);
  }
}

export class FakeDocument {
  readonly documentElement = new FakeElement("html");
  readonly body = new FakeElement("body");
  constructor() {
    this.documentElement.appendChild(this.body);
  }
  createElement(localName: string) {
    return new FakeElement(localName);
  }
  createElementNS(namespaceURI: string | null, localName: string) {
    return new FakeElement(localName, namespaceURI);
  }
  createTextNode(data: string) {
    return new FakeText(String(data));
  }
}
