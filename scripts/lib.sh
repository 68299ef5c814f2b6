# Shared by the scripts: paths, the Emscripten environment, and a step printer.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_NATIVE="${ATTNBOOK_BUILD_NATIVE:-$ROOT/build/native}"
BUILD_WASM="${ATTNBOOK_BUILD_WASM:-$ROOT/build/wasm}"
# Debian's Emscripten 3.1.6 runs its JS optimizer on the system Node; it finds acorn only here.
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"
step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }
