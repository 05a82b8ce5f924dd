import type pg from 'pg';
import { createLoadDictionary, MIXED_READS, percentile, writeDictionaryItem } from './api-load';
import { envelopeOf, sleep } from './scale-out-api';
import { goneOf, type Instance } from './scale-out-instances';
import type { PgCluster, Reconnecting } from './pg-cluster';
import { ms, type Report } from './scale-out-report';

// Mixed reads and writes over both instances, each connection taking them in turn (client-side round robin)
// and waiting for every answer; every write creates a dictionary item whose id the answer acknowledges.
// Afterwards PostgreSQL itself is asked whether each acknowledged write is there and whole. The same load is
// then run again with PostgreSQL stopped and started in its middle.

const CONNECTIONS = 200;
/** Item writes lock their type: spread over a few types, so the load is not one queue on one row. */
const TYPES = 8;
/** No request may wait longer: a hang counts as an error (status 0), it does not stall the run. */
const REQUEST_TIMEOUT_MS = 15_000;
/** A client backs off after a 503 or no answer, as a browser's retry would, rather than spin on it. */
const BACK_OFF_MS = 100;
/** Recovery after PostgreSQL is back must take no longer on any instance. */
const RECOVERY_LIMIT_MS = 5_000;

export interface Outcome {
  instance: number;
  write: boolean;
  started: number;
  ended: number;
  status: number;
  code: number;
  /** The acknowledged item's id. */
  id?: number;
  /** What a failure said. */
  message?: string;
}

export interface LoadTarget {
  instances: Instance[];
  authorization: string;
  typeIds: number[];
}

/** The dictionary types the writes of a load go to, created on the first instance. */
export async function loadTarget(
  instances: Instance[],
  authorization: string,
  tag: string,
): Promise<LoadTarget> {
  const headers = { authorization, 'content-type': 'application/json' };
  const typeIds: number[] = [];
  for (let type = 0; type < TYPES; type++)
    typeIds.push(await createLoadDictionary(instances[0]!.url, headers, `${tag}x${type}`));
  return { instances, authorization, typeIds };
}

async function runLoad(target: LoadTarget, seconds: number): Promise<Outcome[]> {
  const headers = { authorization: target.authorization, 'content-type': 'application/json' };
  const outcomes: Outcome[] = [];
  const deadline = performance.now() + seconds * 1000;
  let next = 0;
  const connection = async (index: number) => {
    for (let turn = 0; performance.now() < deadline; turn++) {
      const instance = (index + turn) % target.instances.length;
      const url = target.instances[instance]!.url;
      const write = turn % 3 === 2;
      const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
      const started = performance.now();
      let outcome: Outcome;
      try {
        const response = write
          ? await writeDictionaryItem(url, headers, target.typeIds[index % TYPES]!, next++, { signal })
          : await fetch(`${url}${MIXED_READS[turn % 3]}`, { headers, signal });
        const answer = envelopeOf<{ id: number }>(response.status, await response.text());
        outcome = {
          instance,
          write,
          started,
          ended: performance.now(),
          status: answer.status,
          code: answer.code,
        };
        if (answer.code !== 200) outcome.message = answer.message;
        else if (write && answer.data) outcome.id = answer.data.id;
      } catch (error) {
        const message =
          error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error);
        outcome = { instance, write, started, ended: performance.now(), status: 0, code: 0, message };
      }
      outcomes.push(outcome);
      if (outcome.status === 0 || outcome.status === 503) await sleep(BACK_OFF_MS);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => connection(index)));
  return outcomes;
}

/** `503×12 "…", 0×1 "…"`: failed answers by HTTP status (0: no answer), with what the first of each said. */
function tally(outcomes: readonly Outcome[]) {
  const counts = new Map<string, { count: number; message: string }>();
  for (const outcome of outcomes) {
    const key = `${outcome.status}${outcome.status === outcome.code ? '' : `/code ${outcome.code}`}`;
    const entry = counts.get(key) ?? { count: 0, message: (outcome.message ?? '').slice(0, 120) };
    counts.set(key, { ...entry, count: entry.count + 1 });
  }
  return [...counts].map(([key, { count, message }]) => `${key}×${count} "${message}"`).join(', ') || 'none';
}

