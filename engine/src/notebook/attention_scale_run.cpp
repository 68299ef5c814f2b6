#include "attnbook/notebook/attention_scale_run.hpp"

#include <chrono>
#include <cmath>
#include <utility>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/notebook/json_out.hpp"

namespace attnbook {

ScaleRun::ScaleRun(std::string who, const nlohmann::json& problem, std::initializer_list<const char*> extra)
    : who_(std::move(who)), p_(read_scale_problem(who_, problem, extra)), n_(scale_numel(p_)), qkv_(3 * n_) {
    scale_inputs(p_, qkv_.data(), qkv_.data() + n_, qkv_.data() + 2 * n_);
}

nlohmann::json ScaleRun::run(std::size_t sample_rows, const std::function<void(double)>& progress) {
    out_.assign(n_, 0.0f);
    // steady_clock is performance.now() in a browser (Emscripten's clock_gettime), so the time
    // is what the page would measure around this call less the check.
    const auto t0 = std::chrono::steady_clock::now();
    const char* kernel = scale_forward_f32(p_, q(), k(), v(), out_.data(), progress);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    nlohmann::json report = scale_report(p_, {sample_rows, ms, true}, q(), k(), v(), out_.data());
    JsonOut::into(report).set("backend", "wasm").set("kernel", kernel);
    return report;
}

float* ScaleRun::output_buffer() {
    out_.assign(n_, 0.0f);
    return out_.data();
}

nlohmann::json ScaleRun::check(std::size_t sample_rows, double ms) const {
    if (out_.size() != n_) throw_format("{}: no output to check (copy one in first)", {who_});
    if (!(ms >= 0) || !std::isfinite(ms)) throw_format("{}: ms must be a finite number >= 0", {who_});
    nlohmann::json report = scale_report(p_, {sample_rows, ms, false}, q(), k(), v(), out_.data());
    JsonOut::into(report).set("backend", "webgpu");
    return report;
}

}  // namespace attnbook
