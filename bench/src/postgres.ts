import pg from 'pg';

const postgresServer = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh database on the benchmark's PostgreSQL server for `run`, dropped afterwards. */
export async function withPostgresDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const name = `dealer_hr_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresServer });
  await admin.connect();
  await admin.query(`drop database if exists "${name}"`);
  await admin.query(`create database "${name}"`);
  try {
    const url = new URL(postgresServer);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
