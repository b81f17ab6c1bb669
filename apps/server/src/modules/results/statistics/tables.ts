/** Checks shared by the tests on cross-tabs: a table is rows × columns of non-negative finite counts. */
export function assertTable(table: readonly (readonly number[])[]): void {
  if (table.length === 0) throw new Error('A table needs at least one row');
  const columns = table[0]!.length;
  if (columns === 0) throw new Error('A table needs at least one column');
  table.forEach((row, i) => {
    if (row.length !== columns) {
      throw new Error(`Row ${i} of the table has ${row.length} cells; the first row has ${columns}`);
    }
    row.forEach((cell, j) => {
      if (!(Number.isFinite(cell) && cell >= 0)) {
        throw new Error(`Cell [${i}][${j}] must be a count of 0 or more, got ${cell}`);
      }
    });
  });
}

export const rowTotals = (table: readonly (readonly number[])[]) =>
  table.map((row) => row.reduce((sum, cell) => sum + cell, 0));

export const columnTotals = (table: readonly (readonly number[])[]) =>
  table[0]!.map((_, j) => table.reduce((sum, row) => sum + row[j]!, 0));
