// The tiny transformer's backward pass against central finite differences in float64, for every
// parameter array of every layer (with and without the MLP, one and two layers, several heads and
// each divisor).
#include <catch2/catch.hpp>

#include <cmath>

#include "attnbook/core/numpy_rng.hpp"
#include "attnbook/lessons/train.hpp"
#include "attnbook/notebook/train_command.hpp"
#include "../../engine/src/lessons/train_model_visit.hpp"

using namespace attnbook;

namespace {
const bool train_enabled = (enable_train(), true);  // the tests carry the training, as the CLI does
}  // namespace

namespace {

double loss_of(const TrainConfig& c, const TrainModel& m, const TrainBatch& b) {
    return train_forward_backward(c, m, b, nullptr).loss;
}

}  // namespace

TEST_CASE("every gradient agrees with central finite differences", "[train][gradients]") {
    TrainConfig c;
    c.vocab = 5, c.context = 6, c.width = 8, c.batch = 3;
    const auto shape = GENERATE(0, 1, 2, 3);
    c.layers = shape >= 2 ? 2 : 1;
    c.heads = shape % 2 ? 2 : 1;
    c.mlp = shape == 1 || shape == 3;
    c.task = static_cast<TrainTask>(shape % 3);
    c.divisor = static_cast<Divisor>(shape % 3);
    NumpyRng rng(42 + static_cast<std::uint64_t>(shape));
    TrainModel model = init_train_model(c, rng);
    // Biases start at 0; move them so their gradients are tested away from the start.
    for (auto& L : model.layers)
        for (auto* b : {&L.b1, &L.b2})
            for (double& x : *b) x = rng.normal(0.0, 0.1);
    const TrainBatch batch = draw_train_batch(c, rng, c.batch);
    TrainModel grads;
    train_forward_backward(c, model, batch, &grads);

    // h = 1e-5: the central difference's truncation error is h^2 f'''/6 ~ 1e-10 and its rounding
    // error eps * |loss| / h ~ 1e-11 (loss ~ 2), so 1e-7 absolute plus 1e-6 relative leaves two
    // orders of margin while a wrong term (a missing 1/divisor, a transposed product) is off by
    // far more. Every 7th entry of each array keeps the test fast; all arrays are covered.
    constexpr double h = 1e-5;
    std::size_t array = 0, checked = 0;
    std::vector<std::vector<double>*> params;
    std::vector<const std::vector<double>*> grad_arrays;
    visit_parameters(model, [&](std::vector<double>& w) { params.push_back(&w); });
    visit_parameters(grads, [&](const std::vector<double>& w) { grad_arrays.push_back(&w); });
    for (; array < params.size(); ++array) {
        std::vector<double>& w = *params[array];
        for (std::size_t i = 0; i < w.size(); i += 7) {
            const double keep = w[i];
            w[i] = keep + h;
            const double up = loss_of(c, model, batch);
            w[i] = keep - h;
            const double down = loss_of(c, model, batch);
            w[i] = keep;
            const double numeric = (up - down) / (2 * h), analytic = (*grad_arrays[array])[i];
            INFO("shape " << shape << ", array " << array << ", entry " << i);
            CHECK(std::abs(numeric - analytic) <= 1e-7 + 1e-6 * std::abs(analytic));
            ++checked;
        }
    }
    CHECK(checked > 50);  // every array, at least its first entry
}

TEST_CASE("the loss at the start is near log(vocab) and falls when trained", "[train]") {
    // With 1/sqrt(d) unembedding weights the logits start with a variance near that of the
    // residual stream (about 2: the embeddings' 1 plus the attention's output), so the start is
    // near a uniform guess: ln V plus about var/2 (hand value: ln 16 = 2.7726, so 2.8 to 3.8).
    TrainConfig c;
    c.steps = 150;
    const TrainResult r = train(c);
    REQUIRE(r.train_loss.size() == 150);
    CHECK(r.train_loss.front() == Approx(std::log(16.0) + 0.5).margin(0.5));
    CHECK(r.eval_loss.back() < 0.5 * r.eval_loss.front());
    CHECK(r.eval_accuracy.back() > 0.8);  // copying the previous token is easy for one head
}

TEST_CASE("the training run's records and limits", "[train]") {
    TrainConfig c;
    c.steps = 10, c.eval_every = 4, c.snapshots = 3;
    const TrainResult r = train(c);
    CHECK(r.eval_steps == std::vector<std::size_t>{0, 4, 8, 10});
    REQUIRE(r.snapshots.size() == 3);
    CHECK(r.snapshots[1].step == 5);
    // Causal: every probe row sums to 1 over the sources at or before it, and nothing after.
    const auto& a = r.snapshots[2].attention;
    const std::size_t T = c.context;
    for (std::size_t t = 0; t < T; ++t) {
        double sum = 0;
        for (std::size_t u = 0; u < T; ++u) {
            if (u > t) CHECK(a[t * T + u] == 0.0);
            sum += a[t * T + u];
        }
        CHECK(sum == Approx(1.0).epsilon(1e-12));
    }
    TrainConfig bad = c;
    bad.width = 30, bad.heads = 4;
    CHECK_THROWS_WITH(check_train_config(bad), Catch::Contains("width: 30 does not split into 4 heads"));
    bad = c;
    bad.probe = {1, 99};
    CHECK_THROWS_WITH(check_train_config(bad), Catch::Contains("probe[1]"));
    bad = c;
    bad.learning_rate = 0;
    CHECK_THROWS_WITH(check_train_config(bad), Catch::Contains("learning_rate: must be greater than 0 and at most 1, found 0"));
    // In the field reader's words (field_reader.cpp), so a refusal reads the same from every path.
    bad = c;
    bad.heads = 0;
    CHECK_THROWS_WITH(check_train_config(bad), Catch::Contains("heads: must be between 1 and "));
}