const latencyOf = (outcomes: readonly Outcome[]) => {
  const sorted = outcomes.map((outcome) => outcome.ended - outcome.started).sort((a, b) => a - b);
  return `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1))}`;
};

/** Acknowledged writes found in PostgreSQL, and the items of the load's types that are not whole. */
async function writesCheck(db: pg.Client, outcomes: readonly Outcome[], typeIds: number[]) {
  const ids = outcomes.flatMap((outcome) => (outcome.id === undefined ? [] : [outcome.id]));
  const count = async (text: string, values: unknown[]) =>
    (await db.query<{ count: number }>(text, values)).rows[0]!.count;
  const found = await count('select count(*)::int as count from dictionary_items where id = any($1::int[])', [
    ids,
  ]);
  const present = await count(
    'select count(*)::int as count from dictionary_items where type_id = any($1::int[])',
    [typeIds],
  );
  // An item is written with its audit row in one transaction: one without the other is half a write.
  const withoutAudit = await count(
    `select count(*)::int as count from dictionary_items i where i.type_id = any($1::int[]) and not exists
       (select 1 from audit_logs a where a.entity = 'dictionary_item' and a.entity_id = i.id::text and a.action = 'create')`,
    [typeIds],
  );
  const orphans = await count(
    'select count(*)::int as count from dictionary_items i left join dictionary_types t on t.id = i.type_id where t.id is null',
    [],
  );
  return {
    acknowledged: ids.length,
    found,
    lost: ids.length - found,
    unacknowledged: present - found,
    withoutAudit,
    orphans,
  };
}

const writesLine = (writes: Awaited<ReturnType<typeof writesCheck>>) =>
  `writes acknowledged ${writes.acknowledged}, found ${writes.found}, lost ${writes.lost}; present but not ` +
  `acknowledged ${writes.unacknowledged}; items without their audit row ${writes.withoutAudit}, without their type ${writes.orphans}`;

/** Phase 4: the load with nothing going wrong. */
export async function steadyLoad(report: Report, target: LoadTarget, db: Reconnecting, seconds: number) {
  report.section(
    `Steady load: ${CONNECTIONS} connections of mixed reads and writes for ${seconds} s over A and B`,
  );
  const outcomes = await runLoad(target, seconds);
  const errors = outcomes.filter((outcome) => outcome.code !== 200);
  const writes = await writesCheck(await db.client(), outcomes, target.typeIds);
  report.figure(
    `steady: ${outcomes.length} requests (${Math.round(outcomes.length / seconds)} req/s), ${latencyOf(outcomes)}, ` +
      `errors ${errors.length}${errors.length > 0 ? ` (${tally(errors)})` : ''}`,
  );
  report.figure(`steady: ${writesLine(writes)}`);
  report.check('steady load: no errors', errors.length === 0, `${errors.length}`);
  report.check(
    'steady load: every acknowledged write is in PostgreSQL, whole',
    writes.lost === 0 && writes.withoutAudit === 0 && writes.orphans === 0,
    `lost ${writes.lost}, half-written ${writes.withoutAudit + writes.orphans}`,
  );
}

interface Restart {
  stopIssued: number;
  stopped: number;
  /** PostgreSQL accepted a connection again. */
  accepting: number;
}

/** `pg_ctl stop -m fast` in the middle of the load, about 3 s down, then `pg_ctl start`. */
async function restartMidway(cluster: PgCluster, seconds: number): Promise<Restart> {
  await sleep(Math.max(1_000, (seconds * 1000) / 2 - 1_500));
  const stopIssued = performance.now();
  await cluster.stopFast();
  const stopped = performance.now();
  await sleep(3_000);
  return { stopIssued, stopped, accepting: await cluster.start() };
}

