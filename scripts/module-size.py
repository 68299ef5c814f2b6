#!/usr/bin/env python3
"""What a shipped WASM module is made of: its size (raw and gzip -9; the learner's module against engine/module-budget.json)
and the code section split by origin, read from the function bodies and the symbol map the build writes beside the module.

    scripts/module-size.py [build/wasm/attnbook.wasm | build/wasm/attnbook-author.wasm | build/wasm/attnbook-scale.wasm] [--top 20]

Groups (first match on the function's own qualified name, parameters left out): nlohmann json, attnbook's own code, std::string,
std::vector and other containers, libc number formatting/parsing, exceptions and RTTI, malloc,
Embind, the rest."""
import subprocess
import json
import os
import re
import sys
from collections import Counter

from wasm_binary import read_leb

GROUPS = [
    ('nlohmann json', r'nlohmann'),
    ('embind and bindings.cpp', r'emscripten::|_embind|^anon::'),
    ('attnbook kernels', r'attnbook::.*(TiledHead|run_tiled|attention_kernel<|softmax_kernel|exp_kernel|NumpyRng|scaling_study)'),
    ('attnbook (commands, validation, lessons)', r'attnbook::'),
    ('std::string', r'std::__2::basic_string'),
    ('std containers', r'std::__2::(vector|map|__tree|unordered|__hash|deque|function)'),
    ('libc printf/strtod', r'printf|fmt_|strto|scanf|dtoa|pop_arg|__(add|sub|mul|div)tf3|__extend|__trunc'),
    ('exceptions/rtti', r'__cxa|[Uu]nwind|typeinfo|exception|__dynamic_cast|type_info'),
    ('malloc', r'malloc|free|dispose_chunk|sbrk'),
]


def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    top = int(sys.argv[sys.argv.index('--top') + 1]) if '--top' in sys.argv else 15
    if '--top' in sys.argv:
        args = [a for a in args if a != str(top)]
    wasm = args[0] if args else 'build/wasm/attnbook.wasm'
    data = open(wasm, 'rb').read()
    names = {}
    for line in open(wasm.replace('.wasm', '.mjs.symbols')):
        i, _, name = line.rstrip('\n').partition(':')
        names[int(i)] = re.sub(r'\\([0-9a-f]{2})', lambda m: chr(int(m.group(1), 16)), name)
    p, n_imports, section_sizes, bodies = 8, 0, Counter(), []
    section_names = {1: 'type', 2: 'import', 3: 'function', 7: 'export', 9: 'elem', 10: 'code', 11: 'data', 13: 'tag'}
    while p < len(data):
        sid = data[p]
        size, p = read_leb(data, p + 1)
        start = p
        section_sizes[section_names.get(sid, f'section {sid}')] += size
        if sid == 2:
            count, q = read_leb(data, p)
            for _ in range(count):
                for _ in range(2):
                    length, q = read_leb(data, q)
                    q += length
                kind = data[q]
                q += 1
                if kind == 0:
                    _, q = read_leb(data, q)
                    n_imports += 1
                elif kind in (1, 2):
                    q += 1 if kind == 1 else 0
                    flags, q = read_leb(data, q)
                    _, q = read_leb(data, q)
                    if flags & 1:
                        _, q = read_leb(data, q)
                elif kind == 3:
                    q += 2
                elif kind == 4:
                    q += 1
                    _, q = read_leb(data, q)
        if sid == 10:
            count, q = read_leb(data, p)
            for i in range(count):
                length, body = read_leb(data, q)
                bodies.append((body + length - q, names.get(n_imports + i, '?')))
                q = body + length
        p = start + size
    js = wasm.replace('.wasm', '.mjs')
    js_data = open(js, 'rb').read()
    # gzip -9 itself, as tests/wasm/module-size.test.mjs measures (the budget's measure).
    gz = lambda b: len(subprocess.run(['gzip', '-9', '-n', '-c'], input=b, capture_output=True, check=True).stdout)
    budget = json.load(open(os.path.join(os.path.dirname(__file__), '..', 'engine', 'module-budget.json')))
    total = gz(data) + gz(js_data)
    # The ceiling is the learner's module's; the author module (attnbook-author.wasm) is reported only.
    ceiling = budget['gzip_bytes']
    against = (f'ceiling {ceiling} ({"within" if total <= ceiling else "OVER"})' if os.path.basename(wasm) == 'attnbook.wasm'
               else 'no ceiling (engine/module-budget.json bounds the learner\'s module, attnbook.wasm)')
    print(f'{wasm}: {len(data)} bytes, {gz(data)} gzipped; {js}: {len(js_data)} bytes, {gz(js_data)} gzipped; '
          f'total {total} gzipped; {against}')
    print('sections: ' + ', '.join(f'{k} {v}' for k, v in section_sizes.most_common()))
    groups = Counter()
    for size, name in bodies:
        # By the function's own qualified name, not its parameter types (a command taking a json
        # argument is attnbook's code, not the JSON library's).
        own = name.replace('(anonymous namespace)', 'anon').split('(')[0] or name
        groups[next((g for g, pat in GROUPS if re.search(pat, own)), 'other')] += size
    code = sum(groups.values())
    print(f'code section by origin ({len(bodies)} functions):')
    for g, size in groups.most_common():
        print(f'  {g:42} {size:8} bytes {100 * size / code:5.1f}%')
    print(f'largest {top} functions:')
    for size, name in sorted(bodies, reverse=True)[:top]:
        print(f'  {size:7} {name[:110]}')


main()
