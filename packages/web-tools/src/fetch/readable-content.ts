/**
 * `readableContent`: bytes and a content type in, text a model can read out. HTML goes
 * through Mozilla's Readability on a linkedom DOM (the page's main content, without
 * navigation and boilerplate), then to plain text that keeps headings, paragraphs, list
 * items and links' targets. Plain text, Markdown, CSV, XML and JSON pass through. Anything
 * else (images, PDFs, archives, ...) is described, never dumped.
 *
 * Scripts never run: linkedom builds a DOM without executing anything.
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

/** The readable form of a response body. */
export interface ReadableContent {
  /** `article` (Readability found the main content), `page` (the whole body's text), `text`, `json` or `binary`. */
  kind: 'article' | 'page' | 'text' | 'json' | 'binary';
  title?: string;
  byline?: string;
  publishedTime?: string;
  /** The text (empty for `binary`, which has `description`). */
  text: string;
  /** For `binary`: what the body is, in one line. */
  description?: string;
}

const BLOCK = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'DD',
  'DIV',
  'DL',
  'DT',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'TABLE',
  'TR',
  'UL',
  'BODY',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'DETAILS',
  'SUMMARY',
  'CAPTION',
  'THEAD',
  'TBODY',
  'TFOOT',
]);
const SKIP = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'SVG',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'CANVAS',
  'HEAD',
]);

interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
  getAttribute?(name: string): string | null;
}

/** Plain text of a DOM subtree, blocks on their own lines, whitespace collapsed as a browser would. */
export function domToText(root: DomNode, baseUrl?: string): string {
  const out: string[] = [];
  let line = '';
  const flush = (blank: boolean) => {
    const trimmed = line.replace(/[ \t]+/g, ' ').trim();
    if (trimmed !== '') out.push(trimmed);
    if (blank && out.length > 0 && out[out.length - 1] !== '') out.push('');
    line = '';
  };
  const walk = (node: DomNode, pre: boolean) => {
    if (node.nodeType === 3) {
      const text = node.textContent ?? '';
      line += pre ? text : text.replace(/\s+/g, ' ');
      return;
    }
    if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return;
    const name = node.nodeName.toUpperCase();
    if (SKIP.has(name)) return;
    if (name === 'BR') {
      flush(false);
      return;
    }
    const block = BLOCK.has(name);
    if (block) flush(name !== 'LI' && name !== 'TR' && name !== 'DT' && name !== 'DD');
    if (/^H[1-6]$/.test(name)) line += `${'#'.repeat(Number(name[1]))} `;
    if (name === 'LI') line += '- ';
    if (name === 'PRE') {
      flush(true);
      for (const piece of (node.textContent ?? '').split('\n')) out.push(piece.replace(/\s+$/, ''));
      out.push('');
      return;
    }
    const children = node.childNodes;
    for (let index = 0; index < children.length; index++) walk(children[index]!, pre);
    if (name === 'A' && node.getAttribute) {
      const href = node.getAttribute('href');
      if (href && !href.startsWith('#') && !/^javascript:/i.test(href)) {
        let absolute = href;
        try {
          absolute = new URL(href, baseUrl).href;
        } catch {
          // keep as written
        }
        if (!line.endsWith(absolute)) line += ` (${absolute})`;
      }
    }
    if (name === 'TD' || name === 'TH') line += ' | ';
    if (block) flush(name !== 'LI' && name !== 'TR' && name !== 'DT' && name !== 'DD');
  };
  walk(root, false);
  flush(false);
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out.join('\n');
}

/** The media type of a Content-Type header, lower case, without parameters. */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

function charsetOf(contentType: string | undefined): string {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase() ?? 'utf-8';
}

function decodeText(bytes: Uint8Array, contentType: string | undefined): string {
  try {
    return new TextDecoder(charsetOf(contentType)).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function isHtml(type: string): boolean {
  return type === 'text/html' || type === 'application/xhtml+xml';
}

function isJson(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json') || type === 'text/json';
}

function isText(type: string): boolean {
  return (
    type.startsWith('text/') ||
    type === 'application/xml' ||
    type.endsWith('+xml') ||
    type === 'application/javascript' ||
    type === 'application/x-ndjson' ||
    type === 'application/yaml' ||
    type === 'application/x-yaml'
  );
}

/** A body without a usable Content-Type: text when it decodes as UTF-8 without control bytes. */
function sniff(bytes: Uint8Array): 'html' | 'text' | 'binary' {
  const head = bytes.subarray(0, 4096);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(head);
  } catch {
    // A multi-byte character cut at the 4 KB edge is still text.
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - 3));
    } catch {
      return 'binary';
    }
  }
  if (/[\u0000-\u0008\u000e-\u001a]/.test(text)) return 'binary';
  return /^\s*(<!doctype html|<html|<head|<body)/i.test(text) ? 'html' : 'text';
}

/**
 * Turns a response body into readable content.
 *
 * @example
 * ```ts
 * const page = readableContent(new TextEncoder().encode('<h1>Hi</h1><p>There</p>'), 'text/html', 'https://x.test/');
 * page.text; // '# Hi\n\nThere'
 * ```
 */
export function readableContent(
  bytes: Uint8Array,
  contentType: string | undefined,
  url: string,
  options: { totalBytes?: number } = {},
): ReadableContent {
  let type = mediaTypeOf(contentType);
  if (type === '' || type === 'application/octet-stream') {
    const sniffed = sniff(bytes);
    if (sniffed === 'html') type = 'text/html';
    else if (sniffed === 'text') type = 'text/plain';
  }
  if (isHtml(type)) return readableHtml(decodeText(bytes, contentType), url);
  if (isJson(type)) return { kind: 'json', text: decodeText(bytes, contentType) };
  if (isText(type)) return { kind: 'text', text: decodeText(bytes, contentType) };
  const size = options.totalBytes ?? bytes.length;
  return {
    kind: 'binary',
    text: '',
    description: `${type || 'binary content'}${size > 0 ? `, ${size} bytes` : ''}: not text, so it is not shown`,
  };
}

function readableHtml(source: string, url: string): ReadableContent {
  // linkedom nests a fragment's implied <head>/<body> inside its first element; a document
  // shell keeps the fragment where a browser would put it.
  const html = /<html[\s>]/i.test(source)
    ? source
    : `<!DOCTYPE html><html><head></head><body>${source}</body></html>`;
  const { document } = parseHTML(html);
  const pageTitle = (document.querySelector('title')?.textContent ?? '').trim();
  let article: ReturnType<Readability<DomNode>['parse']> = null;
  try {
    // Readability mutates the document, so it gets its own copy.
    const copy = parseHTML(html).document;
    article = new Readability<DomNode>(copy as unknown as ConstructorParameters<typeof Readability>[0], {
      serializer: (node) => node as unknown as DomNode,
    }).parse();
  } catch {
    article = null;
  }
  if (article?.content) {
    const text = domToText(article.content, url);
    if (text.trim() !== '') {
      return {
        kind: 'article',
        text,
        ...(article.title || pageTitle ? { title: (article.title || pageTitle).trim() } : {}),
        ...(article.byline ? { byline: article.byline.trim() } : {}),
        ...(article.publishedTime ? { publishedTime: article.publishedTime } : {}),
      };
    }
  }
  // A fragment without <body> (linkedom leaves `body` null then): the whole document.
  const body = (document.body ?? document) as unknown as DomNode;
  return {
    kind: 'page',
    text: domToText(body, url),
    ...(pageTitle ? { title: pageTitle } : {}),
  };
}
