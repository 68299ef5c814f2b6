// The training module (attnbook-train.mjs, and attnbook-train-classic.js for the single-file page):
// only the training lab's session, loaded by the engine worker of the page's 'train' lane when a
// notebook shows a training lab. The learner's module (engine/bindings/bindings.cpp) carries none of
// the model's code (engine/module-budget.json); this one carries nothing else.
//
//   new TrainSession(argsJson)   the `train` command's fields (notebook/train_lab.hpp)
//     .step(n) -> JSON text      up to n more steps: loss, saturation, q/k gradient rows, held-out
//                                checks where train() makes them, the timeline's steps, memory
//     .attention(argsJson) -> JSON text   {probe?, at?}: every head's weights on the probe
//     .state() -> JSON text      config, step, probe, timeline, memory
//     .delete()                  frees the model, Adam's state and the timeline; the caller must call it
// Failures become a JS Error whose message is the engine's, as in bindings.cpp.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <memory>
#include <new>
#include <type_traits>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/train_lab.hpp"
#include "../js_guard.hpp"

namespace {

using emscripten::val;

using attnbook_js::guarded;

class TrainSessionHandle {
public:
    explicit TrainSessionHandle(const std::string& args_json) {
        const std::string who = "TrainSession";
        guarded(who, [&] { lab_ = std::make_unique<attnbook::TrainLab>(who, attnbook::parse_command_args(who, args_json)); });
    }

    std::string step(double n) {
        std::string out;
        guarded("TrainSession.step", [&] {
            if (!(n >= 1 && n <= static_cast<double>(attnbook::train_limits::max_steps)) || n != static_cast<double>(static_cast<std::size_t>(n)))
                attnbook::throw_format("TrainSession.step: expected a whole number of steps from 1 to {}",
                                       {attnbook::train_limits::max_steps});
            out = lab_->step(static_cast<std::size_t>(n)).dump();
        });
        return out;
    }

    std::string attention(const std::string& args_json) const {
        std::string out;
        const std::string who = "TrainSession.attention";
        guarded(who, [&] { out = lab_->attention(attnbook::parse_command_args(who, args_json)).dump(); });
        return out;
    }

    std::string state() const {
        std::string out;
        guarded("TrainSession.state", [&] { out = lab_->state().dump(); });
        return out;
    }

private:
    std::unique_ptr<attnbook::TrainLab> lab_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(attnbook_train) {
    emscripten::class_<TrainSessionHandle>("TrainSession")
        .constructor<std::string>()
        .function("step", &TrainSessionHandle::step)
        .function("attention", &TrainSessionHandle::attention)
        .function("state", &TrainSessionHandle::state);
}
