import { anyImportSource, type ImportSource } from './core/imports';
import type { Database } from './db/client';
import { headcountImport } from './modules/headcount';
import { courseImport, recordImport } from './modules/training';

// The lists that take an Excel file, registered here at the composition root as the exports are: a module
// describes its import, this file decides which the import mechanism knows.

export const productImports = (db: Database): ImportSource<unknown>[] => [
  anyImportSource(headcountImport(db)),
  anyImportSource(courseImport(db)),
  anyImportSource(recordImport(db)),
];
