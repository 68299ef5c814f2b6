// The limit tables of docs/notebook-format.md and README.md against the engine's `limits`
// command, so the docs cannot drift from the engine. Each table row of a checked section must
// hold exactly the numbers that `limits` gives for it (numbers inside `code` are examples and
// JSON, checked separately where they are defaults or names); a row with numbers that no rule
// here accounts for fails, so a new number in a table needs a rule. `limits` itself is checked
// against the engine's behaviour at every boundary in tests/engine/test_limits.cpp.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, loadEngine, runNativeCli } from './engine.mjs';

let L;
let engine;
before(async () => {
  engine = await loadEngine('attnbook-author');
  L = JSON.parse(engine.call('limits', '{}'));
  // The CLI prints the same object.
  assert.deepEqual(JSON.parse(runNativeCli(['limits']).stdout), L);
});

const read = (name) => fs.readFileSync(path.join(ROOT, name), 'utf8');

// Markdown -> [{section, cells: [..]}] for every table body row; section is the nearest heading.
function tableRows(markdown) {
  const rows = [];
  let section = '';
  for (const line of markdown.split('\n')) {
    const heading = line.match(/^#+\s+(.*)$/);
    if (heading) section = heading[1].replace(/`/g, '').trim();
    if (!line.startsWith('|') || /^\|[-|\s]+\|$/.test(line)) continue;
    const cells = line.slice(1, -1).split(/(?<!\\)\|/).map((c) => c.trim());
    if (cells[0] === 'field' || cells[0] === 'command' || cells[0] === 'problem') continue;  // header rows
    rows.push({ section, cells });
  }
  return rows;
}

const withoutCode = (text) => text.replace(/`[^`]*`/g, ' ');
const codeSpans = (text) => [...text.matchAll(/`([^`]*)`/g)].map((m) => m[1]);
// Numbers as written outside code: 1–64, 0 … 9007199254740991, |x| ≤ 1000000, 1e15.
const numbers = (text) => [...withoutCode(text).matchAll(/(?<![\w.^])\d+(?:\.\d+)?(?:e\d+)?(?![\w^])/g)].map((m) => Number(m[0]));
const sorted = (xs) => [...xs].sort((a, b) => a - b);
const names = (list) => list.map((n) => JSON.stringify(n));

// Expected numbers of each row, by section and first cell, from `limits`.
function notebookRules() {
  const nb = L.notebook, ex = L.explorable.cell, hx = L.hand_example.cell, sc = L.scaling;
  const range = (r) => [r.min, r.max];
  return {
    'The document': {
      '`format`': [], '`id`': [1, nb.id_max_chars], '`title`': [1, nb.title_max_chars],
      '`version`': [nb.version_max_chars], '`description`': [nb.description_max_chars], '`depths`': [],
      '`cells`': range(nb.cells), '`$schema`': [1, nb.url_max_chars],
    },
    'Fields of every cell': { '`type`': [], '`id`': [], '`depths`': [], '`title`': [1, nb.title_max_chars] },
    prose: { '`text`': [1, nb.markdown_max_chars] },
    maths: { '`tex`': [1, nb.tex_max_chars], '`display`': [], '`caption`': [] },
    Formulas: {
      'one formula': [nb.tex_max_chars], 'one text': [nb.formulas_per_text_max],
      'the notebook': [nb.formulas_max, nb.tex_total_max_chars],
    },
    explorable: {
      '`query`': [1, ex.max_width], '`keys`': [1, ex.max_keys], '`values`': [1, ex.max_width],
      '`labels`': [1, ex.label_max_chars], '`mask`': [], '`divisor`': [], '`reference_query`': [],
      '`presets`': [1, ex.max_presets], '`goal`': [0, 1],
    },
    'held-sequence': {
      '`queries`': [1, ex.max_keys, 1, ex.max_width], '`keys`': [], '`values`': [1, ex.max_width],
      '`labels`': [], '`mask`': [], '`divisor`': [],
    },
    'transformer-block': {
      '`input`': [1, L.block.max_rows, L.block.d_model], '`labels`': [],
      // the divisors of the width
      '`heads`': Array.from({ length: L.block.d_model }, (_, i) => i + 1).filter((h) => L.block.d_model % h === 0),
      '`mask`': [], '`activation`': [],
    },
    'scaling-study': {
      '`seed`': range(sc.seed), '`widths`': [sc.widths.min_count, sc.widths.max_count, sc.widths.min, sc.widths.max],
      '`pairs`': range(sc.pairs), '`trials`': range(sc.trials), '`keys`': range(sc.keys), '`divisor`': [],
    },
    'hand-example': {
      '`queries`': [1, hx.max_rows, 1, hx.max_width], '`keys`': [1, hx.max_rows], '`values`': [1, hx.max_width],
    },
    playback: { '`duration`': [L.playback.seconds.min, L.playback.seconds.max] },
    study: { '`steps`': [1, L.study.max_steps] },
    practice: { '`prompt`': [], '`answer`': [], '`hint`': [], '`explanation`': [] },
    references: { '`items`': range(nb.references) },
    'attention-scale': {
      '`tokens`': range(L.attention_scale.cell.tokens), '`head_width`': range(L.attention_scale.cell.head_width),
      '`heads`': range(L.attention_scale.cell.heads), '`causal`': [], '`divisor`': [],
      '`seed`': range(L.attention_scale.seed), '`backend`': [],
    },
    'precision-lab': {
      '`tokens`': [1, L.precision.cell.max_lengths, L.precision.tokens.min, L.precision.tokens.max],
      '`head_width`': range(L.precision.head_width), '`seed`': range(L.precision.seed),
    },
    ...lessonCellRules(),
  };
}

// The live cells of the three-depth lesson (limits.lesson_cells).
function lessonCellRules() {
  const lc = L.lesson_cells;
  const range = (r) => [r.min, r.max];
  const c = lc.cost;
  return {
    pipeline: {
      '`scores`': [1, lc.pipeline.max_words, lc.pipeline.max_abs], '`width`': [1, lc.pipeline.max_width],
      '`values`': [1, lc.pipeline.max_value_width], '`labels`': [],
    },
    'pytorch-rules': { '`scale`': [0, lc.pytorch_rules.scale.max] },
    mistakes: { '`heads`': range(lc.mistakes.heads), '`head_width`': range(lc.mistakes.head_width), '`tuned_width`': [] },
    jacobian: {
      '`scores`': [1, lc.jacobian.max_scores], '`widths`': [1, lc.jacobian.max_widths, 1, lc.jacobian.max_width], '`seed`': [],
    },
    cost: Object.fromEntries(['tokens', 'head_width', 'value_width', 'heads', 'layers', 'batch', 'bytes'].map((f) => [`\`${f}\``, range(c[f])])),
    'online-softmax': { '`scores`': [1, lc.online_softmax.max_keys], '`values`': [1, lc.online_softmax.max_width], '`tile`': [1] },
    alternatives: { '`cosine_scale`': [0, lc.alternatives.max_cosine_scale], '`features`': [1, lc.alternatives.max_features], '`seed`': [] },
    'training-lab': {
      '`mode`': [], '`task`': [], '`layers`': [1, L.train.layers.max], '`heads`': [1, L.train.heads.max],
      '`width`': range(L.train.width), '`context`': range(L.train.context), '`vocab`': range(L.train.vocab), '`mlp`': [],
      '`divisor`': [], '`learning_rate`': [0, L.train.learning_rate.max], '`batch`': [1, L.train.batch.max],
      '`steps`': [1, L.train.steps.max], '`seed`': [], '`probe`': [],
    },
  };
}

