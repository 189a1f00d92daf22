import { describe, expect, it } from 'vitest';
import { inline, renderMarkdown } from './markdown';

describe('markdown', () => {
  it('renders headings and paragraphs, joining wrapped lines', () => {
    expect(renderMarkdown('# Old Maid\n\nPair off your cards\nand do not lose.\n\n## Play')).toBe(
      '<h1>Old Maid</h1>\n<p>Pair off your cards and do not lose.</p>\n<h2>Play</h2>',
    );
  });

  it('renders bold, italic and code', () => {
    expect(inline('**001** `odd` is *the* card')).toBe('<strong>001</strong> <code>odd</code> is <em>the</em> card');
    expect(inline('`**not bold**`')).toBe('<code>**not bold**</code>');
  });

  it('renders nested lists with continuation lines', () => {
    const md = '- one\n- two\n  - two a\n    still two a\n- three\n\n1. first\n2. second';
    expect(renderMarkdown(md)).toBe(
      '<ul><li>one</li><li>two<ul><li>two a still two a</li></ul></li><li>three</li></ul>\n<ol><li>first</li><li>second</li></ol>',
    );
  });

  it('escapes HTML in the source', () => {
    expect(renderMarkdown('a <script>x</script> & "b"')).toBe('<p>a &lt;script&gt;x&lt;/script&gt; &amp; &quot;b&quot;</p>');
    expect(renderMarkdown('- **<b>**')).toBe('<ul><li><strong>&lt;b&gt;</strong></li></ul>');
  });

  it('renders tables and code blocks', () => {
    expect(renderMarkdown('| a | b |\n|---|---|\n| 1 | **2** |')).toBe(
      '<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td><strong>2</strong></td></tr></table>',
    );
    expect(renderMarkdown('```\nparlour play\n  <x>\n```')).toBe('<pre><code>parlour play\n  &lt;x&gt;</code></pre>');
  });

  it('does not take hyphenated words or lone stars for emphasis', () => {
    expect(inline('face-down 2 * 3 = 6')).toBe('face-down 2 * 3 = 6');
    expect(inline('snake_case_name')).toBe('snake_case_name');
  });
});
