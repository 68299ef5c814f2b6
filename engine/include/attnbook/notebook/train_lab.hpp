#pragma once
// The training lab's session as JSON (lessons/train_session.hpp): what the page's worker drives
// through the training module's Embind handle (engine/bindings/train/). Every number is a pair
// {"exact", "shown"} shown as the `train` command shows it, so the lab and the command print the
// same text for the same step.
//
//   TrainLab(args)        args: the `train` command's fields (lessons/train.hpp: train_fields); steps is the
//                         run's length, eval_every the held-out check's spacing
//   step(n)               up to n more steps (1 to max_steps; fewer at the run's end):
//                         {"step", "done", "rows": {"steps", "train_loss", "max_weight",
//                          "query_key_grad"}, "eval": {"steps", "loss", "accuracy"},
//                          "checkpoints": [steps kept for the timeline], "memory": {...}}
//                         eval rows where train() has them: at multiples of eval_every and at the end
//   attention(args)       args {"probe"?: tokens, "at"?: a kept step or the current one}:
//                         {"step", "probe", "attention": [layer][head][t][u] pairs}
//   state()               {"config", "step", "done", "probe", "checkpoints", "memory"}
#include <memory>

#include <nlohmann/json.hpp>

#include "attnbook/lessons/train_session.hpp"

namespace attnbook {

class TrainLab {
public:
    // `who` names the caller in error messages ("TrainSession: $.width: ...").
    TrainLab(const std::string& who, const nlohmann::json& args);
    nlohmann::json step(std::size_t n);
    nlohmann::json attention(const nlohmann::json& args) const;
    nlohmann::json state() const;
    const TrainSession& session() const { return *session_; }

private:
    std::string who_;
    std::unique_ptr<TrainSession> session_;
};

// {"bytes": pair, "kib": pair} of each part of TrainMemory and of the total and the bound.
nlohmann::json train_memory_json(const TrainMemory& memory);

}  // namespace attnbook