test('every number in the limit tables of docs/notebook-format.md is the engine\'s', () => {
  const rules = notebookRules();
  let checked = 0;
  for (const { section, cells } of tableRows(read('docs/notebook-format.md'))) {
    if (section === 'What the validator says') continue;  // example messages, checked below
    const found = cells.slice(1).flatMap(numbers);
    const expected = rules[section]?.[cells[0]];
    if (expected === undefined) {
      assert.deepEqual(found, [], `no rule for the row ${cells[0]} of "${section}", which has numbers`);
      continue;
    }
    assert.deepEqual(sorted(found), sorted(expected), `${section} ${cells[0]}: ${cells.join(' | ')}`);
    checked++;
  }
  assert.ok(checked >= 25, `only ${checked} rows checked: did the tables move?`);
});

test('defaults and name lists in docs/notebook-format.md are the engine\'s', () => {
  const rows = tableRows(read('docs/notebook-format.md'));
  const row = (section, field) => {
    const r = rows.find((x) => x.section === section && x.cells[0] === field);
    assert.ok(r, `${section} ${field}`);
    return r.cells;
  };
  const sc = L.scaling;
  for (const field of ['seed', 'widths', 'pairs', 'trials', 'keys']) {
    const cells = row('scaling-study', `\`${field}\``);
    assert.deepEqual(JSON.parse(codeSpans(cells.at(-1))[0]), sc[field].default, field);
  }
  const divisors = names(L.divisors);
  for (const [section, column] of [['explorable', 3], ['scaling-study', 1]]) {
    const spans = codeSpans(row(section, '`divisor`')[column]);
    assert.deepEqual(spans.slice(0, divisors.length), divisors, section);
  }
  assert.match(row('explorable', '`divisor`')[3], new RegExp(`default \`${JSON.stringify(L.explorable.defaults.divisor)}\``));
  const normalizers = names(L.explorable.normalizers);
  assert.deepEqual(codeSpans(row('explorable', '`normalizer`')[3]).slice(0, normalizers.length), normalizers);
  assert.match(row('explorable', '`normalizer`')[3], new RegExp(`default \`${JSON.stringify(L.explorable.defaults.normalizer)}\``));
  assert.deepEqual(codeSpans(row('scaling-study', '`divisor`')[2]), [JSON.stringify(sc.divisor.default)]);
  const hx = L.hand_example.defaults;
  for (const field of ['queries', 'keys', 'values']) {
    assert.deepEqual(JSON.parse(codeSpans(row('hand-example', `\`${field}\``)[3])[0]), hx[field], field);
  }
  assert.deepEqual(codeSpans(row('Fields of every cell', '`type`')[3]), L.notebook.cell_types);
  const as = L.attention_scale;
  for (const field of ['tokens', 'head_width', 'heads', 'seed']) {
    assert.deepEqual(JSON.parse(codeSpans(row('attention-scale', `\`${field}\``)[2])[0]), as[field].default, field);
  }
  assert.deepEqual(codeSpans(row('attention-scale', '`backend`')[1]), names(as.backends));
  assert.deepEqual(codeSpans(row('attention-scale', '`backend`')[2]), [JSON.stringify(as.backends[0])]);
  assert.deepEqual(codeSpans(row('attention-scale', '`divisor`')[2]), [JSON.stringify(as.divisor.default)]);
  assert.deepEqual(JSON.parse(codeSpans(row('precision-lab', '`tokens`')[2])[0]), L.precision.cell.default_tokens);
  assert.deepEqual(JSON.parse(codeSpans(row('precision-lab', '`head_width`')[2])[0]), L.precision.head_width.default);
  const lc = L.lesson_cells;
  // The training lab's defaults: what the validator fills into a bare cell (TrainConfig's).
  const trainingLabDefaults = (() => {
    const text = JSON.stringify({ format: L.notebook.format, id: 'x', title: 'x', version: '1.0.0', depths: ['beginner'], cells: [{ type: 'training-lab' }] });
    return JSON.parse(engine.call('validate', JSON.stringify({ text }))).notebook.cells[0];
  })();
  const lessonDefaults = [
    ['pipeline', 'scores', lc.pipeline.defaults.scores], ['pipeline', 'width', lc.pipeline.defaults.width],
    ['pipeline', 'values', lc.pipeline.defaults.values], ['pytorch-rules', 'scale', lc.pytorch_rules.scale.default],
    ['mistakes', 'heads', lc.mistakes.heads.default], ['mistakes', 'head_width', lc.mistakes.head_width.default],
    ['mistakes', 'tuned_width', lc.mistakes.tuned_width.default], ['jacobian', 'scores', lc.jacobian.defaults.scores],
    ['jacobian', 'widths', lc.jacobian.defaults.widths], ['jacobian', 'seed', lc.jacobian.defaults.seed],
    ...['tokens', 'head_width', 'value_width', 'heads', 'layers', 'batch', 'bytes'].map((f) => ['cost', f, lc.cost[f].default]),
    ['online-softmax', 'scores', lc.online_softmax.defaults.scores], ['online-softmax', 'values', lc.online_softmax.defaults.values],
    ['online-softmax', 'tile', lc.online_softmax.defaults.tile], ['alternatives', 'cosine_scale', lc.alternatives.defaults.cosine_scale],
    ['alternatives', 'features', lc.alternatives.defaults.features], ['alternatives', 'seed', lc.alternatives.defaults.seed],
    ...['mode', 'task', 'layers', 'heads', 'width', 'context', 'vocab', 'mlp', 'divisor', 'learning_rate', 'batch', 'steps', 'seed']
      .map((f) => ['training-lab', f, trainingLabDefaults[f]]),
  ];
  for (const [section, field, value] of lessonDefaults) {
    assert.deepEqual(JSON.parse(codeSpans(row(section, `\`${field}\``)[3]).at(-1)), value, `${section} ${field}`);
  }
  assert.deepEqual(codeSpans(row('mistakes', '`tuned_width`')[2]).map(Number), lc.mistakes.tuned_width.choices);
  assert.deepEqual(codeSpans(row('The document', '`depths`')[3]), L.notebook.depths);
  assert.deepEqual(codeSpans(row('The document', '`format`')[3]), [JSON.stringify(L.notebook.format)]);
});

