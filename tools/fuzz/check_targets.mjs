// The fuzzer's output checker: a long-lived node process that awasmc_fuzz feeds
// over a pipe. Each request is one line, a JSON array ["check", outDir, marker];
// the reply is one line, "ok" or "<class>\t<message>". It checks, WITHOUT running
// any generated code:
//   - every .js file under outDir parses as an ES module (vm.SourceTextModule
//     compiles but does not link or evaluate; needs --experimental-vm-modules);
//   - no generated file has `marker` as an identifier in code (a hostile name that
//     escaped its string literal or comment; checked with TypeScript's parser when
//     the text contains the marker at all);
//   - MANIFEST.json parses as JSON and lists exactly the written files, with their
//     SHA-256;
//   - nothing else (e.g. a leftover *.tmp) is in outDir.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { createInterface } from 'node:readline';
import vm from 'node:vm';

const projectRoot = process.argv[2] || process.cwd();
let ts = null;
try {
  ts = createRequire(join(projectRoot, 'package.json'))('typescript');
} catch {
  process.stderr.write('check_targets: typescript not found, injection check limited to a text scan\n');
}

function walk(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

// Identifiers named `marker` in code (not in strings or comments).
function injected(text, marker, file) {
  if (!text.includes(marker)) return false;
  if (!ts) return true; // conservative without a parser: the marker should not survive at all
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  let found = false;
  const visit = (n) => {
    if (found) return;
    if (n.kind === ts.SyntaxKind.Identifier && n.text === marker) found = true;
    else ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

function check(outDir, marker) {
  let files;
  try {
    files = walk(outDir);
  } catch (e) {
    return `missing-output\tcannot list ${outDir}: ${e.message}`;
  }
  const rel = (p) => relative(outDir, p).split(sep).join('/');
  const written = new Map();
  for (const f of files) {
    const r = rel(f);
    const bytes = readFileSync(f);
    if (r === 'MANIFEST.json') continue;
    if (!r.endsWith('.js')) return `stray-output\tunexpected file ${JSON.stringify(r)}`;
    written.set(r, bytes);
    const text = bytes.toString('utf8');
    try {
      new vm.SourceTextModule(text, { identifier: f });
    } catch (e) {
      return `target-parse-error\t${r}: ${String(e && e.message).split('\n')[0]}`;
    }
    if (marker && injected(text, marker, f)) return `injection\t${r}: identifier ${marker} in generated code`;
  }
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(outDir, 'MANIFEST.json'), 'utf8'));
  } catch (e) {
    return `manifest-invalid\t${String(e && e.message).split('\n')[0]}`;
  }
  const listed = manifest && typeof manifest.files === 'object' && manifest.files ? manifest.files : null;
  if (!listed) return 'manifest-invalid\tno "files" object';
  const keys = Object.keys(listed);
  for (const k of keys) {
    const r = k.startsWith('targets/') ? k.slice('targets/'.length) : k;
    const bytes = written.get(r);
    if (!bytes) return `manifest-mismatch\tlists ${JSON.stringify(k)}, not written`;
    if (createHash('sha256').update(bytes).digest('hex') !== listed[k])
      return `manifest-mismatch\twrong SHA-256 for ${JSON.stringify(k)}`;
  }
  if (keys.length !== written.size) return `manifest-mismatch\t${written.size} files written, ${keys.length} listed`;
  return 'ok';
}

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => {
  let reply;
  try {
    const [cmd, outDir, marker] = JSON.parse(line);
    reply = cmd === 'check' ? check(outDir, marker) : `checker-error\tunknown command ${cmd}`;
  } catch (e) {
    reply = `checker-error\t${String(e && e.message)}`;
  }
  process.stdout.write(reply.replace(/[\r\n]+/g, ' ') + '\n');
});
