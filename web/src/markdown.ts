// A tiny markdown renderer for the rules texts: headings, paragraphs, nested
// lists, pipe tables, code blocks, and **bold**, *italic*, `code` inline. Every
// character of the source is escaped before any tag is added, so the result is
// safe to insert as HTML whatever the text holds.

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function inline(text: string): string {
  // Code spans first, so that their content is not read as emphasis.
  const parts = text.split(/(`[^`]+`)/g);
  return parts
    .map((p) => {
      if (p.length > 1 && p.startsWith('`') && p.endsWith('`')) return `<code>${escapeHtml(p.slice(1, -1))}</code>`;
      return escapeHtml(p)
        .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
        .replace(/(^|[^*\w])\*(?!\s)([^*]+?)\*(?!\w)/g, '$1<em>$2</em>')
        .replace(/(^|[^_\w])_(?!\s)([^_]+?)_(?!\w)/g, '$1<em>$2</em>');
    })
    .join('');
}

interface ListItem {
  indent: number;
  ordered: boolean;
  text: string;
}

const LIST_ITEM = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/;

function renderList(items: ListItem[]): string {
  let html = '';
  // A stack of open lists, by indentation.
  const open: { indent: number; tag: string }[] = [];
  for (const item of items) {
    const tag = item.ordered ? 'ol' : 'ul';
    while (open.length && item.indent < open[open.length - 1].indent) html += `</li></${open.pop()!.tag}>`;
    const top = open[open.length - 1];
    if (!top || item.indent > top.indent) {
      html += `<${tag}>`;
      open.push({ indent: item.indent, tag });
    } else {
      html += '</li>';
    }
    html += `<li>${inline(item.text)}`;
  }
  while (open.length) html += `</li></${open.pop()!.tag}>`;
  return html;
}

function isTableRow(line: string): boolean {
  return /^\s*\|.*\|\s*$/.test(line);
}

function cells(line: string): string[] {
  return line.trim().slice(1, -1).split('|').map((c) => c.trim());
}

function renderTable(lines: string[]): string {
  const rows = lines.filter((l) => !/^\s*\|[\s:|-]+\|\s*$/.test(l)).map(cells);
  const hasHeader = lines.length > 1 && /^\s*\|[\s:|-]+\|\s*$/.test(lines[1]);
  let html = '<table>';
  rows.forEach((row, i) => {
    const cell = hasHeader && i === 0 ? 'th' : 'td';
    html += '<tr>' + row.map((c) => `<${cell}>${inline(c)}</${cell}>`).join('') + '</tr>';
  });
  return html + '</table>';
}

export function renderMarkdown(src: string): string {
  const lines = src.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let para: string[] = [];
  const flush = () => {
    if (para.length) out.push(`<p>${inline(para.join(' '))}</p>`);
    para = [];
  };
  for (let i = 0; i < lines.length; ) {
    const line = lines[i];
    if (/^\s*```/.test(line)) {
      flush();
      const body: string[] = [];
      for (i++; i < lines.length && !/^\s*```/.test(lines[i]); i++) body.push(lines[i]);
      out.push(`<pre><code>${escapeHtml(body.join('\n'))}</code></pre>`);
      i++;
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      const level = heading[1].length;
      out.push(`<h${level}>${inline(heading[2])}</h${level}>`);
      i++;
      continue;
    }
    if (LIST_ITEM.test(line)) {
      flush();
      const items: ListItem[] = [];
      // A list runs on through its items and their indented continuation lines.
      while (i < lines.length && lines[i].trim() !== '' && !/^#{1,6}\s/.test(lines[i])) {
        const m = LIST_ITEM.exec(lines[i]);
        if (m) items.push({ indent: m[1].length, ordered: /\d/.test(m[2]), text: m[3] });
        else if (items.length) items[items.length - 1].text += ' ' + lines[i].trim();
        i++;
      }
      out.push(renderList(items));
      continue;
    }
    if (isTableRow(line)) {
      flush();
      const rows: string[] = [];
      while (i < lines.length && isTableRow(lines[i])) rows.push(lines[i++]);
      out.push(renderTable(rows));
      continue;
    }
    if (/^\s*(---+|\*\*\*+)\s*$/.test(line)) {
      flush();
      out.push('<hr>');
      i++;
      continue;
    }
    if (line.trim() === '') flush();
    else para.push(line.trim());
    i++;
  }
  flush();
  return out.join('\n');
}
