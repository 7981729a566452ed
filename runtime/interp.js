// The tiny interpreter behind the `runtime` target: runs the register bytecode
// that awasmc's emit_bytecode.cpp writes (five integers per instruction: opcode
// and four operands, as decimal text in columns). All values are 32-bit (64-bit values
// were lowered to pairs by the compiler); registers hold int32.
// Small and debuggable rather than fast: one switch, no code generation, works
// under any Content-Security-Policy.

const HANDLED = [
  'const', 'local.get', 'local.set', 'load', 'store', 'return',
  'add', 'sub', 'mul', 'and', 'or', 'xor', 'shl', 'shr_u', 'shr_s',
  'eq', 'ne', 'lt_u', 'lt_s', 'le_u', 'le_s', 'gt_u', 'gt_s', 'ge_u', 'ge_s',
  'not', 'eqz', 'select', 'retag',
  'loop_test', 'loop_next', 'jump', 'jump_if_zero',
  'carry',
];
const OP = Object.fromEntries(HANDLED.map((name, i) => [name, i]));

// A program's text (emit_bytecode.cpp: program_text): five ';'-separated columns of decimal
// integers, opcodes then operands d, a, b (stored minus the instruction's index) and c.
function decode(text, count, ops) {
  const cols = text.split(';');
  if (cols.length !== 5) throw new Error('interp: malformed bytecode');
  const code = new Int32Array(count * 5);
  for (let k = 0; k < 5; k++) {
    const col = cols[k].split(',');
    if (col.length !== count) throw new Error('interp: truncated bytecode');
    for (let i = 0; i < count; i++) {
      const v = Number(col[i]);
      if (!Number.isInteger(v)) throw new Error('interp: malformed bytecode');
      code[i * 5 + k] = k >= 1 && k <= 3 ? v + i : v;
    }
  }
  // Translate the program's opcode numbers into ours, by name.
  for (let i = 0; i < code.length; i += 5) {
    const name = ops[code[i]];
    const mine = OP[name];
    if (mine === undefined) throw new Error(`interp: unsupported op '${name}'`);
    code[i] = mine;
  }
  return code;
}

/**
 * Runs the bytecode functions of a runtime target over one fresh memory: `list` holds the target's
 * function descriptors ({ name, params, result, data, ops, instructions, registers, code }), each
 * a program of its own (jumps relative to its start); `data` are the constant regions it reads.
 */
export function linkProgram(memoryBytes, list) {
  const buffer = new ArrayBuffer(memoryBytes);
  const M8 = new Uint8Array(buffer);
  const M16 = new Uint16Array(buffer);
  const M32 = new Int32Array(buffer);

  function run(code, pc, r) {
    for (;;) {
      const o = code[pc], d = code[pc + 1], a = code[pc + 2], b = code[pc + 3], c = code[pc + 4];
      pc += 5;
      switch (o) {
        case 0: r[d] = a; break; // const
        case 1: r[d] = r[a]; break; // local.get
        case 2: r[d] = r[a]; break; // local.set (d is the local)
        case 3: { // load: d = M[(idx?) + base], c = 0 u8, 1 u16, 2 u32
          const i = a < 0 ? 0 : r[a];
          r[d] = c === 2 ? M32[(b >> 2) + i] : c === 1 ? M16[(b >> 1) + i] : M8[b + i];
          break;
        }
        case 4: { // store: d = memory type, a = idx, b = value, c = base
          const i = a < 0 ? 0 : r[a];
          if (d === 2) M32[(c >> 2) + i] = r[b];
          else if (d === 1) M16[(c >> 1) + i] = r[b];
          else M8[c + i] = r[b];
          break;
        }
        case 5: return a < 0 ? undefined : d ? r[a] >>> 0 : r[a]; // return
        case 6: r[d] = (r[a] + r[b]) | 0; break;
        case 7: r[d] = (r[a] - r[b]) | 0; break;
        case 8: r[d] = Math.imul(r[a], r[b]); break;
        case 9: r[d] = r[a] & r[b]; break;
        case 10: r[d] = r[a] | r[b]; break;
        case 11: r[d] = r[a] ^ r[b]; break;
        case 12: r[d] = r[a] << r[b]; break;
        case 13: r[d] = r[a] >>> r[b]; break;
        case 14: r[d] = r[a] >> r[b]; break;
        case 15: r[d] = +(r[a] === r[b]); break;
        case 16: r[d] = +(r[a] !== r[b]); break;
        case 17: r[d] = +(r[a] >>> 0 < r[b] >>> 0); break;
        case 18: r[d] = +(r[a] < r[b]); break;
        case 19: r[d] = +(r[a] >>> 0 <= r[b] >>> 0); break;
        case 20: r[d] = +(r[a] <= r[b]); break;
        case 21: r[d] = +(r[a] >>> 0 > r[b] >>> 0); break;
        case 22: r[d] = +(r[a] > r[b]); break;
        case 23: r[d] = +(r[a] >>> 0 >= r[b] >>> 0); break;
        case 24: r[d] = +(r[a] >= r[b]); break;
        case 25: r[d] = ~r[a]; break;
        case 26: r[d] = +(r[a] === 0); break;
        case 27: r[d] = r[a] ? r[b] : r[c]; break;
        case 28: r[d] = r[a]; break; // retag
        case 29: if (r[d] >>> 0 >= r[a] >>> 0) pc = b * 5; break; // loop_test: counter d, count a, exit b
        case 30: r[d] = (r[d] + 1) | 0; pc = a * 5; break; // loop_next
        case 31: pc = d * 5; break; // jump
        case 32: if (r[d] === 0) pc = a * 5; break; // jump_if_zero
        case 33: r[d] = ((r[a] >>> 0) + (r[b] >>> 0) + (r[c] >>> 0)) / 4294967296 | 0; break; // carry: 0..2
        default: throw new Error(`interp: bad opcode ${o} at ${pc - 5}`);
      }
    }
  }

  const fns = {};
  for (const d of list) {
    for (const [offset, b64] of d.data) M8.set(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)), offset);
    const code = decode(d.code, d.instructions, d.ops);
    const regs = new Int32Array(d.registers);
    const params = d.params;
    const f = (...args) => {
      for (let i = 0; i < params; i++) regs[i] = args[i] | 0;
      try {
        return run(code, 0, regs);
      } finally {
        regs.fill(0); // registers held message- and state-derived values: none stay behind
      }
    };
    fns[d.name] = d.wrap ? d.wrap(f, new Uint32Array(buffer)) : f; // u64 parameters or results
  }
  return { mem: M8, fns };
}
