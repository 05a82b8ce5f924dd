// What the fault suite prints: PASS/FAIL lines as the checks run, and the figures kept for a closing summary
// that can be pasted as it is.

export class Report {
  private readonly checks: { name: string; pass: boolean }[] = [];
  private readonly figures: string[] = [];

  section(title: string) {
    console.log(`\n== ${title}`);
  }

  check(name: string, pass: boolean, detail = '') {
    this.checks.push({ name, pass });
    console.log(`${pass ? 'PASS' : 'FAIL'}  ${name}${detail ? `: ${detail}` : ''}`);
  }

  /** A check whose steps may throw (a feature missing, an instance gone): that is its FAIL, not the run's end. */
  async attempt(name: string, probe: () => Promise<{ pass: boolean; detail: string }>) {
    try {
      const { pass, detail } = await probe();
      this.check(name, pass, detail);
    } catch (error) {
      this.check(name, false, `could not run: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** A line printed now and again in the summary. */
  figure(line: string) {
    console.log(`  ${line}`);
    this.figures.push(line);
  }

  get failed() {
    return this.checks.filter((check) => !check.pass).length;
  }

  printSummary() {
    const failed = this.checks.filter((check) => !check.pass);
    console.log('\n== Summary');
    for (const line of this.figures) console.log(`- ${line}`);
    console.log(`- checks: ${this.checks.length - failed.length} passed, ${failed.length} failed`);
    for (const check of failed) console.log(`  - FAIL ${check.name}`);
  }
}

export const ms = (value: number | undefined) => (value === undefined ? '—' : `${Math.round(value)} ms`);
