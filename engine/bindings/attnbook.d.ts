// Types of the Embind module built from engine/bindings/bindings.cpp (build/wasm/attnbook.mjs,
// copied to dist/attnbook.mjs). Hand-written next to the binding it describes; keep them in step.
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
}
export interface ExploreResult {
  dots: NumberPair[];
  scores: NumberPair[];
  max: NumberPair;
  denominator: NumberPair;
  shares: NumberPair[];
  carries: NumberPair[][];
  output: NumberPair[];
  all_masked: boolean;        // then shares and output are 0 (no softmax exists)
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
}

export interface HandExampleArgs { queries?: number[][]; keys?: number[][]; values?: number[][] }
export interface HandExampleResult {
  logits: NumberPair[][]; weights: NumberPair[][]; row_sums: NumberPair[]; output: NumberPair[][];
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

export interface ValidationError {
  where: string;              // "name:line:column", or "name: $.path"
  path: string | null;        // JSON path, null for syntax-level errors
  line: number | null;
  column: number | null;
  message: string;
}
export interface ValidateResult { ok: boolean; errors: ValidationError[]; notebook?: object }

export interface Commands {
  explore: [ExploreArgs, ExploreResult];
  python: [ExploreArgs & { labels?: string[] }, { program: string }];
  scaling: [ScalingArgs, ScalingResult];
  hand_example: [HandExampleArgs, HandExampleResult];
  attention: [AttentionArgs, AttentionResult];
  validate: [{ text: string; name?: string }, ValidateResult];
  check_practice: [{ cell: object; response?: unknown }, { correct: boolean; feedback: string }];
}

export interface AttnbookModule {
  /** Runs a command; throws an Error whose message names the problem (command, JSON path). */
  call(command: keyof Commands, argsJson: string): string;
  /** Same, calling onProgress(fraction in [0, 1]) during long work (the scaling study). */
  callWithProgress(command: keyof Commands, argsJson: string, onProgress: (fraction: number) => void): string;
  /** JSON array of the command names. */
  commands(): string;
}

/** The Emscripten factory (MODULARIZE + EXPORT_ES6). In Node pass { wasmBinary }. */
export default function createAttnbook(options?: { wasmBinary?: ArrayBuffer | Uint8Array; locateFile?: (path: string) => string }): Promise<AttnbookModule>;
