# Shared by the scripts: paths, the Emscripten environment, and a step printer.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_NATIVE="${ATTNBOOK_BUILD_NATIVE:-$ROOT/build/native}"
BUILD_WASM="${ATTNBOOK_BUILD_WASM:-$ROOT/build/wasm}"
# Debian's Emscripten 3.1.6 runs its JS optimizer on the system Node; it finds acorn only here.
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"
# Every step says how long the whole command (npm test, npm start, ...) has run so far, so a slow
# CI log shows where the time went. The clock starts in the first script that reads this file.
export ATTNBOOK_T0="${ATTNBOOK_T0:-$(date +%s)}"
elapsed() { local s=$(( $(date +%s) - ATTNBOOK_T0 )); printf '%dm%02ds' $((s / 60)) $((s % 60)); }
step() { printf '\n\033[1m==> %s\033[0m  [%s]\n' "$*" "$(elapsed)"; }

# gpu_env COMMAND...: runs COMMAND with a Vulkan driver for Dawn (the npm `webgpu` package). A
# machine with a driver of its own (a real GPU: /usr/share/vulkan/icd.d or /etc/vulkan/icd.d)
# keeps it; otherwise Chromium's SwiftShader (a CPU Vulkan) is used. ATTNBOOK_GPU=swiftshader
# forces SwiftShader, ATTNBOOK_GPU=system forces the machine's own.
gpu_env() {
  local chromium=/usr/lib/chromium own=""
  compgen -G '/usr/share/vulkan/icd.d/*.json' >/dev/null || compgen -G '/etc/vulkan/icd.d/*.json' >/dev/null && own=1
  if [ -n "${VK_ICD_FILENAMES:-}" ] || [ "${ATTNBOOK_GPU:-}" = system ] || { [ -n "$own" ] && [ "${ATTNBOOK_GPU:-}" != swiftshader ]; }; then
    "$@"
  else
    LD_LIBRARY_PATH="$chromium${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" VK_ICD_FILENAMES="$chromium/vk_swiftshader_icd.json" "$@"
  fi
}
