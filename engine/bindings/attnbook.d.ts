// Types of the Embind module built from engine/bindings/bindings.cpp (build/wasm/attnbook.mjs,
// copied to dist/attnbook.mjs; attnbook-author.mjs has the same API and the commands no lesson page
// calls too). Hand-written next to the binding it describes; keep them in step.
// The boundary is JSON text both ways: one call per computation, nothing to delete afterwards.

/** A number as the engine returns it: the double itself and the lesson's rounding of it. */
export interface NumberPair {
  exact: number;
  shown: string;
}

export type Divisor = 'sqrt' | 'd' | '1';

export interface ExploreArgs {
  query?: number[];          // (d_k), default [2, 1]
  keys?: number[][];         // (n, d_k), default [[-1, 2], [1, 0], [0, 1]]
  values?: number[][];       // (n, d_v), default [[2, 0], [0, 2], [-1, -1]]
  mask?: Array<boolean | 0 | 1>;  // (n), true = may attend
  divisor?: Divisor;
  normalizer?: Normalizer;   // default 'softmax'; the `python` command refuses the others
}
export interface ExploreResult {
  normalizer?: Exclude<Normalizer, 'softmax'>;  // present only when not softmax
  dots: NumberPair[];
  scores: NumberPair[];
  max: NumberPair;            // the largest allowed score (0 when every source is masked)
  denominator?: NumberPair;   // softmax's Z (absent for the other normalisers)
  total?: NumberPair;         // the shares' sum, left to right (only when not softmax)
  shares: NumberPair[];
  carries: NumberPair[][];
  output: NumberPair[];
  all_masked: boolean;        // then shares and output are 0 (no softmax exists)
}

/** Every limit, default and name list of the engine (`call('limits', '{}')`, attnbook-author.mjs); read these
 *  instead of copying them. Character limits count Unicode code points. */
export interface Range { min: number; max: number }
export interface WholeLimit extends Range { default: number }
export interface LimitsResult {
  notebook: {
    format: string; max_bytes: number; max_depth: number; max_errors: number;
    depths: string[]; cell_types: string[];
    id_max_chars: number; title_max_chars: number; version_max_chars: number; description_max_chars: number;
    cells: Range; tex_max_chars: number; formulas_per_text_max: number; formulas_max: number;
    tex_total_max_chars: number; markdown_max_chars: number;
    references: Range; reference_text_max_chars: number; url_max_chars: number; year: Range;
  };
  explorable: {
    cell: { max_keys: number; max_width: number; max_abs: number; label_max_chars: number; max_presets: number };
    command: { max_sources: number; max_width: number };
    defaults: { query: number[]; keys: number[][]; values: number[][]; divisor: Divisor; normalizer: Normalizer };
    normalizers: Normalizer[];
  };
  hand_example: {
    cell: { max_rows: number; max_width: number; max_abs: number };
    command: { max_rows: number; max_width: number };
    defaults: { queries: number[][]; keys: number[][]; values: number[][] };
  };
  block: {
    d_model: number; d_ff: number; max_rows: number; max_abs: number; epsilon: number;
    activations: Activation[];
    defaults: { input: number[][]; heads: number; activation: Activation };
  };
  sequence: { defaults: { queries: number[][]; keys: number[][]; values: number[][] } };
  playback: { seconds: WholeLimit };
  study: { max_steps: number };
  scaling: {
    seed: WholeLimit; pairs: WholeLimit; trials: WholeLimit; keys: WholeLimit;
    widths: { min_count: number; max_count: number; min: number; max: number; default: number[] };
    divisor: { default: Divisor };
    max_block: number;        // pairs x width, and trials x keys x width, at most this
  };
  practice: { answer_kinds: Array<'number' | 'choice'>; options: Range; max_abs_answer: number; max_decimals: number };
  attention: { max_elements: number; max_printed: number };
  precision: { tokens: WholeLimit; head_width: WholeLimit; seed: WholeLimit; max_checked_rows: number;
               cell: { max_lengths: number; default_tokens: number[] }; formats: string[] };
  attention_scale: {
    heads: WholeLimit; tokens: WholeLimit; head_width: WholeLimit; seed: WholeLimit; max_elements: number;
    sample_rows: WholeLimit; window: number; histogram_bins: number; backends: string[];
    divisor: { default: Divisor };
    cell: { tokens: Range; head_width: Range; heads: Range };
  };
  arguments: { max_bytes: number; max_depth: number };  // of argsJson itself
  divisors: Divisor[];        // in the lesson's order: ['sqrt', 'd', '1']
  normalizers: Normalizer[];  // ['softmax', 'sparsemax', 'entmax15', 'softmax1']
  lesson_cells: Record<string, object>;  // ranges and defaults of the three-depth lesson's cells
  /** The training lab and the `train` command (lessons/train.hpp). */
  train: {
    tasks: Array<'previous' | 'largest' | 'induction'>; modes: Array<'train' | 'divisors'>;
    layers: { max: number }; heads: { max: number }; width: Range; context: Range; vocab: Range;
    batch: { max: number }; steps: { max: number }; snapshots: { max: number }; held_out: number;
    learning_rate: { max: number }; seed: { max: number }; checkpoints: { max: number };
  };
  quote_max_chars: number;    // messages quote at most this many characters of input
}

