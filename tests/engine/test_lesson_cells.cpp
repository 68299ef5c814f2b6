// The commands of the three-depth lesson's live cells (pipeline, pytorch_rules, mistakes,
// alternatives) against references written here, and their cell types in the validator.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "attnbook/lessons/alternatives.hpp"
#include "attnbook/lessons/mistakes.hpp"
#include "attnbook/lessons/pipeline.hpp"
#include "attnbook/notebook/commands.hpp"
#include "attnbook/notebook/notebook.hpp"

using namespace attnbook;
using nlohmann::json;

namespace {

double ex(const json& pair) { return pair.at("exact").get<double>(); }

std::vector<double> softmax_ref(const std::vector<double>& x) {
    double m = x[0], z = 0;
    for (double v : x) m = std::max(m, v);
    for (double v : x) z += std::exp(v - m);
    std::vector<double> p;
    for (double v : x) p.push_back(std::exp(v - m) / z);
    return p;
}

json notebook_with(const json& cell) {
    return json{{"format", "attnbook-notebook/1"}, {"id", "t"}, {"title", "t"}, {"version", "1.0.0"},
                {"depths", {"beginner"}}, {"cells", {cell}}};
}

std::vector<std::string> messages(const json& cell) {
    const json r = validate_notebook_text(notebook_with(cell).dump(), "t.json");
    std::vector<std::string> out;
    for (const auto& e : r["errors"]) out.push_back(e["path"].is_null() ? "" : e["path"].get<std::string>() + ": " + e["message"].get<std::string>());
    return out;
}

}  // namespace

TEST_CASE("pipeline: the lesson's example at sqrt(d) and at both ends of the knob", "[lesson-cells]") {
    const json r = run_command("pipeline", json::object());
    CHECK(ex(r["divisor"]) == std::sqrt(8.0));
    const std::vector<double> scores = {0.1, 4.0, 0.0, 0.2};
    std::vector<double> divided;
    for (double s : scores) divided.push_back(s / std::sqrt(8.0));
    const auto p = softmax_ref(divided);
    const std::vector<std::string> shown = {"0.14", "0.57", "0.14", "0.15"};  // the lesson's numbers
    const std::vector<std::vector<double>> values = {{1, 0}, {0, 2}, {-1, 1}, {2, 1}};
    for (std::size_t j = 0; j < 4; ++j) {
        CHECK(ex(r["shares"][j]) == Approx(p[j]).epsilon(1e-14));
        CHECK(r["shares"][j]["shown"] == shown[j]);
    }
    for (std::size_t c = 0; c < 2; ++c) {
        double blend = 0;
        for (std::size_t j = 0; j < 4; ++j) blend += p[j] * values[j][c];
        CHECK(ex(r["blend"][c]) == Approx(blend).epsilon(1e-14));
    }
    const std::size_t stops = r["knob"]["stops"];
    CHECK(r["knob"]["index"] == r["knob"]["sqrt_index"]);
    const json loud = run_command("pipeline", {{"knob", 0}});
    CHECK(ex(loud["divisor"]) == Approx(0.1));
    CHECK(ex(loud["shares"][1]) > 0.999);  // winner takes all
    const json quiet = run_command("pipeline", {{"knob", stops - 1}});
    CHECK(ex(quiet["divisor"]) == Approx(100.0));
    for (std::size_t j = 0; j < 4; ++j) CHECK(ex(quiet["shares"][j]) == Approx(0.25).margin(0.01));  // an even mush
    CHECK_THROWS_WITH(run_command("pipeline", {{"knob", stops}}), Catch::Contains("$.knob"));
    CHECK_THROWS_WITH(run_command("pipeline", {{"scores", {1, 2}}}), Catch::Contains("values"));
}

