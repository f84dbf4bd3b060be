// Prints the closing line CI reads ("N passed, N failed") from vitest's JSON report.
import { existsSync, readFileSync } from 'node:fs';

const [file, status] = process.argv.slice(2);
if (existsSync(file)) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const failed = r.numFailedTests + (Number(status) !== 0 && r.numFailedTests === 0 ? 1 : 0);
  console.log(`${r.numPassedTests} passed, ${failed} failed`);
} else {
  // The checks before the test runner (format, lint, types) failed, or the runner did not start.
  console.log(`0 passed, ${Number(status) === 0 ? 0 : 1} failed`);
}
