#pragma once
// Every parameter array of a TrainModel in one fixed order (the order of init_train_model's
// draws), for the code that treats them alike: zeroing gradients, Adam, norms.
#include "attnbook/lessons/train.hpp"

namespace attnbook {

template <class Model, class F>
void visit_parameters(Model& model, F&& f) {
    f(model.embed);
    f(model.position);
    for (auto& layer : model.layers) {
        f(layer.wq), f(layer.wk), f(layer.wv), f(layer.wo);
        f(layer.w1), f(layer.b1), f(layer.w2), f(layer.b2);
    }
    f(model.unembed);
}

// The same walk over two models of one shape at once (a model and its gradients).
template <class A, class B, class F>
void visit_parameter_pairs(A& a, B& b, F&& f) {
    f(a.embed, b.embed);
    f(a.position, b.position);
    for (std::size_t l = 0; l < a.layers.size(); ++l) {
        auto &x = a.layers[l], &y = b.layers[l];
        f(x.wq, y.wq), f(x.wk, y.wk), f(x.wv, y.wv), f(x.wo, y.wo);
        f(x.w1, y.w1), f(x.b1, y.b1), f(x.w2, y.w2), f(x.b2, y.b2);
    }
    f(a.unembed, b.unembed);
}

}  // namespace attnbook
