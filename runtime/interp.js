// The tiny interpreter behind the `runtime` target: runs the register bytecode that awasmc's
// emit_bytecode.cpp writes (docs/architecture.md, "The runtime bytecode"). All values are 32-bit
// (64-bit values were lowered to pairs by the compiler); registers hold int32.
// Small rather than fast: the text is decoded once into five integers per instruction (opcode and
// four operands, absolute registers) that one switch runs; no code generation, works under any
// Content-Security-Policy.

// The fields of every op in the text, by opcode (kOps in emit_bytecode.cpp): v the instruction's
// value (the next register: nothing in the text), r an operand, n a number, j / J a jump target
// as a distance forward / back. Opcode 0 (const) only comes from a program's constant pool; TO
// (`to k`) makes the next instruction write its value to fixed register k.
const FORMATS = ',vr,nr,vrn,vrn,vrn,rrn,rrn,rrn,r,vrr,vrr,vrr,vrr,vrr,vrr,vrr,vrr,vrr,vrr,vrr,vrr,vrr,vrr,vrr,vr,vr,vrrr,vrrn,vrrr,nrj,nJ,j,rj,vrrr,n,vrrr'.split(',');
const TO = 35;
const VERSION = 3;

// A program's text: base-45 varints in the characters '#'..'~' without ' and \ (every digit but
// the last is 45 + digit): VERSION, the number of fixed registers, the constant pool (count, then
// register and zigzag value each), then per instruction its opcode and its fields. An operand r
// is 2k + 1 for fixed register k (parameters, locals, constants) or 2(d - 1) for the value d values
// back.
function decode(text) {
  let p = 0;
  const num = () => {
    let v = 0;
    for (;;) {
      let c = text.charCodeAt(p++);
      c -= 35 + (c > 39) + (c > 92);
      if (!(c >= 0)) throw new Error('interp: truncated');
      if (c < 45) return v * 45 + c;
      v = v * 45 + c - 45;
    }
  };
  if (num() !== VERSION) throw new Error('interp: version');
  const fixed = num();
  const consts = num();
  const code = [];
  for (let i = 0; i < consts; i++) {
    const reg = num(), z = num();
    code.push(0, reg, (z >>> 1) ^ -(z & 1), 0, 0);
  }
  let values = 0, dest = -1;
  for (let i = consts; p < text.length; ) {
    const op = num();
    if (op === TO) {
      dest = num();
      continue;
    }
    const format = FORMATS[op]; // ('' for 0: const only comes from the pool)
    if (!format) throw new Error(`interp: opcode ${op}`);
    let at = code.push(op, 0, 0, 0, 0) - 4;
    for (const t of format) {
      const v = t === 'v' ? (dest < 0 ? fixed + values : dest) : num();
      code[at++] = t === 'r' ? (v & 1 ? v >> 1 : fixed + values - 1 - (v >> 1)) : t === 'j' ? (i + v) * 5 : t === 'J' ? (i - v) * 5 : v;
    }
    if (format[0] === 'v' && dest < 0) values++;
    dest = -1;
    i++;
  }
  return { code: Int32Array.from(code), registers: fixed + values };
}

/**
 * Runs the bytecode functions of a runtime target over one fresh memory: `list` holds the target's
 * function descriptors ({ name, params, result, data, code }), each a program of its own;
 * `data` are the constant regions it reads.
 */
export function linkProgram(memoryBytes, list) {
  const buffer = new ArrayBuffer(memoryBytes);
  const M8 = new Uint8Array(buffer);
  const M16 = new Uint16Array(buffer);
  const M32 = new Int32Array(buffer);

  function run(code, r) {
    for (let pc = 0; ; ) {
      const o = code[pc], d = code[pc + 1], a = code[pc + 2], b = code[pc + 3];
      pc += 5;
      switch (o) {
        case 0: r[d] = a; break; // const
        case 1: case 2: r[d] = r[a]; break; // mov, set
        case 3: r[d] = M8[b + r[a]]; break; // load8..32: d = M[b + index a] (b in elements)
        case 4: r[d] = M16[b + r[a]]; break;
        case 5: r[d] = M32[b + r[a]]; break;
        case 6: M8[b + r[d]] = r[a]; break; // store8..32: M[b + index d] = a
        case 7: M16[b + r[d]] = r[a]; break;
        case 8: M32[b + r[d]] = r[a]; break;
        case 9: return r[d];
        case 10: r[d] = (r[a] + r[b]) | 0; break;
        case 11: r[d] = (r[a] - r[b]) | 0; break;
        case 12: r[d] = Math.imul(r[a], r[b]); break;
        case 13: r[d] = r[a] & r[b]; break;
        case 14: r[d] = r[a] | r[b]; break;
        case 15: r[d] = r[a] ^ r[b]; break;
        case 16: r[d] = r[a] << r[b]; break;
        case 17: r[d] = r[a] >>> r[b]; break;
        case 18: r[d] = r[a] >> r[b]; break;
        case 19: r[d] = +(r[a] === r[b]); break;
        case 20: r[d] = +(r[a] !== r[b]); break;
        case 21: r[d] = +(r[a] >>> 0 < r[b] >>> 0); break;
        case 22: r[d] = +(r[a] < r[b]); break;
        case 23: r[d] = +(r[a] >>> 0 <= r[b] >>> 0); break;
        case 24: r[d] = +(r[a] <= r[b]); break;
        case 25: r[d] = ~r[a]; break;
        case 26: r[d] = +(r[a] === 0); break;
        case 27: r[d] = r[a] ? r[b] : r[code[pc - 1]]; break; // select
        case 28: r[d] = (r[a] >>> code[pc - 1]) | (r[b] << (32 - code[pc - 1])); break; // fsr
        case 29: r[d] = (r[a] << r[code[pc - 1]]) | (r[b] >>> (32 - r[code[pc - 1]])); break; // fsl
        case 30: if (r[d] >>> 0 >= r[a] >>> 0) pc = b; break; // loop_test: counter d, count a, exit b
        case 31: r[d]++; pc = a; break; // loop_next
        case 32: pc = d; break; // jump
        case 33: if (r[d] === 0) pc = a; break; // jump_if_zero
        case 34: r[d] = ((r[a] >>> 0) + (r[b] >>> 0) + (r[code[pc - 1]] >>> 0)) / 4294967296 | 0; break; // carry: 0..2
        case 36: r[d] = ((r[a] >>> 0) * (r[b] >>> 0) - (r[code[pc - 1]] >>> 0) + 2147483648) / 4294967296 | 0; break; // mulhi_u(a, b, imul(a, b))
        // (No default: decode() refused every other opcode.)
      }
    }
  }

  const fns = {};
  for (const d of list) {
    for (const [offset, b64] of d.data) M8.set(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)), offset);
    const { code, registers } = decode(d.code);
    const regs = new Int32Array(registers);
    const { params, result } = d;
    const f = (...args) => {
      for (let i = 0; i < params; i++) regs[i] = args[i] | 0;
      try {
        const v = run(code, regs);
        return result === 'u32' ? v >>> 0 : result ? v : undefined;
      } finally {
        regs.fill(0); // registers held message- and state-derived values: none stay behind
      }
    };
    fns[d.name] = d.wrap ? d.wrap(f, new Uint32Array(buffer)) : f; // u64 parameters or results
  }
  return { mem: M8, fns };
}
