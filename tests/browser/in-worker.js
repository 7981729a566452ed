// The module Web Worker of the test page: the same calls as on the main thread, where sync calls
// may block and so use the pool too. Posts its result to the page.
import { exercise, settled, watch } from './harness.js';

watch(self, 'worker');
let result;
try {
  result = await exercise();
} catch (e) {
  result = { error: String(e && e.stack ? e.stack : e) };
}
await settled();
postMessage(result);
