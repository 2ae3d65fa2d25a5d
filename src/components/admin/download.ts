/** Saves text as a file in the browser (CSV exports). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  // A BOM lets spreadsheet programs read the UTF-8 correctly.
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
