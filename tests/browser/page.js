// The test page (tests/browser/browsers.test.js): the calls of its case (harness.js exerciseCase)
// on the page's main thread, then in a module Web Worker the page starts; one 'done' report with
// both results; then on to the next case's page, if any.
import { exerciseCase, report, settled, watch } from './harness.js';

watch(window, 'page');

function inWorker() {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./in-worker.js', import.meta.url), { type: 'module' });
    w.onmessage = (e) => {
      w.terminate();
      resolve(e.data);
    };
    w.onerror = (e) => reject(new Error(`the test's module worker failed: ${e.message || 'no message (did it load?)'}`));
  });
}

let result;
try {
  const page = await exerciseCase();
  report('page', 'progress', 'main thread done');
  result = { page, worker: await inWorker() };
} catch (e) {
  result = { error: String(e && e.stack ? e.stack : e) };
}
await settled();
await report('page', 'done', result);
// The next case's page, if the test has one (tests/browser/browsers.test.js runs them in turn).
const next = await (await fetch('/next', { cache: 'no-store' })).text();
if (next !== '') location.href = next;
