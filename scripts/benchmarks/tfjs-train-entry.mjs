// The training bench's tfjs (bundled by suite-train.mjs with esbuild into build/bench/): the core
// with its gradients registered (the UMD tf-core.min.js that the forward bench loads has none, so
// it cannot train) and the wasm backend. Kept apart from the forward bench's window.tf.
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';

window.tfTrain = { tf, setWasmPaths };