TEST_CASE("pytorch_rules: each rule holds on the small causal example", "[lesson-cells]") {
    const json r = run_command("pytorch_rules", {{"scale", 1.0}});
    CHECK(ex(r["scale"]["default"]) == 0.5);  // 1/sqrt(E), E = 4
    // Row 1 of the default weights, from the example's numbers by hand: q1 . k_j * 0.5.
    const auto& q = r["example"]["queries"][1];
    std::vector<double> logits;
    for (const auto& k : r["example"]["keys"]) {
        double dot = 0;
        for (std::size_t c = 0; c < 4; ++c) dot += q[c].get<double>() * k[c].get<double>();
        logits.push_back(dot * 0.5);
    }
    const auto p = softmax_ref(logits);
    for (std::size_t j = 0; j < 4; ++j) CHECK(ex(r["scale"]["weights_default"][1][j]) == Approx(p[j]).epsilon(1e-12));
    CHECK(ex(r["masks"]["max_difference"]) == 0.0);
    CHECK(ex(r["causal"]["max_difference_from_bool"]) == 0.0);
    for (std::size_t i = 0; i < 4; ++i)
        for (std::size_t j = i + 1; j < 4; ++j) CHECK(ex(r["causal"]["weights"][i][j]) == 0.0);
    CHECK(r["mask_and_causal"]["engine"].get<std::string>().find("is_causal") != std::string::npos);
    CHECK(r["mask_and_causal"]["pytorch"] ==
          "RuntimeError: _scaled_dot_product_attention: Explicit attn_mask should not be set when is_causal=True");
    CHECK(r["gqa"]["query_shape"] == json::array({1, 4, 4, 4}));
    CHECK(r["gqa"]["kv_shape"] == json::array({1, 2, 4, 4}));
    CHECK(r["gqa"]["output_shape"] == json::array({1, 4, 4, 2}));
    CHECK(r["gqa"]["kv_head_of_query_head"] == json::array({0, 0, 1, 1}));
    CHECK(ex(r["gqa"]["max_difference_from_repeated"]) == 0.0);
    CHECK(r["gqa"]["without_enable_gqa"].get<std::string>().find("enable_gqa") != std::string::npos);
    CHECK(r["fully_masked"]["rows"] == json::array({0}));
    for (std::size_t j = 0; j < 4; ++j) CHECK(ex(r["fully_masked"]["weights"][0][j]) == 0.0);
    CHECK_THROWS_WITH(run_command("pytorch_rules", {{"scale", 0}}), Catch::Contains("scale"));
}

TEST_CASE("mistakes: every symptom shows", "[lesson-cells]") {
    const json r = run_command("mistakes", {{"heads", 8}});
    const auto& w = r["wrong_width"];
    CHECK(w["model_width"] == 512);
    CHECK(ex(w["wrong_divisor"]) == Approx(std::sqrt(512.0)));
    CHECK(ex(w["top_wrong"]) < ex(w["top_right"]));           // flattened
    CHECK(ex(w["top_wrong"]) > ex(w["uniform"]));             // but not below an even split
    CHECK(ex(w["top_right"]) < ex(w["top_unscaled"]));
    const auto& ax = r["wrong_axis"];
    CHECK_FALSE(ax["rows_sum_to_one"].get<bool>());
    for (const auto& s : ax["column_sums_query_axis"]) CHECK(ex(s) == Approx(1.0).epsilon(1e-15));
    for (const auto& s : ax["row_sums_key_axis"]) CHECK(ex(s) == Approx(1.0).epsilon(1e-15));
    const auto& ma = r["mask_after"];
    for (std::size_t i = 0; i < 3; ++i) CHECK(ex(ma["row_sums_after"][i]) < 0.999);  // rows 0..2 lose mass
    CHECK(ex(ma["row_sums_after"][3]) == Approx(1.0));                                 // the last row has no masked key
    for (const auto& s : ma["row_sums_before"]) CHECK(ex(s) == Approx(1.0).epsilon(1e-15));
    const auto& ts = r["tuned_scale"];
    CHECK(ex(ts["scale"]) == 0.25);
    CHECK(ts["widths"][1] == 16);
    CHECK(ex(ts["top_tuned"][1]) == ex(ts["top_sqrt"][1]));  // same divisor where it was tuned
    CHECK(ex(ts["top_tuned"][4]) > ex(ts["top_sqrt"][4]));    // sharper at d = 1024
    CHECK(ex(ts["top_tuned"][0]) < ex(ts["top_sqrt"][0]));    // flatter at d = 4
    const json one = run_command("mistakes", {{"heads", 1}});
    CHECK(ex(one["wrong_width"]["top_wrong"]) == ex(one["wrong_width"]["top_right"]));
    CHECK_THROWS_WITH(run_command("mistakes", {{"tuned_width", 17}}), Catch::Contains("tuned_width"));
}