export interface ScalingArgs {
  seed?: number; widths?: number[]; pairs?: number; trials?: number; keys?: number; divisor?: Divisor;
}
export interface ScalingResult {
  widths: number[];
  divisor: Divisor;
  raw_std: NumberPair[];      // 2 decimals
  scaled_std: NumberPair[];
  top_unscaled: NumberPair[]; // 3 decimals
  top_scaled: NumberPair[];
  sqrt_width: NumberPair[];   // the reference curve sqrt(d), 2 decimals
  even_share: NumberPair;     // 1/keys, 3 decimals
}

export interface HandExampleArgs { queries?: number[][]; keys?: number[][]; values?: number[][] }
export interface HandExampleResult {
  logits: NumberPair[][]; weights: NumberPair[][]; row_sums: NumberPair[]; output: NumberPair[][];
}

/** The held sequence: each query row against the same sources, its own mask row. */
export interface SequenceArgs {
  queries?: number[][]; keys?: number[][]; values?: number[][];
  mask?: Array<Array<boolean | 0 | 1>>;  // (m, n), true = may attend
  divisor?: Divisor;
}
export interface SequenceResult {
  scores: NumberPair[][]; shares: NumberPair[][]; outputs: NumberPair[][];
  all_masked: boolean[];      // a flagged row has shares and output 0
}

export type Activation = 'gelu' | 'gelu_tanh' | 'relu';
export interface BlockArgs {
  input?: number[][];         // H: (n, d_model)
  heads?: number;             // divides d_model
  mask?: Array<Array<boolean | 0 | 1>>;  // (n, n)
  activation?: Activation;
}
export interface BlockHead { q: NumberPair[][]; k: NumberPair[][]; v: NumberPair[][]; scores: NumberPair[][]; shares: NumberPair[][]; output: NumberPair[][] }
export interface BlockResult {
  weights: {
    ln1_gamma: number[]; ln1_beta: number[]; w_q: number[][]; w_k: number[][]; w_v: number[][]; w_o: number[][];
    b_o: number[]; ln2_gamma: number[]; ln2_beta: number[]; w_1: number[][]; b_1: number[]; w_2: number[][]; b_2: number[];
  };
  heads_count: number; epsilon: number; activation: Activation;
  ln1: NumberPair[][]; heads: BlockHead[]; all_masked: boolean[];
  concat: NumberPair[][]; attention_out: NumberPair[][]; h_prime: NumberPair[][]; ln2: NumberPair[][];
  mlp_hidden: NumberPair[][]; mlp_out: NumberPair[][]; h_out: NumberPair[][];
}

export interface TensorJson { shape: number[]; data: number[] }
export interface AttentionArgs {
  query: TensorJson; key: TensorJson; value: TensorJson;
  attn_mask?: { shape: number[]; data: Array<boolean | number | '-inf'> };
  dropout_p?: number; dropout_seed?: number; is_causal?: boolean; scale?: number;
  enable_gqa?: boolean; return_weights?: boolean;
}
export interface AttentionResult {
  output: { shape: number[]; data: NumberPair[] };
  weights?: { shape: number[]; data: NumberPair[] };
  fully_masked_rows: Array<[number, number, number]>;  // [batch, head, row]
  kernel: string;
  reference_max_abs_error: NumberPair;
}

export interface PrecisionArgs { tokens?: number; head_width?: number; seed?: number; unscaled?: boolean }
export interface PrecisionFormat {
  max_abs_error: NumberPair; max_rel_error: NumberPair;
  naive_overflow: boolean;            // some exp(logit) of the naive softmax rounded to +inf
  naive_underflow: boolean;           // in some row every exp(logit) rounded to 0
  naive_max_abs_error: NumberPair | null;  // null when the naive softmax failed in some row
  largest: NumberPair; exp_overflows_above: NumberPair;
}
export interface PrecisionResult {
  tokens: number; head_width: number; seed: number; unscaled: boolean; rows_checked: number;
  max_logit: NumberPair;
  formats: { float32: PrecisionFormat; bfloat16: PrecisionFormat; float16: PrecisionFormat };
}

/** "Attention at scale": the problem (every field optional; limits in `limits().attention_scale`). */
export interface ScaleProblem {
  heads?: number; tokens?: number; head_width?: number; causal?: boolean; divisor?: Divisor; seed?: number;
}
export interface ScaleReport {
  rows_checked: number; max_abs_error: NumberPair; max_rel_error: NumberPair;
  top_weight: { scaled: { bins: number[]; mean: NumberPair }; unscaled: { bins: number[]; mean: NumberPair }; bin_width: NumberPair };
  window: { size: number; weights: NumberPair[][] };  // head 0, rows and keys 0 .. size - 1
  gflop: NumberPair; ms: NumberPair | null; gflops: NumberPair | null;
  memory: { tensors_bytes: NumberPair; scratch_bytes: NumberPair; used_bytes: NumberPair; matrix_bytes: NumberPair;
            used_mib: NumberPair; matrix_mib: NumberPair };
}

export interface ValidationError {
  where: string;              // "name:line:column", or "name: $.path"
  path: string | null;        // JSON path, null for syntax-level errors
  line: number | null;
  column: number | null;
  message: string;
}
export interface ValidateResult { ok: boolean; errors: ValidationError[]; notebook?: object }

/** What the validator knows about each cell type, and a valid example of each (`cell_types`). */
export interface CellTypesResult {
  common_fields: string[];
  cell_types: { type: string; fields: string[]; required: string[]; example: object | null }[];
}

export type Normalizer = 'softmax' | 'sparsemax' | 'entmax15' | 'softmax1';
export type Rows = NumberPair[][];

// The three-depth lesson's live cells (engine/src/notebook/*_command.cpp; docs/notebook-format.md).
export interface NormalizeArgs { scores?: number[]; kind?: Normalizer; temperature?: number }
export interface OnlineSoftmaxStep { tile: [number, number]; running_max: NumberPair; running_sum: NumberPair; partial_output: NumberPair[] }
export interface CostArgs { tokens?: number; head_width?: number; value_width?: number; heads?: number; layers?: number; batch?: number; bytes?: number }

export interface PipelineResult {
  divisor: NumberPair; knob: { stops: number; sqrt_index: number; index: number }; divided: NumberPair[];
  shares: NumberPair[]; sum: NumberPair; blend: NumberPair[];
}
export interface AlternativesResult {
  methods: Array<{ name: string; weights: Rows; output: Rows; row_sums: NumberPair[] }>;
  linear: { left: Rows; right: Rows; reassociation_difference: NumberPair };
  performer: { features: number; difference_from_dot: NumberPair };
}

/** The training lab's run (lessons/train.hpp, docs/training.md). */
export interface TrainArgs {
  task?: 'previous' | 'largest' | 'induction'; layers?: number; heads?: number; width?: number; context?: number;
  vocab?: number; mlp?: boolean; divisor?: string; learning_rate?: number; batch?: number; steps?: number;
  seed?: number; snapshots?: number; eval_every?: number; probe?: number[];
}
export interface TrainResult {
  config: Record<string, unknown>;
  train_loss: NumberPair[]; max_weight: NumberPair[]; query_key_grad: NumberPair[];
  eval: { steps: number[]; loss: NumberPair[]; accuracy: NumberPair[] };
  probe: number[];
  /** Each snapshot's attention maps, [layer][head][row][source], on the probe. */
  snapshots: Array<{ step: number; attention: NumberPair[][][][] }>;
}

/** A training-lab cell (docs/notebook-format.md): the `train` command's settings and a mode. */
export interface TrainingLabCell extends Omit<TrainArgs, 'snapshots' | 'eval_every'> {
  type: 'training-lab'; id?: string; depths?: string[]; title?: string;
  /** 'train': one run; 'divisors': the same model and seed with sqrt(d), d and 1 side by side. */
  mode?: 'train' | 'divisors';
}

