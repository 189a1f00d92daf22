// A score-sheet (Bridge's), drawn from the view as a real one is ruled: a
// column for each side, the entries above the line written upwards from it,
// the line, the trick points below it with a rule under each game, then the
// games, the totals and, at the end, the result.
import type { ScoreSheet } from './protocol';

const cell = (n: number) => (n ? String(n) : '');

export function SheetTable({ sheet }: { sheet: ScoreSheet }) {
  const above = [...sheet.above].reverse();
  return (
    <div class="score-sheet" data-role="score-sheet">
      <p class="sheet-note">{sheet.note}</p>
      <table>
        <thead>
          <tr>
            {sheet.columns.map((c) => (
              <th class="num" data-column={c}>
                {c}
              </th>
            ))}
            <th class="sheet-what" />
          </tr>
        </thead>
        <tbody class="sheet-above" data-role="above">
          {above.map((e) => (
            <tr data-what={e.what}>
              {e.points.map((p) => (
                <td class="num">{cell(p)}</td>
              ))}
              <td class="sheet-what">{e.what}</td>
            </tr>
          ))}
        </tbody>
        {/* The line: the top border of the entries below it. */}
        <tbody class="sheet-below" data-role="below">
          {sheet.below.map((e) => (
            <tr class={e.ruled ? 'sheet-game' : ''} data-what={e.what}>
              {e.points.map((p) => (
                <td class="num">{cell(p)}</td>
              ))}
              <td class="sheet-what">{e.what}</td>
            </tr>
          ))}
          {sheet.below.length === 0 && (
            <tr>
              <td colSpan={sheet.columns.length + 1} class="sheet-what">
                nothing below the line yet
              </td>
            </tr>
          )}
        </tbody>
        <tfoot>
          {sheet.games.length > 0 && (
            <tr data-role="games">
              {sheet.games.map((g) => (
                <td class="num">{g}</td>
              ))}
              <td class="sheet-what">games</td>
            </tr>
          )}
          <tr data-role="totals">
            {sheet.totals.map((t) => (
              <td class="num">{t}</td>
            ))}
            <td class="sheet-what">totals</td>
          </tr>
        </tfoot>
      </table>
      {sheet.result && (
        <p class="sheet-result" data-role="sheet-result">
          {sheet.result}
        </p>
      )}
    </div>
  );
}