TEST_CASE("alternatives: each method against its formula", "[lesson-cells]") {
    const json r = run_command("alternatives", {{"features", 4096}});
    std::map<std::string, json> m;
    for (const auto& x : r["methods"]) m[x["name"]] = x;
    REQUIRE(m.size() == 8);
    const std::vector<std::vector<double>> Q = {{1, 0, 1, 0}, {0, 2, 0, 1}};
    const std::vector<std::vector<double>> K = {{1, 0, 0, 1}, {0, 1, 1, 0}, {2, 0, 1, 0}, {0, -1, 0, 2}, {1, 1, 1, 1}};
    for (std::size_t i = 0; i < 2; ++i) {
        std::vector<double> dot, add;
        for (const auto& k : K) {
            double d = 0, a = 0;
            for (std::size_t c = 0; c < 4; ++c) {
                d += Q[i][c] * k[c];
                a += std::tanh(Q[i][c] + k[c]);
            }
            dot.push_back(d / 2.0);
            add.push_back(a);
        }
        const auto pd = softmax_ref(dot), pa = softmax_ref(add);
        for (std::size_t j = 0; j < 5; ++j) {
            CHECK(ex(m["dot"]["weights"][i][j]) == Approx(pd[j]).epsilon(1e-13));
            CHECK(ex(m["additive"]["weights"][i][j]) == Approx(pa[j]).epsilon(1e-12));
        }
        CHECK(ex(m["softmax1"]["row_sums"][i]) < 1.0);
    }
    // Query 0's scaled scores are 0.5, 0.5, 1.5, 0, 1: sparsemax keeps 1.5 and 1 (tau = 0.75).
    const std::vector<double> sparse = {0, 0, 0.75, 0, 0.25};
    for (std::size_t j = 0; j < 5; ++j) CHECK(ex(m["sparsemax"]["weights"][0][j]) == Approx(sparse[j]).margin(1e-15));
    CHECK(ex(m["sparsemax"]["weights"][0][0]) == 0.0);
    // 1.5-entmax is less sparse: here every key stays in (u = s/2 lies within 1 of the top).
    CHECK(ex(m["entmax15"]["weights"][0][3]) > 0.0);
    CHECK(ex(m["entmax15"]["row_sums"][0]) == Approx(1.0).epsilon(1e-14));
    CHECK(ex(r["linear"]["reassociation_difference"]) < 1e-12);
    // Positive random features estimate exp(q.k/sqrt(d)) without bias but with a variance that
    // grows like exp(|q' + k'|^2) (about e^6.5 here): averaged over seeds, more features must
    // bring the weights closer to softmax's.
    double few = 0, many = 0;
    for (int seed = 0; seed < 5; ++seed) {
        few += ex(run_command("alternatives", {{"features", 16}, {"seed", seed}})["performer"]["difference_from_dot"]);
        many += ex(run_command("alternatives", {{"features", 4096}, {"seed", seed}})["performer"]["difference_from_dot"]);
    }
    CHECK(many < few / 2);
    CHECK(ex(m["performer"]["row_sums"][0]) == Approx(1.0).epsilon(1e-14));
}

