// The training pass the engine runs (xsimd kernels, train_xsimd.cpp) against the float64 scalar
// reference (train_f64.cpp): the loss, the counts, the attention maps, the statistics and every
// gradient array, on shapes whose widths, head widths, contexts, vocabularies and MLP widths are
// and are not multiples of the vector width (2 doubles) and of the 4-vector blocks.
//
// Tolerance: none, the numbers must be equal. Derivation: the xsimd kernels put their lanes across
// independent outputs and add each output's terms from the same start in the same order as the
// reference, and neither build contracts a multiply and an add (-ffp-contract=off; sse2 and
// SIMD128 have no fused multiply-add), so every output is the same sequence of correctly rounded
// IEEE operations on the same inputs: the same bits. Any reordering of a sum (a lane-split dot
// product, a different blocking of the updates) shows here as a difference in the last bits of
// some gradient, which is why this holds to 0 rather than to a bound: the numpy check's 1e-6
// (train_curves.hpp) and native = WASM were derived for the reference's order.
#include <catch2/catch.hpp>

#include <cstring>

#include "attnbook/core/numpy_rng.hpp"
#include "attnbook/lessons/train.hpp"
#include "../../engine/src/lessons/train_model_visit.hpp"

using namespace attnbook;

namespace {

// Equal bit for bit (so -0.0 against 0.0 counts as a difference too); names the first that is not.
void check_same_bits(const std::vector<double>& ours, const std::vector<double>& reference, const std::string& what) {
    REQUIRE(ours.size() == reference.size());
    for (std::size_t i = 0; i < ours.size(); ++i) {
        INFO(what << "[" << i << "]: xsimd " << ours[i] << ", reference " << reference[i]);
        REQUIRE(std::memcmp(&ours[i], &reference[i], sizeof(double)) == 0);
    }
}

struct Shape {
    std::size_t vocab, context, width, heads, layers;
    bool mlp;
    TrainTask task;
    Divisor divisor;
    std::size_t batch;
};

}  // namespace

TEST_CASE("the xsimd training pass gives the float64 reference's numbers bit for bit", "[train][xsimd]") {
    const Shape shape = GENERATE(
        // head width 8 (whole 4-vector blocks), one layer
        Shape{5, 6, 8, 1, 1, false, TrainTask::previous, Divisor::sqrt_width, 3},
        // head width 3 (a vector and a scalar tail), odd context, MLP width 24
        Shape{7, 5, 6, 2, 1, true, TrainTask::largest, Divisor::width, 3},
        // head width 5, two layers, MLP width 40, no divisor (saturating rows)
        Shape{13, 11, 10, 2, 2, true, TrainTask::induction, Divisor::one, 4},
        // the induction lab's layout at width 32: four heads of 8, two layers
        Shape{16, 16, 32, 4, 2, false, TrainTask::induction, Divisor::sqrt_width, 8},
        // width 12 (a block, a vector, no tail) in heads of 3, vocabulary 3, the longest context
        Shape{3, 32, 12, 4, 1, true, TrainTask::previous, Divisor::sqrt_width, 2},
        // the largest model: width 64, MLP width 256, vocabulary 31 (a scalar tail in the logits)
        Shape{31, 32, 64, 1, 2, true, TrainTask::largest, Divisor::width, 2});
    TrainConfig c;
    c.vocab = shape.vocab, c.context = shape.context, c.width = shape.width, c.heads = shape.heads;
    c.layers = shape.layers, c.mlp = shape.mlp, c.task = shape.task, c.divisor = shape.divisor, c.batch = shape.batch;
    check_train_config(c);
    NumpyRng rng(7 + shape.width + shape.context);
    TrainModel model = init_train_model(c, rng);
    for (auto& L : model.layers)  // biases start at 0; move them so their gradients are compared away from the start
        for (auto* b : {&L.b1, &L.b2})
            for (double& x : *b) x = rng.normal(0.0, 0.1);
    const TrainBatch batch = draw_train_batch(c, rng, c.batch);

    TrainModel ours, reference;
    const TrainForward f = train_forward_backward(c, model, batch, &ours, true);
    const TrainForward r = train_forward_backward_f64(c, model, batch, &reference, true);
    INFO("vocab " << c.vocab << ", context " << c.context << ", width " << c.width << ", heads " << c.heads
                  << ", layers " << c.layers << ", mlp " << c.mlp);
    check_same_bits({f.loss, f.max_weight, f.query_key_grad_norm}, {r.loss, r.max_weight, r.query_key_grad_norm},
                    "loss, max weight, query-key gradient norm");
    CHECK(f.correct == r.correct);
    CHECK(f.counted == r.counted);
    check_same_bits(f.attention, r.attention, "attention");

    std::vector<const std::vector<double>*> a, b;
    visit_parameters(ours, [&](const std::vector<double>& g) { a.push_back(&g); });
    visit_parameters(reference, [&](const std::vector<double>& g) { b.push_back(&g); });
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) check_same_bits(*a[i], *b[i], "gradient array " + std::to_string(i));

    // The forward pass alone (the held-out check and the probe's maps) takes the same path.
    const TrainForward fo = train_forward_backward(c, model, batch, nullptr, true);
    check_same_bits({fo.loss, fo.max_weight}, {r.loss, r.max_weight}, "forward-only loss, max weight");
    check_same_bits(fo.attention, r.attention, "forward-only attention");
}
