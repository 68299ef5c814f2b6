// The WGSL sources as text, for the page (scripts/build-site.mjs bundles *.wgsl with esbuild's
// text loader). Node reads the same files with fs (tests/gpu/gpu-node.mjs).
import flash from './attention_flash.wgsl';
import reference from './attention_reference.wgsl';

export default { flash, reference };
