import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableColumns, type Table } from 'drizzle-orm';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditEntity } from '../packages/shared/src/audit/rules';
import * as schema from '../apps/server/src/db/schema';

// The audit log shows every kind of record, action and field by its label, in every language. Entities
// and actions are the shared lists the server's writes are typed with; fields are the columns of the
// tables whose rows the services record, and every key of the records the server hands to writeAudit, read
// from their types, so a key a service adds is checked without a list to keep.

const LANGUAGES = ['zh', 'en', 'es', 'ja'] as const;

interface AuditLocale {
  entities: Record<string, string>;
  actions: Record<string, string>;
  fields: Record<string, string>;
}

const localeOf = (language: string): AuditLocale =>
  JSON.parse(
    readFileSync(new URL(`../apps/web/src/locales/${language}/audit.json`, import.meta.url), 'utf8'),
  ) as AuditLocale;

/** The table whose rows each entity records; grants record id lists of their own. */
const tableOf: Partial<Record<AuditEntity, Table>> = {
  approval_flow: schema.approvalFlows,
  attendance_correction: schema.attendanceCorrections,
  attendance_group: schema.attendanceGroups,
  attendance_month: schema.attendanceMonths,
  attendance_schedule: schema.attendanceSchedules,
  attendance_shift: schema.attendanceShifts,
  holiday: schema.holidayCalendar,
  leave_request: schema.leaveRequests,
  leave_ledger: schema.leaveLedger,
  overtime_request: schema.overtimeRequests,
  department: schema.departments,
  dictionary_type: schema.dictionaryTypes,
  dictionary_item: schema.dictionaryItems,
  dispatch: schema.dispatches,
  employee: schema.employees,
  exclusion_rule: schema.exclusionRules,
  headcount_plan: schema.headcountPlans,
  job_transfer: schema.jobTransfers,
  menu: schema.menus,
  onboarding: schema.onboardingEntries,
  post: schema.posts,
  prohibited_entry: schema.prohibitedEntries,
  resignation: schema.resignations,
  resignation_setting: schema.resignationSettings,
  clock_point: schema.clockPoints,
  role: schema.roles,
  rotation_plan: schema.rotationPlans,
  rotation_stage: schema.rotationStages,
  store: schema.stores,
  training_course: schema.trainingCourses,
  user: schema.users,
};

/** Columns the audit log never keeps: secrets, sealed values and search keys (lib/audit.ts, sealed-values). */
const neverRecorded = new Set([
  'passwordHash',
  'idNumberSealed',
  'idNumberIndex',
  'idNumberMasked',
  'namePinyin',
  'nameInitials',
]);

const REPO = fileURLToPath(new URL('..', import.meta.url));
const SERVER_SOURCES = path.join(REPO, 'apps/server/src') + path.sep;
const AUDIT_WRITER = path.join(REPO, 'apps/server/src/lib/audit.ts');

interface Writes {
  /** How many calls of writeAudit were read. */
  calls: number;
  /** Every key of a record written as `before` or `after`. */
  keys: Set<string>;
  /** The records whose keys their type does not tell (`Record<string, unknown>`, a type parameter...). */
  untold: string[];
}

/**
 * The keys of the records the server writes to the audit log: every call of writeAudit (lib/audit.ts) in the
 * server's sources, with the properties of the types of its `before` and `after`, as the compiler sees them.
 */
function serverWrites(): Writes {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(REPO, 'apps/server/tsconfig.json'),
    undefined,
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('apps/server/tsconfig.json could not be read');
  const isSource = (file: string) => file.startsWith(SERVER_SOURCES) && !file.endsWith('.test.ts');
  // Only the files that call it are roots; what they import comes along, so every type is whole.
  const roots = config.fileNames.filter(
    (file) => isSource(file) && ts.sys.readFile(file)?.includes('writeAudit('),
  );
  const program = ts.createProgram(roots, { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const writes: Writes = { calls: 0, keys: new Set(), untold: [] };

  const read = (call: ts.CallExpression, entry: ts.Expression) => {
    const file = call.getSourceFile();
    const where = `${path.relative(REPO, file.fileName)}:${file.getLineAndCharacterOfPosition(call.getStart()).line + 1}`;
    const entryType = checker.getTypeAtLocation(entry);
    for (const side of ['before', 'after']) {
      const property = entryType.getProperty(side);
      if (!property) continue;
      const type = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(property, call));
      for (const member of type.isUnion() ? type.types : [type]) {
        if (member.flags & ts.TypeFlags.Never) continue; // `null`: no record on that side
        const properties = checker.getPropertiesOfType(member);
        if (properties.length === 0 || checker.getIndexInfosOfType(member).length > 0) {
          writes.untold.push(`${where} ${side}: ${checker.typeToString(member)}`);
          continue;
        }
        for (const { name } of properties) writes.keys.add(name);
      }
    }
  };

  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'writeAudit'
    ) {
      const declaration = checker.getResolvedSignature(node)?.getDeclaration();
      const entry = node.arguments[2];
      if (declaration?.getSourceFile().fileName === AUDIT_WRITER && entry) {
        writes.calls += 1;
        read(node, entry);
      }
    }
    ts.forEachChild(node, visit);
  };
  for (const file of program.getSourceFiles()) if (isSource(file.fileName)) visit(file);
  return writes;
}

const tableColumns = new Set(Object.values(tableOf).flatMap((table) => Object.keys(getTableColumns(table))));

let writes: Writes;
let recordedFields: string[];
beforeAll(() => {
  writes = serverWrites();
  recordedFields = [...new Set([...tableColumns, ...writes.keys])].filter(
    (field) => !neverRecorded.has(field),
  );
}, 180_000);

describe('audit labels', () => {
  for (const language of LANGUAGES) {
    it(`names every entity, action and recorded field in ${language}`, () => {
      const locale = localeOf(language);
      const missing = [
        ...AUDIT_ENTITIES.filter((entity) => !locale.entities[entity]).map((key) => `entities.${key}`),
        ...AUDIT_ACTIONS.filter((action) => !locale.actions[action]).map((key) => `actions.${key}`),
        ...recordedFields.filter((field) => !locale.fields[field]).map((key) => `fields.${key}`),
      ];
      expect(missing).toEqual([]);
    });
  }

  it('reads the keys of every record the server writes from its type', () => {
    expect(writes.untold).toEqual([]);
    expect(writes.calls).toBeGreaterThan(0);
    // The keys written beside a table's columns (grants, a freeze's sessions, an export's filters) are read too.
    expect([...writes.keys].filter((key) => !tableColumns.has(key)).length).toBeGreaterThan(0);
  });

  it('covers every entity with a table or says why not', () => {
    const withoutTable = AUDIT_ENTITIES.filter((entity) => !tableOf[entity]);
    // Grants record id lists; an attendance day records only its explanation and how it was reviewed.
    expect(withoutTable).toEqual(['attendance_day', 'post_roles', 'role_menus', 'user_roles']);
  });
});
