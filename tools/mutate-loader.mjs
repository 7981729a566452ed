// Module hooks for tools/mutate-check.js: a target file of the repository
// (targets/<backend>/<module>.js) is loaded with the bytes of the mutant's file of the same
// name in the mutant folder, when there is one. The URL stays the repository's, so the file's
// relative imports (../../runtime/link.js) resolve as they do for the real one.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let targets = '';
let mutant = '';

export function initialize(data) {
  targets = data.targets; // <repo>/targets, absolute
  mutant = data.mutant; // the mutant folder, absolute
}

export async function load(url, context, next) {
  if (url.startsWith('file:')) {
    const file = fileURLToPath(url);
    const rel = path.relative(targets, file);
    if (!rel.startsWith('..') && !path.isAbsolute(rel)) {
      const replacement = path.join(mutant, rel);
      if (existsSync(replacement)) return { format: 'module', source: readFileSync(replacement, 'utf8'), shortCircuit: true };
    }
  }
  return next(url, context);
}
