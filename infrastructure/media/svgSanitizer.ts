/**
 * Cleans an uploaded SVG before it is stored (CONTRACT.md §5: "SVG is served so that it cannot
 * run script"). DOMPurify's SVG profile on a jsdom window drops scripts, event handlers and
 * foreign objects; a hook also drops every link that leaves the document (href / xlink:href
 * other than a local "#id" or an embedded raster image), so a login page that shows the file
 * never fetches or navigates anywhere because of it. The serving route adds a CSP sandbox on
 * top: two independent defences.
 */
import createDOMPurify, { type DOMPurify, type WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';

const SVG_NS = 'http://www.w3.org/2000/svg';
const LOCAL_REFERENCE = /^\s*(#[^\s]*|data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*)$/i;

let instance: { purify: DOMPurify; window: JSDOM['window'] } | null = null;

/** One jsdom window for the process, made on first use (it costs tens of milliseconds). */
function purifier() {
  if (instance) return instance;
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as unknown as WindowLike);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if ((data.attrName === 'href' || data.attrName === 'xlink:href') && !LOCAL_REFERENCE.test(data.attrValue)) data.keepAttr = false;
  });
  instance = { purify, window };
  return instance;
}

/**
 * The cleaned document as XML, or null when nothing of an <svg> root survives. It is kept as a
 * DOM and serialised as XML (not re-parsed as HTML), so the stored file is well-formed and
 * carries its namespaces even when the upload left them out.
 */
export function sanitizeSvg(source: string): string | null {
  const { purify, window } = purifier();
  const fragment = purify.sanitize(source, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['script', 'foreignobject'],
    RETURN_DOM_FRAGMENT: true,
  });
  const root = [...fragment.childNodes].find((n): n is Element => n.nodeType === 1 && (n as Element).namespaceURI === SVG_NS && (n as Element).localName === 'svg');
  if (!root) return null;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new window.XMLSerializer().serializeToString(root)}`;
}