TEST_CASE("inputs that would give no number are refused, never NaN or a long hang", "[lesson-cells]") {
    // |x| = 100 in every component: the Performer's features exp(w.x' - |x'|^2 / 2) all underflow.
    const json big = {{"queries", {{100, 100, 100, 100}}}, {"keys", {{100, 100, 100, 100}, {-100, 100, -100, 100}}},
                      {"values", {{1}, {2}}}};
    CHECK_THROWS_WITH(run_command("alternatives", big), Catch::Contains("performer: the similarities of query 0"));
    CHECK_THROWS_WITH(run_command("jacobian_norms", {{"widths", {4096}}, {"trials", 2000}, {"keys", 64}}),
                      Catch::Contains("one block may hold"));
    CHECK_THROWS_WITH(run_command("normalize", {{"scores", {1e6}}, {"temperature", 1e-310}}),
                      Catch::Contains("$.temperature"));
}

TEST_CASE("normalize and jacobian hold one row of scores to the Jacobian's limits, at its path", "[lesson-cells]") {
    const json seventeen = json::array({1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1});  // one over 16
    for (const char* command : {"normalize", "jacobian"}) {
        INFO(command);
        const std::string at = std::string(command) + ": $.scores";
        CHECK_THROWS_WITH(run_command(command, {{"scores", seventeen}}), Catch::StartsWith(at + ": give 1..16 scores, not 17"));
        CHECK_THROWS_WITH(run_command(command, {{"scores", {0, 2e6}}}),
                          Catch::Equals(at + "[1]: must be between -1000000 and 1000000, found 2000000"));
        CHECK_THROWS_WITH(run_command(command, {{"scores", json::array()}}), Catch::StartsWith(at + ": give 1..16"));
    }
}

TEST_CASE("the lesson's cell types are validated with their paths", "[lesson-cells][notebook]") {
    CHECK(messages(json{{"type", "pipeline"}}).empty());
    CHECK(messages(json{{"type", "pipeline"}, {"scores", {1, 2}}}) ==
          std::vector<std::string>{"$.cells[0].scores: scores has 2 numbers but the default values have 4 rows (give values as well)"});
    CHECK(messages(json{{"type", "mistakes"}, {"tuned_width", 17}}) ==
          std::vector<std::string>{"$.cells[0].tuned_width: must be one of 4, 16, 64, 256, 1024, found 17"});
    CHECK(messages(json{{"type", "online-softmax"}, {"tile", 7}}) ==
          std::vector<std::string>{"$.cells[0].tile: must be at most the number of scores (6)"});
    CHECK(messages(json{{"type", "cost"}, {"tokens", 0}}).size() == 1);
    CHECK(messages(json{{"type", "alternatives"}, {"cosine_scale", -1}}).size() == 1);
    CHECK(messages(json{{"type", "jacobian"}, {"bogus", 1}}).size() == 1);
    const json ok = validate_notebook_text(notebook_with(json{{"type", "cost"}}).dump(), "t.json");
    CHECK(ok["notebook"]["cells"][0]["tokens"] == 100000);
    CHECK(ok["notebook"]["cells"][0]["bytes"] == 2);
}

// The lessons' own checks (for callers that do not go through a field table) name each limit
// from the header that holds it, in the field reader's words.
TEST_CASE("lessons word their own limits as the field reader does", "[lesson-cells]") {
    MistakesInput m;
    m.tuned_width = 8;
    CHECK_THROWS_WITH(common_mistakes(m), "tuned_width: must be one of 4, 16, 64, 256, 1024, found 8");
    PipelineInput p;
    p.scores.assign(p.values.size(), 0.0);
    p.scores[1] = 2000;
    CHECK_THROWS_WITH(check_pipeline_input(p), "scores[1]: must be between -1000 and 1000, found 2000");
    AlternativesInput a;
    a.cosine_scale = 0;
    CHECK_THROWS_WITH(attention_alternatives(a), "cosine_scale: must be greater than 0 and at most 100, found 0");
    a = AlternativesInput{};
    a.keys[0][0] = 101;
    CHECK_THROWS_WITH(attention_alternatives(a), "keys[0]: must be between -100 and 100, found 101");
}
