// The WebAssembly CLI (build/wasm/attnbook-cli.cjs, what `scripts/attnbook --wasm` runs), many
// command lines in ONE Node process: starting Node once per case would cost ~100 ms each.
//
// The .cjs is Emscripten's output for main() in engine/cli/main.cpp, unchanged. Its text is
// compiled once as a function and called once per command line, each call a fresh program
// (its own Module, memory and static data), like a fresh process. What a process would give it is
// handed in instead:
//   - Module.arguments (the command line), Module.instantiateWasm (the .wasm compiled once);
//   - Module.quit: main's exit status (EXIT_RUNTIME=1 calls it; a real process would exit);
//   - require('fs') with fd 1 and 2 captured (NODERAWFS writes stdout and stderr by
//     fs.writeSync(1|2, ...)) and never closed (FS.quit closes its streams at exit);
//   - /proc/self/cmdline: the command line as raw bytes, which main.cpp reads when an argument
//     holds U+FFFD (Node replaces a byte that is not UTF-8 before the program starts).
//   - process: the real one, except argv, exit, exitCode and on (no handlers left behind).
//
//   const cli = await loadWasmCli(dir);
//   cli.run(['explore', '--query', '2,1'], { cwd }) -> { status, stdout, stderr } (Buffers)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { createRequire } from 'node:module';

export async function loadWasmCli(dir) {
  dir = path.resolve(dir);
  const file = path.join(dir, 'attnbook-cli.cjs');
  const source = fs.readFileSync(file, 'utf8');
  const wasm = await WebAssembly.compile(fs.readFileSync(path.join(dir, 'attnbook-cli.wasm')));
  const program = vm.compileFunction(source, ['require', 'module', 'exports', '__filename', '__dirname', 'process', 'Module'],
    { filename: file });
  const realRequire = createRequire(file);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'attnbook-golden-cmdline-'));

  function run(args, { cwd } = {}) {
    const argv = args.map((a) => (Buffer.isBuffer(a) ? a.toString('utf8') : a));
    const out = [], err = [];
    let status = null;
    const cmdline = path.join(scratch, 'cmdline');
    fs.writeFileSync(cmdline, Buffer.concat([process.execPath, '--no-experimental-fetch', file, ...args]
      .map((a) => Buffer.concat([Buffer.from(a), Buffer.from([0])]))));
    const fakeFs = Object.create(fs);
    fakeFs.writeSync = (fd, buffer, offset = 0, length, position) => {
      if (fd !== 1 && fd !== 2) return fs.writeSync(fd, buffer, offset, length, position);
      const bytes = Buffer.from(buffer.buffer ?? buffer, buffer.byteOffset ?? 0).subarray(offset, offset + (length ?? buffer.length - offset));
      (fd === 1 ? out : err).push(Buffer.from(bytes));
      return bytes.length;
    };
    fakeFs.closeSync = (fd) => (fd > 2 ? fs.closeSync(fd) : undefined);
    fakeFs.openSync = (p, ...rest) => fs.openSync(p === '/proc/self/cmdline' ? cmdline : p, ...rest);
    const fakeRequire = (name) => (name === 'fs' || name === 'node:fs' ? fakeFs : realRequire(name));
    const fakeProcess = new Proxy(process, {
      get(target, key) {
        if (key === 'argv') return [process.execPath, file, ...argv];
        if (key === 'exit') return (code) => { status ??= code ?? 0; throw new Error('exit'); };
        if (key === 'on' || key === 'once') return () => fakeProcess;
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
      set(target, key, value) {
        if (key === 'exitCode') { status ??= value; return true; }
        return Reflect.set(target, key, value);
      },
    });
    const Module = {
      arguments: argv,
      instantiateWasm(imports, receive) {
        receive(new WebAssembly.Instance(wasm, imports), wasm);
        return {};
      },
      quit(code, toThrow) { status ??= code; throw toThrow; },
    };
    const before = process.cwd();
    if (cwd) process.chdir(cwd);
    try {
      program(fakeRequire, { exports: {} }, {}, file, dir, fakeProcess, Module);
    } catch (e) {
      if (status === null) throw e;
    } finally {
      process.chdir(before);
    }
    if (status === null) throw new Error(`the WebAssembly CLI did not finish synchronously: ${args.join(' ')}`);
    return { status, stdout: Buffer.concat(out), stderr: Buffer.concat(err) };
  }

  return { run, close: () => fs.rmSync(scratch, { recursive: true, force: true }) };
}
