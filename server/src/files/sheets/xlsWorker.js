// Reads an old binary .xls workbook (BIFF) in a worker thread with SheetJS (npm `xlsx` 0.18.5).
// That release carries CVE-2023-30533 (prototype pollution) and CVE-2024-22363 (ReDoS) and gets no
// fixes on npm, so it never runs in the server's own isolate: this worker has its own heap and
// prototypes, a memory cap and a deadline (see xls.ts), and only plain string rows leave it.
// Plain JavaScript on purpose: a worker thread does not get the TypeScript loader of its parent.
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS worker script, see above */
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const XLSX = require('xlsx');

const CHUNK = 2000;

function cellText(v) {
  if (v === null || v === undefined) return '';
  // Phone numbers typed into Excel are numbers: never let them turn into 1.38e10.
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(0) : String(v);
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

try {
  const wb = XLSX.readFile(workerData.file, {
    type: 'file',
    dense: true,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    cellDates: false,
    // One row more than allowed tells "too many rows" without reading the rest.
    sheetRows: workerData.maxRows + 2,
    sheets: 0,
  });
  const first = wb.SheetNames[0];
  const rows = first
    ? XLSX.utils.sheet_to_json(wb.Sheets[first], { header: 1, raw: true, defval: '', blankrows: true })
    : [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK).map((r) => (Array.isArray(r) ? r.map(cellText) : []));
    parentPort.postMessage({ kind: 'rows', start: i, rows: chunk });
  }
  parentPort.postMessage({ kind: 'done', total: rows.length });
} catch (e) {
  parentPort.postMessage({ kind: 'error', message: String((e && e.message) || e) });
}
