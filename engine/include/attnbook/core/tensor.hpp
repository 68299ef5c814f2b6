#pragma once
// Minimal dense tensors for the kernels: a shape and contiguous row-major data, nothing more
// (no views, no strides, no broadcasting; kernels compute their own offsets).
//
//   Tensor      float32 values            e.g. a query (B, H, L, E)
//   TensorF64   float64 values            what the float64 reference kernels return
//   BoolTensor  one byte per element,     e.g. an attention mask (L, S); 0 = false, else true.
//               not std::vector<bool>, so the data is contiguous bytes.
//
// A tensor whose data size differs from the product of its shape is malformed; the kernels
// reject it with a UserError (see check_tensor).
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace attnbook {

using Shape = std::vector<std::size_t>;

// Number of elements of a shape (1 for rank 0).
std::size_t shape_numel(const Shape& shape);

// "(1, 2, 3, 4)"; rank 1 is "(3)", rank 0 is "()". Used in error messages.
std::string shape_to_string(const Shape& shape);

// The multi-index of a row-major flat offset, written like a shape: "(0, 1, 2, 3)".
std::string index_to_string(const Shape& shape, std::size_t flat);

template <class T>
struct BasicTensor {
    Shape shape;
    std::vector<T> data;  // row-major, data.size() == shape_numel(shape)

    BasicTensor() = default;
    explicit BasicTensor(Shape s) : shape(std::move(s)), data(shape_numel(shape)) {}
    BasicTensor(Shape s, std::vector<T> d) : shape(std::move(s)), data(std::move(d)) {}

    std::size_t rank() const { return shape.size(); }
    std::size_t numel() const { return data.size(); }
};

using Tensor = BasicTensor<float>;
using TensorF64 = BasicTensor<double>;
using BoolTensor = BasicTensor<std::uint8_t>;

// Throws UserError "<name> has 5 values but its shape (2, 3) needs 6" when data and shape disagree.
template <class T>
void check_tensor(const char* name, const BasicTensor<T>& t);

}  // namespace attnbook
