// The module Web Worker of the test page: the same calls as on the main thread, where sync calls
// may block and so use the pool too. Posts its result to the page.
import { exerciseCase, settled, watch } from './harness.js';

watch(self, 'worker');
let result;
try {
  result = await exerciseCase();
} catch (e) {
  result = { error: String(e && e.stack ? e.stack : e) };
}
await settled();
postMessage(result);
