import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-to-text';

describe('htmlToText', () => {
  it('keeps blocks as lines and cells as columns, drops scripts, styles and hidden XBRL', () => {
    const html = `<html><head><title>t</title><style>.a{}</style></head><body>
      <script>alert(1)</script><ix:header><ix:hidden>hidden fact</ix:hidden></ix:header>
      <h1>Item 7.</h1><p>Net&nbsp;sales rose &amp; margins &#8212; held&#x21;</p>
      <table><tr><td>iPhone</td><td>$209,586</td></tr><tr><td>Mac</td><td>$33,708</td></tr></table>
      <!-- a comment --><div>Done<br>now</div></body></html>`;
    expect(htmlToText(html)).toBe(
      'Item 7.\nNet sales rose & margins — held!\n\niPhone | $209,586\nMac | $33,708\n\nDone\nnow',
    );
  });

  it('leaves unknown entities and plain text alone', () => {
    expect(htmlToText('a &bogus; b')).toBe('a &bogus; b');
    expect(htmlToText('plain')).toBe('plain');
  });
});