/** Bytes a TrainSession holds: each part as {bytes, kib}; `most` is the bound with the timeline full. */
export interface TrainMemory {
  parameters: number;
  model: { bytes: number; kib: NumberPair }; optimiser: { bytes: number; kib: NumberPair };
  data: { bytes: number; kib: NumberPair }; checkpoints: { bytes: number; kib: NumberPair };
  total: { bytes: number; kib: NumberPair }; most: { bytes: number; kib: NumberPair };
}
/** TrainSession.step(n): the steps run (their rows), the held-out checks among them. */
export interface TrainStepResult {
  step: number; done: boolean;
  rows: { steps: number[]; train_loss: NumberPair[]; max_weight: NumberPair[]; query_key_grad: NumberPair[] };
  eval: { steps: number[]; loss: NumberPair[]; accuracy: NumberPair[] };
  /** The steps whose models the session keeps for the timeline (at most limits.train.checkpoints.max). */
  checkpoints: number[];
  memory: TrainMemory;
}
/** TrainSession.attention({probe?, at?}): every head's weights, [layer][head][row][source]. */
export interface TrainAttentionResult { step: number; probe: number[]; attention: NumberPair[][][][] }

/** The training module (attnbook-train.mjs; attnbook-train-classic.js defines createAttnbookTrain):
 *  only the training lab's session. N steps of a session are N steps of the `train` command, bit
 *  for bit. Each method returns JSON text; a bad argument throws an Error naming it. */
export interface AttnbookTrainModule {
  TrainSession: new (argsJson: string) => TrainSession;
}
export interface TrainSession {
  /** Up to n more steps (1 to limits.train.steps.max; fewer at the run's end): TrainStepResult. */
  step(n: number): string;
  /** TrainAttentionResult for {probe?: tokens, at?: a kept step or the current one}. */
  attention(argsJson: string): string;
  /** {config, step, done, probe, checkpoints, memory}. */
  state(): string;
  /** Frees the model, Adam's state and the timeline. Call it: Embind objects are not garbage-collected. */
  delete(): void;
}

// attention, cell_types, limits, normalize, schema, validate: in attnbook-author.mjs and the CLI
// only (no lesson page calls them: the element carries the limits, web/src/engine-limits.js;
// web/src/engine-modules.js); the lesson page's module answers with an Error saying so.
export interface Commands {
  explore: [ExploreArgs, ExploreResult];
  /** steps: match, share, mix; each its equations (TeX, one per entry) and the program's own lines for it (share's without their indentation). */
  python: [ExploreArgs & { labels?: string[] }, { program: string; steps: { step: 'match' | 'share' | 'mix'; tex: string[]; python: string }[] }];
  scaling: [ScalingArgs, ScalingResult];
  hand_example: [HandExampleArgs, HandExampleResult];
  sequence: [SequenceArgs, SequenceResult];
  block: [BlockArgs, BlockResult];
  attention: [AttentionArgs, AttentionResult];
  validate: [{ text: string; name?: string }, ValidateResult];
  check_practice: [{ cell: object; response?: unknown }, { correct: boolean; feedback: string }];
  limits: [Record<string, never>, LimitsResult];
  cell_types: [Record<string, never>, CellTypesResult];
  precision: [PrecisionArgs, PrecisionResult];
  normalize: [NormalizeArgs, { weights: NumberPair[]; sum: NumberPair }];
  // In attnbook-export.mjs only; the lesson page's module answers with an Error saying so.
  ipynb: [{ text: string; name?: string; depth?: string; state?: string; url?: string }, { file: string; ipynb: string }];
  jacobian: [{ scores?: number[] }, { weights: NumberPair[]; jacobian: Rows; frobenius: NumberPair }];
  jacobian_norms: [{ seed?: number; widths?: number[]; keys?: number; trials?: number },
    { widths: number[]; unscaled: NumberPair[]; scaled: NumberPair[] }];
  online_softmax: [{ scores?: number[]; values?: number[][]; tile?: number },
    { steps: OnlineSoftmaxStep[]; output: NumberPair[]; unfused_output: NumberPair[]; max_abs_difference: NumberPair }];
  // In the CLI only (docs/training.md); the lesson page's module answers with an Error saying so.
  // The page trains through the training module's TrainSession (AttnbookTrainModule) instead.
  train: [TrainArgs, TrainResult];
  /** The same run as a Python 3 + numpy program (docs/training.md); in the CLI and the export module only. */
  train_program: [Omit<TrainArgs, 'snapshots' | 'probe'>, { program: string }];
  tiling_memory: [{ tokens?: number[]; tile?: number; bytes?: number },
    { rows: Array<{ tokens: NumberPair; unfused_bytes: NumberPair; tiled_bytes: NumberPair }> }];
  cost: [CostArgs, { scores: NumberPair; score_bytes: NumberPair; qk_flops: NumberPair; av_flops: NumberPair }];
  scaling_program: [ScalingArgs, { program: string }];
  /** The notebook format as JSON Schema draft 2020-12 (docs/authoring.md; dist/notebook.schema.json). */
  schema: [Record<string, never>, Record<string, unknown>];
  pipeline: [{ scores?: number[]; width?: number; values?: number[][]; knob?: number },
    PipelineResult];
  pytorch_rules: [{ scale?: number }, Record<string, object>];   // see pytorch_rules_command.cpp
  mistakes: [{ heads?: number; head_width?: number; tuned_width?: number; seed?: number }, Record<string, object>];
  alternatives: [{ queries?: number[][]; keys?: number[][]; values?: number[][]; cosine_scale?: number; features?: number; seed?: number },
    AlternativesResult];
  /** A permalink's state for one cell (JSON values by permalink key) checked by the cell type's
   *  field table: the keys kept, and each refused key with a message naming its field. */
  restore: [{ type: string; cell: object; state: Record<string, unknown> },
    { state: Record<string, unknown>; refused: Array<{ key: string; message: string }> }];
}