test('limits written in the prose of docs/notebook-format.md are the engine\'s', () => {
  const doc = read('docs/notebook-format.md');
  const nb = L.notebook;
  const mib = (bytes) => bytes / (1024 * 1024);
  const expect = [
    [/JSON document \(UTF-8, at most (\d+) MiB\)/, mib(nb.max_bytes)],
    [/reported at once \(up to (\d+)\)/, nb.max_errors],
    [/After (\d+) problems the list stops/, nb.max_errors],
    [/nested more than (\d+) levels deep/, nb.max_depth],
    [/the limit is (\d+\.\d) MiB`/, mib(nb.max_bytes)],
    [/larger than (\d+\.\d) MiB \((\d+) bytes\)/, mib(nb.max_bytes)],
    [/### `explorable`[^#]*Every number must satisfy \|x\| ≤ (\d+)/, L.explorable.cell.max_abs],
    [/### `hand-example`[^#]*Every number must satisfy \|x\| ≤ (\d+)/, L.hand_example.cell.max_abs],
    [/\|value\| ≤ (1e\d+)/, L.practice.max_abs_answer],
    [/(\d+)–\d+ options \(Markdown/, L.practice.options.min],
    [/\d+–(\d+) options \(Markdown/, L.practice.options.max],
    [/`authors` \(string, 1–(\d+) characters\)/, nb.reference_text_max_chars],
    [/whole number\s+(\d+)–\d+\)/, nb.year.min],
    [/whole number\s+\d+–(\d+)\)/, nb.year.max],
    [/at most (\d+)\s+characters, then `…`/, L.quote_max_chars],
    [/heads × tokens × head_width must be at most (\d+)/, L.attention_scale.max_elements],
  ];
  for (const [pattern, value] of expect) {
    const m = doc.match(pattern);
    assert.ok(m, `docs/notebook-format.md no longer says ${pattern}`);
    assert.equal(Number(m[1]), value, String(pattern));
  }
});

test('the limits table of README.md is the engine\'s', () => {
  const rows = tableRows(read('README.md')).filter((r) => r.section === 'The command line');
  const ex = L.explorable, hx = L.hand_example, sc = L.scaling;
  const expected = {
    '`explore`, `python`': [ex.command.max_sources, ex.command.max_width, ex.cell.max_keys, ex.cell.max_width],
    '`scaling`': [sc.seed.min, sc.seed.max, sc.widths.min_count, sc.widths.max_count, sc.widths.min, sc.widths.max,
      sc.pairs.min, sc.pairs.max, sc.trials.min, sc.trials.max, sc.keys.min, sc.keys.max, sc.max_block],
    '`hand-example`': [hx.command.max_rows, hx.command.max_width, hx.cell.max_rows, hx.cell.max_width],
    '`sequence`': [ex.command.max_sources, ex.command.max_width, ex.cell.max_keys, ex.cell.max_width],
    '`block`': [1, L.block.max_rows, L.block.d_model, ...[1, 2, 4].filter((h) => L.block.d_model % h === 0)],
    '`validate`': [L.notebook.max_bytes / (1024 * 1024)],
    '`precision`': [L.precision.tokens.min, L.precision.tokens.max, L.precision.head_width.min, L.precision.head_width.max,
      L.precision.seed.min, L.precision.seed.max, L.precision.max_checked_rows],
  };
  assert.deepEqual(rows.map((r) => r.cells[0]), Object.keys(expected));
  for (const { cells } of rows) {
    assert.deepEqual(sorted(numbers(cells[1])), sorted(expected[cells[0]]), cells[0]);
  }
  // Defaults, written as the options that give them.
  const list = (xs) => xs.join(',');
  const matrix = (rows) => `"${rows.map(list).join(';')}"`;
  const defaults = {
    '`explore`, `python`': `--query ${list(ex.defaults.query)} --keys ${matrix(ex.defaults.keys)} --values ${matrix(ex.defaults.values)} --divisor ${ex.defaults.divisor}`,
    '`scaling`': `--seed ${sc.seed.default} --widths ${list(sc.widths.default)} --pairs ${sc.pairs.default} --trials ${sc.trials.default} --keys ${sc.keys.default} --divisor ${sc.divisor.default}`,
    '`hand-example`': `--queries ${matrix(hx.defaults.queries)} --keys ${matrix(hx.defaults.keys)} --values ${matrix(hx.defaults.values)}`,
    '`sequence`': `--queries ${matrix(L.sequence.defaults.queries)} --keys ${matrix(L.sequence.defaults.keys)} --values ${matrix(L.sequence.defaults.values)}`,
    '`block`': `--input ${matrix(L.block.defaults.input)} --heads ${L.block.defaults.heads} --activation ${L.block.defaults.activation}`,
    '`validate`': undefined,
    '`precision`': `--tokens ${L.precision.tokens.default} --head-width ${L.precision.head_width.default} --seed ${L.precision.seed.default}`,
  };
  for (const { cells } of rows) assert.equal(codeSpans(cells[2])[0], defaults[cells[0]], cells[0]);
});

test('the CLI\'s help shows the same defaults as README.md', () => {
  const help = runNativeCli(['--help']).stdout.replace(/\s+/g, ' ');
  const sc = L.scaling;
  assert.ok(help.includes(`--seed ${sc.seed.default} --widths ${sc.widths.default.join(',')} --pairs ${sc.pairs.default}`), help);
  assert.ok(help.includes(`--divisor ${L.divisors.join('|')}`), help);
});
