import { anyExportSource, type ExportSources } from './core/exports';
import type { Database } from './db/client';
import type { Sealer } from './lib/sealed-values';
import { statisticsExport } from './modules/attendance';
import { headcountExport } from './modules/headcount';
import { onboardingExport } from './modules/onboarding';
import { prohibitedExport } from './modules/prohibited';
import { resignationExport } from './modules/resignation';
import { staffExport } from './modules/staff';
import { statisticsExports, type StatisticsContext } from './modules/statistics';
import { trainingExport } from './modules/training';
import { transferExport } from './modules/transfers';

// The lists the product exports, registered here at the composition root as the approval businesses are:
// a module describes its export, this file decides which the export jobs know.

export const productExports = (
  db: Database,
  sealer: Sealer,
  time: Omit<StatisticsContext, 'db'>,
): ExportSources =>
  new Map(
    [
      anyExportSource(staffExport(db, sealer)),
      anyExportSource(onboardingExport(db)),
      anyExportSource(prohibitedExport(db, sealer)),
      anyExportSource(headcountExport(db)),
      anyExportSource(trainingExport(db)),
      anyExportSource(transferExport(db)),
      anyExportSource(resignationExport(db)),
      anyExportSource(statisticsExport(db)),
      ...statisticsExports({ db, ...time }),
    ].map((source) => [source.kind, source]),
  );