/**
 * Per instance: the first acknowledged write (a transaction, not a read a cache may answer) asked after
 * PostgreSQL accepted again; and each answer sorted into a 503 allowed by the outage (from the stop until
 * that instance's recovery) or an error.
 */
function sortOutcomes(outcomes: readonly Outcome[], restart: Restart, instances: number) {
  const recoveredAt = Array.from({ length: instances }, (_, instance) => {
    const first = outcomes
      .filter((o) => o.instance === instance && o.id !== undefined && o.started >= restart.accepting)
      .reduce((earliest, o) => Math.min(earliest, o.ended), Infinity);
    return Number.isFinite(first) ? first : undefined;
  });
  const allowed = (o: Outcome) =>
    o.status === 503 && o.ended >= restart.stopIssued && o.started <= (recoveredAt[o.instance] ?? Infinity);
  return {
    recoveredAt,
    unavailable: outcomes.filter(allowed),
    errors: outcomes.filter((o) => o.code !== 200 && !allowed(o)),
  };
}

/** Phase 5: the same load with PostgreSQL restarted in its middle. */
export async function restartLoad(
  report: Report,
  target: LoadTarget,
  cluster: PgCluster,
  db: Reconnecting,
  seconds: number,
) {
  // Long enough for the stop, ~3 s down, the start and the recovery limit after it.
  const duration = Math.max(seconds, 15);
  report.section(
    `Load with PostgreSQL restarted midway: ${CONNECTIONS} connections for ${duration} s over A and B`,
  );
  const [outcomes, restart] = await Promise.all([
    runLoad(target, duration),
    restartMidway(cluster, duration),
  ]);
  const { recoveredAt, unavailable, errors } = sortOutcomes(outcomes, restart, target.instances.length);
  const writes = await writesCheck(await db.client(), outcomes, target.typeIds);
  report.figure(
    `restart: PostgreSQL stop -m fast took ${ms(restart.stopped - restart.stopIssued)}, down until it accepted ` +
      `again ${ms(restart.accepting - restart.stopped)}`,
  );
  const whileDown = unavailable.filter((o) => o.ended <= restart.accepting).length;
  report.figure(
    `restart: ${outcomes.length} requests, ${latencyOf(outcomes)}; 503 ${unavailable.length} (${whileDown} while ` +
      `down, ${unavailable.length - whileDown} before recovery; ` +
      `${unavailable.length > 0 ? latencyOf(unavailable) : 'none'}); other errors ${errors.length}` +
      (errors.length > 0 ? ` (${tally(errors)})` : ''),
  );
  target.instances.forEach((instance, index) => {
    const recovery = recoveredAt[index] === undefined ? undefined : recoveredAt[index]! - restart.accepting;
    report.figure(
      `restart: instance ${instance.name} recovered (first acknowledged write) ${ms(recovery)} after PostgreSQL accepted again`,
    );
    report.check(
      `restart: instance ${instance.name} recovers within ${RECOVERY_LIMIT_MS} ms`,
      recovery !== undefined && recovery <= RECOVERY_LIMIT_MS,
      ms(recovery),
    );
  });
  for (const instance of target.instances) {
    const gone = goneOf(instance);
    report.check(`restart: instance ${instance.name} is still running`, gone === undefined, gone ?? 'yes');
  }
  report.figure(`restart: ${writesLine(writes)}`);
  report.check(
    'restart: no errors besides 503 while PostgreSQL was down',
    errors.length === 0,
    `${errors.length}`,
  );
  report.check(
    'restart: every acknowledged write is in PostgreSQL, none half-written',
    writes.lost === 0 && writes.withoutAudit === 0 && writes.orphans === 0,
    `lost ${writes.lost}, half-written ${writes.withoutAudit + writes.orphans}`,
  );
}