export interface AttnbookModule {
  /** Runs a command; throws an Error whose message names the problem (command, JSON path).
   *  argsJson is parsed with the notebook's limits (depth 64, `limits().arguments.max_bytes`);
   *  input quoted in a message is a short escaped excerpt, safe to show as text. */
  call(command: keyof Commands, argsJson: string): string;
  /** Same, calling onProgress(fraction in [0, 1]) during long work (the scaling study). */
  callWithProgress(command: keyof Commands, argsJson: string, onProgress: (fraction: number) => void): string;
  /** JSON array of the command names. */
  commands(): string;
}

/** The scale module (attnbook-scale.mjs; attnbook-scale-classic.js defines createAttnbookScale):
 *  only the "attention at scale" cell's runs, loaded by the worker of the page's 'scale' lane. */
export interface AttnbookScaleModule {
  /** One "attention at scale" run on the engine's WASM kernel, in one call: draws Q, K, V
   *  (numpy's default_rng(seed), float32), runs attention_forward_f32 (timed around the kernel),
   *  checks sampled rows against float64. argsJson: the problem + sample_rows?. No tensor crosses.
   *  onProgress is required by Embind (pass null for none). */
  attentionRun(argsJson: string, onProgress: ((fraction: number) => void) | null): string;
  /** Q, K, V of a scale problem drawn once and held in WASM memory until .delete(): the WebGPU
   *  path copies them out once and the GPU's output in once. */
  AttentionScale: new (problemJson: string) => AttentionScale;
}

/** ScaleReport as JSON text (attention_scale_json.hpp), plus backend, kernel (run only) and
 *  wasm_memory: {bytes, mib} pairs, the module's memory after the call. */
export interface AttentionScale {
  /** Copies of Q, K, V, (H, T, D) each. */
  inputs(): { q: Float32Array; k: Float32Array; v: Float32Array };
  /** The engine's kernel on the held inputs, then the check (sampleRows undefined: the default). */
  run(sampleRows: number | undefined, onProgress: ((fraction: number) => void) | null): string;
  /** Checks an output computed elsewhere in `ms` milliseconds (copied in once; length H T D). */
  check(output: Float32Array, ms: number, sampleRows: number | undefined): string;
  /** A copy of the last output (run's or check's); empty before either. */
  output(): Float32Array;
  /** Frees the held tensors. Call it: Embind objects are not garbage-collected. */
  delete(): void;
}

/** The Emscripten factory (MODULARIZE + EXPORT_ES6). In Node pass { wasmBinary }. */
export default function createAttnbook(options?: { wasmBinary?: ArrayBuffer | Uint8Array; locateFile?: (path: string) => string }): Promise<AttnbookModule>;
